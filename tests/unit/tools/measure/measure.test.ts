import fs from 'node:fs'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import type { GeometryLayer } from '../../../../main/engines/geometry/layer'
import { emptyMask, fillBox, type Mask } from '../../../../main/engines/geometry/mask'
import { encodeLayerTiff } from '../../../../main/engines/geometry/mask-tiff'
import type { Grid } from '../../../../main/engines/raster/raster'
import { ArtifactStore } from '../../../../main/store/artifacts'
import { missingEvidence, type ToolResult } from '../../../../main/tools/protocol'
import { MEASURE_EVIDENCE, measure } from '../../../../main/tools/measure/index'
import type { VisionApi } from '../../../../main/tools/perceive/backends'
import { tempDir } from '../../../helpers/tmp'

const tmp = tempDir('rsure-measure-')
afterAll(() => tmp.cleanup())
const ctx = { artifacts: new ArtifactStore(path.join(tmp.dir, 'artifacts')) }

const UTM = { epsg: 32617, kind: 'projected' as const, name: 'WGS 84 / UTM zone 17N', units: 'metre', proj4: null }
// GeoKeys for EPSG:32617 (ProjectedCSTypeGeoKey 3072), PixelIsArea, so the written file names its CRS.
const UTM_KEYS = { directory: [1, 1, 0, 3, 1024, 0, 1, 1, 1025, 0, 1, 1, 3072, 0, 1, 32617], doubles: null, ascii: null }
const WGS84_KEYS = { directory: [1, 1, 0, 3, 1024, 0, 1, 2, 1025, 0, 1, 1, 2048, 0, 1, 4326], doubles: null, ascii: null }

function grid10(w = 20, h = 10): Grid {
  return { width: w, height: h, geoTransform: [500000, 10, 0, 4000000, 0, -10], crs: UTM, geoKeyTags: UTM_KEYS }
}

function boxes(w: number, h: number, ...bs: [number, number, number, number][]): Mask {
  const m = emptyMask(w, h)
  for (const b of bs) fillBox(m, b)
  return m
}

let n = 0
function layerFile(layer: GeometryLayer): string {
  const file = path.join(tmp.dir, `layer-${++n}.tif`)
  fs.writeFileSync(file, encodeLayerTiff(layer))
  return file
}

function regions(classes: Record<string, Mask>, grid: Grid = grid10(), extra: Partial<GeometryLayer> = {}): string {
  return layerFile({ kind: 'regions', grid, geometry: 'exact', classes: new Map(Object.entries(classes)), objects: [], valid: null, ...extra })
}

function ok(r: ToolResult): { value: number | boolean; unit: string } {
  expect(r.status, r.reason).toBe('ok')
  expect(missingEvidence(r, MEASURE_EVIDENCE)).toEqual([])
  return r.observation as { value: number | boolean; unit: string }
}

// water: two blobs (3x2 at x0..3, and 2x2 at x10..12); field: 4x4 at x2..6 rows 4..8.
const water = boxes(20, 10, [0, 0, 3, 2], [10, 0, 12, 2])
const field = boxes(20, 10, [2, 4, 6, 8])
const layer = regions({ water, field })

describe('measure on synthetic layers', () => {
  it('counts components, measures areas with unit conversions', async () => {
    expect(ok(await measure({ sources: [{ id: 'a', mode: 'regions', layer }], spec: { metric: 'count', subject: 'water' } }, ctx))).toMatchObject({ value: 2, unit: 'count' })
    const area = await measure({ sources: [{ id: 'a', mode: 'regions', layer }], spec: { metric: 'area', subject: 'water' } }, ctx)
    expect(ok(area)).toMatchObject({ value: 1000, unit: 'm2' }) // 10 px x 100 m²
    expect(area.evidence.source.gsd_source).toBe('geotransform')
    expect(area.evidence.intermediate.pixel_counts).toEqual({ water: 10 })
    expect(ok(await measure({ sources: [{ id: 'a', mode: 'regions', layer }], spec: { metric: 'area', subject: 'field', output_unit: 'ha' } }, ctx)).value).toBeCloseTo(0.16, 12)
    expect(ok(await measure({ sources: [{ id: 'a', mode: 'regions', layer }], spec: { metric: 'area', subject: 'a.field', output_unit: 'km2' } }, ctx)).value).toBeCloseTo(0.0016, 12)
    expect(ok(await measure({ sources: [{ id: 'a', mode: 'regions', layer }], spec: { metric: 'area', subject: 'field', output_unit: 'px' } }, ctx))).toMatchObject({ value: 16, unit: 'px' })
  })

  it('fractions and percentages over valid pixels, the image, or another class', async () => {
    const valid = emptyMask(20, 10)
    valid.data.fill(1)
    for (let i = 0; i < 100; i++) valid.data[100 + i] = 0 // the lower half has no data
    const withGaps = regions({ water, field }, grid10(), { valid })
    const f = await measure({ sources: [{ id: 'a', mode: 'regions', layer: withGaps }], spec: { metric: 'fraction', subject: 'water' } }, ctx)
    expect(ok(f).value).toBeCloseTo(10 / 100, 12)
    expect(f.evidence.intermediate).toMatchObject({ numerator: 10, denominator: 100 })
    expect(ok(await measure({ sources: [{ id: 'a', mode: 'regions', layer }], spec: { metric: 'percentage', subject: 'field', denominator: 'image' } }, ctx))).toMatchObject({ value: 8, unit: '%' })
    // Water inside a declared extent: the left half of the frame holds the 6-px blob of water out of 100 px.
    const image = path.join(tmp.dir, 'frame.tif')
    fs.writeFileSync(image, encodeLayerTiff({ kind: 'regions', grid: grid10(), geometry: 'exact', classes: new Map(), objects: [], valid: null }))
    const inside = await measure({ sources: [{ id: 'a', mode: 'regions', layer }, { id: 'left', mode: 'extent', image_paths: [image], bbox: [0, 0, 10, 10] }], spec: { metric: 'fraction', subject: 'water', denominator: 'left' } }, ctx)
    expect(ok(inside).value).toBeCloseTo(6 / 100, 12)
  })

  it('distances between instances: minimum, mean, maximum, in several units', async () => {
    const src = [{ id: 'a', mode: 'regions', layer }]
    // water blob 1 (x 0-3, y 0-2) to field (x 2-6, y 4-8): gap dy 2 px = 20 m; blob 2 (x 10-12) to field: dx 4, dy 2.
    const min = await measure({ sources: src, spec: { metric: 'distance', subject: 'water', reference: 'field' } }, ctx)
    expect(ok(min)).toMatchObject({ value: 20, unit: 'm' })
    const far = Math.hypot(40, 20)
    expect(ok(await measure({ sources: src, spec: { metric: 'distance', subject: 'water', reference: 'field', distance_statistic: 'maximum', output_unit: 'km' } }, ctx)).value).toBeCloseTo(far / 1000, 12)
    expect(ok(await measure({ sources: src, spec: { metric: 'distance', subject: 'water', reference: 'field', distance_statistic: 'mean' } }, ctx)).value).toBeCloseTo((20 + far) / 2, 12)
    expect(ok(await measure({ sources: src, spec: { metric: 'length', subject: 'field', output_unit: 'm' } }, ctx)).value).toBeCloseTo(Math.hypot(40, 40), 12)
    // Between the two water blobs themselves: x 3 -> 10 is a 7 px gap = 70 m, for each blob's nearest other blob.
    expect(ok(await measure({ sources: src, spec: { metric: 'distance', subject: 'water', reference: 'water', distance_statistic: 'maximum' } }, ctx)).value).toBe(70)
    expect((await measure({ sources: src, spec: { metric: 'distance', subject: 'field', reference: 'field' } }, ctx)).reason).toMatch(/fewer than two field instances/)
  })

  it('overlaps and relations', async () => {
    const a = boxes(20, 10, [0, 0, 4, 4])
    const b = boxes(20, 10, [2, 0, 6, 4])
    const c = boxes(20, 10, [15, 6, 17, 8])
    const l = regions({ a, b, c })
    const src = [{ id: 's', mode: 'regions', layer: l }]
    const o = await measure({ sources: src, spec: { metric: 'overlap', subject: 'a', reference: 'b' } }, ctx)
    expect(ok(o)).toMatchObject({ value: 0.5, unit: 'fraction' })
    expect(o.evidence.intermediate).toMatchObject({ numerator: 8, denominator: 16 })
    expect(ok(await measure({ sources: src, spec: { metric: 'overlap', subject: 'a', reference: 'b', output_unit: 'm2' } }, ctx)).value).toBe(800)
    const rel = (relation: string, extra = {}) => measure({ sources: src, spec: { metric: 'relation', subject: 'c', reference: 'a', relation, ...extra } }, ctx)
    const disjoint = await rel('disjoint')
    expect(ok(disjoint).value).toBe(true)
    expect(disjoint.config).toEqual({ tool: 'measure', coarse: 'measure:boolean', fine: 'measure:boolean|disjoint|regions' })
    expect(ok(await rel('intersects')).value).toBe(false)
    expect(ok(await rel('south_of')).value).toBe(true)
    expect(ok(await rel('east_of')).value).toBe(true)
    // c to a: dx 15 - 4 = 11 px, dy 6 - 4 = 2 px -> hypot(110, 20) m.
    const d = Math.hypot(110, 20)
    expect(ok(await rel('within_distance', { distance: { value: d / 1000 + 1e-9, unit: 'km' } })).value).toBe(true)
    expect(ok(await rel('within_distance', { distance: { value: d - 0.01, unit: 'm' } })).value).toBe(false)
  })

  it('geodesic area on a geographic grid: a 1 x 1 degree cell at the equator', async () => {
    const grid: Grid = { width: 4, height: 4, geoTransform: [30, 0.25, 0, 1, 0, -0.25], crs: { epsg: 4326, kind: 'geographic', name: 'WGS 84', units: 'degree', proj4: null }, geoKeyTags: WGS84_KEYS }
    const all = boxes(4, 4, [0, 0, 4, 4])
    const r = await measure({ sources: [{ id: 'g', mode: 'regions', layer: regions({ cell: all }, grid) }], spec: { metric: 'area', subject: 'cell', output_unit: 'km2' } }, ctx)
    const R = 6371008.8
    expect(ok(r).value).toBeCloseTo((R * R * (Math.PI / 180) * Math.sin(Math.PI / 180)) / 1e6, 3)
    expect(r.evidence.source.crs).toBe('geographic')
    // A fraction on a geographic grid weighs rows by their ground area: the top row (0.75-1°N) is a little smaller.
    const top = boxes(4, 4, [0, 0, 4, 1])
    const f = await measure({ sources: [{ id: 'g', mode: 'regions', layer: regions({ top }, grid) }], spec: { metric: 'fraction', subject: 'top', denominator: 'image' } }, ctx)
    expect(ok(f).value).toBeCloseTo((Math.sin(Math.PI / 180) - Math.sin((0.75 * Math.PI) / 180)) / Math.sin(Math.PI / 180), 12)
    expect(ok(f).value).toBeLessThan(0.25)
  })

  it('refuses metre-based metrics from approximate geometry, and ground units without a scale', async () => {
    const approx = layerFile({ kind: 'regions', grid: grid10(), geometry: 'approximate', classes: new Map([['water', water]]), objects: [], valid: null })
    const r = await measure({ sources: [{ id: 'v', mode: 'regions', layer: approx }], spec: { metric: 'area', subject: 'water' } }, ctx)
    expect(r.status).toBe('insufficient')
    expect(r.reason).toMatch(/approximate geometry/)
    expect(ok(await measure({ sources: [{ id: 'v', mode: 'regions', layer: approx }], spec: { metric: 'count', subject: 'water' } }, ctx)).value).toBe(2)
    const plain: Grid = { width: 20, height: 10, geoTransform: null, crs: null, geoKeyTags: null }
    const noGeo = regions({ water }, plain)
    const bad = await measure({ sources: [{ id: 'p', mode: 'regions', layer: noGeo }], spec: { metric: 'area', subject: 'water' } }, ctx)
    expect(bad.status).toBe('insufficient')
    expect(bad.reason).toMatch(/gsd/)
    const withGsd = await measure({ sources: [{ id: 'p', mode: 'regions', layer: noGeo, gsd: 0.5 }], spec: { metric: 'area', subject: 'water' } }, ctx)
    expect(ok(withGsd).value).toBe(2.5)
    expect(withGsd.evidence.source.gsd_source).toBe('argument')
  })

  it('fails closed on bad arguments, unknown labels and units', async () => {
    expect((await measure({ sources: [], spec: { metric: 'count', subject: 'x' } }, ctx)).status).toBe('error')
    expect((await measure({ sources: [{ id: 'a', mode: 'regions', layer }], spec: { metric: 'volume', subject: 'water' } }, ctx)).status).toBe('error')
    const unknown = await measure({ sources: [{ id: 'a', mode: 'regions', layer }], spec: { metric: 'area', subject: 'forest' } }, ctx)
    expect(unknown.reason).toMatch(/not a class of any declared source \(known: a.water, a.field\)/)
    const unit = await measure({ sources: [{ id: 'a', mode: 'regions', layer }], spec: { metric: 'area', subject: 'water', output_unit: 'furlong2' } }, ctx)
    expect(unit.status).toBe('error')
    expect((await measure({ sources: [{ id: 'a', mode: 'regions', layer }], spec: { metric: 'relation', subject: 'water', reference: 'field' } }, ctx)).reason).toMatch(/needs a relation/)
  })

  it('counts and spaces objects from a detector pack (a test double of the vision engine)', async () => {
    const image = path.join(tmp.dir, 'harbour.tif')
    fs.writeFileSync(image, encodeLayerTiff({ kind: 'regions', grid: { width: 100, height: 50, geoTransform: null, crs: null, geoKeyTags: null }, geometry: 'exact', classes: new Map(), objects: [], valid: null }))
    const vision: VisionApi = {
      findPack: async (task) => (task === 'detect' ? { id: 'tiny-yolo', family: 'yolo-detect', task: 'detect', classNames: ['ship', 'harbor'] } : null),
      listPacks: async () => [],
      detect: async () => ({
        detections: [
          { label: 'ship', score: 0.9, box: [0, 0, 10, 10] },
          { label: 'ship', score: 0.8, box: [20, 0, 30, 10] },
          { label: 'ship', score: 0.7, box: [60, 30, 70, 40] },
          { label: 'harbor', score: 0.95, box: [0, 20, 40, 50] },
        ],
        evidence: { pack: { id: 'tiny-yolo' }, provider: 'cpu', thresholds: { conf: 0.25, iou: 0.7 }, candidates: 9, tiles: { count: 1, coverage: 1 } },
      }),
      segment: async () => { throw new Error('unused') },
      classifyScene: async () => { throw new Error('unused') },
      ocr: async () => { throw new Error('unused') },
    }
    const sources = [{ id: 'img', mode: 'objects', image_paths: [image], target_groups: { ships: ['ship'], harbour: ['harbor'] }, gsd: 2 }]
    const count = await measure({ sources, spec: { metric: 'count', subject: 'ships' } }, ctx, { vision })
    expect(ok(count).value).toBe(3)
    expect(count.config).toEqual({ tool: 'measure', coarse: 'measure:count', fine: 'measure:count|auto|objects' })
    // Ship 3 (x 60-70, y 30-40) to the harbour (x 0-40, y 20-50): 20 px = 40 m; ships 1 and 2 are 10 px = 20 m away.
    expect(ok(await measure({ sources, spec: { metric: 'distance', subject: 'ships', reference: 'harbour', distance_statistic: 'maximum' } }, ctx, { vision })).value).toBe(40)
    expect(ok(await measure({ sources, spec: { metric: 'distance', subject: 'ships', reference: 'harbour' } }, ctx, { vision })).value).toBe(20)
    expect(ok(await measure({ sources, spec: { metric: 'area', subject: 'ships' } }, ctx, { vision })).value).toBe(300 * 4)
    const none = await measure({ sources, spec: { metric: 'count', subject: 'ships' } }, ctx)
    expect(none.status).toBe('insufficient')
    expect(none.reason).toMatch(/rsure models add|RSURE_VLM/)
  })
})
