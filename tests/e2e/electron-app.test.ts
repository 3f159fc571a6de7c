/**
 * End to end, desktop: launch the built Electron app with Playwright's `_electron`, check the window speaks the
 * contract over IPC (app.hello says 'ipc'), add the Landsat B4 fixture, ask layers.info for it and fetch one of its
 * map tiles through the app's rsure-tile:// protocol from inside the page, then take a screenshot.
 *
 * Runs where Electron's binary is installed (node_modules/electron/dist, or ELECTRON_OVERRIDE_DIST_PATH). The binary
 * is not downloaded at install time (offline `npm ci`), so on machines without it this file reports, as the name of
 * its one test, that the binary is absent and the desktop e2e did not run. It never downloads anything.
 */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { _electron as electron, type ElectronApplication } from 'playwright-core'
import { afterAll, describe, expect, it } from 'vitest'
import { FIXTURES, tempDir } from '../helpers/tmp'

const root = path.resolve(__dirname, '..', '..')
const SCREENSHOT = path.join(root, 'test-results', 'e2e', 'electron-app.png')

/** The Electron executable, found the way the electron package finds it but without its download fallback. */
function electronBinary(): string | null {
  const pkg = path.join(root, 'node_modules', 'electron')
  const override = process.env.ELECTRON_OVERRIDE_DIST_PATH
  const relative = fs.existsSync(path.join(pkg, 'path.txt')) ? fs.readFileSync(path.join(pkg, 'path.txt'), 'utf8').trim() : null
  const candidates = [override && relative ? path.join(override, relative) : null, relative ? path.join(pkg, 'dist', relative) : null]
  return candidates.find((c): c is string => !!c && fs.existsSync(c)) ?? null
}

const binary = electronBinary()

describe('desktop app (Electron)', () => {
  if (!binary) {
    it('Electron binary is absent (node_modules/electron/dist was not downloaded), so the desktop e2e did not run here', () => {
      process.stdout.write('electron-app.test.ts: the Electron binary is absent on this machine; the desktop e2e did not run.\n')
      expect(binary).toBeNull()
    })
    return
  }

  let app: ElectronApplication | null = null
  const tmp = tempDir()
  afterAll(async () => {
    await app?.close()
    tmp.cleanup()
  })

  it('opens the window, answers over IPC and serves map tiles through rsure-tile://', async () => {
    if (!fs.existsSync(path.join(root, 'out', 'main', 'index.js'))) {
      const build = spawnSync(process.execPath, [path.join(root, 'node_modules', 'electron-vite', 'bin', 'electron-vite.js'), 'build'], { cwd: root, encoding: 'utf8' })
      expect(build.status, `electron-vite build failed:\n${build.stderr}`).toBe(0)
    }
    app = await electron.launch({
      executablePath: binary,
      args: [path.join(root, 'out', 'main', 'index.js'), '--no-sandbox'],
      env: { ...process.env, RSURE_DATA_DIR: path.join(tmp.dir, 'data') } as Record<string, string>,
    })
    const page = await app.firstWindow()
    await page.waitForLoadState('domcontentloaded')
    expect(await page.title()).toMatch(/RSure/)
    const hello = await page.evaluate(() => (window as unknown as { rsure: { invoke(c: string, p: unknown): Promise<{ ok: boolean; value: { transport: string } }> } }).rsure.invoke('app.hello', {}))
    expect(hello).toMatchObject({ ok: true, value: { transport: 'ipc' } })
    const tile = await page.evaluate(async (b4) => {
      const api = (window as unknown as { rsure: { invoke(c: string, p: unknown): Promise<{ ok: boolean; value: any }> } }).rsure
      const added = await api.invoke('files.add', { paths: [b4] })
      const id = added.value.added[0].id
      const info = await api.invoke('layers.info', { layer: { fileId: id } })
      const url = String(info.value.tileUrl).replace('{z}', '0').replace('{x}', '0').replace('{y}', '0')
      const res = await fetch(url)
      return { url, status: res.status, type: res.headers.get('content-type'), bytes: (await res.arrayBuffer()).byteLength }
    }, FIXTURES.B4)
    expect(tile.url).toMatch(/^rsure-tile:\/\/layer\//)
    expect(tile).toMatchObject({ status: 200, type: 'image/png' })
    expect(tile.bytes).toBeGreaterThan(100)
    fs.mkdirSync(path.dirname(SCREENSHOT), { recursive: true })
    await page.screenshot({ path: SCREENSHOT })
  }, 300_000)
})
