/**
 * Issue 17, item 7 (keyboard) in browser mode (`rsure serve` + Chromium): the first Tab reaches a skip link that
 * puts focus in the question box, whatever number of files the session holds; and closing the evidence viewer with
 * Esc gives focus back to the control that opened it.
 */
import path from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FIXTURES } from '../helpers/tmp'
import { addFiles, openDesk, SHOTS, type Desk } from './rsure-serve'

const B5 = FIXTURES.B4.replace(/_B4\.TIF$/, '_B5.TIF')

let desk: Desk
let page: Page

const focused = () => page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? document.activeElement?.tagName ?? null)

beforeAll(async () => {
  desk = await openDesk('rsure-keys-e2e-')
  page = desk.page
}, 180_000)

afterAll(async () => {
  await desk?.close()
})

describe('keyboard paths of the desk (rsure serve + Chromium)', () => {
  it('tells apart cards of same-prefix names, reaches the question with one Tab and Enter, and Esc on the evidence viewer gives focus back to its opener', async () => {
    await addFiles(page, [FIXTURES.B4, B5], 2, 60_000)
    // Two bands whose names differ only at the end are told apart on their cards: each name is shown whole enough
    // to read its band (not cut off by the card's edge), and no card shows a path inside the data folder.
    const names = await page.locator('[data-testid=file-card] h2').evaluateAll((els) =>
      els.map((e) => {
        const name = e.querySelector('.name') ?? e
        return { text: name.textContent ?? '', cut: name.scrollWidth > name.clientWidth || e.scrollWidth > e.clientWidth, title: e.getAttribute('title') ?? '' }
      }),
    )
    expect(names.map((n) => n.cut)).toEqual([false, false])
    expect(new Set(names.map((n) => n.text.slice(-6))).size).toBe(2)
    for (const n of names) expect(n.title).not.toMatch(/uploads[\\/]u/)
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur())
    await page.keyboard.press('Tab')
    expect(await focused()).toBe('skip-to-question')
    await page.screenshot({ path: path.join(SHOTS, 'desk-skip-link.png') })
    await page.keyboard.press('Enter')
    await expect.poll(focused).toBe('question')

    await page.keyboard.type('What is the mean NDVI of this scene?')
    await page.keyboard.press('Enter')
    const run = page.locator('[data-testid=run]').last()
    await run.locator('[data-testid=answer]').waitFor({ timeout: 120_000 })
    const opener = run.locator('[data-testid=open-evidence]').first()
    await opener.focus()
    await page.keyboard.press('Enter')
    const viewer = page.locator('[data-testid=evidence-viewer]')
    await viewer.waitFor()
    await page.keyboard.press('Escape')
    await expect.poll(() => viewer.count()).toBe(0)
    await expect.poll(focused).toBe('open-evidence')
  }, 300_000)
})
