/**
 * Issue 17, item 8 (zoom to layer) in browser mode (`rsure serve` + Chromium): two rasters far apart, a Landsat band
 * in UTM 17N over the US east coast and a task-46 LST raster in web mercator over Urumqi. The layer list's zoom
 * button (first Landsat, then Urumqi, so the map must move across the globe) puts the map's centre inside the chosen
 * raster's lon/lat box (computed here from the file's geotransform read with geotiff.js and proj4), zoomed in.
 */
import path from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FIXTURES } from '../helpers/tmp'
import { lonLatBox, mapView, openDesk, SHOTS, type Desk } from './rsure-serve'

const LST = path.join(FIXTURES.Q46_FILES, 'Xinjiang_2019-01-01_LST.tif')

let desk: Desk
let page: Page
const view = () => mapView(page)

beforeAll(async () => {
  desk = await openDesk('rsure-zoom-e2e-')
  page = desk.page
}, 180_000)

afterAll(async () => {
  await desk?.close()
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
