/**
 * Issue 17, "What I understood" in browser mode (`rsure serve` + Chromium, 1024x700): a question the reader refuses
 * for a missing statistic shows what it did read as text and a field for the statistic; the statistic chosen with
 * the keyboard asks the question again as a new run through the same reader and verification, and that run answers
 * the NDVI mean of the shared fixture README (GDAL + numpy over B4 > 0 and B5 > 0, raw DN: 0.20559621830211325).
 * The panel is photographed in dark and light. A period the files do not cover (July 2021 on a scene of 2017-08-13)
 * is offered as a period field; the period filled takes the place of the one asked, and the run answers the same
 * README mean.
 */
import path from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addFiles, ask, LANDSAT_TIFS, openDesk, SHOTS, type Desk } from './rsure-serve'

/** The fixture README's reference NDVI on raw DN (computed with GDAL 3.6.2 and numpy, float64). */
const NDVI_DN_MEAN = 0.20559621830211325
const BANDS = LANDSAT_TIFS.filter((f) => /_B[45]\.TIF$/i.test(f))

let desk: Desk
let page: Page

beforeAll(async () => {
  desk = await openDesk('rsure-refusal-e2e-', { width: 1024, height: 700 })
  page = desk.page
}, 180_000)

afterAll(async () => {
  await desk?.close()
})

describe('a question refused for a missing statistic', () => {
  it('offers the statistic as a field and answers the question asked again with it', async () => {
    expect(BANDS.length).toBe(2)
    await addFiles(page, BANDS, 2, 120_000)
    const first = await ask(page, 'What is the NDVI of this scene?')
    expect(first.answer).toMatch(/not determined/i)
    const refused = page.locator('[data-testid=run]').last()
    const fields = refused.locator('[data-testid=refusal-fields]')
    await fields.waitFor({ timeout: 10_000 })
    // The reason is said once (the answer's explanation), not again as the plan's note.
    expect((await refused.innerText()).split('names no statistic').length - 1).toBe(1)
    // What was read is said as text; only the part not read is a field.
    expect(await fields.locator('[data-testid=understood]').innerText()).toMatch(/subject: NDVI/)
    expect(await fields.locator('select, input').count()).toBe(1)
    const statistic = fields.locator('[data-testid=refusal-statistic]')
    expect(await statistic.locator('option').allInnerTexts()).toEqual(expect.arrayContaining(['mean', 'median', 'maximum']))

    for (const scheme of ['dark', 'light'] as const) {
      // The theme button cycles system / light / dark; the desk writes the one in force on the root element.
      for (let i = 0; i < 3 && (await page.evaluate(() => document.documentElement.getAttribute('data-theme'))) !== scheme; i++)
        await page.click('[data-testid=theme]')
      expect(await page.evaluate(() => document.documentElement.getAttribute('data-theme'))).toBe(scheme)
      await fields.scrollIntoViewIfNeeded()
      await page.screenshot({ path: path.join(SHOTS, `desk-refusal-fields-${scheme}-1024.png`) })
      const colours = await fields.evaluate((el) => {
        const s = getComputedStyle(el)
        return { fg: s.color, bg: getComputedStyle(document.documentElement).backgroundColor }
      })
      expect(colours.fg).not.toBe(colours.bg)
    }

    // Keyboard only: choose the statistic, Tab to "Ask again", Enter.
    await statistic.focus()
    await statistic.selectOption('mean')
    await page.keyboard.press('Tab')
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('ask-again')
    const before = await page.locator('[data-testid=run]').count()
    await page.keyboard.press('Enter')
    await page.waitForFunction((n) => document.querySelectorAll('[data-testid=run]').length === n, before + 1, { timeout: 30_000, polling: 250 })
    const again = page.locator('[data-testid=run]').last()
    // The new run's header is filled in once the run is registered ("…" until then).
    await expect.poll(() => again.locator('header.question p').innerText(), { timeout: 30_000 }).toBe('What is the NDVI of this scene? Use the mean.')
    const answer = again.locator('[data-testid=answer]')
    await answer.waitFor({ timeout: 240_000 })
    const text = await answer.innerText()
    const value = Number(/-?\d+\.\d+/.exec(text)?.[0])
    expect(Math.abs(value - NDVI_DN_MEAN), `answer "${text}"; the run said:\n${await again.innerText()}`).toBeLessThan(1e-6)
    // The second run went through verification: its answer rests on a verified call.
    expect(await again.locator('[data-testid=basis-link]').count()).toBeGreaterThan(0)
    expect(await again.locator('[data-testid=refusal-fields]').count()).toBe(0)
    expect(desk.pageErrors).toEqual([])
  }, 400_000)

  it('offers a period field when the files do not cover the period asked, and answers with the period filled in its place', async () => {
    // The scene is of 2017-08-13 (its file names); July 2021 lies outside it.
    const first = await ask(page, 'What was the mean NDVI in July 2021?')
    expect(first.answer).toMatch(/not determined/i)
    const refused = page.locator('[data-testid=run]').last()
    const fields = refused.locator('[data-testid=refusal-fields]')
    await fields.waitFor({ timeout: 10_000 })
    expect(await fields.locator('[data-testid=understood]').innerText()).toMatch(/period: July 2021/)
    const period = fields.locator('[data-testid=refusal-period]')
    await period.fill('August 2017')
    const before = await page.locator('[data-testid=run]').count()
    await fields.locator('[data-testid=ask-again]').click()
    await page.waitForFunction((n) => document.querySelectorAll('[data-testid=run]').length === n, before + 1, { timeout: 30_000, polling: 250 })
    const again = page.locator('[data-testid=run]').last()
    // The filled period takes the place of the one read (two periods would be a comparison).
    expect(await again.locator('header.question p').innerText()).toBe('What was the mean NDVI in August 2017?')
    const answer = again.locator('[data-testid=answer]')
    await answer.waitFor({ timeout: 240_000 })
    const text = await answer.innerText()
    const value = Number(/-?\d+\.\d+/.exec(text)?.[0])
    expect(Math.abs(value - NDVI_DN_MEAN), `answer "${text}"; the run said:\n${await again.innerText()}`).toBeLessThan(1e-6)
    expect(desk.pageErrors).toEqual([])
  }, 400_000)
})
