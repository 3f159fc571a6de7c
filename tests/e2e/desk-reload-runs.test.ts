/**
 * Issue 17, the desk's runs after a reload (the small, fast form of desk-reload.test.ts's third case). The third
 * case failed with 3 runs back but 2 evidence buttons: its two Landsat questions were asked with task 46's four
 * TVDI options still ticked in the prompt (the prompt cleared the question after Enter but kept the options), so
 * 'What share of this scene is water?' became a choice among TVDI values, the reader placed no variable, nothing
 * was computed, and the run had no call to show. Here, on the nine Landsat bands: a multiple-choice question, then
 * a plain one typed after it is asked without the earlier options and computes its measure; after one reload both
 * runs come back with the same calls, every call with an observation offers its evidence viewer, and a run with
 * no observation says on its card why nothing was computed.
 */
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { expectEachRunExplained, runsOnDesk } from './desk-reload-check'
import { addFiles, ask, connect, LANDSAT_TIFS, openDesk, type Desk } from './rsure-serve'

let desk: Desk
let page: Page

beforeAll(async () => {
  desk = await openDesk('rsure-reload-runs-e2e-')
  page = desk.page
}, 180_000)

afterAll(async () => {
  await desk?.close()
})

describe('the desk after a reload (rsure serve + Chromium)', () => {
  it('asks a plain question after a multiple-choice one without its options; after a reload each run has its evidence', async () => {
    await addFiles(page, LANDSAT_TIFS, LANDSAT_TIFS.length)
    await page.check('[data-testid=options-toggle]')
    await page.fill('[data-testid=options]', 'A. 0.31\nB. 0.52')
    await ask(page, 'What is the mean NDVI of this scene?')
    // The options went with the question they were written for.
    expect(await page.locator('[data-testid=options-toggle]').isChecked()).toBe(false)
    expect(await page.locator('[data-testid=options]').count()).toBe(0)
    expect((await ask(page, 'What share of this scene is water?')).answer).not.toBe('Not determined')
    const before = await runsOnDesk(page)
    expect(before.map((r) => r.question)).toEqual(['What is the mean NDVI of this scene?', 'What share of this scene is water?'])
    // The water share is computed by its measure (it was a choice among TVDI values the reader could not place).
    expect(before[1].calls.map((c) => [c.tool, c.evidence])).toContainEqual(['measure', true])
    expectEachRunExplained(before)
    await connect(page, desk.served.url)
    await expect.poll(() => page.locator('[data-testid=run] [data-testid=answer]').count(), { timeout: 60_000 }).toBe(2)
    const after = await runsOnDesk(page)
    expect(after).toEqual(before)
    expectEachRunExplained(after)
    expect(desk.pageErrors).toEqual([])
  }, 300_000)
})
