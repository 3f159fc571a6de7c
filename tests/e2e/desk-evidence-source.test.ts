/**
 * Issue 17, defect 4 in browser mode (`rsure serve` + Chromium): the evidence viewer of an execute run on 2019-07-12
 * NDVI shows that raster (the file its band mapping read), not the session's first file; reopened from History after
 * the task-46 files left the session (Landsat bands in it instead), it shows none of the session's rasters and says
 * the one it was computed from is not in this session.
 */
import fs from 'node:fs'
import path from 'node:path'
import { fromFile } from 'geotiff'
import type { BrowserContext, Page } from 'playwright-core'
import proj4 from 'proj4'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FIXTURES, tempDir } from '../helpers/tmp'
import { buildRenderer, launchChromium, requireChromium, ROOT, startServe, type Served } from './rsure-serve'

const LANDSAT = path.dirname(FIXTURES.B4)
const LANDSAT_TIFS = fs.readdirSync(LANDSAT).filter((f) => /\.tif$/i.test(f)).map((f) => path.join(LANDSAT, f))
const Q46_TIFS = fs.readdirSync(FIXTURES.Q46_FILES).filter((f) => /\.tif$/i.test(f)).map((f) => path.join(FIXTURES.Q46_FILES, f))
const SHOTS = path.join(ROOT, 'test-results', 'e2e')

let tmp: { dir: string; cleanup: () => void }
let served: Served | null = null
let context: BrowserContext | null = null
let page: Page
let dataDir = ''
const pageErrors: string[] = []

async function connect(url: string): Promise<void> {
  await page.goto(url)
  await page.waitForFunction(() => document.querySelector('[data-testid=connection]')?.textContent?.includes('browser mode'), undefined, { timeout: 20_000 })
}

async function mapSettled(testId: string, rasters: number): Promise<void> {
  await page.waitForFunction(
    ({ id, rasters }) => {
      const el = document.querySelector(`[data-testid=${id}]`)
      const idle = Number(el?.getAttribute('data-idle') ?? 0)
      return Number(el?.getAttribute('data-rasters')) === rasters && idle > 0 && Date.now() - idle > 400
    },
    { id: testId, rasters },
    { timeout: 30_000 },
  )
}

async function ask(question: string): Promise<{ runId: string; answer: string }> {
  const before = await page.locator('[data-testid=run]').count()
  await page.fill('[data-testid=question]', question)
  await page.press('[data-testid=question]', 'Enter')
  await expect.poll(() => page.locator('[data-testid=run]').count(), { timeout: 30_000 }).toBe(before + 1)
  const run = page.locator('[data-testid=run]').last()
  const answer = run.locator('[data-testid=answer]')
  await answer.waitFor({ timeout: 240_000 })
  return { runId: (await run.getAttribute('data-run'))!, answer: await answer.innerText() }
}

/** Every stored GeoJSON in the artifact folder. */
function storedGeoJsons(): { file: string; json: { coordinate_space?: string; epsg?: number; features: { geometry: { type: string; coordinates: unknown } }[] } }[] {
  const out: ReturnType<typeof storedGeoJsons> = []
  const walk = (d: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name)
      if (e.isDirectory()) walk(p)
      else if (p.endsWith('.geojson')) out.push({ file: p, json: JSON.parse(fs.readFileSync(p, 'utf8')) })
    }
  }
  walk(path.join(dataDir, 'artifacts'))
  return out
}

function firstVertex(fc: { features: { geometry: { type: string; coordinates: unknown } }[] }): number[] {
  let c: unknown = fc.features[0].geometry.coordinates
  while (Array.isArray(c) && Array.isArray(c[0])) c = c[0]
  return c as number[]
}

function allVertices(fc: { features: { geometry: { coordinates: unknown } }[] }): number[][] {
  const out: number[][] = []
  const walk = (c: unknown) => {
    if (Array.isArray(c) && typeof c[0] === 'number') out.push(c as number[])
    else if (Array.isArray(c)) c.forEach(walk)
  }
  for (const f of fc.features) walk(f.geometry.coordinates)
  return out
}

beforeAll(async () => {
  requireChromium()
  fs.mkdirSync(SHOTS, { recursive: true })
  tmp = tempDir('rsure-evidence-e2e-')
  const rendererDir = path.join(tmp.dir, 'web')
  dataDir = path.join(tmp.dir, 'data')
  buildRenderer(rendererDir)
  served = await startServe(rendererDir, dataDir)
  context = await launchChromium(path.join(tmp.dir, 'chromium-profile'))
  page = context.pages()[0] ?? (await context.newPage())
  page.on('pageerror', (e) => pageErrors.push(e.message))
  await connect(served.url)
}, 180_000)

afterAll(async () => {
  await context?.close()
  await served?.stop()
  tmp?.cleanup()
})

describe('the evidence viewer and layer export (rsure serve + Chromium)', () => {
  it('shows the raster an execute observation was computed from, and none of the session when reopened without it', async () => {
    const before = await page.locator('[data-testid=file-card]').count()
    await page.setInputFiles('[data-testid=file-input]', Q46_TIFS)
    await expect.poll(() => page.locator('[data-testid=file-card]').count(), { timeout: 300_000 }).toBe(before + Q46_TIFS.length)
    // Only the task-46 files answer this question.
    for (const f of LANDSAT_TIFS) {
      const card = page.locator(`[data-testid=file-card][data-name="${path.basename(f)}"] button[aria-label^=remove]`)
      if (await card.count()) await card.click()
    }
    await expect.poll(() => page.locator('[data-testid=file-card]').count()).toBe(Q46_TIFS.length)
    const { runId } = await ask('What is the mean NDVI on 2019-07-12?')
    const run = page.locator(`[data-testid=run][data-run="${runId}"]`)
    await run.locator('[data-testid=timeline-call][data-status=accepted] [data-testid=open-evidence]').first().click()
    const viewer = page.locator('[data-testid=evidence-viewer]')
    await viewer.locator('[data-testid=evidence-source-raster]').waitFor({ timeout: 20_000 })
    expect(await viewer.locator('[data-testid=evidence-source-raster]').innerText()).toBe('Source: Xinjiang_2019-07-12_NDVI.tif')
    await page.screenshot({ path: path.join(SHOTS, 'desk-evidence-execute-source.png') })
    await page.keyboard.press('Escape')

    // The task-46 files leave the session; the Landsat scene comes back; the run reopened from History does not
    // show a Landsat band as its source.
    for (const f of Q46_TIFS) await page.locator(`[data-testid=file-card][data-name="${path.basename(f)}"] button[aria-label^=remove]`).click()
    await page.setInputFiles('[data-testid=file-input]', LANDSAT_TIFS.slice(0, 2))
    await expect.poll(() => page.locator('[data-testid=file-card]').count(), { timeout: 60_000 }).toBe(2)
    await connect(served!.url)
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
    await page.screenshot({ path: path.join(SHOTS, 'desk-evidence-reopened.png') })
    await page.keyboard.press('Escape')
    expect(pageErrors).toEqual([])
  }, 900_000)
})
