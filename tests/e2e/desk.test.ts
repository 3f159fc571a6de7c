/**
 * End to end, the analyst's desk in browser mode (`rsure serve` + Debian Chromium, driven by playwright-core):
 * 1. add the Landsat 8 B4 and B5 fixtures through the page, ask "What is the mean NDVI of this scene?" with the rules
 *    backbone, see the answer (the fixture README's mean NDVI on raw DN, 0.2056), open the evidence viewer of the
 *    execute observation, see the NDVI layer over the scene on the map (pixels read back: the map is not blank and
 *    the overlay changes it), and mark the answer right: the prior's n of the configuration grows by one;
 * 2. ask the Earth-Bench task-46 question over its files with its options: answer B, the timeline shows the accepted
 *    observation, the DAG graph shows its nodes; after `rsure serve` restarts the run reopens from history;
 * 3. no request the page made left 127.0.0.1.
 * Screenshots of each step are saved under test-results/e2e/desk-*.png.
 */
import fs from 'node:fs'
import path from 'node:path'
import { PNG } from 'pngjs'
import type { BrowserContext, Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FIXTURES, shared, tempDir } from '../helpers/tmp'
import { buildRenderer, launchChromium, requireChromium, ROOT, startServe, type Served } from './rsure-serve'

const B5 = FIXTURES.B4.replace(/_B4\.TIF$/, '_B5.TIF')
const SHOTS = path.join(ROOT, 'test-results', 'e2e')
const Q46 = JSON.parse(fs.readFileSync(shared('benchmarks', 'earthbench-q46', 'tasks.jsonl'), 'utf8').split('\n')[0]) as { question: string; options: string; answer: string }

let tmp: { dir: string; cleanup: () => void }
let served: Served | null = null
let context: BrowserContext | null = null
let page: Page
let rendererDir = ''
let dataDir = ''
const requests: string[] = []
const pageErrors: string[] = []

async function shot(name: string): Promise<void> {
  const file = path.join(SHOTS, `desk-${name}.png`)
  await page.screenshot({ path: file })
  expect(fs.statSync(file).size).toBeGreaterThan(10_000)
}

/** Grey-level statistics of an element's screenshot (what the analyst sees, WebGL included). */
async function pixels(loc: Locator): Promise<{ png: PNG; mean: number; std: number }> {
  const png = PNG.sync.read(await loc.screenshot())
  let s = 0
  let s2 = 0
  const n = png.width * png.height
  for (let i = 0; i < png.data.length; i += 4) {
    const g = (png.data[i] + png.data[i + 1] + png.data[i + 2]) / 3
    s += g
    s2 += g * g
  }
  const mean = s / n
  return { png, mean, std: Math.sqrt(Math.max(0, s2 / n - mean * mean)) }
}

/** Fraction of pixels whose colour differs by more than `tol` (0..255) between two same-size screenshots. */
function changedFraction(a: PNG, b: PNG, tol = 24): number {
  let changed = 0
  for (let i = 0; i < a.data.length; i += 4) {
    const d = Math.abs(a.data[i] - b.data[i]) + Math.abs(a.data[i + 1] - b.data[i + 1]) + Math.abs(a.data[i + 2] - b.data[i + 2])
    if (d > tol) changed++
  }
  return changed / (a.width * a.height)
}

/** Wait until the map in `testId` shows `rasters` raster layers and has been idle (all tiles drawn) for a moment. */
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

async function connect(url: string): Promise<void> {
  await page.goto(url)
  await page.waitForFunction(() => document.querySelector('[data-testid=connection]')?.textContent?.includes('browser mode'), undefined, { timeout: 20_000 })
}

async function priorN(task: string, config: string, screenshot?: string): Promise<number> {
  await page.click('[data-testid=tab-prior]')
  const cell = page.locator(`[data-testid=prior-cell][data-task="${task}"][data-config="${config}"]`)
  await cell.waitFor({ timeout: 20_000 })
  const n = Number(await cell.getAttribute('data-n'))
  if (screenshot) await shot(screenshot)
  await page.click('[data-testid=tab-desk]')
  return n
}

beforeAll(async () => {
  requireChromium()
  for (const f of [FIXTURES.B4, B5, FIXTURES.Q46_FILES]) if (!fs.existsSync(f)) throw new Error(`The fixture ${f} is missing: check out ../shared beside the project.`)
  fs.mkdirSync(SHOTS, { recursive: true })
  tmp = tempDir('rsure-desk-e2e-')
  rendererDir = path.join(tmp.dir, 'web')
  dataDir = path.join(tmp.dir, 'data')
  buildRenderer(rendererDir)
  served = await startServe(rendererDir, dataDir)
  context = await launchChromium(path.join(tmp.dir, 'chromium-profile'))
  context.on('request', (r) => requests.push(r.url()))
  page = context.pages()[0] ?? (await context.newPage())
  page.on('pageerror', (e) => pageErrors.push(e.message))
  page.on('console', (m) => {
    if (m.type() === 'error') pageErrors.push(`${m.text()} ${m.location().url}`)
  })
  page.on('response', (r) => {
    if (r.status() >= 400) pageErrors.push(`${r.status()} ${r.url()}`)
  })
  await connect(served.url)
})

afterAll(async () => {
  await context?.close()
  await served?.stop()
  tmp?.cleanup()
})

describe('the desk (rsure serve + Chromium)', () => {
  let ndviRun = ''

  it('answers the mean NDVI of the Landsat scene with the rules backbone, and a right mark grows the prior', async () => {
    await page.setInputFiles('[data-testid=file-input]', [FIXTURES.B4, B5])
    await expect.poll(() => page.locator('[data-testid=file-card] [data-testid=preview-img]').count(), { timeout: 30_000 }).toBe(2)
    await mapSettled('map', 1)
    const scene = await pixels(page.locator('[data-testid=map] canvas'))
    expect(scene.std).toBeGreaterThan(10)
    await shot('1-files')

    const config = 'execute:raster.product'
    const nBefore = await priorN('environmental_assessment', config)

    await page.fill('[data-testid=question]', 'What is the mean NDVI of this scene?')
    await page.press('[data-testid=question]', 'Enter')
    const answer = page.locator('[data-testid=run]').last().locator('[data-testid=answer]')
    await answer.waitFor({ timeout: 60_000 })
    expect(Number(await answer.innerText())).toBeCloseTo(0.2056, 4)
    ndviRun = (await page.locator('[data-testid=run]').last().getAttribute('data-run'))!
    expect(ndviRun).toMatch(/^run-/)
    const call = page.locator('[data-testid=timeline-call]').first()
    expect(await call.getAttribute('data-status')).toBe('accepted')
    expect(await call.locator('[data-testid=verdict]').innerText()).toMatch(/accepted/)
    await shot('2-answer')

    await page.locator(`[data-testid=run][data-run="${ndviRun}"] [data-testid=mark-answer] [data-testid=mark-right]`).click()
    await page.locator('[data-testid=prior-change]').waitFor({ timeout: 20_000 })
    await shot('4-marked')
    expect(await priorN('environmental_assessment', config, '9-prior')).toBe(nBefore + 1)
  })

  // The compiled NDVI DAG reduces its index to a mean and lists no save; execute saves the product node's raster
  // (a single scene) all the same, so the viewer draws it.
  it('opens the evidence viewer of the execute observation: its DAG, and the NDVI layer over the scene on the map', async () => {
    const call = page.locator(`[data-testid=run][data-run="${ndviRun}"] [data-testid=timeline-call]`).first()
    await call.locator('[data-testid=open-evidence]').click()
    const viewer = page.locator('[data-testid=evidence-viewer]')
    await viewer.waitFor()
    await expect.poll(() => viewer.locator('[data-testid=dag-node]').count()).toBe(6)
    expect(await viewer.locator('[data-testid=evidence-source]').textContent()).toContain('normalized_difference')
    expect(await viewer.locator('[data-testid=evidence-validity]').textContent()).toContain('node_status')
    // The call's saved NDVI layer is drawn over the scene as soon as the viewer opens (two raster layers).
    await viewer.locator('[data-testid=product-toggle]').waitFor({ timeout: 20_000 })
    await mapSettled('evidence-map', 2)
    const withNdvi = await pixels(viewer.locator('[data-testid=evidence-map] canvas'))
    await shot('3-evidence-ndvi')
    await viewer.locator('[data-testid=product-toggle]').uncheck()
    await page.waitForTimeout(300)
    await mapSettled('evidence-map', 1)
    const sceneOnly = await pixels(viewer.locator('[data-testid=evidence-map] canvas'))
    // The scene is drawn (not a flat canvas), and the NDVI overlay changes a good part of it.
    expect(sceneOnly.std).toBeGreaterThan(10)
    expect(withNdvi.std).toBeGreaterThan(10)
    expect(changedFraction(withNdvi.png, sceneOnly.png)).toBeGreaterThan(0.2)
    await viewer.locator('[data-testid=product-toggle]').check()
    await page.keyboard.press('Escape')
    await expect.poll(() => viewer.count()).toBe(0)
  })

  it('exports the run as an HTML report that opens offline with its images, and as a PDF; the light theme reads', async () => {
    if (await page.locator('[data-testid=evidence-viewer]').count()) await page.click('[data-testid=close-evidence]')
    const run = page.locator(`[data-testid=run][data-run="${ndviRun}"]`)
    const [html] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), run.locator('[data-testid=export-html]').click()])
    const htmlPath = path.join(SHOTS, 'desk-report.html')
    await html.saveAs(htmlPath)
    await context!.setOffline(true)
    const report = await context!.newPage()
    await report.goto(`file://${htmlPath}`)
    // The fixture README's 0.2056, as the answer writes it (with the digits the formatter keeps).
    expect(await report.textContent('body')).toMatch(/0\.20(?:55[5-9]|56[0-4])\d*/)
    const images = await report.$$eval('img', (imgs) => imgs.map((i) => (i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth > 0))
    expect(images.length).toBeGreaterThan(0)
    expect(images.every(Boolean)).toBe(true)
    await report.screenshot({ path: path.join(SHOTS, 'desk-report.png'), fullPage: true })
    await report.close()
    await context!.setOffline(false)
    const [pdf] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), run.locator('[data-testid=export-pdf]').click()])
    const pdfBytes = fs.readFileSync(await pdf.path())
    expect(pdfBytes.subarray(0, 5).toString('latin1')).toBe('%PDF-')
    expect((pdfBytes.toString('latin1').match(/\/Type\s*\/Page\b/g) ?? []).length).toBeGreaterThanOrEqual(1)

    // Light theme, same window, still readable at 1280×800.
    await page.click('[data-testid=theme]')
    await page.click('[data-testid=theme]')
    expect(await page.evaluate(() => document.documentElement.getAttribute('data-theme'))).toBe('light')
    await shot('8-light')
    await page.click('[data-testid=theme]')
    expect(await page.evaluate(() => document.documentElement.getAttribute('data-theme'))).toBe('dark')
    await shot('8-dark')
  })

  it('answers Earth-Bench task 46 with B, shows the accepted observation and its DAG, and reopens it after a restart', async () => {
    if (await page.locator('[data-testid=evidence-viewer]').count()) await page.click('[data-testid=close-evidence]')
    const files = fs.readdirSync(FIXTURES.Q46_FILES).map((f) => path.join(FIXTURES.Q46_FILES, f))
    const before = await page.locator('[data-testid=file-card]').count()
    await page.setInputFiles('[data-testid=file-input]', files)
    await expect.poll(() => page.locator('[data-testid=file-card]').count(), { timeout: 300_000 }).toBe(before + files.length)
    // Only the Earth-Bench files are in context for this question: remove the others.
    const names = new Set(files.map((f) => path.basename(f)))
    for (const name of await page.locator('[data-testid=file-card]').evaluateAll((cards) => cards.map((c) => c.getAttribute('data-name')))) {
      if (name && !names.has(name)) await page.locator(`[data-testid=file-card][data-name="${name}"] button[aria-label^=remove]`).click()
    }
    await expect.poll(() => page.locator('[data-testid=file-card]').count()).toBe(files.length)
    await page.check('[data-testid=options-toggle]')
    await page.fill('[data-testid=options]', Q46.options)
    await page.fill('[data-testid=question]', Q46.question)
    await page.press('[data-testid=question]', 'Enter')
    const run = page.locator('[data-testid=run]').last()
    await run.locator('[data-testid=timeline-call]').first().waitFor({ timeout: 60_000 })
    await shot('5-q46-running')
    const answer = run.locator('[data-testid=answer]')
    // The pipeline reads 46 rasters; on a busy two-core machine that takes minutes.
    await answer.waitFor({ timeout: 420_000 })
    expect(await answer.innerText()).toBe(Q46.answer)
    const runId = (await run.getAttribute('data-run'))!
    const accepted = run.locator('[data-testid=timeline-call][data-status=accepted]')
    expect(await accepted.count()).toBeGreaterThanOrEqual(1)
    await shot('5-q46-answer')
    await accepted.first().locator('[data-testid=open-evidence]').first().click()
    const viewer = page.locator('[data-testid=evidence-viewer]')
    await expect.poll(() => viewer.locator('[data-testid=dag-node]').count()).toBeGreaterThanOrEqual(4)
    // The output node (the annual mean) ran; every node shows a status.
    expect(await viewer.locator('[data-testid=dag-node][data-output=true]').getAttribute('data-status')).toBe('ok')
    for (const s of await viewer.locator('[data-testid=dag-node]').evaluateAll((els) => els.map((e) => e.getAttribute('data-status')))) expect(s).toMatch(/^(ok|partial)$/)
    await shot('6-q46-dag')
    await page.keyboard.press('Escape')

    await served!.stop()
    served = await startServe(rendererDir, dataDir)
    await connect(served.url)
    await page.click('[data-testid=tab-history]')
    const row = page.locator(`[data-testid=history-row][data-run="${runId}"]`)
    await row.waitFor({ timeout: 20_000 })
    await shot('7-history')
    await row.locator('[data-testid=history-open]').click()
    const reopened = page.locator(`[data-testid=run][data-run="${runId}"]`)
    await reopened.locator('[data-testid=answer]').waitFor({ timeout: 20_000 })
    expect(await reopened.locator('[data-testid=answer]').innerText()).toBe(Q46.answer)
    expect(await reopened.locator('[data-testid=timeline-call][data-status=accepted]').count()).toBe(await accepted.count())
    await reopened.locator('[data-testid=timeline-call][data-status=accepted] [data-testid=open-evidence]').first().click()
    await expect.poll(() => page.locator('[data-testid=evidence-viewer] [data-testid=dag-node]').count()).toBeGreaterThanOrEqual(4)
    await shot('7-q46-reopened-evidence')
    await page.keyboard.press('Escape')
  }, 900_000)

  it('made no request that left 127.0.0.1 and raised no page error', () => {
    expect(requests.length).toBeGreaterThan(10)
    const outside = requests.filter((u) => {
      // In-page data and the saved report opened from disk are not network requests.
      if (u.startsWith('blob:') || u.startsWith('data:') || u.startsWith(`file://${SHOTS}`)) return false
      try {
        return new URL(u).hostname !== '127.0.0.1'
      } catch {
        return true
      }
    })
    expect(outside).toEqual([])
    expect(pageErrors).toEqual([])
  })
})
