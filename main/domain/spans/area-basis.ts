/**
 * How an area is counted and what grid the data are on, as the question states them beside the ask:
 * - the ground basis ("the true ground area", "real area on the ground");
 * - a pixel's size or area ("a 5 m scene", "pixels 900 m x 900 m", "counting each pixel as 900 m²"), or one set
 *   aside ("not 30 x 30 m per pixel", "a pixel is not 900 m² on the ground");
 * - the grid's CRS said without a box ("the tiles sit on a Web Mercator grid", "they are in UTM zone 45N").
 * The compiler checks each against the files: a size or grid they do not have is refused, and a nominal area per
 * pixel on a grid whose pixels differ in ground area (Web Mercator, longitude/latitude) is another quantity.
 * Words from the lexicon (AREA_BASIS, CRS_WORDS).
 */
import { CRS_WORDS } from '../lexicon/regions'
import { AREA_BASIS } from '../lexicon/units'
import type { Span } from './types'
import { alternation, hits, overlaps, phraseRegex } from './words'

const NUM = '(\\d+(?:\\.\\d+)?)'
const METRES = '(?:m|metres?|meters?)'
const SQUARE = '(?:m²|m2|m\\^2|sq\\.?\\s*m|square\\s+met(?:re|er)s?)'
/** "30 x 30 m", "30m x 30m", "900 m × 900 m" (groups 1-2 for the lead's "not", then the sides). */
const SIDES = `${NUM}\\s*${METRES}?\\s*[x×*]\\s*${NUM}\\s*${METRES}(?![\\w²])`
const AREA = `${NUM}\\s*${SQUARE}(?![\\w²])`
const PIXEL_AREA_RE = new RegExp(
  `(?:(${alternation(AREA_BASIS.setAside)})\\s+)?` +
    `(?:(pixels?\\s+(?:are\\s+|of\\s+)?|pixel\\s+size\\s*(?:of\\s+|is\\s+|=\\s*|:\\s*)?)|(${alternation(AREA_BASIS.perPixelLeads)})\\s+(?:(not)\\s+)?)?` +
    `(?:${SIDES}|${AREA})` +
    `(?:\\s*(${alternation(AREA_BASIS.perPixelTrails)}))?(?:\\s+on\\s+the\\s+ground)?`,
  'gi',
)
/** "5 m scene", "30-m pixels", "0.5 m px", "pixel size of 30 m", "Pixel is 0.5 m", "resolution: 10 m", "GSD 0.5 m". */
const PIXEL_SIZE_RE =
  /\b(\d+(?:\.\d+)?)[\s-]*(?:m|metres?|meters?)[\s-]+(?:scene|image|pixels?|px|resolution|grid|raster|data|cells?)\b|\b(?:pixel\s+(?:size|spacing)|pixels?\s+(?:is|are)|resolution|gsd|ground\s+sample\s+distance)\s*(?:of|is|=|:)?\s*(\d+(?:\.\d+)?)\s*(?:m|metres?|meters?)\b/gi
const GROUND_RE = phraseRegex(AREA_BASIS.ground)
/** CRS names said of the data: Web Mercator's names, a UTM zone, an EPSG code. */
const GRID_CRS_RE = new RegExp(
  `(?:${alternation(CRS_WORDS['EPSG:3857'])})|\\b(?:wgs[\\s-]?84\\s*/\\s*)?utm\\s+(?:zone\\s+)?(\\d{1,2})\\s*([ns])\\b|\\bepsg\\s*:?\\s*(\\d{4,6})\\b`,
  'gi',
)

/** The spans of this module; `taken` are spans read before (a box keeps its CRS words). */
export function areaBasisSpans(q: string, taken: readonly Span[]): Span[] {
  const out: Span[] = []
  for (const h of hits(q, GROUND_RE)) out.push({ type: 'area_basis', at: h.at, end: h.end, text: h.text, key: 'ground' })
  const ground = out.length > 0
  for (const h of hits(q, PIXEL_AREA_RE)) {
    const [, aside, sizeLead, lead, innerNot, a, b, area, trail] = h.m
    const setAside = Boolean(aside ?? innerNot)
    const perPixel = Boolean(lead) || (trail !== undefined && !/^pixels$/i.test(trail))
    const named = Boolean(sizeLead ?? lead ?? trail)
    // An area alone ("larger than 900 m²") is no pixel's; two sides alone are one only when set aside beside the
    // ground basis ("the true area on the ground, not 30 m x 30 m").
    if (area !== undefined && !named) continue
    if (!named && !(setAside && ground)) continue
    if (a !== undefined && Number(a) !== Number(b)) continue
    const metres = area !== undefined ? Math.sqrt(Number(area)) : Number(a)
    if (!(metres > 0)) continue
    out.push({ type: 'pixel_size', at: h.at, end: h.end, text: h.text, metres, ...(perPixel ? { perPixel } : {}), ...(setAside ? { setAside } : {}) })
  }
  for (const h of hits(q, PIXEL_SIZE_RE))
    if (!out.some((s) => overlaps(s, h))) out.push({ type: 'pixel_size', at: h.at, end: h.end, text: h.text, metres: Number(h.m[1] ?? h.m[2]) })
  for (const h of hits(q, GRID_CRS_RE)) {
    if (taken.some((s) => s.type === 'box' && overlaps(s, h))) continue
    const [, zone, hemi, epsg] = h.m
    const srs = zone ? `EPSG:${hemi.toLowerCase() === 'n' ? 32600 + Number(zone) : 32700 + Number(zone)}` : epsg ? `EPSG:${epsg}` : 'EPSG:3857'
    out.push({ type: 'grid_crs', at: h.at, end: h.end, text: h.text, srs })
  }
  return out
}
