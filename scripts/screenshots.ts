/**
 * Screenshots of every screen of the desk in browser mode (`rsure serve` + Debian's Chromium, as the e2e tests run
 * it), in light and dark, at 1024x700 and 1920x1080: the desk (map with a run's mask, the pixel viewer with a change
 * pair's regions), the evidence viewer for each observation kind the weight-free tools make (execute, measurement,
 * change, and objects with a generated pack), a refused question, History, Prior, Settings and the HTML report
 * (light only: it follows the opening browser's colour scheme and prints light). Files:
 * <out>/<screen>-<theme>-<width>x<height>.png, and <out>/index.txt listing them.
 *
 *   npm run screenshots [-- OUT_DIR] [--docs] [--only=PART,…]      (default test-results/screenshots)
 *
 * --docs also writes the README tour's pictures (DOCS below) to docs/screenshots/ as palette PNGs (sharp), small
 * enough to keep in the repository.
 *
 * The session: the LEVIR-CD pair asked for its changed share, then the Landsat 8 scene with its MTL asked for its
 * mean NDVI and water share (fixtures in ../shared). The objects kind is shown with a tiny generated detector pack
 * (tests/helpers/onnx-packs.ts: fixed boxes, not a trained model) over a DOTA image, asked for its ships, so the
 * viewer's boxes-over-the-image layout can be looked at. A scene class is made the same way with a tiny CLIP-style
 * pack (its class follows the picture's mean colour) over the same image, asked with three options; document text
 * is read by the built-in OCR pack (PP-OCRv4) from a rendered label, the perceive call planned by a scripted
 * OpenAI-compatible backbone on loopback (the rules backbone routes no question to document mode).
 * `--only=settings,change,objects,scene,document,landsat` makes only those parts (landsat: the desk, execute,
 * measurement, refused, a refusal's fields (What I understood), History, Prior and the report).
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
const { OnnxGraph } = await import('../tests/helpers/onnx-builder')
const { startScriptedModelServer } = await import('../tests/helpers/scripted-model-server')

/** A 64x64 YOLO detect pack whose output is fixed: two ships and a plane (letterboxed pixels), for the screenshots. */
function writeTinyDetector(dir: string): void {
  fs.mkdirSync(dir, { recursive: true })
  const S = 64
  const head = new RawHead(6, anchorCount(S, S)).box(5, 20, 24, 10, 6, 0, 0.9).box(7, 44, 40, 8, 5, 0, 0.8).box(9, 30, 50, 6, 6, 1, 0.7)
  meanAffineModel(path.join(dir, 'model.onnx'), {
    inputDims: [1, 3, S, S],
    outputs: [{ name: 'output0', dims: [1, head.rows, head.anchors], base: head.data }],
  })
  writePack(dir, {
    id: 'tiny-detect',
    family: 'yolo',
    task: 'detect',
    input: { width: S, height: S, resize: 'letterbox', normalisation: YOLO_NORM },
    classNames: ['ship', 'plane'],
    files: { model: 'model.onnx' },
  })
}

/**
 * A tiny CLIP-style scene pack (the towers of tests/unit/engines/vision/clip.test.ts): the image tower is the mean
 * colour of the 32x32 centre crop, the text tower sums one 3-vector per label word (harbour blue, forest green,
 * farmland red), so the class follows the picture's mean colour. Not a trained model: it puts a scene observation
 * on the screen.
 */
function writeTinyClip(dir: string): void {
  fs.mkdirSync(dir, { recursive: true })
  const vocab = ['[PAD]', '<|startoftext|>', '<|endoftext|>', '[UNK]', 'harbour', 'forest', 'farmland', 'a', 'photo', 'of', 'aerial', 'view']
  const table: Record<string, [number, number, number]> = { harbour: [0, 0, 1], forest: [0, 1, 0], farmland: [1, 0, 0], aerial: [0.5, 0.5, 0.5] }
  const L = 77
  const gi = new OnnxGraph()
  const x = gi.input('pixel_values', 'float32', ['batch', 3, 32, 32])
  gi.output(gi.op('ReduceMean', [x], { axes: [2, 3], keepdims: 0 }), 'image_embeds', 'float32', ['batch', 3])
  gi.save(path.join(dir, 'image.onnx'))
  const gt = new OnnxGraph()
  const ids = gt.input('input_ids', 'int64', ['batch', L])
  const rows = new Float32Array(vocab.length * 3)
  vocab.forEach((w, i) => table[w] && rows.set(table[w], i * 3))
  const gathered = gt.op('Gather', [gt.constant(rows, [vocab.length, 3]), ids], { axis: 0 })
  gt.output(gt.op('ReduceSum', [gathered, gt.constant([1], [1], 'int64')], { keepdims: 0 }), 'text_embeds', 'float32', ['batch', 3])
  gt.save(path.join(dir, 'text.onnx'))
  const special = (id: number, content: string) => ({ id, content, single_word: false, lstrip: false, rstrip: false, normalized: false, special: true })
  const tokenizer = {
    version: '1.0',
    truncation: null,
    padding: null,
    added_tokens: [special(1, '<|startoftext|>'), special(2, '<|endoftext|>')],
    normalizer: { type: 'Lowercase' },
    pre_tokenizer: { type: 'WhitespaceSplit' },
    post_processor: {
      type: 'TemplateProcessing',
      single: [
        { SpecialToken: { id: '<|startoftext|>', type_id: 0 } },
        { Sequence: { id: 'A', type_id: 0 } },
        { SpecialToken: { id: '<|endoftext|>', type_id: 0 } },
      ],
      pair: [],
      special_tokens: {
        '<|startoftext|>': { id: '<|startoftext|>', ids: [1], tokens: ['<|startoftext|>'] },
        '<|endoftext|>': { id: '<|endoftext|>', ids: [2], tokens: ['<|endoftext|>'] },
      },
    },
    decoder: null,
    model: {
      type: 'WordPiece',
      unk_token: '[UNK]',
      continuing_subword_prefix: '##',
      max_input_chars_per_word: 100,
      vocab: Object.fromEntries(vocab.map((w, i) => [w, i])),
    },
  }
  fs.writeFileSync(path.join(dir, 'tokenizer.json'), JSON.stringify(tokenizer))
  writePack(dir, {
    id: 'tiny-clip',
    family: 'clip',
    task: 'scene',
    input: { width: 32, height: 32, resize: 'centre-crop', normalisation: { scale: 1 / 255, mean: [0, 0, 0], std: [1, 1, 1] } },
    files: { image: 'image.onnx', text: 'text.onnx', tokenizer: 'tokenizer.json' },
    extra: { contextLength: L, logitScale: 10, templates: ['a photo of {}', 'aerial view of {}'] },
  })
}

/**
 * A scripted OpenAI-compatible backbone on loopback (tests/helpers/scripted-model-server.ts) that plans one perceive
 * call in document mode on the picture whose name ends in `docName`, accepts it and writes the answer from it. The
 * text itself is read by the built-in OCR pack (PP-OCRv4), as it would be for a real model's plan.
 */
function documentBackbone(docName: string) {
  return startScriptedModelServer({
    other: () => ({ text: 'document_understanding' }),
    planner: (r, i) => {
      const image = r.text.split(/[\s"'()[\],]+/).find((w) => w.endsWith(docName)) ?? docName
      return i === 0
        ? {
            toolCalls: [
              { name: 'perceive', arguments: { mode: 'document', image_paths: [image], objective: 'the text printed on the map sheet', backend: 'auto' } },
            ],
          }
        : { text: 'The verified OCR observation answers the question.' }
    },
    verifier: () => ({
      json: { decision: 'accept', feedback: 'the OCR lines cover the printed text and their confidences are high', needed: [], caveats: [] },
    }),
    writer: () => ({
      json: { answer: 'Harbour 2019 scale 1 km', explanation: 'The text read by OCR in the verified perceive observation (call 1).', choice: null, basis: [1] },
    }),
  })
}

const args = process.argv.slice(2)
const ONLY =
  args
    .find((a) => a.startsWith('--only='))
    ?.slice('--only='.length)
    .split(',') ?? null
/** Whether a part of the session runs (`--only=scene,document` makes just those screens; the default is all). */
const part = (name: string) => !ONLY || ONLY.includes(name)
const OUT = path.resolve(args.find((a) => !a.startsWith('--')) ?? path.join(ROOT, 'test-results', 'screenshots'))
/** The README tour's pictures. */
const DOCS = [
  'desk-light-1024x700.png',
  'desk-pixel-viewer-change-dark-1024x700.png',
  'evidence-execute-light-1024x700.png',
  'evidence-change-dark-1024x700.png',
  'evidence-measurement-light-1024x700.png',
  'evidence-scene-dark-1024x700.png',
  'evidence-document-light-1024x700.png',
  'desk-understood-light-1024x700.png',
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
async function capture(
  page: Page,
  name: string,
  show: () => Promise<void>,
  settle: () => Promise<void> = () => page.waitForTimeout(400),
  themes: readonly Theme[] = THEMES,
): Promise<void> {
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

/** Wait until the evidence viewer's picture has loaded (or 30 s), then a moment for the overlay. */
const pictureShown = (page: Page) => () =>
  page
    .waitForFunction(() => !document.querySelector('[data-testid=evidence-viewer]')?.textContent?.includes('Loading'), undefined, { timeout: 30_000 })
    .catch(() => undefined)
    .then(() => page.waitForTimeout(400))

/** Wait for a map to draw `rasters` raster layers, or give up quietly after 20 s (the shot shows what is there). */
const mapDrawn = (page: Page, testId: string, rasters: number) => () => mapSettled(page, testId, rasters, 20_000, 300).catch(() => page.waitForTimeout(500))

async function main(): Promise<void> {
  fs.mkdirSync(OUT, { recursive: true })
  console.log(`Screenshots into ${OUT}`)
  const desk = await openDesk('rsure-screenshots-', SIZES[0])
  const page = desk.page
  try {
    if (part('settings')) await capture(page, 'settings', () => tab(page, 'settings'))

    if (part('change')) {
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
      await capture(
        page,
        'evidence-change',
        () => openEvidence(page, change.runId),
        () => page.waitForTimeout(800),
      )
      await closeEvidence(page)
      for (let n = 2; n > 0; n--) await page.locator('[data-testid=file-card] button[aria-label^=remove]').first().click()
    }

    if (part('objects')) {
      // Objects: the tiny detector pack over a DOTA image (see the module comment).
      const tinyPack = path.join(desk.dataDir, 'models', 'tiny-detect')
      writeTinyDetector(tinyPack)
      await addFiles(page, [shared('fixtures', 'dota8', 'images', 'train', 'P1053__1024__0___90.jpg')], 1, 120_000)
      const objects = await ask(page, 'How many ships are in this image?')
      await capture(page, 'evidence-objects', () => openEvidence(page, objects.runId), pictureShown(page))
      await closeEvidence(page)
      await page.locator('[data-testid=file-card] button[aria-label^=remove]').first().click()
      // The pack is only for that screen: the refused question below is asked with no pack installed.
      fs.rmSync(tinyPack, { recursive: true, force: true })
    }

    // A scene class: the tiny CLIP pack (see writeTinyClip) over a DOTA image, asked with three options.
    if (part('scene')) {
      const clipPack = path.join(desk.dataDir, 'models', 'tiny-clip')
      writeTinyClip(clipPack)
      await tab(page, 'desk')
      await addFiles(page, [shared('fixtures', 'dota8', 'images', 'train', 'P1053__1024__0___90.jpg')], 1, 120_000)
      await page.check('[data-testid=options-toggle]')
      await page.fill('[data-testid=options]', 'A. harbour\nB. forest\nC. farmland')
      const scene = await ask(page, 'What kind of scene is this?')
      await page.uncheck('[data-testid=options-toggle]')
      await capture(page, 'evidence-scene', () => openEvidence(page, scene.runId), pictureShown(page))
      await closeEvidence(page)
      await page.locator('[data-testid=file-card] button[aria-label^=remove]').first().click()
      fs.rmSync(clipPack, { recursive: true, force: true })
    }

    // Document text: a rendered map-sheet label read by the built-in OCR pack, planned by a scripted backbone.
    if (part('document')) {
      const { default: sharp } = await import('sharp')
      const doc = path.join(desk.dir, 'map-sheet-label.png')
      const svg =
        '<svg xmlns="http://www.w3.org/2000/svg" width="520" height="160"><rect width="100%" height="100%" fill="#fafafa"/>' +
        '<text x="24" y="60" font-family="DejaVu Sans" font-size="34" fill="#111">Harbour 2019 scale 1 km</text>' +
        '<text x="24" y="120" font-family="DejaVu Sans" font-size="26" fill="#333">Sheet 16-037 Charleston</text></svg>'
      await sharp(Buffer.from(svg)).png().toFile(doc)
      const server = await documentBackbone('map-sheet-label.png')
      try {
        await tab(page, 'desk')
        await addFiles(page, [doc], 1, 120_000)
        await page.selectOption('[data-testid=backbone]', 'openai')
        await page.fill('input[aria-label="endpoint URL"]', server.url)
        await page.fill('input[aria-label="model name"]', 'scripted')
        const text = await ask(page, 'What does the label on this map sheet say?')
        await page.selectOption('[data-testid=backbone]', 'rules')
        await capture(page, 'evidence-document', () => openEvidence(page, text.runId), pictureShown(page))
        await closeEvidence(page)
        await page.locator('[data-testid=file-card] button[aria-label^=remove]').first().click()
      } finally {
        await server.close()
      }
    }

    if (part('landsat')) {
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

      // What I understood: a period the files do not cover (the scene is of 2017-08-13), offered as a field.
      const outside = await ask(page, 'What was the mean NDVI in July 2021?')
      await capture(page, 'desk-understood', async () => {
        await tab(page, 'desk')
        await page.locator('[data-testid=layer-row] [data-testid=zoom-to-layer]').first().click()
        await page.locator(`[data-testid=run][data-run="${outside.runId}"] [data-testid=refusal-fields]`).scrollIntoViewIfNeeded()
      })

      await capture(page, 'history', () => tab(page, 'history'))
      await capture(page, 'prior', () => tab(page, 'prior'))

      // The HTML report of the NDVI run, opened on its own as a saved file is.
      await tab(page, 'desk')
      const [download] = await Promise.all([
        page.waitForEvent('download', { timeout: 120_000 }),
        page.locator(`[data-testid=run][data-run="${ndvi.runId}"] [data-testid=export-html]`).click(),
      ])
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
    }
    fs.writeFileSync(path.join(OUT, 'index.txt'), `${shots.join('\n')}\n`)
    if (args.includes('--docs')) {
      const { default: sharp } = await import('sharp')
      const docs = path.join(ROOT, 'docs', 'screenshots')
      fs.mkdirSync(docs, { recursive: true })
      // Only the pictures this run made (with --only, the others stay as they were).
      const made = DOCS.filter((name) => shots.includes(name))
      for (const name of made) await sharp(path.join(OUT, name)).png({ palette: true, quality: 85, compressionLevel: 9 }).toFile(path.join(docs, name))
      console.log(`${made.length} tour pictures in ${path.relative(ROOT, docs)}`)
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
