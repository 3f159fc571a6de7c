/**
 * Data faults made as files (main/eval/faults/data-files.ts): the spoiled folders hold what each kind says, checked
 * here with geotiff.js against the source files, and the fault suite asks each task-46 series question on its own
 * spoiled copy with a reference that leaves the fill out (computed here with a plain loop).
 */
import fs from 'node:fs'
import path from 'node:path'
import { fromFile } from 'geotiff'
import { readBands } from '../../helpers/decoded-bands'
import { afterAll, describe, expect, it } from 'vitest'
import { writeFileFault } from '../../../main/eval/faults/data-files'
import { buildFaultSuite, faultPlan } from '../../../main/eval/faults/fault-suite'
import { faultKind } from '../../../main/eval/faults/kinds'
import { shared, tempDir } from '../../helpers/tmp'

const tmp = tempDir('rsure-file-faults-')
afterAll(() => tmp.cleanup())
const FILES = shared('benchmarks/earthbench-q46/files')
const july = ['Xinjiang_2019-07-12_LST.tif', 'Xinjiang_2019-07-28_LST.tif'].map((f) => path.join(FILES, f))

async function pixels(file: string): Promise<{ data: ArrayLike<number>; nodata: number | null }> {
  const { bands, nodata: tag } = await readBands(file)
  return { data: bands[0], nodata: tag === null || tag === undefined ? null : Number(tag) }
}

describe('data faults made as files', () => {
  it('fill-untagged: every fifth pixel of the first date is -9999, the rest are the source values (its nodata as NaN)', async () => {
    const dir = await writeFileFault('fill-untagged', july, path.join(tmp.dir, 'fill'), 18320)
    const src = await pixels(july[0])
    const out = await pixels(path.join(dir, path.basename(july[0])))
    expect(out.data.length).toBe(src.data.length)
    let fills = 0
    let wrong = 0
    for (let i = 0; i < src.data.length; i++) {
      if (i % 5 === 0) {
        if (out.data[i] === -9999) fills++
        else wrong++
      } else if (src.data[i] === src.nodata) wrong += Number.isNaN(out.data[i]) ? 0 : 1
      else wrong += out.data[i] === src.data[i] ? 0 : 1
    }
    expect(wrong).toBe(0)
    expect(fills).toBe(Math.ceil(src.data.length / 5))
    // The other date is the source file, byte for byte.
    expect(fs.readFileSync(path.join(dir, path.basename(july[1])))).toEqual(fs.readFileSync(july[1]))
  })

  it('stale-date: the second date is a byte copy of the first; constant-rows: 60 % of the rows hold one value', async () => {
    const stale = await writeFileFault('stale-date', july, path.join(tmp.dir, 'stale'), 18320)
    expect(fs.readFileSync(path.join(stale, path.basename(july[1])))).toEqual(fs.readFileSync(july[0]))
    const rows = await writeFileFault('constant-rows', july, path.join(tmp.dir, 'rows'), 18320)
    const out = await pixels(path.join(rows, path.basename(july[0])))
    const tiff = await fromFile(july[0])
    const image = await tiff.getImage()
    const [w, h] = [image.getWidth(), image.getHeight()]
    await tiff.close()
    const cut = Math.floor(h * 0.6) * w
    for (let i = 0; i < cut; i += 1013) expect(out.data[i]).toBe(18320)
    expect(out.data[cut - 1]).toBe(18320)
  })

  it('the suite asks every task-46 series question on its spoiled copy; the fill-free reference is the plain-loop value', async () => {
    const plan = faultPlan({ kinds: ['fill-untagged', 'stale-date', 'constant-rows'] }, shared())
    expect(plan.filter((p) => p.kind !== null).length).toBeGreaterThanOrEqual(35)
    expect(faultKind('stale-date').point).toBe('file')
    const suite = await buildFaultSuite(shared(), { only: ['q-lst-jul'], kinds: ['fill-untagged', 'stale-date'], filesDir: tmp.dir })
    const fill = suite.tasks.find((t) => t.id === 'q-lst-jul~fill-untagged')!
    const stale = suite.tasks.find((t) => t.id === 'q-lst-jul~stale-date')!
    expect(stale.expect_refusal).toMatch(/identical/)
    expect(fill.expect_refusal).toBeUndefined()
    const means: number[] = []
    for (const f of fs.readdirSync(fill.files![0]).filter((x) => x.endsWith('.tif')).sort()) {
      const { data, nodata } = await pixels(path.join(fill.files![0], f))
      let sum = 0
      let n = 0
      for (let i = 0; i < data.length; i++) {
        const v = data[i]
        if (Number.isNaN(v) || v === nodata || v === -9999) continue
        sum += v * 0.02
        n++
      }
      means.push(sum / n)
    }
    expect(means).toHaveLength(2)
    expect(fill.answer as number).toBeCloseTo((means[0] + means[1]) / 2, 6)
  })
})
