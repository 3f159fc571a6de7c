/**
 * Shared by the browser end-to-end tests: build the renderer into a folder, start `rsure serve` as a real process on
 * a free port and wait for the address it prints, stop it with Ctrl+C, and launch Debian's Chromium. Chromium must
 * be installed (.ci/run installs it); without it the tests fail with a sentence saying so, they never skip.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { chromium, type BrowserContext } from 'playwright-core'

export const ROOT = path.resolve(__dirname, '..', '..')
export const CHROMIUM = process.env.RSURE_CHROMIUM ?? '/usr/bin/chromium'

export function requireChromium(): void {
  if (!fs.existsSync(CHROMIUM)) {
    throw new Error(`Chromium is missing at ${CHROMIUM}: install it with 'apt-get install -y chromium' (.ci/run does) or set RSURE_CHROMIUM to its path.`)
  }
}

export function buildRenderer(outDir: string): void {
  const build = spawnSync(process.execPath, [path.join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--config', 'renderer/vite.config.ts', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: ROOT,
    encoding: 'utf8',
  })
  if (build.status !== 0) throw new Error(`The renderer build failed:\n${build.stdout}\n${build.stderr}`)
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
