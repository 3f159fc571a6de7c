/**
 * The two GDAL tags of a GeoTIFF that carry meaning beyond TIFF 6.0: GDAL_METADATA (42112, XML with per-band
 * `scale`/`offset` items and named items) and GDAL_NODATA (42113, ASCII), parsed with bounds so a hostile string
 * cannot cost more than a linear scan of its first MAX_METADATA_CHARS characters.
 * Source: GDAL GTiff driver documentation (GDAL_METADATA, GDAL_NODATA).
 */
import { TiffFormatError } from './ifd'

/** Most characters of a GDAL_METADATA string scanned (GDAL writes a few KiB); the rest is noted as truncated. */
export const MAX_METADATA_CHARS = 64 * 1024
/** Most <Item> elements read from one GDAL_METADATA string. */
export const MAX_METADATA_ITEMS = 4096

/** `name="value"` pairs of one start tag, in one linear pass (no regex: a long word cannot make it quadratic). */
function tagAttributes(s: string): Record<string, string> {
  const out: Record<string, string> = {}
  let i = 0
  const n = s.length
  while (i < n) {
    while (i < n && !/\w/.test(s[i])) i++
    const start = i
    while (i < n && /\w/.test(s[i])) i++
    const key = s.slice(start, i)
    while (i < n && s[i] === ' ') i++
    if (s[i] !== '=') continue
    i++
    while (i < n && s[i] === ' ') i++
    if (s[i] !== '"') continue
    const close = s.indexOf('"', i + 1)
    if (close < 0) break
    if (key) out[key] = s.slice(i + 1, close)
    i = close + 1
  }
  return out
}

/**
 * Per-band scale/offset items of a GDAL_METADATA XML string (band numbers 1-based). One forward scan with indexOf
 * (linear in the input), over at most MAX_METADATA_CHARS characters and MAX_METADATA_ITEMS items; `truncated` says
 * the string was longer or had more items than that, or ended inside an item.
 */
export function parseGdalMetadata(xml: string | undefined): {
  scale: Map<number, number>
  offset: Map<number, number>
  items: Record<string, string>
  truncated: boolean
} {
  const scale = new Map<number, number>()
  const offset = new Map<number, number>()
  const items: Record<string, string> = {}
  if (!xml) return { scale, offset, items, truncated: false }
  let truncated = xml.length > MAX_METADATA_CHARS
  const s = truncated ? xml.slice(0, MAX_METADATA_CHARS) : xml
  let at = 0
  let count = 0
  for (;;) {
    const open = s.indexOf('<Item', at)
    if (open < 0) break
    const after = s[open + 5]
    if (after !== undefined && after !== '>' && !/\s/.test(after)) {
      at = open + 5
      continue
    }
    if (count >= MAX_METADATA_ITEMS) {
      truncated = true
      break
    }
    const gt = s.indexOf('>', open + 5)
    if (gt < 0) {
      truncated = true
      break
    }
    const end = s.indexOf('</Item', gt + 1)
    if (end < 0) {
      truncated = true
      break
    }
    const endGt = s.indexOf('>', end + 6)
    if (endGt < 0) {
      truncated = true
      break
    }
    at = endGt + 1
    count++
    const body = s.slice(gt + 1, end)
    if (body.includes('<')) continue // not a plain text item
    const attrs = tagAttributes(s.slice(open + 5, gt))
    const value = body.trim()
    const band = attrs.sample !== undefined ? Number(attrs.sample) + 1 : null
    const role = (attrs.role ?? attrs.name ?? '').toLowerCase()
    if (band !== null && (role === 'scale' || role === 'offset') && Number.isFinite(Number(value))) {
      ;(role === 'scale' ? scale : offset).set(band, Number(value))
    } else if (attrs.name) {
      items[attrs.name] = value
    }
  }
  return { scale, offset, items, truncated }
}

/** A decimal number as GDAL writes GDAL_NODATA ('-9999', '-9999.9', '-3.4028234663852886e+38'); nothing else. */
const NODATA_NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/

/**
 * The GDAL_NODATA tag's value, parsed strictly: a decimal number, 'nan', or 'inf'/'-inf'; null when the tag is
 * absent. Anything else ('-9999 junk', '-9999,5', '', '0x10', '1e999') is refused, since reading it as some number
 * would count fill pixels as data.
 */
export function parseNodata(raw: string | undefined): number | null {
  if (raw === undefined) return null
  const s = raw.trim()
  const low = s.toLowerCase()
  if (low === 'nan' || low === '+nan' || low === '-nan') return NaN
  if (low === 'inf' || low === '+inf' || low === 'infinity' || low === '+infinity') return Infinity
  if (low === '-inf' || low === '-infinity') return -Infinity
  const v = NODATA_NUMBER.test(s) ? Number(s) : NaN
  if (!Number.isFinite(v)) {
    const shown = raw.length > 40 ? `${raw.slice(0, 40)}...` : raw
    throw new TiffFormatError(
      `its GDAL_NODATA tag "${shown}" is not a number (a nodata value is a plain decimal number such as -9999, or nan); correct the tag with gdal_edit.py -a_nodata`,
    )
  }
  return v
}
