/**
 * Issue 17, the exported HTML report in browser mode (`rsure serve` + Chromium), after a mean-NDVI run over the
 * Landsat B4 and B5 fixtures uploaded through the page (so they lie in the data folder's uploads/):
 * - it names no internal absolute path: not the data folder, not its uploads/ or artifacts/, not the temporary
 *   folder of the test, not the fixtures' folder (the files are named by their names);
 * - opened in a browser set to dark, it is dark and readable: the page background is dark, the text light, and the
 *   contrast of body text, table headers and cells is at least 7:1 (WCAG AAA), computed here from the colours
 *   the browser resolved; opened in light it stays light with the same contrast.
 */
import fs from 'node:fs'
import path from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FIXTURES } from '../helpers/tmp'
import { addFiles, ask, openDesk, SHOTS, type Desk } from './rsure-serve'

const B5 = FIXTURES.B4.replace(/_B4\.TIF$/, '_B5.TIF')

let desk: Desk
let page: Page
let html = ''
const htmlPath = path.join(SHOTS, 'report-e2e.html')

beforeAll(async () => {
  desk = await openDesk('rsure-report-e2e-')
  page = desk.page
}, 180_000)

afterAll(async () => {
  await desk?.close()
})

/** WCAG relative luminance of 'rgb(r, g, b)'. */
function luminance(css: string): number {
  const [r, g, b] = (css.match(/[\d.]+/g) ?? ['255', '255', '255']).slice(0, 3).map((v) => {
    const c = Number(v) / 255
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  })
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
}
const contrast = (a: string, b: string) => {
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p)
  return (x + 0.05) / (y + 0.05)
}

async function colours(scheme: 'dark' | 'light'): Promise<{ page: string; pairs: { what: string; fg: string; bg: string }[] }> {
  const report = await desk.context.newPage()
  await report.emulateMedia({ colorScheme: scheme })
  await report.goto(`file://${htmlPath}`)
  const out = await report.evaluate(() => {
    const bgOf = (el: Element | null): string => {
      for (let e = el; e; e = e.parentElement) {
        const c = getComputedStyle(e).backgroundColor
        if (c && c !== 'rgba(0, 0, 0, 0)' && c !== 'transparent') return c
      }
      return 'rgb(255, 255, 255)'
    }
    const pick = (sel: string) => {
      const el = document.querySelector(sel)
      return { what: sel, fg: el ? getComputedStyle(el).color : '', bg: bgOf(el) }
    }
    return { page: bgOf(document.body), pairs: [pick('h1'), pick('#answer'), pick('.traj th'), pick('.traj td'), pick('.meta td')] }
  })
  await report.screenshot({ path: path.join(SHOTS, `report-e2e-${scheme}.png`), fullPage: false })
  await report.close()
  return out
}

describe('the exported report (rsure serve + Chromium)', () => {
  it('names no internal absolute path', async () => {
    await addFiles(page, [FIXTURES.B4, B5], 2, 60_000)
    const { runId, answer } = await ask(page, 'What is the mean NDVI of this scene?')
    expect(Number(answer)).toBeCloseTo(0.2056, 4)
    const run = page.locator(`[data-testid=run][data-run="${runId}"]`)
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), run.locator('[data-testid=export-html]').click()])
    await download.saveAs(htmlPath)
    html = fs.readFileSync(htmlPath, 'utf8')
    // The text without the pictures' base64.
    const text = html.replace(/data:image\/png;base64,[A-Za-z0-9+/=]+/g, 'data:')
    // The fixture README's 0.2056, as the answer writes it (with the digits the formatter keeps).
    expect(text).toMatch(/0\.20(?:55[5-9]|56[0-4])\d*/)
    for (const internal of [desk.dataDir, desk.dir, path.dirname(FIXTURES.B4), 'uploads/', 'artifacts/', '/tmp/', process.env.HOME ?? '/root/']) {
      expect(text.includes(internal), `the report names ${internal}: …${text.slice(Math.max(0, text.indexOf(internal) - 80), text.indexOf(internal) + 80)}…`).toBe(false)
    }
    // The inputs are still named, by their file names.
    expect(text).toContain(path.basename(FIXTURES.B4))
  })

  it('is dark and readable in a dark browser, light and readable in a light one', async () => {
    const dark = await colours('dark')
    expect(luminance(dark.page)).toBeLessThan(0.05)
    for (const p of dark.pairs) expect(contrast(p.fg, p.bg), `${p.what}: ${p.fg} on ${p.bg}`).toBeGreaterThanOrEqual(7)
    const light = await colours('light')
    expect(luminance(light.page)).toBeGreaterThan(0.8)
    for (const p of light.pairs) expect(contrast(p.fg, p.bg), `${p.what}: ${p.fg} on ${p.bg}`).toBeGreaterThanOrEqual(7)
  })

  it('raised no page error', () => {
    expect(desk.pageErrors).toEqual([])
  })
})
