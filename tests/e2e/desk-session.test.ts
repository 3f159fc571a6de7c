/**
 * Issue 17, sessions on the desk (`rsure serve` + Chromium):
 * - choose which files a question uses (all by default, a checkbox per file): the Landsat B4 and B5 bands with a
 *   task-46 LST raster of Xinjiang; asked with all three, "What is the mean NDVI of this scene?" is refused (the LST
 *   asset has no NIR band); with the LST left out, the same question answers the fixture README's mean NDVI on raw
 *   DN, 0.2056 [reference in /work/shared], and the prompt says one file is left out; the refused call's evidence
 *   viewer says why it was refused and draws no empty map;
 * - a big session's legend: with the nine Landsat bands (and the NDVI layer of the last run) all shown, the legend
 *   lists the topmost four, in the layer list's order, and folds the others behind one button (its height stays
 *   under a third of the map's), and unfolds to all of them;
 * - clear all: every file leaves the session, and stays gone after a reload.
 */
import path from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FIXTURES } from '../helpers/tmp'
import { addFiles, ask, connect, LANDSAT_TIFS, openDesk, SHOTS, type Desk } from './rsure-serve'

const B5 = FIXTURES.B4.replace(/_B4\.TIF$/, '_B5.TIF')
const LST = path.join(FIXTURES.Q46_FILES, 'Xinjiang_2019-01-01_LST.tif')

let desk: Desk
let page: Page

beforeAll(async () => {
  desk = await openDesk('rsure-session-e2e-')
  page = desk.page
}, 180_000)

afterAll(async () => {
  await desk?.close()
})

const card = (file: string) => page.locator(`[data-testid=file-card][data-name="${path.basename(file)}"]`)

describe('sessions on the desk (rsure serve + Chromium)', () => {
  it('asks a question of the files ticked for it: all by default, one left out on request', async () => {
    await addFiles(page, [FIXTURES.B4, B5, LST], 3, 120_000)
    expect(await page.locator('[data-testid=use-file]:checked').count()).toBe(3)
    const all = await ask(page, 'What is the mean NDVI of this scene?')
    expect(all.answer).toBe('Not determined')
    // Its refused call's viewer says why and draws nothing (no empty map waiting for a raster).
    await page.locator('[data-testid=run]').last().locator('[data-testid=open-evidence]').first().click()
    const refused = page.locator('[data-testid=evidence-viewer] [data-testid=evidence-refused]')
    await refused.waitFor({ timeout: 20_000 })
    expect(await refused.innerText()).toMatch(/was refused.*NIR/s)
    expect(await page.locator('[data-testid=evidence-viewer] [data-testid=evidence-map]').count()).toBe(0)
    await page.keyboard.press('Escape')
    await page.locator('[data-testid=evidence-viewer]').waitFor({ state: 'detached' })
    await card(LST).locator('[data-testid=use-file]').uncheck()
    expect(await card(LST).getAttribute('data-used')).toBe('false')
    expect(await page.locator('.in-context').innerText()).toMatch(/In context: 2 files .*1 left out/)
    const two = await ask(page, 'What is the mean NDVI of this scene?')
    expect(Number(two.answer)).toBeCloseTo(0.2056, 4)
    await page.screenshot({ path: path.join(SHOTS, 'desk-file-choice.png') })
    await page.click('[data-testid=use-all]')
    expect(await page.locator('[data-testid=use-file]:checked').count()).toBe(3)
  }, 300_000)

  it('folds a long legend: the topmost four visible layers listed, the rest behind one button', async () => {
    await page.click('[data-testid=clear-all]')
    await expect.poll(() => page.locator('[data-testid=file-card]').count(), { timeout: 30_000 }).toBe(0)
    expect(LANDSAT_TIFS.length).toBe(9)
    await addFiles(page, LANDSAT_TIFS, 9)
    // The nine bands, the NDVI layer of the last run and the basemap, none still loading (layerRows would wait out
    // its whole timeout for exactly nine rows).
    await page.waitForFunction(
      () => {
        const rows = [...document.querySelectorAll('[data-testid=layer-row]')].filter((r) => r.getAttribute('data-name') !== 'basemap')
        return rows.length >= 10 && rows.every((r) => r.getAttribute('data-state') !== 'loading')
      },
      undefined,
      { timeout: 120_000, polling: 250 },
    )
    for (const box of await page.locator('[data-testid=layer-row] input[type=checkbox]').all()) await box.check()
    // Every row shown: the nine bands and the NDVI layer the last run saved (the layer list lists topmost first).
    const rows = (await page.locator('[data-testid=layer-row]').evaluateAll((els) => els.map((e) => e.getAttribute('data-name')))).filter(
      (r) => r !== 'basemap',
    )
    expect(rows.length).toBe(10)
    const legend = page.locator('[data-testid=legend-panel]')
    await expect.poll(() => legend.getAttribute('data-layers'), { timeout: 30_000 }).toBe(String(rows.length))
    // The topmost four are listed, in the layer list's order.
    const listed = await legend.locator('[data-testid=legend]').evaluateAll((els) => els.map((e) => e.getAttribute('data-name')))
    expect(listed).toEqual(rows.slice(0, 4))
    expect(await page.locator('[data-testid=legend-more]').innerText()).toMatch(new RegExp(`^${rows.length - 4} more visible layers`))
    const [lh, mh] = [(await legend.boundingBox())!.height, (await page.locator('[data-testid=map]').boundingBox())!.height]
    expect(lh).toBeLessThan(mh / 3)
    await page.screenshot({ path: path.join(SHOTS, 'desk-legend-folded.png') })
    await page.click('[data-testid=legend-more]')
    expect(await legend.locator('[data-testid=legend]').count()).toBe(rows.length)
  }, 300_000)

  it('clears all files, and they stay gone after a reload', async () => {
    await page.click('[data-testid=clear-all]')
    await expect.poll(() => page.locator('[data-testid=file-card]').count(), { timeout: 30_000 }).toBe(0)
    await connect(page, desk.served.url)
    await page.waitForTimeout(1500)
    expect(await page.locator('[data-testid=file-card]').count()).toBe(0)
    expect(desk.pageErrors).toEqual([])
  }, 120_000)
})
