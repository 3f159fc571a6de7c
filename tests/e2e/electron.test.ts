/**
 * End to end, the desktop window (Playwright's `_electron`): build the app with electron-vite, open it on a fresh
 * data folder, add the Landsat B4 and B5 fixtures through the preload bridge, ask "What is the mean NDVI of this
 * scene?" with the rules backbone and see the answer (0.2056, the fixture README's raw-DN mean), open the evidence
 * viewer of the execute observation and see the map draw. Saves test-results/e2e/electron-*.png.
 *
 * Electron's binary is not downloaded at install time (an offline `npm ci` works), so where it is missing this test
 * says so in its output and is skipped; it is found on disk (node_modules/electron/path.txt + dist/), never by
 * loading the `electron` package, which would try to download it.
 */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { _electron, type ElectronApplication } from 'playwright-core'
import { afterAll, describe, expect, it } from 'vitest'
import { FIXTURES, tempDir } from '../helpers/tmp'
import { ROOT } from './rsure-serve'

function electronBinary(): string | null {
  const dir = path.join(ROOT, 'node_modules', 'electron')
  const pathTxt = path.join(dir, 'path.txt')
  if (!fs.existsSync(pathTxt)) return null
  const bin = path.join(process.env.ELECTRON_OVERRIDE_DIST_PATH ?? path.join(dir, 'dist'), fs.readFileSync(pathTxt, 'utf8').trim())
  return fs.existsSync(bin) ? bin : null
}

const BINARY = electronBinary()
if (!BINARY) {
  console.warn("Electron's binary is not installed here (node_modules/electron/dist is missing), so the desktop e2e test is skipped; the browser-mode desk test covers the same window.")
}

let app: ElectronApplication | null = null
let tmp: { dir: string; cleanup: () => void } | null = null

afterAll(async () => {
  await app?.close()
  tmp?.cleanup()
})

describe.skipIf(!BINARY)('the desktop window (Electron)', () => {
  it('answers the mean NDVI of the Landsat scene and shows the evidence map', async () => {
    const build = spawnSync(process.execPath, [path.join(ROOT, 'node_modules', 'electron-vite', 'bin', 'electron-vite.js'), 'build'], { cwd: ROOT, encoding: 'utf8' })
    if (build.status !== 0) throw new Error(`The desktop build failed:\n${build.stdout}\n${build.stderr}`)
    tmp = tempDir('rsure-electron-e2e-')
    app = await _electron.launch({
      executablePath: BINARY!,
      args: [path.join(ROOT, 'out', 'main', 'index.js'), '--no-sandbox'],
      env: { ...process.env, RSURE_DATA_DIR: path.join(tmp.dir, 'data') },
    })
    const page = await app.firstWindow()
    await page.waitForFunction(() => document.querySelector('[data-testid=connection]')?.textContent?.includes('desktop'), undefined, { timeout: 30_000 })
    const B5 = FIXTURES.B4.replace(/_B4\.TIF$/, '_B5.TIF')
    await page.evaluate((paths) => (window as unknown as { rsure: { invoke(c: string, p: unknown): Promise<unknown> } }).rsure.invoke('files.add', { paths }), [FIXTURES.B4, B5])
    await expect.poll(() => page.locator('[data-testid=file-card]').count(), { timeout: 30_000 }).toBe(2)
    await page.fill('[data-testid=question]', 'What is the mean NDVI of this scene?')
    await page.press('[data-testid=question]', 'Enter')
    const answer = page.locator('[data-testid=run]').last().locator('[data-testid=answer]')
    await answer.waitFor({ timeout: 60_000 })
    expect(Number(await answer.innerText())).toBeCloseTo(0.2056, 4)
    await page.screenshot({ path: path.join(ROOT, 'test-results', 'e2e', 'electron-answer.png') })
    await page.locator('[data-testid=timeline-call] [data-testid=open-evidence]').first().click()
    await expect.poll(() => page.locator('[data-testid=evidence-viewer] [data-testid=dag-node]').count()).toBe(6)
    await page.waitForFunction(() => Number(document.querySelector('[data-testid=evidence-map]')?.getAttribute('data-rasters')) >= 1, undefined, { timeout: 30_000 })
    await page.screenshot({ path: path.join(ROOT, 'test-results', 'e2e', 'electron-evidence.png') })
  })
})
