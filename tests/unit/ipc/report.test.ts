/**
 * A run's report: the HTML is self-contained (its evidence images are PNGs inside data: URIs, it loads nothing and
 * Chromium shows every image with the network cut off), and its PDF, printed by Chromium, has a page that shows
 * the answer. Runs the real rules backbone on the Landsat fixture.
 */
import fs from 'node:fs'
import path from 'node:path'
import { chromium } from 'playwright-core'
import { PNG } from 'pngjs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createIpcHost, type IpcHost } from '../../../main/ipc'
import { chromiumPath, printPdfWithChromium } from '../../../main/server/pdf-chromium'
import { pdfPageTexts } from '../../helpers/pdf-text'
import { shared, tempDir } from '../../helpers/tmp'

const L = shared('fixtures', 'landsat8_L1TP_016037_20170813', 'LC08_L1TP_016037_20170813_20170814_01_RT')

let tmp: { dir: string; cleanup: () => void }
let host: IpcHost
let runId = ''
let answer = ''

beforeAll(async () => {
  tmp = tempDir()
  host = createIpcHost({ version: '0.0.1', dataDir: path.join(tmp.dir, 'data'), previews: 'inline', printPdf: printPdfWithChromium })
  const { added } = await host.router.call('files.add', { paths: [`${L}_B4.TIF`, `${L}_B5.TIF`] })
  const ended = new Promise<void>((resolve) => host.hub.subscribe((e, p) => e === 'run.finished' && resolve(void p)))
  runId = (await host.router.call('ask.start', { question: 'What is the mean NDVI of this scene?', fileIds: added.map((f) => f.id) })).runId
  await ended
  answer = (await host.router.call('runs.get', { runId })).run.answer ?? ''
}, 120_000)
afterAll(async () => {
  await host.close()
  tmp.cleanup()
})

describe('run reports', () => {
  it('writes a self-contained HTML report with the question, the answer, its images and the trajectory', async () => {
    expect(answer).not.toBe('')
    const r = await host.router.call('runs.exportReport', { runId, format: 'html' })
    expect(r).toMatchObject({ fileName: `rsure-report-${runId}.html`, mime: 'text/html' })
    const html = Buffer.from(r.bytes).toString('utf8')
    expect(html).toContain('What is the mean NDVI of this scene?')
    expect(html).toContain(`<p class="answer" id="answer">${answer}</p>`)
    expect(html).toMatch(/<h2>Trajectory<\/h2>[\s\S]*tool_call[\s\S]*verdict[\s\S]*answer/)
    const images = [...html.matchAll(/<img alt="([^"]*)" src="data:image\/png;base64,([^"]+)">/g)]
    expect(images.map((m) => m[1])).toEqual(expect.arrayContaining([path.basename(`${L}_B4.TIF`), path.basename(`${L}_B5.TIF`)]))
    for (const m of images) {
      const png = PNG.sync.read(Buffer.from(m[2], 'base64'))
      expect(png.width).toBeGreaterThan(100)
      // Not blank: the picture holds more than one colour.
      const first = png.data.readUInt32BE(0)
      let differs = false
      for (let i = 0; i < png.data.length && !differs; i += 4) differs = png.data.readUInt32BE(i) !== first
      expect(differs).toBe(true)
    }
    expect(html).not.toMatch(/(src|href)="(https?:|\/\/)/)
    // Every one-band picture says what its colours mean: a ramp bar from the low to the high value of its caption,
    // and the derived NDVI layer its unit.
    const figures = [...html.matchAll(/<figure>[\s\S]*?<\/figure>/g)].map((m) => m[0])
    expect(figures.length).toBe(images.length)
    for (const f of figures) {
      const [, low, high] = /values (-?[\d.e+-]+) to (-?[\d.e+-]+) \(2-98 %\)/.exec(f) ?? []
      expect(low).toBeDefined()
      const legend =
        /<div class="legend"><span>(-?[\d.e+-]+)<\/span><span class="bar" style="background:linear-gradient\(to right,[^"]+\)"><\/span><span>(-?[\d.e+-]+)<\/span>(?:<span class="unit">([^<]*)<\/span>)?<\/div>/.exec(
          f,
        )
      expect(legend?.slice(1, 3)).toEqual([low, high])
    }
    expect(figures.find((f) => /<b>ndvi/.test(f))).toMatch(/<span class="unit">dimensionless<\/span>/)
  })

  it('opens offline in Chromium and shows every evidence image', async () => {
    const executablePath = chromiumPath()
    expect(executablePath, 'Chromium is missing: apt-get install chromium, or set RSURE_CHROMIUM').not.toBeNull()
    const r = await host.router.call('runs.exportReport', { runId, format: 'html' })
    const file = path.join(tmp.dir, 'report.html')
    fs.writeFileSync(file, r.bytes)
    const browser = await chromium.launch({ executablePath: executablePath!, args: ['--no-sandbox'] })
    try {
      const page = await browser.newPage()
      const outside: string[] = []
      await page.route('**/*', (route) => {
        const url = route.request().url()
        if (url.startsWith('file:') || url.startsWith('data:')) return route.continue()
        outside.push(url)
        return route.abort()
      })
      await page.goto(`file://${file}`)
      const sizes = await page.$$eval('img', (imgs) => imgs.map((i) => (i as HTMLImageElement).naturalWidth))
      expect(sizes.length).toBeGreaterThanOrEqual(2)
      expect(sizes.every((w) => w > 0)).toBe(true)
      expect(await page.textContent('#answer')).toBe(answer)
      expect(outside).toEqual([])
    } finally {
      await browser.close()
    }
  }, 60_000)

  it('prints a PDF with the answer on a page', async () => {
    const r = await host.router.call('runs.exportReport', { runId, format: 'pdf' })
    expect(r).toMatchObject({ fileName: `rsure-report-${runId}.pdf`, mime: 'application/pdf' })
    expect(Buffer.from(r.bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-')
    const pages = pdfPageTexts(r.bytes)
    expect(pages.length).toBeGreaterThanOrEqual(1)
    expect(pages.some((t) => t.includes(answer))).toBe(true)
    expect(pages[0]).toContain('What is the mean NDVI of this scene?')
  }, 60_000)

  it('says in one sentence when this host cannot print PDF', async () => {
    // A second host on the same data folder, without a printer (the same database serves both).
    const bare = createIpcHost({ version: '0.0.1', dataDir: path.join(tmp.dir, 'data'), previews: 'inline' })
    try {
      const r = await bare.router.dispatch('runs.exportReport', { runId, format: 'pdf' }, { transport: 'ipc' })
      expect(r).toEqual({ ok: false, error: { code: 'failed', message: 'This window cannot print PDF; export the HTML report and print it from a browser.' } })
      expect((await bare.router.call('runs.exportReport', { runId, format: 'html' })).bytes.byteLength).toBeGreaterThan(1000)
    } finally {
      await bare.close()
    }
  })
})
