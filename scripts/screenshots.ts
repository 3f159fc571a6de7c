/**
 * Screenshots of every screen of the desk in browser mode (`rsure serve` + Debian's Chromium, as the e2e tests run
 * it), in light and dark, at 1024x700 and 1920x1080: the desk (map with a run's mask, the pixel viewer with a change
 * pair's regions), the evidence viewer for each observation kind the weight-free tools make (execute, measurement,
 * change, and objects with a generated pack), a refused question, History, Prior, Settings and the HTML report
 * (light only: it follows the opening browser's colour scheme and prints light). Files:
 * <out>/<screen>-<theme>-<width>x<height>.png, and <out>/index.txt listing them.
 *
 *   npm run screenshots [-- OUT_DIR] [--docs]      (default test-results/screenshots)
 *
 * --docs also writes the README tour's pictures (DOCS below) to docs/screenshots/ as palette PNGs (sharp), small
 * enough to keep in the repository.
 *
 * The session: the LEVIR-CD pair asked for its changed share, then the Landsat 8 scene with its MTL asked for its
 * mean NDVI and water share (fixtures in ../shared). The objects kind is shown with a tiny generated detector pack
 * (tests/helpers/onnx-packs.ts: fixed boxes, not a trained model) over a DOTA image, asked for its ships, so the
 * viewer's boxes-over-the-image layout can be looked at. Scene classes and document text need CLIP and OCR
 * questions the rules backbone does not route to perception, so they are not made here.
 */
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Page } from 'playwright-core'

// The e2e helpers find the project and ../shared from their own folder (__dirname, which vitest provides); this
// script runs as an ES module, so it names that folder (both helper files sit two levels under the project root)
// before loading them.
Object.assign(globalThis, { __dirname: path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'tests', 'e2e') })
const { shared } = await import('../tests/helpers/tmp')
const { addFiles, ask, LANDSAT_MTL, LANDSAT_TIFS, mapSettled, openDesk, ROOT } = await import('../tests/e2e/rsure-serve')
const { meanAffineModel, RawHead, writePack, YOLO_NORM } = await import('../tests/helpers/onnx-packs')
const { anchorCount } = await import('../main/engines/vision/contracts')

/** A 64x64 YOLO detect pack whose output is fixed: two ships and a plane (letterboxed pixels), for the screenshots. */
function writeTinyDetector(dir: string): void {
  fs.mkdirSync(dir, { recursive: true })
  const S = 64
  const head = new RawHead(6, anchorCount(S, S)).box(5, 20, 24, 10, 6, 0, 0.9).box(7, 44, 40, 8, 5, 0, 0.8).box(9, 30, 50, 6, 6, 1, 0.7)
  meanAffineModel(path.join(dir, 'model.onnx'), { inputDims: [1, 3, S, S], outputs: [{ name: 'output0', dims: [1, head.rows, head.anchors], base: head.data }] })
  writePack(dir, { id: 'tiny-detect', family: 'yolo', task: 'detect', input: { width: S, height: S, resize: 'letterbox', normalisation: YOLO_NORM }, classNames: ['ship', 'plane'], files: { model: 'model.onnx' } })
}

const args = process.argv.slice(2)
const OUT = path.resolve(args.find((a) => !a.startsWith('--')) ?? path.join(ROOT, 'test-results', 'screenshots'))
/** The README tour's pictures. */
const DOCS = [
  'desk-light-1024x700.png',
  'desk-pixel-viewer-change-dark-1024x700.png',
  'evidence-execute-light-1024x700.png',
  'evidence-change-dark-1024x700.png',
  'evidence-measurement-light-1024x700.png',
  'prior-dark-1024x700.png',
]
const SIZES = [
  { width: 1024, height: 700 },
  { width: 1920, height: 1080 },
]
const THEMES = ['light', 'dark'] as const
type Theme = (typeof THEMES)[number]

const shots: string[] = []

/** Every size and theme of one screen; `show` puts the screen up (again) after a resize or theme change. */
async function capture(page: Page, name: string, show: () => Promise<void>, settle: () => Promise<void> = () => page.waitForTimeout(400), themes: readonly Theme[] = THEMES): Promise<void> {
  for (const size of SIZES) {
    await page.setViewportSize(size)
    for (const theme of themes) {
      await closeEvidence(page)
      await setTheme(page, theme)
      await dismissNotice(page)
      await show()
      await settle()
      const file = path.join(OUT, `${name}-${theme}-${size.width}x${size.height}.png`)
      await page.screenshot({ path: file })
      shots.push(path.relative(OUT, file))
      console.log(`  ${path.relative(ROOT, file)}`)
    }
  }
}

/** The desk's own theme switch (so its state, the ☾/☀ button and Settings agree); a plain page gets the attribute. */
async function setTheme(page: Page, theme: Theme): Promise<void> {
  await page.emulateMedia({ colorScheme: theme })
  const toggle = page.locator('[data-testid=theme]')
  if (await toggle.count()) {
    for (let i = 0; i < 3; i++) {
      const now = await page.evaluate(() => localStorage.getItem('rsure.theme'))
      if (now === theme) return
      await toggle.click()
    }
    return
  }
  await page.evaluate((t) => {
    document.documentElement.setAttribute('data-theme', t)
    try {
      localStorage.setItem('rsure.theme', t)
    } catch {
      // A file:// page (the report) may have no storage.
    }
  }, theme)
}

/** Dismiss the status line's notice (it stays until dismissed), so each shot shows the screen itself. */
async function dismissNotice(page: Page): Promise<void> {
  const close = page.locator('[data-testid=notice] button[aria-label=dismiss]')
  if (await close.count()) await close.click()
}

async function tab(page: Page, id: 'desk' | 'history' | 'prior' | 'settings'): Promise<void> {
  await page.click(`[data-testid=tab-${id}]`)
}

/** Open the evidence of the run's first call (capture closed any viewer before switching the theme). */
async function openEvidence(page: Page, runId: string): Promise<void> {
  await tab(page, 'desk')
  await page.locator(`[data-testid=run][data-run="${runId}"] [data-testid=open-evidence]`).first().click()
  await page.locator('[data-testid=evidence-viewer]').waitFor()
}

async function closeEvidence(page: Page): Promise<void> {
  const close = page.locator('[data-testid=close-evidence]')
  if (await close.count()) {
    await close.click()
    await page.locator('[data-testid=evidence-viewer]').waitFor({ state: 'detached' })
  }
}

/** Wait for a map to draw `rasters` raster layers, or give up quietly after 20 s (the shot shows what is there). */
const mapDrawn = (page: Page, testId: string, rasters: number) => () => mapSettled(page, testId, rasters, 20_000, 300).catch(() => page.waitForTimeout(500))

async function main(): Promise<void> {
  fs.mkdirSync(OUT, { recursive: true })
  console.log(`Screenshots into ${OUT}`)
  const desk = await openDesk('rsure-screenshots-', SIZES[0])
  const page = desk.page
  try {
    await capture(page, 'settings', () => tab(page, 'settings'))

    // The LEVIR-CD pair: the change share, its regions in the pixel viewer, its evidence.
    const A = shared('fixtures', 'levircd', 'A', 'test_2_0000_0000.png')
    const B = shared('fixtures', 'levircd', 'B', 'test_2_0000_0000.png')
    await tab(page, 'desk')
    await addFiles(page, [A, B], 2, 120_000)
    const change = await ask(page, 'What percentage of the area changed between the two images?')
    await capture(page, 'desk-pixel-viewer-change', async () => {
      await tab(page, 'desk')
      await page.locator('.view-tabs button').nth(1).click()
      await page.locator('[data-testid=pixel-viewer]').waitFor()
    })
    await capture(page, 'evidence-change', () => openEvidence(page, change.runId), () => page.waitForTimeout(800))
    await closeEvidence(page)
    for (let n = 2; n > 0; n--) await page.locator('[data-testid=file-card] button[aria-label^=remove]').first().click()

    // Objects: the tiny detector pack over a DOTA image (see the module comment).
    const tinyPack = path.join(desk.dataDir, 'models', 'tiny-detect')
    writeTinyDetector(tinyPack)
    await addFiles(page, [shared('fixtures', 'dota8', 'images', 'train', 'P1053__1024__0___90.jpg')], 1, 120_000)
    const objects = await ask(page, 'How many ships are in this image?')
    const pictureShown = () =>
      page
        .waitForFunction(() => !document.querySelector('[data-testid=evidence-viewer]')?.textContent?.includes('Loading'), undefined, { timeout: 30_000 })
        .catch(() => undefined)
        .then(() => page.waitForTimeout(400))
    await capture(page, 'evidence-objects', () => openEvidence(page, objects.runId), pictureShown)
    await closeEvidence(page)
    await page.locator('[data-testid=file-card] button[aria-label^=remove]').first().click()
    // The pack is only for that screen: the refused question below is asked with no pack installed.
    fs.rmSync(tinyPack, { recursive: true, force: true })

    // The Landsat scene with its MTL: NDVI on TOA reflectance (execute) and the water share (measure, with a mask).
    await addFiles(page, [...LANDSAT_TIFS, LANDSAT_MTL], LANDSAT_TIFS.length, 120_000)
    const ndvi = await ask(page, 'What is the mean NDVI of this scene?')
    const water = await ask(page, 'What share of this scene is water?')
    await capture(
      page,
      'desk',
      async () => {
        await tab(page, 'desk')
        await page.locator('.view-tabs button').first().click()
        // The scene fills the map at this size (the map keeps its zoom when the window changes size).
        await page.locator('[data-testid=layer-row] [data-testid=zoom-to-layer]').first().click()
      },
      mapDrawn(page, 'map', 2),
    )
    await capture(page, 'evidence-execute', () => openEvidence(page, ndvi.runId), mapDrawn(page, 'evidence-map', 2))
    await capture(page, 'evidence-measurement', () => openEvidence(page, water.runId), mapDrawn(page, 'evidence-map', 2))
    await closeEvidence(page)
    const refused = await ask(page, 'How many ships are in the harbour?')
    await capture(page, 'desk-refused', async () => {
      await tab(page, 'desk')
      await page.locator('[data-testid=layer-row] [data-testid=zoom-to-layer]').first().click()
      await page.locator(`[data-testid=run][data-run="${refused.runId}"]`).scrollIntoViewIfNeeded()
    })

    await capture(page, 'history', () => tab(page, 'history'))
    await capture(page, 'prior', () => tab(page, 'prior'))

    // The HTML report of the NDVI run, opened on its own as a saved file is.
    await tab(page, 'desk')
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 120_000 }), page.locator(`[data-testid=run][data-run="${ndvi.runId}"] [data-testid=export-html]`).click()])
    const report = path.join(desk.dir, 'report.html')
    await download.saveAs(report)
    const reportPage = await desk.context.newPage()
    // The report follows the colour scheme of the browser that opens it (and prints light); it is shot in light here.
    await capture(
      reportPage,
      'report',
      async () => {
        if (reportPage.url() === 'about:blank') await reportPage.goto(`file://${report}`)
      },
      () => reportPage.waitForTimeout(300),
      ['light'],
    )
    await reportPage.close()
    fs.writeFileSync(path.join(OUT, 'index.txt'), `${shots.join('\n')}\n`)
    if (args.includes('--docs')) {
      const { default: sharp } = await import('sharp')
      const docs = path.join(ROOT, 'docs', 'screenshots')
      fs.mkdirSync(docs, { recursive: true })
      for (const name of DOCS) await sharp(path.join(OUT, name)).png({ palette: true, quality: 85, compressionLevel: 9 }).toFile(path.join(docs, name))
      console.log(`${DOCS.length} tour pictures in ${path.relative(ROOT, docs)}`)
    }
    if (desk.pageErrors.length) console.log(`Page errors:\n${desk.pageErrors.join('\n')}`)
    console.log(`${shots.length} screenshots.`)
  } finally {
    await desk.close()
  }
}

main().catch((err: unknown) => {
  console.error(err)
  process.exitCode = 1
})
