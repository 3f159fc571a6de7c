/**
 * Shared by the browser end-to-end tests: build the renderer into a folder, start `rsure serve` as a real process on
 * a free port and wait for the address it prints, stop it with Ctrl+C, and launch Debian's Chromium. Chromium must
 * be installed (.ci/run installs it); without it the tests fail with a sentence saying so, they never skip.
 * Below those, the desk tests' common steps: open a desk, add files, ask, wait for the map, read the layer rows.
 * Nothing here imports vitest, so scripts/screenshots.ts drives the desk with the same steps.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fromFile } from 'geotiff'
import { chromium, type BrowserContext, type Page } from 'playwright-core'
import proj4 from 'proj4'
import { FIXTURES, tempDir } from '../helpers/tmp'

export const ROOT = path.resolve(__dirname, '..', '..')
export const CHROMIUM = process.env.RSURE_CHROMIUM ?? '/usr/bin/chromium'

export function requireChromium(): void {
  if (!fs.existsSync(CHROMIUM)) {
    throw new Error(`Chromium is missing at ${CHROMIUM}: install it with 'apt-get install -y chromium' (.ci/run does) or set RSURE_CHROMIUM to its path.`)
  }
}

/** Every file the renderer build reads from the project (its sources, the main/ modules it imports, the lock file). */
function rendererInputs(): string[] {
  const out: string[] = ['package-lock.json', 'tsconfig.json'].map((f) => path.join(ROOT, f))
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      if (e.name === 'node_modules' || e.name === 'dist') continue
      const p = path.join(dir, e.name)
      if (e.isDirectory()) walk(p)
      else out.push(p)
    }
  }
  for (const d of ['renderer', 'main', 'preload']) walk(path.join(ROOT, d))
  return out
}

/**
 * Build the renderer into `outDir`. The test files of one run share one build: it is made once into a temporary
 * folder named by the path, size and modification time of every input (written under another name and renamed, so
 * parallel test processes never see half a build), then copied.
 */
export function buildRenderer(outDir: string): void {
  const hash = createHash('sha1')
  for (const f of rendererInputs()) {
    const st = fs.statSync(f)
    hash.update(`${path.relative(ROOT, f)}\0${st.size}\0${st.mtimeMs}\n`)
  }
  const cached = path.join(os.tmpdir(), `rsure-renderer-build-${hash.digest('hex').slice(0, 16)}`)
  if (!fs.existsSync(cached)) {
    const part = `${cached}.part-${process.pid}`
    const build = spawnSync(process.execPath, [path.join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--config', 'renderer/vite.config.ts', '--outDir', part, '--emptyOutDir', '--logLevel', 'warn'], {
      cwd: ROOT,
      encoding: 'utf8',
    })
    if (build.status !== 0) throw new Error(`The renderer build failed:\n${build.stdout}\n${build.stderr}`)
    try {
      fs.renameSync(part, cached)
    } catch {
      // Another test process renamed its build there first: the same inputs, the same build.
      fs.rmSync(part, { recursive: true, force: true })
    }
  }
  fs.cpSync(cached, outDir, { recursive: true })
}

export interface Served {
  url: string
  child: ChildProcess
  log: () => string
  stop: () => Promise<void>
}

/** Start `rsure serve --port 0` and wait for the address it prints. */
export function startServe(rendererDir: string, dataDir: string): Promise<Served> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(ROOT, 'bin', 'rsure.mjs'), 'serve', '--port', '0', '--renderer', rendererDir, '--data-dir', dataDir], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let log = ''
    const stop = async () => {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once('exit', r))
        child.kill('SIGINT')
        await exited
      }
    }
    const timer = setTimeout(() => reject(new Error(`rsure serve printed no address within 60 s; it said:\n${log}`)), 60_000)
    const onData = (d: Buffer) => {
      log += d.toString()
      const m = /(http:\/\/127\.0\.0\.1:\d+\/#token=[0-9a-f]+)/.exec(log)
      if (m) {
        clearTimeout(timer)
        resolve({ url: m[1], child, log: () => log, stop })
      }
    }
    child.stdout!.on('data', onData)
    child.stderr!.on('data', onData)
    child.on('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`rsure serve exited with code ${code}:\n${log}`))
    })
  })
}

export function launchChromium(profileDir: string, viewport = { width: 1280, height: 800 }): Promise<BrowserContext> {
  return chromium.launchPersistentContext(profileDir, {
    executablePath: CHROMIUM,
    headless: true,
    // SwiftShader gives headless Chromium a software WebGL, which the map needs.
    args: ['--headless', '--no-sandbox', '--disable-background-networking', '--disable-component-update', '--use-angle=swiftshader', '--enable-unsafe-swiftshader'],
    viewport,
  })
}

// ---------------------------------------------------------------------------------------------------------------
// The desk tests' common steps (one copy, used by every tests/e2e/desk-*.test.ts)

/** Where the e2e tests save their screenshots. */
export const SHOTS = path.join(ROOT, 'test-results', 'e2e')
/** The nine Landsat 8 band GeoTIFFs of the shared fixture scene (the MTL is not among them). */
export const LANDSAT_DIR = path.dirname(FIXTURES.B4)
export const LANDSAT_TIFS = fs.readdirSync(LANDSAT_DIR).filter((f) => /\.tif$/i.test(f)).map((f) => path.join(LANDSAT_DIR, f))
export const LANDSAT_MTL = path.join(LANDSAT_DIR, fs.readdirSync(LANDSAT_DIR).find((f) => /_MTL\.txt$/i.test(f)) ?? 'MTL.txt')
/** The 46 GeoTIFFs of Earth-Bench task 46 (23 dates of LST and NDVI over Urumqi). */
export const Q46_TIFS = fs.readdirSync(FIXTURES.Q46_FILES).filter((f) => /\.tif$/i.test(f)).map((f) => path.join(FIXTURES.Q46_FILES, f))

/** One desk in Chromium against its own `rsure serve` and data folder. */
export interface Desk {
  page: Page
  context: BrowserContext
  served: Served
  /** The temporary folder holding the renderer build, the data folder and the Chromium profile. */
  dir: string
  dataDir: string
  /** Uncaught errors of the page, in order. */
  pageErrors: string[]
  /** Close Chromium, stop the server, remove the folder. */
  close: () => Promise<void>
}

/**
 * Build the renderer, start `rsure serve` on a fresh data folder, launch Chromium and connect the page. Each test
 * file calls this once in beforeAll (180 s hook timeout) and `close` in afterAll.
 */
export async function openDesk(prefix: string, viewport = { width: 1280, height: 800 }): Promise<Desk> {
  requireChromium()
  fs.mkdirSync(SHOTS, { recursive: true })
  const tmp = tempDir(prefix)
  const rendererDir = path.join(tmp.dir, 'web')
  const dataDir = path.join(tmp.dir, 'data')
  buildRenderer(rendererDir)
  const served = await startServe(rendererDir, dataDir)
  const context = await launchChromium(path.join(tmp.dir, 'chromium-profile'), viewport)
  const page = context.pages()[0] ?? (await context.newPage())
  const pageErrors: string[] = []
  page.on('pageerror', (e) => pageErrors.push(e.message))
  await connect(page, served.url)
  return {
    page,
    context,
    served,
    dir: tmp.dir,
    dataDir,
    pageErrors,
    close: async () => {
      await context.close().catch(() => undefined)
      await served.stop()
      tmp.cleanup()
    },
  }
}

/**
 * Open (or reopen) the desk's address and wait until the page says it speaks to the server. The page first leaves
 * for about:blank: the desk drops the token fragment from its address once read, so going to the printed address
 * again would only change the fragment (a same-document navigation, not a reload).
 */
export async function connect(page: Page, url: string): Promise<void> {
  if (page.url() !== 'about:blank') await page.goto('about:blank')
  await page.goto(url)
  await page.waitForFunction(() => document.querySelector('[data-testid=connection]')?.textContent?.includes('browser mode'), undefined, { timeout: 20_000 })
}

/** Add files through the page's file picker and wait until `total` file cards are shown. */
export async function addFiles(page: Page, files: string[], total: number, timeout = 300_000): Promise<void> {
  await page.setInputFiles('[data-testid=file-input]', files)
  await page.waitForFunction((n) => document.querySelectorAll('[data-testid=file-card]').length === n, total, { timeout, polling: 250 })
}

/**
 * Wait until the map with this test id shows `rasters` raster layers and has been idle (drawn, no tile pending) for
 * `quietMs` (the map writes data-rasters and data-idle on each idle event).
 */
export async function mapSettled(page: Page, testId: string, rasters: number, timeout = 30_000, quietMs = 400): Promise<void> {
  await page.waitForFunction(
    ({ id, rasters, quietMs }) => {
      const el = document.querySelector(`[data-testid=${id}]`)
      const idle = Number(el?.getAttribute('data-idle') ?? 0)
      return Number(el?.getAttribute('data-rasters')) === rasters && idle > 0 && Date.now() - idle > quietMs
    },
    { id: testId, rasters, quietMs },
    { timeout },
  )
}

/** The map's view as it last recorded it (centre, zoom and the lon/lat box it shows), or null before its first idle. */
export async function mapView(page: Page, testId = 'map'): Promise<{ zoom: number; lon: number; lat: number; bounds?: [number, number, number, number] } | null> {
  return JSON.parse((await page.locator(`[data-testid=${testId}]`).getAttribute('data-view')) ?? 'null')
}

/** Ask a question in the prompt box; wait for its run's answer. */
export async function ask(page: Page, question: string, timeout = 240_000): Promise<{ runId: string; answer: string }> {
  const before = await page.locator('[data-testid=run]').count()
  await page.fill('[data-testid=question]', question)
  await page.press('[data-testid=question]', 'Enter')
  await page.waitForFunction((n) => document.querySelectorAll('[data-testid=run]').length === n, before + 1, { timeout: 30_000, polling: 250 })
  const run = page.locator('[data-testid=run]').last()
  const answer = run.locator('[data-testid=answer]')
  await answer.waitFor({ timeout })
  return { runId: (await run.getAttribute('data-run'))!, answer: await answer.innerText() }
}

/** Wait until `expected` layer rows are listed and none is still loading; return each row's state and note. */
export async function layerRows(page: Page, expected: number, timeout = 120_000): Promise<{ name: string; state: string; note: string }[]> {
  await page
    .waitForFunction(
      (n) => {
        const rows = [...document.querySelectorAll('[data-testid=layer-row]')]
        return rows.length === n && rows.every((r) => r.getAttribute('data-state') !== 'loading')
      },
      expected,
      { timeout },
    )
    .catch(() => undefined)
  return page.locator('[data-testid=layer-row]').evaluateAll((rows) =>
    rows.map((r) => ({ name: r.getAttribute('data-name') ?? '', state: r.getAttribute('data-state') ?? '(none)', note: r.querySelector('p')?.textContent ?? '' })),
  )
}

export interface StoredGeoJson {
  coordinate_space?: string
  epsg?: number
  features: { geometry: { type: string; coordinates: unknown } }[]
}

/** Every GeoJSON the runs saved in the data folder's artifact store. */
export function storedGeoJsons(dataDir: string): { file: string; json: StoredGeoJson }[] {
  const out: { file: string; json: StoredGeoJson }[] = []
  const walk = (d: string) => {
    if (!fs.existsSync(d)) return
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name)
      if (e.isDirectory()) walk(p)
      else if (p.endsWith('.geojson')) out.push({ file: p, json: JSON.parse(fs.readFileSync(p, 'utf8')) })
    }
  }
  walk(path.join(dataDir, 'artifacts'))
  return out
}

export function firstVertex(fc: { features: { geometry: { coordinates: unknown } }[] }): number[] {
  let c: unknown = fc.features[0].geometry.coordinates
  while (Array.isArray(c) && Array.isArray(c[0])) c = c[0]
  return c as number[]
}

export function allVertices(fc: { features: { geometry: { coordinates: unknown } }[] }): number[][] {
  const out: number[][] = []
  const walk = (c: unknown) => {
    if (Array.isArray(c) && typeof c[0] === 'number') out.push(c as number[])
    else if (Array.isArray(c)) c.forEach(walk)
  }
  for (const f of fc.features) walk(f.geometry.coordinates)
  return out
}

/** The lon/lat box [west, south, east, north] of a GeoTIFF from its own origin, resolution and EPSG code (geotiff.js + proj4). */
export async function lonLatBox(file: string, epsgOverride?: number): Promise<[number, number, number, number]> {
  const img = await (await fromFile(file)).getImage()
  const keys = img.getGeoKeys() as { ProjectedCSTypeGeoKey?: number; GeographicTypeGeoKey?: number }
  const epsg = epsgOverride ?? keys.ProjectedCSTypeGeoKey ?? keys.GeographicTypeGeoKey ?? 4326
  const [ox, oy] = img.getOrigin()
  const [rx, ry] = img.getResolution()
  const pts = [
    [ox, oy],
    [ox + rx * img.getWidth(), oy],
    [ox, oy + ry * img.getHeight()],
    [ox + rx * img.getWidth(), oy + ry * img.getHeight()],
  ].map((p) => proj4(`EPSG:${epsg}`, 'EPSG:4326', p))
  return [Math.min(...pts.map((p) => p[0])), Math.min(...pts.map((p) => p[1])), Math.max(...pts.map((p) => p[0])), Math.max(...pts.map((p) => p[1]))]
}
