/**
 * Issue 17, defect 6 in browser mode (`rsure serve` + Chromium): a Landsat scene dropped with its `_MTL.txt` is
 * calibrated. The MTL is accepted (no "not a GeoTIFF, PNG or JPEG"), kept beside the bands rather than listed as a
 * file, and the scene's mean NDVI asked in the window is the one on top-of-atmosphere reflectance that the shared
 * fixture README gives (GDAL + numpy: 0.31255227473382297 over B4 > 0 and B5 > 0), not the raw-DN 0.20559621830211325.
 * Removing the bands from the session removes the scene's upload folder, MTL included.
 */
import fs from 'node:fs'
import path from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addFiles, ask, LANDSAT_MTL, LANDSAT_TIFS, openDesk, SHOTS, type Desk } from './rsure-serve'

/** The fixture README's reference values (computed with GDAL 3.6.2 and numpy, float64). */
const NDVI_TOA_MEAN = 0.31255227473382297
const NDVI_DN_MEAN = 0.20559621830211325

let desk: Desk
let page: Page

beforeAll(async () => {
  desk = await openDesk('rsure-mtl-e2e-')
  page = desk.page
}, 180_000)

afterAll(async () => {
  await desk?.close()
})

/** Every file under the data folder's uploads/, relative to it. */
function uploaded(): string[] {
  const dir = path.join(desk.dataDir, 'uploads')
  if (!fs.existsSync(dir)) return []
  return (fs.readdirSync(dir, { recursive: true }) as string[]).filter((f) => fs.statSync(path.join(dir, f)).isFile() && !f.endsWith('.owner'))
}

describe('a Landsat scene with its MTL dropped in the browser', () => {
  it('keeps the MTL beside the bands and answers NDVI on TOA reflectance', async () => {
    expect(fs.existsSync(LANDSAT_MTL)).toBe(true)
    // The MTL comes first here: the desk still uploads it after the bands.
    await addFiles(page, [LANDSAT_MTL, ...LANDSAT_TIFS], LANDSAT_TIFS.length, 120_000)
    const notice = await page.locator('[data-testid=notice]').innerText()
    expect(notice).not.toMatch(/Skipped|not a GeoTIFF/)
    expect(notice).toMatch(/MTL/)
    expect(await page.locator('[data-testid=file-card]').count()).toBe(LANDSAT_TIFS.length)
    // One folder holds the scene: the nine bands and the MTL.
    const files = uploaded()
    expect(new Set(files.map((f) => path.dirname(f))).size).toBe(1)
    expect(files.map((f) => path.basename(f)).sort()).toEqual([...LANDSAT_TIFS, LANDSAT_MTL].map((f) => path.basename(f)).sort())

    const { answer } = await ask(page, 'What is the mean NDVI of this scene?')
    await page.screenshot({ path: path.join(SHOTS, 'desk-mtl-ndvi.png') })
    const value = Number(/-?\d+\.\d+/.exec(answer)?.[0])
    const runText = await page.locator('[data-testid=run]').last().innerText()
    expect(Math.abs(value - NDVI_TOA_MEAN), `answer "${answer}"; the run said:\n${runText}`).toBeLessThan(5e-4)
    expect(Math.abs(value - NDVI_DN_MEAN)).toBeGreaterThan(0.05)

    // Removing the bands removes the scene folder with its MTL.
    for (;;) {
      const buttons = page.locator('[data-testid=file-card] button[aria-label^=remove]')
      if ((await buttons.count()) === 0) break
      await buttons.first().click()
    }
    await expect.poll(() => uploaded().length, { timeout: 20_000 }).toBe(0)
    expect(desk.pageErrors).toEqual([])
  }, 300_000)
})
