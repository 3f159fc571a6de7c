/**
 * Issue 17, defect 4 in browser mode (`rsure serve` + Chromium): the evidence viewer of an execute run on 2019-07-12
 * NDVI shows that raster (the file its band mapping read), not the session's first file; reopened from History after
 * the task-46 files left the session (Landsat bands in it instead), it shows none of the session's rasters and says
 * the one it was computed from is not in this session.
 */
import path from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addFiles, ask, connect, LANDSAT_TIFS, openDesk, Q46_TIFS, SHOTS, type Desk } from './rsure-serve'

/**
 * Six of task 46's files, three dates of LST and NDVI: the session's first file (2019-01-01 LST) is not the one the
 * question reads. (The 46-file session is the subject of desk-reload, among the slow suites.)
 */
const SOME_Q46 = Q46_TIFS.filter((f) => /_2019-(01-01|07-12|12-19)_/.test(f))

let desk: Desk
let page: Page

beforeAll(async () => {
  desk = await openDesk('rsure-evidence-source-e2e-')
  page = desk.page
}, 180_000)

afterAll(async () => {
  await desk?.close()
})

describe('the evidence viewer and layer export (rsure serve + Chromium)', () => {
  it('shows the raster an execute observation was computed from, and none of the session when reopened without it', async () => {
    const before = await page.locator('[data-testid=file-card]').count()
    await addFiles(page, SOME_Q46, before + SOME_Q46.length)
    // Only the task-46 files answer this question.
    for (const f of LANDSAT_TIFS) {
      const card = page.locator(`[data-testid=file-card][data-name="${path.basename(f)}"] button[aria-label^=remove]`)
      if (await card.count()) await card.click()
    }
    await expect.poll(() => page.locator('[data-testid=file-card]').count()).toBe(SOME_Q46.length)
    const { runId } = await ask(page, 'What is the mean NDVI on 2019-07-12?')
    const run = page.locator(`[data-testid=run][data-run="${runId}"]`)
    await run.locator('[data-testid=timeline-call][data-status=accepted] [data-testid=open-evidence]').first().click()
    const viewer = page.locator('[data-testid=evidence-viewer]')
    await viewer.locator('[data-testid=evidence-source-raster]').waitFor({ timeout: 20_000 })
    expect(await viewer.locator('[data-testid=evidence-source-raster]').innerText()).toBe('Source: Xinjiang_2019-07-12_NDVI.tif')
    await page.screenshot({ path: path.join(SHOTS, 'desk-evidence-execute-source.png') })
    await page.keyboard.press('Escape')

    // The task-46 files leave the session; the Landsat scene comes back; the run reopened from History does not
    // show a Landsat band as its source.
    for (const f of SOME_Q46) await page.locator(`[data-testid=file-card][data-name="${path.basename(f)}"] button[aria-label^=remove]`).click()
    await addFiles(page, LANDSAT_TIFS.slice(0, 2), 2, 60_000)
    await connect(page, desk.served.url)
    await page.click('[data-testid=tab-history]')
    const row = page.locator(`[data-testid=history-row][data-run="${runId}"]`)
    await row.waitFor({ timeout: 20_000 })
    await row.locator('[data-testid=history-open]').click()
    const reopened = page.locator(`[data-testid=run][data-run="${runId}"]`)
    await reopened.locator('[data-testid=timeline-call][data-status=accepted] [data-testid=open-evidence]').first().click()
    await viewer.locator('[data-testid=evidence-source-raster]').waitFor({ timeout: 20_000 })
    const text = await viewer.locator('[data-testid=evidence-source-raster]').innerText()
    expect(text).not.toMatch(/LC08/)
    expect(text).toContain('Xinjiang_2019-07-12_NDVI.tif')
    expect(text).toContain('not in this session')
    // Neither the source nor a saved product: one sentence says so, not two that contradict each other.
    expect(text).toContain('no product raster of this call was saved')
    expect(await viewer.locator('.execute-map').innerText()).not.toMatch(/shows the source only|shows the saved product only/)
    await page.screenshot({ path: path.join(SHOTS, 'desk-evidence-reopened.png') })
    await page.keyboard.press('Escape')
    expect(desk.pageErrors).toEqual([])
  }, 900_000)
})
