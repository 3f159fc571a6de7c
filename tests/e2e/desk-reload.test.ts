/**
 * Issue 17, defect 1: a session with more than 8 rasters (the 46 task-46 GeoTIFFs and the 9 Landsat bands) reopened
 * in the browser. Every reload asks layers.info of all 55 layers at once; the tile sources must not close a file
 * another request is still reading (the EBADF the map showed), so after each of five reloads every layer row has
 * loaded, none carries an error, the map draws its visible layer, and no message covers the map.
 */
import fs from 'node:fs'
import path from 'node:path'
import type { BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FIXTURES, tempDir } from '../helpers/tmp'
import { buildRenderer, launchChromium, requireChromium, ROOT, startServe, type Served } from './rsure-serve'

const LANDSAT = path.dirname(FIXTURES.B4)
const FILES = [
  ...fs.readdirSync(FIXTURES.Q46_FILES).filter((f) => /\.tif$/i.test(f)).map((f) => path.join(FIXTURES.Q46_FILES, f)),
  ...fs.readdirSync(LANDSAT).filter((f) => /\.tif$/i.test(f)).map((f) => path.join(LANDSAT, f)),
]
const SHOTS = path.join(ROOT, 'test-results', 'e2e')

let tmp: { dir: string; cleanup: () => void }
let served: Served | null = null
let context: BrowserContext | null = null
let page: Page

async function connect(url: string): Promise<void> {
  await page.goto(url)
  await page.waitForFunction(() => document.querySelector('[data-testid=connection]')?.textContent?.includes('browser mode'), undefined, { timeout: 20_000 })
}

/** Wait until no layer row is still loading; return each row's state and note. */
async function layerRows(expected: number): Promise<{ name: string; state: string; note: string }[]> {
  await page.waitForFunction(
    (n) => {
      const rows = [...document.querySelectorAll('[data-testid=layer-row]')]
      return rows.length === n && rows.every((r) => r.getAttribute('data-state') !== 'loading')
    },
    expected,
    { timeout: 120_000 },
  ).catch(() => undefined)
  return page.locator('[data-testid=layer-row]').evaluateAll((rows) =>
    rows.map((r) => ({ name: r.getAttribute('data-name') ?? '', state: r.getAttribute('data-state') ?? '(none)', note: r.querySelector('p')?.textContent ?? '' })),
  )
}

beforeAll(async () => {
  requireChromium()
  fs.mkdirSync(SHOTS, { recursive: true })
  tmp = tempDir('rsure-reload-e2e-')
  const rendererDir = path.join(tmp.dir, 'web')
  buildRenderer(rendererDir)
  served = await startServe(rendererDir, path.join(tmp.dir, 'data'))
  context = await launchChromium(path.join(tmp.dir, 'chromium-profile'))
  page = context.pages()[0] ?? (await context.newPage())
  await connect(served.url)
}, 180_000)

afterAll(async () => {
  await context?.close()
  await served?.stop()
  tmp?.cleanup()
})

describe('a session with more rasters than the open-file cache (rsure serve + Chromium)', () => {
  it('loads every one of the 55 layers after each of five reloads, and draws all of them at once with no error', async () => {
    expect(FILES.length).toBe(55)
    await page.setInputFiles('[data-testid=file-input]', FILES)
    await expect.poll(() => page.locator('[data-testid=file-card]').count(), { timeout: 300_000 }).toBe(FILES.length)
    for (let reload = 1; reload <= 5; reload++) {
      await connect(served!.url)
      await expect.poll(() => page.locator('[data-testid=file-card]').count(), { timeout: 30_000 }).toBe(FILES.length)
      const rows = await layerRows(FILES.length)
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
      await page.waitForFunction(
        (n) => {
          const el = document.querySelector('[data-testid=map]')
          const idle = Number(el?.getAttribute('data-idle') ?? 0)
          return Number(el?.getAttribute('data-rasters')) === n && idle > 0 && Date.now() - idle > 500
        },
        FILES.length,
        { timeout: 60_000 },
      )
      await page.screenshot({ path: path.join(SHOTS, `desk-reload-${reload}-all.png`) })
      expect(await page.locator('.map-error, [data-testid=map-notice]').allInnerTexts()).toEqual([])
      expect(await page.locator('[data-testid=layer-row] p').allInnerTexts()).toEqual([])
    }
  }, 900_000)
})
