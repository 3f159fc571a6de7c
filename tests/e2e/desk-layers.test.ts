/**
 * Issue 17, layer display in browser mode (`rsure serve` + Chromium):
 * - a derived mask's 0 pixels (outside every class) are transparent on the map, not drawn black over the scene: with
 *   only the water mask of the Landsat scene shown, almost no pixel of the map is black (the map background is grey,
 *   the mask's class pixels coloured);
 * - the map fits the place of the last added layer, whichever description arrives first: with a Landsat band over
 *   South Carolina and a task-46 raster over Urumqi added together, the view holds the Urumqi box (computed from the
 *   file's own geotransform with geotiff.js and proj4) at most 4x its width, not the Landsat one, and says the layers
 *   lie in two places (fitting both drew each layer as a dot at ~3000 km);
 * - "Added N files." is said once, when they are added: opening the printed address again in the same tab (which
 *   only changes the address's fragment, so the browser would keep the old page) reloads the desk, and the notice
 *   is not shown again.
 */
import path from 'node:path'
import type { Page } from 'playwright-core'
import { PNG } from 'pngjs'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { FIXTURES } from '../helpers/tmp'
import { addFiles, ask, LANDSAT_TIFS, layerRows, lonLatBox, mapSettled, mapView, openDesk, SHOTS, type Desk } from './rsure-serve'

const LST = path.join(FIXTURES.Q46_FILES, 'Xinjiang_2019-01-01_LST.tif')

let desk: Desk
let page: Page

beforeAll(async () => {
  desk = await openDesk('rsure-layers-e2e-')
  page = desk.page
}, 180_000)

afterAll(async () => {
  await desk?.close()
})

/**
 * Share of the map's pixels that are black or nearly (each of R, G, B below 60: black at the layer's 0.85 opacity
 * over the grey background), read from a screenshot of the map.
 */
async function blackShare(): Promise<number> {
  const png = PNG.sync.read(await page.locator('[data-testid=map]').screenshot())
  let black = 0
  for (let i = 0; i < png.data.length; i += 4) if (png.data[i] < 60 && png.data[i + 1] < 60 && png.data[i + 2] < 60) black++
  return black / (png.width * png.height)
}

async function removeAll(): Promise<void> {
  for (;;) {
    const buttons = page.locator('[data-testid=file-card] button[aria-label^=remove]')
    if ((await buttons.count()) === 0) return
    await buttons.first().click()
  }
}

describe('layers on the desk map (rsure serve + Chromium)', () => {
  it("draws a mask's 0 pixels transparent", async () => {
    await addFiles(page, LANDSAT_TIFS, LANDSAT_TIFS.length, 60_000)
    const { answer } = await ask(page, 'What share of this scene is water?')
    expect(answer).toMatch(/%/)
    const rows = await layerRows(page, LANDSAT_TIFS.length + 1)
    const mask = rows.find((r) => /mask/.test(r.name))
    expect(mask, `a mask row among ${rows.map((r) => r.name).join(', ')}`).toBeTruthy()
    // Only the mask: every session raster hidden.
    for (const r of rows) {
      const box = page.locator(`[data-testid=layer-row][data-name="${r.name}"] input[type=checkbox]`)
      if (r.name === mask!.name) await box.check()
      else await box.uncheck()
    }
    await mapSettled(page, 'map', 1)
    await page.screenshot({ path: path.join(SHOTS, 'desk-mask-only.png') })
    expect(await blackShare()).toBeLessThan(0.005)
  }, 300_000)

  it('fits the map to the place of the last added layer, not to the first one described nor to the whole world', async () => {
    await removeAll()
    await page.locator('button[aria-label="remove from the thread"]').first().click()
    await addFiles(page, [FIXTURES.B4, LST], 2, 60_000)
    expect((await layerRows(page, 2)).map((r) => r.state)).toEqual(['ready', 'ready'])
    const [b4, lst] = [await lonLatBox(FIXTURES.B4), await lonLatBox(LST)]
    // South Carolina and Urumqi: a view holding both is ~10 000 km wide and draws each layer as a dot. The map
    // fits the last added (the Urumqi LST): its whole box in view, the view at most 4x as wide as the box, the
    // Landsat band outside it; it says the layers lie in two places. (A loaded machine may describe either file
    // first: retry until the view settles; on a timeout the last failure names the side that is wrong.)
    await vi.waitFor(
      async () => {
        const [w, s, e, n] = (await mapView(page))?.bounds ?? [NaN, NaN, NaN, NaN]
        // Within 1 % of the box's size (seen: the view's south edge 0.0012° north of the box's, 0.2 % of its height).
        const tol = 0.01 * Math.max(lst[2] - lst[0], lst[3] - lst[1])
        expect(lst[0]).toBeGreaterThanOrEqual(w - tol)
        expect(lst[1]).toBeGreaterThanOrEqual(s - tol)
        expect(lst[2]).toBeLessThanOrEqual(e + tol)
        expect(lst[3]).toBeLessThanOrEqual(n + tol)
        expect(e - w).toBeLessThanOrEqual(4 * Math.max(lst[2] - lst[0], lst[3] - lst[1]))
        expect(b4[2] < w || b4[0] > e).toBe(true)
      },
      { timeout: 30_000, interval: 250 },
    )
    expect(await page.locator('[data-testid=map]').getAttribute('data-places')).toBe('2')
    expect(await page.locator('[data-testid=map-places]').innerText()).toMatch(/2 places/)
    await page.screenshot({ path: path.join(SHOTS, 'desk-fit-last.png') })
  }, 300_000)

  it('does not say "Added N files." again after a reload', async () => {
    await addFiles(page, [LANDSAT_TIFS[1]], 3, 60_000)
    await expect.poll(() => page.locator('[data-testid=notice]').innerText()).toMatch(/^Added 1 file\./)
    await page.evaluate(() => Object.assign(window, { __beforeReload: true }))
    // The analyst opens the printed address again in this tab (a fragment change only).
    await page.goto(desk.served.url)
    // A real reload: the page's own state is gone, the files come back from the server.
    await expect.poll(() => page.evaluate(() => (window as unknown as { __beforeReload?: boolean }).__beforeReload ?? false), { timeout: 20_000 }).toBe(false)
    await page.waitForFunction(() => document.querySelector('[data-testid=connection]')?.textContent?.includes('browser mode'), undefined, { timeout: 20_000 })
    await expect.poll(() => page.locator('[data-testid=file-card]').count(), { timeout: 30_000 }).toBe(3)
    await page.waitForTimeout(1000)
    expect(await page.locator('[data-testid=notice]').allInnerTexts()).not.toContainEqual(expect.stringMatching(/Added/))
    expect(desk.pageErrors).toEqual([])
  }, 120_000)
})
