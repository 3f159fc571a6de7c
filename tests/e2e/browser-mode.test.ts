/**
 * End to end, browser mode: build the renderer, start `rsure serve` as a real process, drive Debian's Chromium with
 * playwright-core, add the Landsat 8 B4 fixture through the page's file picker and riotiler/red.tif through a
 * synthetic drop, and check what the page shows against the fixture README's values; then restart `rsure serve` on
 * the same data folder and check the page lists the same files again. Saves screenshots under test-results/e2e/. Chromium must be installed (.ci/run installs it); without it this test fails, it never skips.
 */
import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import NodeWebSocket from 'ws'
import type { BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FIXTURES, tempDir } from '../helpers/tmp'
import { buildRenderer, launchChromium, requireChromium, ROOT, startServe as serve, type Served } from './rsure-serve'

const root = ROOT
const B4 = FIXTURES.B4
const RED = FIXTURES.RED
const SCREENSHOT = path.join(root, 'test-results', 'e2e', 'browser-mode.png')

let tmp: { dir: string; cleanup: () => void }
let server: Served | null = null
let serverLog = ''
let context: BrowserContext | null = null
let page: Page
let url = ''
let rendererDir = ''
let dataDir = ''

/** Start `rsure serve --port 0` (tests/e2e/rsure-serve.ts) and keep its log for failures. */
async function startServe(rendererDir: string, dataDir: string): Promise<string> {
  server = await serve(rendererDir, dataDir)
  server.child.stdout!.on('data', (d: Buffer) => (serverLog += d.toString()))
  server.child.stderr!.on('data', (d: Buffer) => (serverLog += d.toString()))
  return server.url
}

beforeAll(async () => {
  requireChromium()
  for (const f of [B4, RED]) if (!fs.existsSync(f)) throw new Error(`The fixture ${f} is missing: check out ../shared beside the project.`)
  tmp = tempDir('rsure-e2e-')
  rendererDir = path.join(tmp.dir, 'web')
  dataDir = path.join(tmp.dir, 'data')
  buildRenderer(rendererDir)
  url = await startServe(rendererDir, dataDir)
  context = await launchChromium(path.join(tmp.dir, 'chromium-profile'), { width: 1280, height: 1000 })
  page = context.pages()[0] ?? (await context.newPage())
  page.on('console', (m) => {
    if (m.type() === 'error') serverLog += `[page] ${m.text()}\n`
  })
  await page.goto(url)
})

/** Stop the running `rsure serve` (Ctrl+C) and wait for it to exit. */
async function stopServe(): Promise<void> {
  await server?.stop()
  server = null
}

afterAll(async () => {
  await context?.close()
  await stopServe()
  tmp?.cleanup()
})

/** Mean and standard deviation of the grey values of a preview <img>, read back through a canvas. */
async function imageStats(selector: string) {
  return page.$eval(selector, (img) => {
    const el = img as HTMLImageElement
    const c = document.createElement('canvas')
    c.width = el.naturalWidth
    c.height = el.naturalHeight
    const g = c.getContext('2d')!
    g.drawImage(el, 0, 0)
    const d = g.getImageData(0, 0, c.width, c.height).data
    let n = 0
    let s = 0
    let s2 = 0
    for (let i = 0; i < d.length; i += 4) {
      if (d[i + 3] === 0) continue
      n++
      s += d[i]
      s2 += d[i] * d[i]
    }
    const mean = s / n
    return { width: el.naturalWidth, height: el.naturalHeight, opaque: n, mean, std: Math.sqrt(s2 / n - mean * mean) }
  })
}

describe('browser mode (rsure serve + Chromium)', () => {
  it('connects over the WebSocket with the launch token and hides the token from the address bar', async () => {
    await expect.poll(() => page.textContent('[data-testid=connection]'), { timeout: 20_000 }).toContain('browser mode')
    expect(page.url()).not.toContain('token=')
  })

  /** Wait until the card of `name` shows a decoded preview image (not just the element). */
  const previewLoaded = (name: string) =>
    page.waitForFunction(
      (n) => {
        const img = document.querySelector(`[data-testid=file-card][data-name="${n}"] [data-testid=preview-img]`) as HTMLImageElement | null
        return !!img && img.complete && img.naturalWidth > 0
      },
      name,
      { timeout: 30_000 },
    )

  it('adds the Landsat 8 B4 file through the page and shows its preview and info', async () => {
    await page.setInputFiles('[data-testid=file-input]', B4)
    const card = page.locator(`[data-testid=file-card][data-name="${path.basename(B4)}"]`)
    await card.locator('[data-testid=preview-img]').waitFor({ timeout: 30_000 })
    await previewLoaded(path.basename(B4))
    const info = (await card.locator('[data-testid=file-info]').innerText()).replace(/\s+/g, ' ')
    expect(info).toContain('255 × 259 px, 1 band')
    expect(info).toContain('uint16')
    expect(info).toContain('EPSG:32617')
    expect(info).toContain('Origin (corner) 471,585, 3,787,515')
    expect(info).toContain('900 × -900 metre')
    expect(info).toContain('PixelIsPoint')
    expect(info).toContain('NoData none declared')
    const stats = await imageStats(`[data-testid=file-card][data-name="${path.basename(B4)}"] [data-testid=preview-img]`)
    expect(stats.width).toBe(255)
    expect(stats.height).toBe(259)
    // A real picture, not a blank: fill (DN 0) is black, the scene is stretched 2-98 %.
    expect(stats.opaque).toBe(255 * 259)
    expect(stats.std).toBeGreaterThan(20)
    expect(stats.mean).toBeGreaterThan(20)
    expect(stats.mean).toBeLessThan(200)
    fs.mkdirSync(path.dirname(SCREENSHOT), { recursive: true })
    await page.screenshot({ path: SCREENSHOT, fullPage: true })
    expect(fs.statSync(SCREENSHOT).size).toBeGreaterThan(10_000)
  })

  it('accepts a File dropped on the drop zone (riotiler red.tif: nodata 0, tiled, LZW, overviews)', async () => {
    const bytes = Array.from(fs.readFileSync(RED))
    await page.evaluate(
      ({ bytes, name }) => {
        const file = new File([new Uint8Array(bytes)], name, { type: 'image/tiff' })
        const dt = new DataTransfer()
        dt.items.add(file)
        const zone = document.querySelector('[data-testid=drop-zone]')!
        zone.dispatchEvent(new DragEvent('dragover', { bubbles: true, cancelable: true, dataTransfer: dt }))
        zone.dispatchEvent(new DragEvent('drop', { bubbles: true, cancelable: true, dataTransfer: dt }))
      },
      { bytes, name: 'red.tif' },
    )
    const card = page.locator('[data-testid=file-card][data-name="red.tif"]')
    await card.locator('[data-testid=preview-img]').waitFor({ timeout: 30_000 })
    const info = (await card.locator('[data-testid=file-info]').innerText()).replace(/\s+/g, ' ')
    expect(info).toContain('NoData 0')
    expect(info).toContain('tiled 512×512')
    expect(info).toContain('LZW')
    expect(info).toContain('128×130, 64×65')
    await expect.poll(() => page.locator('[data-testid=file-card]').count()).toBe(2)
    await page.screenshot({ path: SCREENSHOT.replace('.png', '-two-files.png'), fullPage: true })
  })

  it('shows one clear sentence for a file that is not an image', async () => {
    await page.evaluate(() => {
      const dt = new DataTransfer()
      dt.items.add(new File(['just some text, not a raster'], 'notes.tif', { type: 'image/tiff' }))
      document.querySelector('[data-testid=drop-zone]')!.dispatchEvent(new DragEvent('drop', { bubbles: true, cancelable: true, dataTransfer: dt }))
    })
    const card = page.locator('[data-testid=file-card][data-name="notes.tif"]')
    await expect.poll(() => card.locator('.error').innerText(), { timeout: 20_000 }).toMatch(/^'notes\.tif' is not a GeoTIFF, PNG or JPEG file/)
  })

  it('refuses sockets without the token, and a foreign page even when it knows the token', async () => {
    const origin = new URL(url).origin
    const token = new URL(url).hash.replace('#token=', '')
    const wsUrl = `${origin.replace('http', 'ws')}/ws`
    const attempt = (protocols: string[], from: string) =>
      new Promise<number | 'open'>((resolve) => {
        const ws = new NodeWebSocket(wsUrl, protocols, { origin: from })
        ws.once('open', () => {
          ws.close()
          resolve('open')
        })
        ws.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0))
        ws.once('error', () => resolve(0))
      })
    expect(await attempt(['rsure.v1'], origin)).toBe(401)
    expect(await attempt(['rsure.v1', 'rsure-token.0123456789abcdef'], origin)).toBe(401)
    expect(await attempt(['rsure.v1', `rsure-token.${token}`], 'http://evil.example')).toBe(403)
    expect(await attempt(['rsure.v1', `rsure-token.${token}`], origin)).toBe('open')

    // A real page on another local origin, in the same browser, tries to drive RSure with the stolen token.
    const foreign = http.createServer((_req, res) => res.writeHead(200, { 'Content-Type': 'text/html' }).end('<!doctype html><title>other</title>'))
    await new Promise<void>((r) => foreign.listen(0, '127.0.0.1', () => r()))
    try {
      const other = await context!.newPage()
      await other.goto(`http://127.0.0.1:${(foreign.address() as AddressInfo).port}/`)
      const outcome = await other.evaluate(
        ({ wsUrl, token }) =>
          new Promise<string>((resolve) => {
            const ws = new WebSocket(wsUrl, ['rsure.v1', `rsure-token.${token}`])
            ws.onopen = () => resolve('open')
            ws.onerror = () => resolve('refused')
            setTimeout(() => resolve('timeout'), 10_000)
          }),
        { wsUrl, token },
      )
      expect(outcome).toBe('refused')
      await other.close()
    } finally {
      foreign.close()
    }
  })

  it('shows the same files again after rsure serve restarts on the same data folder', async () => {
    const names = () => page.$$eval('[data-testid=file-card]', (cards) => cards.map((c) => c.getAttribute('data-name')))
    const before = await names()
    expect(before).toEqual([path.basename(B4), 'red.tif', 'notes.tif'])
    await stopServe()
    serverLog = ''
    url = await startServe(rendererDir, dataDir)
    await page.goto(url)
    await expect.poll(() => page.textContent('[data-testid=connection]'), { timeout: 20_000 }).toContain('browser mode')
    await expect.poll(names, { timeout: 20_000 }).toEqual(before)
    // The restored Landsat file (uploaded through the page, kept under the data folder) shows its info and a real preview.
    const card = page.locator(`[data-testid=file-card][data-name="${path.basename(B4)}"]`)
    await previewLoaded(path.basename(B4))
    const info = (await card.locator('[data-testid=file-info]').innerText()).replace(/\s+/g, ' ')
    expect(info).toContain('255 × 259 px, 1 band')
    expect(info).toContain('EPSG:32617')
    const stats = await imageStats(`[data-testid=file-card][data-name="${path.basename(B4)}"] [data-testid=preview-img]`)
    expect([stats.width, stats.height]).toEqual([255, 259])
    expect(stats.std).toBeGreaterThan(20)
    await expect.poll(() => page.locator('[data-testid=file-card][data-name="notes.tif"] .error').innerText()).toMatch(/is not a GeoTIFF, PNG or JPEG file/)
    // Nothing was warned about keeping the list.
    expect(await page.locator('[data-testid=notice].warning').count()).toBe(0)
    await page.screenshot({ path: SCREENSHOT.replace('.png', '-after-restart.png'), fullPage: true })
  })
})
