/**
 * Repairs that answer the diagnosis (issue 16), through the whole rules loop on fault files written here: an
 * untagged fill value is diagnosed from the content evidence and repaired by re-reading exactly that layer with
 * the named nodata value (the answer is the test's own mean without the fill), while verification off answers the
 * fill-polluted mean (the value of the observation the answer rests on); a date that is a byte copy of another cannot be repaired, so no value is answered and the
 * planner's final step names the copy, with no unrelated repair tried.
 */
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { createRulesBackbone } from '../../main/agent/rules/rules-backbone'
import { runAgent } from '../../main/agent/run-agent'
import { makeTask } from '../../main/agent/task'
import { ToolRegistry } from '../../main/agent/tool-registry'
import { executeTool } from '../../main/tools/execute/index'
import type { Tool } from '../../main/tools/tool'
import { tempDir } from '../helpers/tmp'
import { writeTinyTiff } from '../unit/engines/raster/tiny-tiff'
import { memoryStores } from '../unit/agent/doubles'

const geo = { originX: 1000, originY: 2000, sizeX: 10, sizeY: 10, epsg: 32633 }
const SIDE = 12
const DATES = ['2023-06-02', '2023-06-10', '2023-06-18', '2023-06-26']
const field = (d: number) => Array.from({ length: SIDE * SIDE }, (_, i) => Math.round((290 + d + ((i * 7) % 13) * 0.5) / 0.02))
const FILL_AT = (k: number) => k * 4
const stores = memoryStores()
const dirs: { cleanup: () => void }[] = []
afterAll(() => {
  stores.cleanup()
  dirs.forEach((d) => d.cleanup())
})

function folder(make: (dir: string) => void): string {
  const t = tempDir('rsure-repair-')
  dirs.push(t)
  make(t.dir)
  return t.dir
}
const write = (dir: string, date: string, dn: number[]) => writeTinyTiff(path.join(dir, `Basin_${date}_LST.tif`), { width: SIDE, height: SIDE, geo, bands: [dn], dtype: 'uint16' })
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length
/** The value of the last verified (accepted or unverified) observation: what the answer rests on. */
const lastValue = (r: Awaited<ReturnType<typeof runAgent>>) => {
  const e = r.verified.at(-1)
  return e && 'observation' in e ? (e.observation as { value?: number }).value : undefined
}

async function ask(dir: string, verify: boolean) {
  return runAgent(makeTask({ question: 'What was the mean LST in June 2023?', options: [], files: [dir] }), { verify, prior: false }, {
    backbone: createRulesBackbone(), registry: new ToolRegistry([executeTool as Tool<unknown, unknown>]), artifacts: stores.artifacts, runs: stores.runs,
  })
}

describe('targeted repairs on the rules loop', () => {
  it('re-reads the layer the fill diagnosis names with that nodata value, and answers the mean without the fill', { timeout: 120_000 }, async () => {
    const dir = folder((d) => DATES.forEach((date, i) => {
      const dn = field(i)
      if (i === 2) for (let k = 0; k < 30; k++) dn[FILL_AT(k)] = 65535
      write(d, date, dn)
    }))
    const perDate = DATES.map((_, i) => mean(field(i).filter((_, p) => i !== 2 || !(p % 4 === 0 && p / 4 < 30)).map((v) => v * 0.02)))
    const polluted = DATES.map((_, i) => mean(field(i).map((v, p) => (i === 2 && p % 4 === 0 && p / 4 < 30 ? 65535 : v) * 0.02)))
    const right = mean(perDate)

    const base = await ask(dir, false)
    expect(lastValue(base)).toBeCloseTo(mean(polluted), 4)

    const verified = await ask(dir, true)
    expect(verified.verified).toHaveLength(1)
    expect(lastValue(verified)).toBeCloseTo(right, 4)
    const purposes = verified.trajectory.map((s) => JSON.stringify(s)).join(' ')
    // The repair is a second route for the diagnosed fill (65535 x 0.02 = 1310.7 K), not a rerun of the same DAG.
    expect(purposes).toMatch(/second route: the untagged fill 1310\.7 of \w+ dropped by a mask node after the read/)
  })

  it('answers no value for a date copied under another date, naming the copy, and tries no unrelated repair', { timeout: 120_000 }, async () => {
    const dir = folder((d) => DATES.forEach((date, i) => write(d, date, field(i))))
    fs.copyFileSync(path.join(dir, `Basin_${DATES[0]}_LST.tif`), path.join(dir, `Basin_${DATES[3]}_LST.tif`))
    const r = await ask(dir, true)
    expect(r.answer.value).toBeNull()
    expect(r.verified).toHaveLength(0)
    // The planner's last step states the diagnosis (the copy) as the reason nothing was answered.
    expect(JSON.stringify(r.trajectory)).toMatch(/two dates hold identical pixels, which no change to the computation repairs/)
    const calls = r.trajectory.filter((s) => JSON.stringify(s).includes('"tool":"execute"')).length
    expect(calls).toBeGreaterThanOrEqual(1)
    expect(JSON.stringify(r.trajectory)).not.toMatch(/read values as already physical|bind band roles explicitly/)
  })
})
