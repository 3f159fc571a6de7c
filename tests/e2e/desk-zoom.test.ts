/**
 * Issue 17, item 8 (zoom to layer) in browser mode (`rsure serve` + Chromium): two rasters far apart, a Landsat band
 * in UTM 17N over the US east coast and a task-46 LST raster in web mercator over Urumqi. The layer list's zoom
 * button (first Landsat, then Urumqi, so the map must move across the globe) puts the map's centre inside the chosen
 * raster's lon/lat box (computed here from the file's geotransform read with geotiff.js and proj4), zoomed in.
 */
import fs from 'node:fs'
import path from 'node:path'
import { fromFile } from 'geotiff'
import type { BrowserContext, Page } from 'playwright-core'
import proj4 from 'proj4'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FIXTURES, tempDir } from '../helpers/tmp'
import { buildRenderer, launchChromium, requireChromium, ROOT, startServe, type Served } from './rsure-serve'

const LST = path.join(FIXTURES.Q46_FILES, 'Xinjiang_2019-01-01_LST.tif')
const SHOTS = path.join(ROOT, 'test-results', 'e2e')

let tmp: { dir: string; cleanup: () => void }
let served: Served | null = null
let context: BrowserContext | null = null
let page: Page

/** The lon/lat box of a GeoTIFF from its own origin, resolution and EPSG code. */
async function lonLatBox(file: string): Promise<[number, number, number, number]> {
  const img = await (await fromFile(file)).getImage()
  const keys = img.getGeoKeys() as { ProjectedCSTypeGeoKey?: number; GeographicTypeGeoKey?: number }
  const epsg = keys.ProjectedCSTypeGeoKey ?? keys.GeographicTypeGeoKey ?? 4326
  const [ox, oy] = img.getOrigin()
  const [rx, ry] = img.getResolution()
  const pts = [
    [ox, oy],
    [ox + rx * img.getWidth(), oy],
    [ox, oy + ry * img.getHeight()],
    [ox + rx * img.getWidth(), oy + ry * img.getHeight()],
  ].map((p) => proj4(`EPSG:${epsg}`, 'EPSG:4326', p))
  return [Math.min(...pts.map((p) => p[0])), Math.min(...pts.map((p) => p[1])), Math.max(...pts.map((p) => p[0])), Math.max(...pts.map((p) => p[1]))]
}

const view = async () => JSON.parse((await page.locator('[data-testid=map]').getAttribute('data-view')) ?? 'null') as { zoom: number; lon: number; lat: number } | null

beforeAll(async () => {
  requireChromium()
  fs.mkdirSync(SHOTS, { recursive: true })
  tmp = tempDir('rsure-zoom-e2e-')
  const rendererDir = path.join(tmp.dir, 'web')
  buildRenderer(rendererDir)
  served = await startServe(rendererDir, path.join(tmp.dir, 'data'))
  context = await launchChromium(path.join(tmp.dir, 'chromium-profile'))
  page = context.pages()[0] ?? (await context.newPage())
  await page.goto(served.url)
  await page.waitForFunction(() => document.querySelector('[data-testid=connection]')?.textContent?.includes('browser mode'), undefined, { timeout: 20_000 })
}, 180_000)

afterAll(async () => {
  await context?.close()
  await served?.stop()
  tmp?.cleanup()
})

describe('zoom to layer (rsure serve + Chromium)', () => {
  it('centres the map on the chosen raster, close enough to see it', async () => {
    await page.setInputFiles('[data-testid=file-input]', [FIXTURES.B4, LST])
    await expect.poll(() => page.locator('[data-testid=layer-row][data-state=ready]').count(), { timeout: 60_000 }).toBe(2)
    await expect.poll(async () => (await view()) !== null, { timeout: 30_000 }).toBe(true)
    for (const [file, name] of [
      [FIXTURES.B4, path.basename(FIXTURES.B4)],
      [LST, path.basename(LST)],
    ]) {
      const box = await lonLatBox(file)
      await page.locator(`[data-testid=layer-row][data-name="${name}"] [data-testid=zoom-to-layer]`).click()
      await expect
        .poll(async () => {
          const v = await view()
          return !!v && v.lon > box[0] && v.lon < box[2] && v.lat > box[1] && v.lat < box[3]
        }, { timeout: 20_000 })
        .toBe(true)
      // Close enough to see a raster a few hundred kilometres wide (zoom 5 shows about 1200 km across 1000 px).
      expect((await view())!.zoom).toBeGreaterThan(5)
      await page.screenshot({ path: path.join(SHOTS, `desk-zoom-${name.slice(0, 8)}.png`) })
    }
  }, 300_000)
})
