/**
 * Phrases that restate what the reader already applies (issue 15, BQA cloud-free statistics): a sentence that
 * gives the reason for a QA mask the ask then states ("Clouds would bias the red average. Over pixels the BQA marks
 * cloud-free, ..."), and the fill exclusion said in words ("excluding fill"), which every statistic applies. Both
 * were refused as masks the reader could not apply. A mask word in a sentence that does not ask, with no mask read
 * in the ask, still blocks. Real Landsat 8 fixture (../shared/fixtures/landsat8_L1TP_016037_20170813, Collection 1
 * BQA: bit 0 fill, bit 4 cloud); references from geotiff.js reads and plain loops here.
 */
import path from 'node:path'
import { fromFile } from 'geotiff'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { planExecute } from '../../helpers/plan-execute'
import { shared, tempDir } from '../../helpers/tmp'

const SCENE = shared('fixtures', 'landsat8_L1TP_016037_20170813')
const STEM = path.join(SCENE, 'LC08_L1TP_016037_20170813_20170814_01_RT')
const store = tempDir('rsure-restated-masks-')
afterAll(() => store.cleanup())

const read = async (suffix: string) =>
  Array.from(((await (await (await fromFile(`${STEM}_${suffix}.TIF`)).getImage()).readRasters()) as unknown as ArrayLike<number>[])[0])
let qa: number[] = []
let b4: number[] = []
beforeAll(async () => {
  qa = await read('BQA')
  b4 = await read('B4')
}, 120_000)
const fill = (v: number) => (v & 1) === 1
const cloudy = (v: number) => ((v >> 4) & 1) === 1

async function ask(question: string): Promise<{ value: number | null; refusal: string | null }> {
  const r = await planExecute(question, [SCENE], { artifacts: store.dir })
  return r.refusal === null ? { value: r.value, refusal: null } : { value: null, refusal: r.refusal }
}

describe('a mask restated', () => {
  it("the reason for a cloud mask given in a sentence of its own: the ask's cloud-free mask is applied", async () => {
    const clear = b4.filter((v, i) => v > 0 && !fill(qa[i]) && !cloudy(qa[i]))
    const ref = clear.reduce((a, v) => a + v, 0) / clear.length
    const r = await ask('Clouds would bias the red average. Over pixels the BQA marks cloud-free, what is the mean value of band 4?')
    expect(r.refusal).toBeNull()
    expect(r.value).toBeCloseTo(ref, 4)
  }, 120_000)

  it('"excluding fill" is the fill exclusion every statistic applies', async () => {
    const valid = qa.filter((v) => !fill(v))
    const r = await ask('What percentage of the scene is cloudy according to the BQA band, excluding fill?')
    expect(r.refusal).toBeNull()
    expect(r.value).toBeCloseTo((100 * valid.filter(cloudy).length) / valid.length, 6)
  }, 120_000)

  it('a mask word in a sentence that does not ask, with no mask in the ask, still blocks', async () => {
    const r = await ask('Clouds are a problem in this scene. What is the mean value of band 4?')
    expect(r.value).toBeNull()
    expect(r.refusal).toMatch(/Clouds/)
  }, 120_000)
})
