/**
 * Issue 17, defects 3 and 5 in browser mode (`rsure serve` + Chromium):
 * 3. the evidence viewer of a measure observation (the water share of the Landsat scene) shows the mask GeoTIFF and
 *    the outlines over the source raster, not "names no source image";
 * 5. the outlines exported as GeoJSON are in longitude/latitude (RFC 7946): each vertex is the stored map-CRS
 *    vertex converted by the test's own proj4 call, inside the scene's lon/lat box computed from the B4 file's
 *    geotransform read with geotiff.js, with no `crs` member;
 */
import fs from 'node:fs'
import path from 'node:path'
import { fromFile } from 'geotiff'
import type { BrowserContext, Page } from 'playwright-core'
import proj4 from 'proj4'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FIXTURES, tempDir } from '../helpers/tmp'
import { buildRenderer, launchChromium, requireChromium, ROOT, startServe, type Served } from './rsure-serve'

const LANDSAT = path.dirname(FIXTURES.B4)
const LANDSAT_TIFS = fs.readdirSync(LANDSAT).filter((f) => /\.tif$/i.test(f)).map((f) => path.join(LANDSAT, f))
const SHOTS = path.join(ROOT, 'test-results', 'e2e')

let tmp: { dir: string; cleanup: () => void }
let served: Served | null = null
let context: BrowserContext | null = null
let page: Page
let dataDir = ''
const pageErrors: string[] = []

async function connect(url: string): Promise<void> {
  await page.goto(url)
  await page.waitForFunction(() => document.querySelector('[data-testid=connection]')?.textContent?.includes('browser mode'), undefined, { timeout: 20_000 })
}

async function mapSettled(testId: string, rasters: number): Promise<void> {
  await page.waitForFunction(
    ({ id, rasters }) => {
      const el = document.querySelector(`[data-testid=${id}]`)
      const idle = Number(el?.getAttribute('data-idle') ?? 0)
      return Number(el?.getAttribute('data-rasters')) === rasters && idle > 0 && Date.now() - idle > 400
    },
    { id: testId, rasters },
    { timeout: 30_000 },
  )
}

async function ask(question: string): Promise<{ runId: string; answer: string }> {
  const before = await page.locator('[data-testid=run]').count()
  await page.fill('[data-testid=question]', question)
  await page.press('[data-testid=question]', 'Enter')
  await expect.poll(() => page.locator('[data-testid=run]').count(), { timeout: 30_000 }).toBe(before + 1)
  const run = page.locator('[data-testid=run]').last()
  const answer = run.locator('[data-testid=answer]')
  await answer.waitFor({ timeout: 240_000 })
  return { runId: (await run.getAttribute('data-run'))!, answer: await answer.innerText() }
}

/** Every stored GeoJSON in the artifact folder. */
function storedGeoJsons(): { file: string; json: { coordinate_space?: string; epsg?: number; features: { geometry: { type: string; coordinates: unknown } }[] } }[] {
  const out: ReturnType<typeof storedGeoJsons> = []
  const walk = (d: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name)
      if (e.isDirectory()) walk(p)
      else if (p.endsWith('.geojson')) out.push({ file: p, json: JSON.parse(fs.readFileSync(p, 'utf8')) })
    }
  }
  walk(path.join(dataDir, 'artifacts'))
  return out
}

function firstVertex(fc: { features: { geometry: { type: string; coordinates: unknown } }[] }): number[] {
  let c: unknown = fc.features[0].geometry.coordinates
  while (Array.isArray(c) && Array.isArray(c[0])) c = c[0]
  return c as number[]
}

function allVertices(fc: { features: { geometry: { coordinates: unknown } }[] }): number[][] {
  const out: number[][] = []
  const walk = (c: unknown) => {
    if (Array.isArray(c) && typeof c[0] === 'number') out.push(c as number[])
    else if (Array.isArray(c)) c.forEach(walk)
  }
  for (const f of fc.features) walk(f.geometry.coordinates)
  return out
}

beforeAll(async () => {
  requireChromium()
  fs.mkdirSync(SHOTS, { recursive: true })
  tmp = tempDir('rsure-evidence-e2e-')
  const rendererDir = path.join(tmp.dir, 'web')
  dataDir = path.join(tmp.dir, 'data')
  buildRenderer(rendererDir)
  served = await startServe(rendererDir, dataDir)
  context = await launchChromium(path.join(tmp.dir, 'chromium-profile'))
  page = context.pages()[0] ?? (await context.newPage())
  page.on('pageerror', (e) => pageErrors.push(e.message))
  await connect(served.url)
}, 180_000)

afterAll(async () => {
  await context?.close()
  await served?.stop()
  tmp?.cleanup()
})

describe('the evidence viewer and layer export (rsure serve + Chromium)', () => {
  it('shows the water mask of a measure observation over the scene, and exports its outlines in lon/lat', async () => {
    await page.setInputFiles('[data-testid=file-input]', LANDSAT_TIFS)
    await expect.poll(() => page.locator('[data-testid=file-card]').count(), { timeout: 60_000 }).toBe(LANDSAT_TIFS.length)
    const { runId, answer } = await ask('What share of this scene is water?')
    expect(answer).toMatch(/%/)
    const run = page.locator(`[data-testid=run][data-run="${runId}"]`)
    await run.locator('[data-testid=timeline-call][data-status=accepted] [data-testid=open-evidence]').first().click()
    const viewer = page.locator('[data-testid=evidence-viewer]')
    await viewer.waitFor()
    expect(await viewer.textContent()).not.toContain('names no source image')
    await viewer.locator('[data-testid=evidence-map]').waitFor({ timeout: 20_000 })
    expect(await viewer.locator('[data-testid=evidence-mask]').count()).toBeGreaterThanOrEqual(1)
    expect(await viewer.locator('[data-testid=evidence-source-raster]').innerText()).toMatch(/^Source: LC08_.*\.TIF$/)
    // The scene and the mask are both drawn.
    await mapSettled('evidence-map', 2)
    await page.screenshot({ path: path.join(SHOTS, 'desk-evidence-measure.png') })

    // Export each of the call's layers; the GeoJSON in map coordinates comes back in lon/lat.
    const stored = storedGeoJsons().find((g) => g.json.coordinate_space === 'map')
    expect(stored, 'the run saved its outlines in the map CRS').toBeTruthy()
    const epsg = stored!.json.epsg!
    const exports = viewer.locator('.exports button')
    const got: { name: string; text: string }[] = []
    for (let i = 0; i < (await exports.count()); i++) {
      const [d] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), exports.nth(i).click()])
      got.push({ name: d.suggestedFilename(), text: fs.readFileSync((await d.path())!, 'latin1') })
    }
    const lonlat = got.filter((g) => g.name.endsWith('.geojson') && !g.name.endsWith('-pixels.geojson')).map((g) => JSON.parse(g.text))
    expect(lonlat.length).toBeGreaterThanOrEqual(1)
    const fc = lonlat.find((j) => j.features?.length === stored!.json.features.length)
    expect(fc).toBeTruthy()
    expect(fc.crs).toBeUndefined()
    // The scene's lon/lat box from B4's own geotransform (geotiff.js) and proj4.
    const img = await (await fromFile(FIXTURES.B4)).getImage()
    const [ox, oy] = img.getOrigin()
    const [rx, ry] = img.getResolution()
    const corners = [
      [ox, oy],
      [ox + rx * img.getWidth(), oy],
      [ox, oy + ry * img.getHeight()],
      [ox + rx * img.getWidth(), oy + ry * img.getHeight()],
    ].map((p) => proj4(`EPSG:${epsg}`, 'EPSG:4326', p))
    const lons = corners.map((c) => c[0])
    const lats = corners.map((c) => c[1])
    const margin = 0.02
    for (const [lon, lat] of allVertices(fc)) {
      expect(lon).toBeGreaterThan(Math.min(...lons) - margin)
      expect(lon).toBeLessThan(Math.max(...lons) + margin)
      expect(lat).toBeGreaterThan(Math.min(...lats) - margin)
      expect(lat).toBeLessThan(Math.max(...lats) + margin)
    }
    const want = proj4(`EPSG:${epsg}`, 'EPSG:4326', firstVertex(stored!.json).slice(0, 2))
    const v = firstVertex(fc)
    expect(v[0]).toBeCloseTo(want[0], 7)
    expect(v[1]).toBeCloseTo(want[1], 7)
    await page.keyboard.press('Escape')
    expect(pageErrors).toEqual([])
  }, 600_000)
})
