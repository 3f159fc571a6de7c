/**
 * Derived layers of a run: listed with the call that made them and how they are placed, shown as map layers, read
 * as GeoJSON, and exported byte for byte as GeoTIFF or GeoJSON; an artifact changed on disk is refused, and only
 * artifacts the database records can be named. The run and its layers are made here the way tools save them
 * (ArtifactStore with the run id, the tool_result step naming them).
 */
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createIpcHost, type IpcHost } from '../../../main/ipc'
import { encodeGeoTiff } from '../../../main/engines/raster/tiff/writer'
import { tempDir } from '../../helpers/tmp'

let tmp: { dir: string; cleanup: () => void }
let host: IpcHost
let runId = ''
let tif = { kind: '', path: '', sha256: '' }
let vec = { kind: '', path: '', sha256: '' }

beforeAll(() => {
  tmp = tempDir()
  host = createIpcHost({ version: '0.0.1', dataDir: path.join(tmp.dir, 'data'), previews: 'inline' })
  const s = host.deps.services!
  runId = s.runs.createRun({ question: 'Where is the vegetation densest?' })
  // A 4 x 3 NDVI raster in UTM 33N (10 m pixels) and one detected region as GeoJSON.
  const data = Float64Array.from([0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, NaN, 0.2, 0.3, 0.4])
  const keys = { directory: [1, 1, 0, 3, 1024, 0, 1, 1, 1025, 0, 1, 1, 3072, 0, 1, 32633], doubles: [], ascii: '' }
  tif = s.artifacts.save(encodeGeoTiff(data, { width: 4, height: 3, geoTransform: [500000, 10, 0, 5000000, 0, -10], crs: null, geoKeyTags: keys as never }), { kind: 'raster:ndvi', ext: 'tif', runId, meta: { node: 'ndvi', unit: 'dimensionless' } })
  const geojson = { type: 'FeatureCollection', features: [{ type: 'Feature', properties: { label: 'field' }, geometry: { type: 'Polygon', coordinates: [[[15, 45], [15.01, 45], [15.01, 45.01], [15, 45]]] } }] }
  vec = s.artifacts.save(Buffer.from(JSON.stringify(geojson)), { kind: 'regions:vegetation', ext: 'geojson', runId })
  s.runs.appendStep(runId, 'tool_call', { call: 1, tool: 'execute', args: {} })
  s.runs.appendStep(runId, 'tool_result', { call: 1, result: { status: 'ok', observation: { mean: 0.4 }, evidence: { source: {}, intermediate: {}, validity: {} }, artifacts: [tif], config: { tool: 'execute', coarse: 'execute:raster.product', fine: 'execute:raster.product|ndvi' } } })
  s.runs.finishRun(runId, { status: 'finished', answer: '0.4' })
})
afterAll(async () => {
  await host.close()
  tmp.cleanup()
})

describe('derived layers', () => {
  it('lists a run\'s layers with their call, format and placement', async () => {
    const { layers } = await host.router.call('runs.layers', { runId })
    expect(layers).toEqual([
      expect.objectContaining({ id: tif.sha256, kind: 'raster:ndvi', call: 1, node: 'ndvi', unit: 'dimensionless', format: 'geotiff', available: true, georeference: 'geographic', name: 'ndvi (call 1)' }),
      expect.objectContaining({ id: vec.sha256, kind: 'regions:vegetation', call: null, format: 'geojson', available: true, georeference: 'geographic' }),
    ])
  })

  it('shows a raster layer on the map and reads a vector layer as GeoJSON', async () => {
    const info = await host.router.call('layers.info', { layer: { artifact: tif.sha256 } })
    expect(info).toMatchObject({ width: 4, height: 3, bandCount: 1 })
    const [w, s, e, n] = info.bounds!
    // 500000 E in zone 33 is the central meridian, 15 E; 5000 km north is about 45.1 N.
    expect(w).toBeLessThan(15)
    expect(e).toBeGreaterThan(15)
    expect(n - s).toBeCloseTo(30 / 111_000, 3)
    expect(info.tileUrl).toMatch(new RegExp(`^rsure-tile://layer/a${tif.sha256}/\\{z\\}`))
    const tile = await host.router.call('layers.tile', { layer: { artifact: tif.sha256 }, tile: { kind: 'pixel', x: 0, y: 0, width: 4, height: 3, outWidth: 4, outHeight: 3 }, style: { ramp: 'ndvi' } })
    expect(tile).toMatchObject({ width: 4, height: 3, empty: false })
    const { geojson } = await host.router.call('layers.geojson', { artifact: vec.sha256 })
    expect(geojson).toMatchObject({ type: 'FeatureCollection', features: [{ properties: { label: 'field' } }] })
    const r = await host.router.dispatch('layers.geojson', { artifact: tif.sha256 }, { transport: 'ipc' })
    expect(r).toMatchObject({ ok: false, error: { code: 'failed' } })
  })

  it('exports each layer byte for byte in its own format and refuses the other', async () => {
    const g = await host.router.call('layers.export', { artifact: tif.sha256, format: 'geotiff' })
    expect(g).toMatchObject({ fileName: `raster-ndvi-${tif.sha256.slice(0, 8)}.tif`, mime: 'image/tiff' })
    expect(Buffer.from(g.bytes).equals(fs.readFileSync(tif.path))).toBe(true)
    const j = await host.router.call('layers.export', { artifact: vec.sha256, format: 'geojson' })
    expect(j.mime).toBe('application/geo+json')
    expect(Buffer.from(j.bytes).equals(fs.readFileSync(vec.path))).toBe(true)
    const wrong = await host.router.dispatch('layers.export', { artifact: tif.sha256, format: 'geojson' }, { transport: 'ipc' })
    expect(wrong).toEqual({ ok: false, error: { code: 'failed', message: `Derived layer ${tif.sha256.slice(0, 12)} holds values other than 0 and 1, so it is not a mask; export it as GeoTIFF.` } })
    const vecAsTiff = await host.router.dispatch('layers.export', { artifact: vec.sha256, format: 'geotiff' }, { transport: 'ipc' })
    expect(vecAsTiff).toMatchObject({ ok: false, error: { code: 'failed' } })
  })

  it('outlines a mask layer as GeoJSON polygons in longitude/latitude', async () => {
    // A 4 x 3 mask in web mercator (EPSG:3857), 1000 m pixels from (0, 0): an L of four pixels and one lone pixel.
    const s = host.deps.services!
    const mask = Float64Array.from([1, 0, 0, 1, 1, 0, 0, 0, 1, 1, 0, NaN])
    const keys = { directory: [1, 1, 0, 3, 1024, 0, 1, 1, 1025, 0, 1, 1, 3072, 0, 1, 3857], doubles: [], ascii: '' }
    const m = s.artifacts.save(encodeGeoTiff(mask, { width: 4, height: 3, geoTransform: [0, 1000, 0, 0, 0, -1000], crs: null, geoKeyTags: keys as never }), { kind: 'mask:water', ext: 'tif', runId })
    const out = await host.router.call('layers.export', { artifact: m.sha256, format: 'geojson' })
    const fc = JSON.parse(Buffer.from(out.bytes).toString('utf8'))
    expect(fc.features).toHaveLength(2)
    const lonOf = (x: number) => (x / 20037508.342789244) * 180
    const all = fc.features.flatMap((f: { geometry: { coordinates: number[][][] } }) => f.geometry.coordinates[0])
    // Corners on the pixel grid: x in {0, 1000, 2000, 3000, 4000} m; y from 0 to -3000 m (south of the equator).
    for (const [lon, lat] of all) {
      expect([0, 1, 2, 3, 4].some((k) => Math.abs(lon - lonOf(k * 1000)) < 1e-9)).toBe(true)
      expect(lat).toBeLessThanOrEqual(1e-12)
      expect(lat).toBeGreaterThan(-0.03)
    }
    const lone = fc.features.find((f: { geometry: { coordinates: number[][][] } }) => f.geometry.coordinates[0].length === 5)
    expect(lone.geometry.coordinates[0].map(([lon]: number[]) => Math.round(lon / lonOf(1000))).sort()).toEqual([3, 3, 3, 4, 4])
  })

  it('refuses an artifact whose bytes changed on disk and one the database does not record', async () => {
    const copy = `${vec.path}.bak`
    fs.copyFileSync(vec.path, copy)
    fs.writeFileSync(vec.path, '{"type":"FeatureCollection","features":[]}')
    try {
      const r = await host.router.dispatch('layers.export', { artifact: vec.sha256, format: 'geojson' }, { transport: 'ipc' })
      expect(r.ok).toBe(false)
    } finally {
      fs.renameSync(copy, vec.path)
    }
    const unknown = await host.router.dispatch('layers.info', { layer: { artifact: 'b'.repeat(64) } }, { transport: 'ipc' })
    expect(unknown).toMatchObject({ ok: false, error: { code: 'not-found' } })
  })

  it('keeps the layers with the run after a restart and forgets them when the run is deleted', async () => {
    await host.close()
    host = createIpcHost({ version: '0.0.1', dataDir: path.join(tmp.dir, 'data'), previews: 'inline' })
    expect((await host.router.call('runs.get', { runId })).layers.map((l) => l.id)).toEqual(expect.arrayContaining([tif.sha256, vec.sha256]))
    await host.router.call('runs.delete', { runId })
    expect(await host.router.dispatch('runs.layers', { runId }, { transport: 'ipc' })).toMatchObject({ ok: false, error: { code: 'not-found' } })
  })
})
