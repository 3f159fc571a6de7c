/**
 * Length and distance share one rule for their output unit (compute.ts): px or pixels gives pixels, a known length
 * unit gives ground units converted from metres, anything else is refused in one sentence; ground units need exact
 * geometry and a ground scale. Values by hand on a 10 m UTM grid: the field (4 x 4 px) is 40√2 m long, the nearest
 * water blob is 2 px = 20 m from it; 1 ft = 0.3048 m.
 */
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import type { GeometryLayer } from '../../../../main/engines/geometry/layer'
import { emptyMask, fillBox, type Mask } from '../../../../main/engines/geometry/mask'
import { encodeLayerTiff } from '../../../../main/engines/geometry/mask-tiff'
import type { Grid } from '../../../../main/engines/raster/raster'
import { ArtifactStore } from '../../../../main/store/artifacts'
import { measure } from '../../../../main/tools/measure/index'
import { tempDir } from '../../../helpers/tmp'

const tmp = tempDir('rsure-measure-units-')
afterAll(() => tmp.cleanup())
const ctx = { artifacts: new ArtifactStore(path.join(tmp.dir, 'artifacts')) }

const UTM = { epsg: 32617, kind: 'projected' as const, name: 'WGS 84 / UTM zone 17N', units: 'metre', proj4: null }
const UTM_KEYS = { directory: [1, 1, 0, 3, 1024, 0, 1, 1, 1025, 0, 1, 1, 3072, 0, 1, 32617], doubles: null, ascii: null }
const grid: Grid = { width: 20, height: 10, geoTransform: [500000, 10, 0, 4000000, 0, -10], crs: UTM, geoKeyTags: UTM_KEYS }

function boxes(...bs: [number, number, number, number][]): Mask {
  const m = emptyMask(20, 10)
  for (const b of bs) fillBox(m, b)
  return m
}

let n = 0
function layer(geometry: 'exact' | 'approximate'): string {
  const l: GeometryLayer = {
    kind: 'regions',
    grid,
    geometry,
    classes: new Map(Object.entries({ water: boxes([0, 0, 3, 2], [10, 0, 12, 2]), field: boxes([2, 4, 6, 8]) })),
    objects: [],
    valid: null,
  }
  const file = path.join(tmp.dir, `layer-${++n}.tif`)
  fs.writeFileSync(file, encodeLayerTiff(l))
  return file
}
const exact = layer('exact')
const approximate = layer('approximate')

const length = (unit: string, file = exact) =>
  measure({ sources: [{ id: 'a', mode: 'regions', layer: file }], spec: { metric: 'length', subject: 'field', output_unit: unit } }, ctx)
const distance = (unit: string, file = exact) =>
  measure({ sources: [{ id: 'a', mode: 'regions', layer: file }], spec: { metric: 'distance', subject: 'water', reference: 'field', output_unit: unit } }, ctx)
const value = async (r: ReturnType<typeof length>) => {
  const res = await r
  expect(res.status, res.reason).toBe('ok')
  return res.observation as { value: number; unit: string }
}

describe('the output unit of lengths and distances', () => {
  it('pixels', async () => {
    for (const u of ['px', 'pixels']) {
      expect(await value(length(u))).toMatchObject({ unit: 'px' })
      expect((await value(length(u))).value).toBeCloseTo(Math.hypot(4, 4), 12)
      expect(await value(distance(u))).toMatchObject({ value: 2, unit: 'px' })
    }
  })

  it('ground units converted from metres', async () => {
    const l = await value(length('ft'))
    expect(l.unit).toBe('ft')
    expect(l.value).toBeCloseTo(Math.hypot(40, 40) / 0.3048, 9)
    const d = await value(distance('ft'))
    expect(d.unit).toBe('ft')
    expect(d.value).toBeCloseTo(20 / 0.3048, 9)
  })

  it('an unknown unit is refused in the same sentence by both', async () => {
    for (const r of [await length('furlong'), await distance('furlong')]) {
      expect(r.status).not.toBe('ok')
      expect(r.reason).toBe("The length unit 'furlong' is not known; use m, km, cm, mm, mi, ft, nmi or px.")
    }
  })

  it('ground units on approximate geometry are refused, pixels are not', async () => {
    expect((await length('m', approximate)).reason).toMatch(/^A length in m cannot come from approximate geometry/)
    expect((await distance('m', approximate)).reason).toMatch(/^A distance in m cannot come from approximate geometry/)
    expect(await value(length('px', approximate))).toMatchObject({ unit: 'px' })
    expect(await value(distance('px', approximate))).toMatchObject({ value: 2, unit: 'px' })
  })
})
