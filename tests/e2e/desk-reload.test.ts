/**
 * Issue 17, defect 1: a session with more than 8 rasters (the 46 task-46 GeoTIFFs and the 9 Landsat bands) reopened
 * in the browser. Every reload asks layers.info of all 55 layers at once; the tile sources must not close a file
 * another request is still reading (the EBADF the map showed), so after each of five reloads every layer row has
 * loaded, none carries an error, the map draws its visible layer, and no message covers the map. Each reload is a
 * real one (tests/e2e/rsure-serve.ts connect). Opt-in, it takes minutes on two cores:
 *   RSURE_SLOW=1 npx vitest run tests/e2e/desk-reload.test.ts
 */
import path from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addFiles, connect, LANDSAT_TIFS, layerRows, mapSettled, openDesk, Q46_TIFS, SHOTS, type Desk } from './rsure-serve'

const FILES = [...Q46_TIFS, ...LANDSAT_TIFS]

let desk: Desk
let page: Page

beforeAll(async () => {
  desk = await openDesk('rsure-reload-e2e-')
  page = desk.page
}, 180_000)

afterAll(async () => {
  await desk?.close()
})

describe('a session with more rasters than the open-file cache (rsure serve + Chromium)', () => {
  it('loads every one of the 55 layers after each of five reloads, and draws all of them at once with no error', async () => {
    expect(FILES.length).toBe(55)
    await addFiles(page, FILES, FILES.length)
    for (let reload = 1; reload <= 5; reload++) {
      await connect(page, desk.served.url)
      await expect.poll(() => page.locator('[data-testid=file-card]').count(), { timeout: 30_000 }).toBe(FILES.length)
      const rows = await layerRows(page, FILES.length)
      await page.screenshot({ path: path.join(SHOTS, `desk-reload-${reload}.png`) })
      expect(rows.length).toBe(FILES.length)
      // No layer says why it cannot be shown (EBADF before the fix), then every one has its description.
      expect(rows.filter((r) => r.state === 'error' || r.state === 'loading' || r.note)).toEqual([])
      expect(rows.filter((r) => r.state === 'ready').length).toBe(FILES.length)
      // Nothing over the map says a layer failed, and no error notice.
      expect(await page.locator('.map-error, [data-testid=map-notice]').count()).toBe(0)
      expect(await page.locator('[data-testid=notice][data-level=error]').count()).toBe(0)
      // Show every layer at once (tiles of all 55 files read together): each is drawn, and nothing fails.
      for (const box of await page.locator('[data-testid=layer-row] input[type=checkbox]').all()) await box.check()
      await mapSettled(page, 'map', FILES.length, 60_000, 500)
      await page.screenshot({ path: path.join(SHOTS, `desk-reload-${reload}-all.png`) })
      expect(await page.locator('.map-error, [data-testid=map-notice]').allInnerTexts()).toEqual([])
      expect(await page.locator('[data-testid=layer-row] p').allInnerTexts()).toEqual([])
    }
  }, 900_000)
})
