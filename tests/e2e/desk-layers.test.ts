/**
 * Issue 17, layer display in browser mode (`rsure serve` + Chromium):
 * - a derived mask's 0 pixels (outside every class) are transparent on the map, not drawn black over the scene: with
 *   only the water mask of the Landsat scene shown, almost no pixel of the map is black (the map background is grey,
 *   the mask's class pixels coloured);
 * - the map fits every layer of the session, not only the first whose description arrived: with a Landsat band over
 *   South Carolina and a task-46 raster over Urumqi added together, the map's view holds both lon/lat boxes (each
 *   computed from the file's own geotransform with geotiff.js and proj4);
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

  it('fits the map to every layer, not the first one described', async () => {
    await removeAll()
    await page.locator('button[aria-label="remove from the thread"]').first().click()
    await addFiles(page, [FIXTURES.B4, LST], 2, 60_000)
    expect((await layerRows(page, 2)).map((r) => r.state)).toEqual(['ready', 'ready'])
    const [b4, lst] = [await lonLatBox(FIXTURES.B4), await lonLatBox(LST)]
    // The map refits as each layer's description arrives (a loaded machine may describe the second one late): retry
    // the box-by-box check until the view holds both; on a timeout the last failure names the side that is short.
    await vi.waitFor(
      async () => {
        const [w, s, e, n] = (await mapView(page))?.bounds ?? [NaN, NaN, NaN, NaN]
        for (const box of [b4, lst]) {
          expect(box[0]).toBeGreaterThanOrEqual(w)
          expect(box[1]).toBeGreaterThanOrEqual(s)
          expect(box[2]).toBeLessThanOrEqual(e)
          expect(box[3]).toBeLessThanOrEqual(n)
        }
      },
      { timeout: 30_000, interval: 250 },
    )
    await page.screenshot({ path: path.join(SHOTS, 'desk-fit-all.png') })
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
