/**
 * The answer of a spec-statistics workflow names the quantity its own DAG computed (the statistic per date, the
 * selection, the region, how dates were combined), so a reader sees a median stated as a median.
 */
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { TemplateAnswerWriter } from '../../../main/agent/rules/answer-templates'
import { planTask } from '../../../main/agent/rules/rules-planner'
import { makeTask } from '../../../main/agent/task'
import { planAndRun } from '../../helpers/plan-and-run'
import { tempDir } from '../../helpers/tmp'
import { writeTinyTiff } from '../engines/raster/tiny-tiff'

const t = tempDir('rsure-spec-words-')
afterAll(() => t.cleanup())
const geo = { originX: 1000, originY: 2000, sizeX: 10, sizeY: 10, epsg: 32633 }
for (const [date, lst, ndvi] of [['2020-06-01', [300, 302, 304, 306], [0.1, 0.3, 0.4, 0.8]], ['2020-06-17', [310, 312, 314, 316], [0.2, 0.3, 0.6, 0.9]]] as const) {
  writeTinyTiff(path.join(t.dir, `Plain_${date}_LST.tif`), { width: 2, height: 2, bands: [lst.map((k) => k / 0.02)], dtype: 'uint16', geo })
  writeTinyTiff(path.join(t.dir, `Plain_${date}_NDVI.tif`), { width: 2, height: 2, bands: [ndvi.map((v) => Math.round(v / 0.0001))], dtype: 'int16', geo })
}

async function answer(question: string) {
  const r = await planAndRun(question, t.dir)
  const entry = { call: 1, action: { tool: 'execute', args: r.wf.ok ? r.wf.args : {} }, observation: r.result.observation, evidence: r.result.evidence, caveats: [], config: { coarse: 'execute:x' } }
  return new TemplateAnswerWriter().write({ task: makeTask({ question, options: [], files: [t.dir] }), history: { observations: () => [entry] }, gaps: [] } as never)
}

describe('answers name the computed quantity', () => {
  it('a median of a masked selection, per date and averaged', async () => {
    // per date, LST where 0.2 <= NDVI <= 0.5: [302, 304] -> 303 and [310, 312] -> 311; mean 307 K
    const a = await answer('What is the median LST in June 2020 for pixels with NDVI between 0.2 and 0.5?')
    expect(a.value).toBeCloseTo(307, 9)
    expect(a.explanation).toMatch(/^The median of the pixels with NDVI from 0\.2 to 0\.5 \(per date, averaged over 2 dates\) is 307\.00 K/)
  })

  it('a pixel count on one date, as a whole number of pixels', async () => {
    const a = await answer('How many pixels had LST above 303 K on 2020-06-01?')
    expect(a.answer).toBe('2 pixels')
    expect(a.explanation).toMatch(/^The number of pixels with LST above 303 is 2 pixels/)
  })

  it('a statistic of a half of the image', async () => {
    // north half = top row: day 1 [300, 302] max 302, day 2 [310, 312] max 312; the maximum over dates is 312
    const a = await answer('What is the maximum LST in the northern half of the image in June 2020?')
    expect(a.value).toBe(312)
    expect(a.explanation).toMatch(/^The maximum in the north half of the image is 312\.00 K/)
  })

  it('a date of an extreme is answered with the date, not the value', async () => {
    // per-date mean LST: 2020-06-01 303 K, 2020-06-17 313 K
    const a = await answer('On which date in June 2020 was the mean LST highest?')
    expect(a.answer).toBe('2020-06-17')
    expect(a.explanation).toMatch(/313\.00 on 2020-06-17/)
  })

  it('a count of objects in a half of the image is refused, not counted over the whole image', () => {
    const plan = planTask(makeTask({ question: 'How many cars are parked in the upper half of the image?', images: [path.join(t.dir, 'Plain_2020-06-01_LST.tif')] }))
    expect(plan.refusal).toMatch(/cannot keep to the upper half/)
    expect(plan.workflow).toBeNull()
  })
})
