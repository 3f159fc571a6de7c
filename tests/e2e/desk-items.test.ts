/**
 * Issue 17, the sub-items of defect 7 that had no browser test, in browser mode (`rsure serve` + Chromium) on a
 * 1024 x 700 window:
 * - at 1024 x 700 the page does not scroll sideways and the map keeps at least 40 % of the window's width (it shrank
 *   to 320 px);
 * - a mark on the answer and one on its observation are one mark in the prior (prior/feedback.ts keeps one record
 *   per observation): marking the answer shows the mark on the observation it rests on, marking that observation
 *   too leaves the prior's n where the first mark put it, and both marks are shown again after a reload;
 * - the report printed as the PDF is (A4, 10 mm margins, print media) keeps its trajectory table within the page
 *   (it was clipped on the right);
 * - the desk's backbone picker shows the backbone that runs: an OpenAI-compatible endpoint saved in Settings is the
 *   one the desk's picker names after a reload (it showed its own default address while the saved one ran);
 * - a detection question with no detector pack installed says what to do in the window's words: no command line
 *   ("rsure models add"), no environment variable, no option flag, no internal folder;
 * - Cancel during a call: the call no longer says "running…" (it kept saying so after the run was cancelled), also
 *   after a reload.
 */
import path from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FIXTURES, shared } from '../helpers/tmp'
import { addFiles, ask, connect, layerRows, openDesk, Q46_TIFS, SHOTS, type Desk } from './rsure-serve'

const B5 = FIXTURES.B4.replace(/_B4\.TIF$/, '_B5.TIF')
const PNG = shared('fixtures', 'levircd', 'A', 'test_2_0000_0000.png')
const Q46 =
  'Based on temperature and vegetation reflectance data (NDVI and LST) from the agricultural region near Urumqi, Xinjiang in 2019, calculate the daily and annual average of the dryness indicator (TVDI).'
/** Words written for the command line or naming internals, which the window must not show. */
const CLI_WORDS = /\brsure (models|ask|serve|exec)\b|command line|RSURE_[A-Z]+|(^|\s)--[a-z]|base_dir|uploads\/u/

let desk: Desk
let page: Page

beforeAll(async () => {
  desk = await openDesk('rsure-items-e2e-', { width: 1024, height: 700 })
  page = desk.page
}, 180_000)

afterAll(async () => {
  await desk?.close()
})

/** The n of the first prior cell the last mark touched, as the answer panel states it. */
async function priorN(): Promise<number> {
  const text = await page.locator('[data-testid=run]').last().locator('[data-testid=prior-change]').innerText()
  return Number(/: n (\d+),/.exec(text)?.[1])
}

/** Every file leaves the session, one card at a time. */
async function emptySession(): Promise<void> {
  const cards = page.locator('[data-testid=file-card]')
  for (let n = await cards.count(); n > 0; n--) {
    await cards.first().locator('button[aria-label^=remove]').click()
    await expect.poll(() => cards.count(), { timeout: 30_000 }).toBe(n - 1)
  }
}

const pressed = (sel: string) => page.locator('[data-testid=run]').last().locator(`${sel} [data-testid=mark-right]`).getAttribute('aria-pressed')

describe('defect 7 on a 1024 x 700 desk (rsure serve + Chromium)', () => {
  it('does not scroll sideways and keeps the map wide', async () => {
    await addFiles(page, [FIXTURES.B4, B5], 2, 120_000)
    await layerRows(page, 2)
    const size = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      width: window.innerWidth,
      map: document.querySelector('[data-testid=map]')?.getBoundingClientRect().width ?? 0,
    }))
    await page.screenshot({ path: path.join(SHOTS, 'desk-items-1024.png') })
    expect(size.scroll).toBeLessThanOrEqual(size.width)
    expect(size.map).toBeGreaterThanOrEqual(0.4 * size.width)
  }, 180_000)

  it('shows a mark on the answer on its observation, counts the two once, and keeps both after a reload', async () => {
    const { answer } = await ask(page, 'What is the mean NDVI of this scene?')
    expect(Number(answer)).toBeCloseTo(0.2056, 4)
    const run = page.locator('[data-testid=run]').last()
    await run.locator('[data-testid=mark-answer] [data-testid=mark-right]').click()
    await run.locator('[data-testid=prior-change]').waitFor()
    const n = await priorN()
    expect(n).toBeGreaterThan(0)
    // The answer's mark is its observation's mark: shown there at once.
    await expect.poll(() => pressed('.observations')).toBe('true')
    await run.locator('.observations [data-testid=mark-right]').click()
    await expect.poll(() => priorN()).toBe(n)
    expect(await pressed('[data-testid=mark-answer]')).toBe('true')
    await connect(page, desk.served.url)
    await expect.poll(() => page.locator('[data-testid=run] [data-testid=answer]').count(), { timeout: 60_000 }).toBe(1)
    await expect.poll(() => pressed('[data-testid=mark-answer]'), { timeout: 20_000 }).toBe('true')
    expect(await pressed('.observations')).toBe('true')
  }, 300_000)

  it("prints the report's trajectory table within an A4 page's width", async () => {
    const run = page.locator('[data-testid=run]').last()
    const [html] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), run.locator('[data-testid=export-html]').click()])
    const file = path.join(desk.dir, 'report.html')
    await html.saveAs(file)
    const report = await desk.context.newPage()
    // The PDF is A4 with 10 mm side margins (main/server/pdf-chromium.ts): 190 mm of printable width, 718 CSS px.
    await report.setViewportSize({ width: 718, height: 1000 })
    await report.emulateMedia({ media: 'print' })
    await report.goto(`file://${file}`)
    const fit = await report.evaluate(() => {
      const traj = document.querySelector('table.traj')
      const cells = [...document.querySelectorAll('table.traj td, table.traj th')]
      return {
        rows: traj?.querySelectorAll('tr').length ?? 0,
        right: traj?.getBoundingClientRect().right ?? Infinity,
        page: document.documentElement.scrollWidth,
        cut: cells.filter((c) => c.scrollWidth > c.clientWidth + 1).length,
      }
    })
    await report.close()
    expect(fit.rows).toBeGreaterThan(3)
    expect(fit.right).toBeLessThanOrEqual(718)
    expect(fit.page).toBeLessThanOrEqual(718)
    expect(fit.cut).toBe(0)
  }, 120_000)

  it("names the saved endpoint in the desk's backbone picker after a reload", async () => {
    const saved = 'http://127.0.0.1:9/v1'
    await page.click('[data-testid=tab-settings]')
    const settings = page.locator('[data-testid=settings]')
    await settings.getByText('An API key is').waitFor({ timeout: 20_000 })
    await settings.locator('[data-testid=backbone]').selectOption('openai')
    await settings.locator('[aria-label="endpoint URL"]').fill(saved)
    await settings.locator('[aria-label="model name"]').fill('saved-model')
    await settings.getByRole('button', { name: 'Use by default' }).click()
    await expect.poll(() => page.locator('#prompt-kind').inputValue()).toBe('openai')
    await connect(page, desk.served.url)
    await page.click('[data-testid=tab-desk]')
    const picker = page.locator('.backbone-picker', { has: page.locator('#prompt-kind') })
    await expect.poll(() => page.locator('#prompt-kind').inputValue(), { timeout: 20_000 }).toBe('openai')
    expect(await picker.locator('[aria-label="endpoint URL"]').inputValue()).toBe(saved)
    expect(await picker.locator('[aria-label="model name"]').inputValue()).toBe('saved-model')
    // Back to the rules backbone for the questions below.
    await page.click('[data-testid=tab-settings]')
    await settings.locator('[data-testid=backbone]').selectOption('rules')
    await settings.getByRole('button', { name: 'Use by default' }).click()
    await page.click('[data-testid=tab-desk]')
    await expect.poll(() => page.locator('#prompt-kind').inputValue()).toBe('rules')
  }, 120_000)

  it('says what to do about a missing detector in words for the window', async () => {
    await emptySession()
    await addFiles(page, [PNG], 1, 120_000)
    await ask(page, 'How many airplanes are in this image?')
    const text = await page.locator('[data-testid=run]').last().innerText()
    await page.screenshot({ path: path.join(SHOTS, 'desk-items-advice.png') })
    expect(text).not.toMatch(CLI_WORDS)
  }, 300_000)

  it('leaves no call "running…" after Cancel, also after a reload', async () => {
    await emptySession()
    await addFiles(page, Q46_TIFS, Q46_TIFS.length)
    const before = await page.locator('[data-testid=run]').count()
    await page.fill('[data-testid=question]', Q46)
    await page.press('[data-testid=question]', 'Enter')
    await expect.poll(() => page.locator('[data-testid=run]').count(), { timeout: 30_000 }).toBe(before + 1)
    const run = page.locator('[data-testid=run]').last()
    await run.locator('[data-testid=call-status]', { hasText: 'running…' }).first().waitFor({ timeout: 120_000 })
    await page.click('[data-testid=cancel]')
    await run.getByText('Cancelled.').waitFor({ timeout: 60_000 })
    await page.screenshot({ path: path.join(SHOTS, 'desk-items-cancelled.png') })
    expect(await run.locator('[data-testid=call-status]').allInnerTexts()).not.toContain('running…')
    await connect(page, desk.served.url)
    const again = page.locator('[data-testid=run]').last()
    await again.getByText('Cancelled.').waitFor({ timeout: 60_000 })
    expect(await again.locator('[data-testid=call-status]').allInnerTexts()).not.toContain('running…')
    expect(desk.pageErrors).toEqual([])
  }, 600_000)
})
