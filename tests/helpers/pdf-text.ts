/**
 * Test helper: the text on each page of a PDF printed by Chromium (Skia's PDF writer), so a test can check that a
 * page shows the answer. Reads objects, inflates FlateDecode streams, resolves each page's fonts to their
 * ToUnicode CMaps (bfchar and bfrange) and decodes the hex strings of Tj/TJ. Enough for Skia's output (Type0
 * Identity-H fonts); not a general PDF parser.
 */
import zlib from 'node:zlib'

interface PdfObject {
  dict: string
  stream: Buffer | null
}

function objects(pdf: Buffer): Map<number, PdfObject> {
  const text = pdf.toString('latin1')
  const out = new Map<number, PdfObject>()
  const re = /(\d+) 0 obj\s*([\s\S]*?)endobj/g
  for (const m of text.matchAll(re)) {
    const body = m[2]
    const at = body.indexOf('stream')
    if (at < 0) {
      out.set(Number(m[1]), { dict: body, stream: null })
      continue
    }
    const dict = body.slice(0, at)
    const start = (m.index ?? 0) + m[0].indexOf(body) + at + 'stream'.length + (body[at + 6] === '\r' ? 2 : 1)
    const length = Number(/\/Length (\d+)/.exec(dict)?.[1] ?? 0)
    let raw = pdf.subarray(start, start + length)
    if (/\/FlateDecode/.test(dict)) raw = zlib.inflateSync(raw)
    out.set(Number(m[1]), { dict, stream: raw })
  }
  return out
}

/** Glyph code (hex, 4 digits) -> text, from a ToUnicode CMap. */
function cmap(source: string): Map<string, string> {
  const map = new Map<string, string>()
  const utf16 = (hex: string) => String.fromCharCode(...(hex.match(/.{4}/g) ?? []).map((h) => parseInt(h, 16)))
  for (const block of source.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const m of block[1].matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g)) map.set(m[1].toUpperCase(), utf16(m[2]))
  }
  for (const block of source.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const m of block[1].matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g)) {
      const lo = parseInt(m[1], 16)
      const hi = parseInt(m[2], 16)
      const base = parseInt(m[3], 16)
      for (let c = lo; c <= hi; c++) map.set(c.toString(16).toUpperCase().padStart(4, '0'), String.fromCharCode(base + c - lo))
    }
  }
  return map
}

const ref = (dict: string, key: string) => Number(new RegExp(`/${key} (\\d+) 0 R`).exec(dict)?.[1] ?? NaN)

/** The text of each page, in page order. */
export function pdfPageTexts(pdf: Uint8Array): string[] {
  const objs = objects(Buffer.from(pdf))
  const pages = [...objs.entries()].filter(([, o]) => /\/Type \/Page\b/.test(o.dict)).sort((a, b) => a[0] - b[0])
  return pages.map(([, page]) => {
    let resources = page.dict
    const resRef = ref(page.dict, 'Resources')
    if (Number.isFinite(resRef)) resources = objs.get(resRef)?.dict ?? ''
    const fonts = new Map<string, Map<string, string>>()
    const fontBlock = /\/Font\s*<<([\s\S]*?)>>/.exec(resources)?.[1] ?? ''
    for (const m of fontBlock.matchAll(/\/(\w+) (\d+) 0 R/g)) {
      const font = objs.get(Number(m[2]))
      const toUnicode = font ? objs.get(ref(font.dict, 'ToUnicode')) : undefined
      fonts.set(m[1], cmap(toUnicode?.stream?.toString('latin1') ?? ''))
    }
    const contents = [...(/\/Contents \[([^\]]*)\]/.exec(page.dict)?.[1].matchAll(/(\d+) 0 R/g) ?? [])].map((m) => Number(m[1]))
    if (contents.length === 0) contents.push(ref(page.dict, 'Contents'))
    let out = ''
    for (const id of contents) {
      const content = objs.get(id)?.stream?.toString('latin1') ?? ''
      let font = new Map<string, string>()
      for (const m of content.matchAll(/\/(\w+) [\d.]+ Tf|(<[0-9A-Fa-f]*>)\s*Tj|\[((?:[^\]]*))\]\s*TJ|(ET)/g)) {
        if (m[1]) font = fonts.get(m[1]) ?? new Map()
        const hexes = m[2] ? [m[2]] : m[3] ? (m[3].match(/<[0-9A-Fa-f]*>/g) ?? []) : []
        for (const h of hexes) for (const code of h.slice(1, -1).toUpperCase().match(/.{4}/g) ?? []) out += font.get(code) ?? ''
        if (m[4]) out += '\n'
      }
    }
    return out
  })
}
