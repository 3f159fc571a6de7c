import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { DagBuilder } from '../../../main/agent/rules/dag-builder'
import { describeInputs } from '../../../main/agent/rules/input-files'
import { addCatalog, addProduct, BASE_VARIANT, rolesFor } from '../../../main/agent/rules/products'
import { extractSlots } from '../../../main/agent/rules/slots'
import { executeDag } from '../../../main/tools/execute/index'
import { ArtifactStore } from '../../../main/store/artifacts'
import { tempDir } from '../../helpers/tmp'
import { writeTinyTiff } from '../engines/raster/tiny-tiff'

// A MODIS-style day/night LST pair, uint16 digital numbers in units of 0.02 K (MOD11), 2 x 2 px each.
const t = tempDir('rsure-daynight-')
afterAll(() => t.cleanup())
const geo = { originX: 1000, originY: 2000, sizeX: 10, sizeY: 10, epsg: 32633 }
const layer = (name: string, kelvin: number[]) =>
  writeTinyTiff(path.join(t.dir, `Oasis_2020-07-01_${name}.tif`), { width: 2, height: 2, bands: [kelvin.map((k) => k / 0.02)], dtype: 'uint16', geo })
layer('LST_Day', [300, 302, 304, 306])
layer('LST_Night', [290, 290, 292, 292])

/** Plan the product for a question over the folder, as the rules planner does, and run it with the execute tool. */
async function planAndRun(question: string) {
  const slots = extractSlots(question)
  const inputs = describeInputs(t.dir, [])
  const b = new DagBuilder()
  const catalog = addCatalog(b, inputs, null, BASE_VARIANT, rolesFor(slots, inputs))
  const r = addProduct(b, slots, inputs, catalog)
  if (!r.ok) return { missing: r.missing }
  const stats = b.add('stats', 'raster.batch_reduce', { stat: 'mean' }, { data: r.plan.node })
  const result = await executeDag(b.build(stats), { artifacts: new ArtifactStore(path.join(t.dir, 'artifacts')) })
  const product = (b.build(stats).nodes.find((n) => n.op === 'raster.product')!.params as { output: string }).output
  const series = result.observation as { points: { date: string; value: number }[] } | null
  return { status: result.status, reason: result.reason, output: product, mean: series?.points[0]?.value }
}

describe('day/night temperature recipe', () => {
  it('reads which side of the pair a question asks about', () => {
    expect(extractSlots('What is the diurnal temperature range in July?').diurnal).toBe('range')
    expect(extractSlots('day-night temperature difference over the city').diurnal).toBe('range')
    expect(extractSlots('mean night-time land surface temperature').diurnal).toBe('night')
    expect(extractSlots('daytime surface temperature of the oasis').diurnal).toBe('day')
    expect(extractSlots('average of day and night temperature').diurnal).toBe('mean')
    expect(extractSlots('night-time LST from the day and night pair').diurnal).toBe('night')
    expect(extractSlots('mean NDVI in 2019').diurnal).toBeNull()
  })

  it('computes the diurnal range and the day-night mean through the execute tool', async () => {
    // range per pixel: 10, 12, 12, 14 -> mean 12; mean per pixel: 295, 296, 298, 299 -> mean 297
    const range = await planAndRun('What is the diurnal temperature range of the oasis?')
    expect(range).toMatchObject({ status: 'ok', output: 'range' })
    expect(range.mean).toBeCloseTo(12, 9)
    const mean = await planAndRun('average of day and night temperature at the oasis')
    expect(mean).toMatchObject({ status: 'ok', output: 'mean' })
    expect(mean.mean).toBeCloseTo(297, 9)
  })

  it('says which layer is missing instead of assuming an emissivity', async () => {
    expect(await planAndRun('daytime land surface temperature from the day-night pair')).toEqual({
      missing: expect.stringContaining('daytime emissivity'),
    })
  })
})
