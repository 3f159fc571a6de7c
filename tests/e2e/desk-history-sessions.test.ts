/**
 * Issue 17, named sessions listed in History (`rsure serve` + Chromium): the analyst names the desk's session (its
 * files and its runs); History lists it with that name, the date it was saved and its file and run counts, also
 * after a reload; the desk then moves on (clear all, another file, the run closed), and opening the named session
 * brings back its files, readable (uploads a named session holds are not deleted when the desk lets them go), and
 * its run with its answer and evidence. Asked again on the restored files, the question gives the same answer: the
 * fixture README's mean NDVI on raw DN of B4 and B5, 0.2056 [reference in /work/shared].
 */
import path from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FIXTURES } from '../helpers/tmp'
import { addFiles, ask, connect, openDesk, SHOTS, type Desk } from './rsure-serve'

const B5 = FIXTURES.B4.replace(/_B4\.TIF$/, '_B5.TIF')
const LST = path.join(FIXTURES.Q46_FILES, 'Xinjiang_2019-01-01_LST.tif')
const NAME = 'Landsat NDVI, August 2017'
const QUESTION = 'What is the mean NDVI of this scene?'

let desk: Desk
let page: Page

beforeAll(async () => {
  desk = await openDesk('rsure-history-sessions-e2e-')
  page = desk.page
}, 180_000)

afterAll(async () => {
  await desk?.close()
})

const cardNames = () => page.locator('[data-testid=file-card]').evaluateAll((els) => els.map((e) => e.getAttribute('data-name')).sort())
const sessionRow = () => page.locator(`[data-testid=session-row][data-name="${NAME}"]`)

describe('named sessions in History (rsure serve + Chromium)', () => {
  it('names the session, lists it with its date and file count, and opening it restores its files and runs', async () => {
    await addFiles(page, [FIXTURES.B4, B5], 2, 120_000)
    const first = await ask(page, QUESTION)
    expect(Number(first.answer)).toBeCloseTo(0.2056, 4)

    await page.click('[data-testid=tab-history]')
    await page.fill('[data-testid=session-name]', NAME)
    await page.click('[data-testid=session-save]')
    await sessionRow().waitFor({ timeout: 20_000 })
    const today = await page.evaluate(() => new Date().toLocaleDateString())
    const listed = await sessionRow().innerText()
    expect(listed).toContain(NAME)
    expect(listed).toContain(today)
    expect(listed).toMatch(/\b2 files\b/)
    expect(listed).toMatch(/\b1 run\b/)
    const savedAt = Date.parse((await sessionRow().getAttribute('data-saved')) ?? '')
    expect(Math.abs(Date.now() - savedAt)).toBeLessThan(10 * 60_000)

    // The desk moves on: every file cleared, another one added, the run closed.
    await page.click('[data-testid=tab-desk]')
    await page.click('[data-testid=clear-all]')
    await expect.poll(() => page.locator('[data-testid=file-card]').count(), { timeout: 30_000 }).toBe(0)
    await addFiles(page, [LST], 1, 120_000)
    await page.locator(`[data-testid=run][data-run="${first.runId}"] button[aria-label="remove from the thread"]`).click()
    expect(await page.locator('[data-testid=run]').count()).toBe(0)

    // Still listed after a reload.
    await connect(page, desk.served.url)
    await page.click('[data-testid=tab-history]')
    await sessionRow().waitFor({ timeout: 20_000 })
    await page.screenshot({ path: path.join(SHOTS, 'desk-history-sessions.png') })
    // The desk holds a file the session does not: the window asks first, naming what leaves the desk.
    const asked: string[] = []
    page.once('dialog', (d) => void (asked.push(d.message()), d.accept()))
    await sessionRow().locator('[data-testid=session-open]').click()
    await expect.poll(() => asked.length, { timeout: 10_000 }).toBe(1)
    expect(asked[0]).toContain(`Open "${NAME}"?`)
    expect(asked[0]).toContain(`1 file (${path.basename(LST)})`)

    // Its files come back (and only they), each readable, and its run with its answer and evidence.
    await expect.poll(cardNames, { timeout: 60_000 }).toEqual([path.basename(FIXTURES.B4), path.basename(B5)].sort())
    expect(await page.locator('[data-testid=file-card] .error').count()).toBe(0)
    const run = page.locator(`[data-testid=run][data-run="${first.runId}"]`)
    await run.locator('[data-testid=answer]').waitFor({ timeout: 30_000 })
    expect(await run.locator('[data-testid=answer]').innerText()).toBe(first.answer)
    expect(await run.locator('[data-testid=open-evidence]').count()).toBeGreaterThanOrEqual(1)
    expect(await page.locator('[data-testid=run]').count()).toBe(1)

    // The restored files are the session's own: asked again, the same answer.
    const again = await ask(page, QUESTION)
    expect(Number(again.answer)).toBeCloseTo(0.2056, 4)
    // And the desk keeps the opened session's files across a reload.
    await connect(page, desk.served.url)
    await expect.poll(cardNames, { timeout: 30_000 }).toEqual([path.basename(FIXTURES.B4), path.basename(B5)].sort())
    expect(desk.pageErrors).toEqual([])
  }, 420_000)

  it('renames the session in place and deletes it after a confirmation; the desk keeps its files', async () => {
    await page.click('[data-testid=tab-history]')
    await sessionRow().locator('[data-testid=session-rename]').click()
    await page.fill('[data-testid=session-rename-input]', 'Landsat NDVI, renamed')
    await page.screenshot({ path: path.join(SHOTS, 'desk-history-sessions-rename.png') })
    await page.click('[data-testid=session-rename-save]')
    const renamed = page.locator('[data-testid=session-row][data-name="Landsat NDVI, renamed"]')
    await renamed.waitFor({ timeout: 20_000 })
    expect(await sessionRow().count()).toBe(0)

    const asked: string[] = []
    page.once('dialog', (d) => void (asked.push(d.message()), d.accept()))
    await renamed.locator('[data-testid=session-delete]').click()
    await expect.poll(() => page.locator('[data-testid=session-row]').count(), { timeout: 20_000 }).toBe(0)
    expect(asked[0]).toMatch(/^Delete the session "Landsat NDVI, renamed"\?/)
    await page.click('[data-testid=tab-desk]')
    await expect.poll(cardNames, { timeout: 30_000 }).toEqual([path.basename(FIXTURES.B4), path.basename(B5)].sort())
    expect(desk.pageErrors).toEqual([])
  }, 120_000)
})
