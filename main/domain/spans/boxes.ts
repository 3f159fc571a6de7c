/**
 * Boxes a question draws on the image: pixel windows (rows and columns, or a square by its size and first pixel),
 * boxes in lon/lat or a map CRS, and polygons from a GeoJSON file. Split from ./regions.ts (image parts by their words).
 */
import { BOX_WORDS, CRS_WORDS, PIXEL_NUMBERING } from '../lexicon/regions'
import type { BoxSpan, PolygonSpan } from './types'
import { alternation, everyMatch, hits, overlaps, type Hit } from './words'

const N = '(-?\\d+(?:\\.\\d+)?)'

/** The CRS words near a box: pixel, an EPSG code, lon/lat; null when none. */
function crsNear(text: string): { crs: 'pixel' | 'map'; srs?: string } | null {
  const epsg = text.match(/\bepsg\s*[: ]\s*(\d{4,5})\b/i)
  if (epsg) return { crs: 'map', srs: `EPSG:${epsg[1]}` }
  // "UTM zone 17N": WGS 84 / UTM, EPSG:326zz north and 327zz south.
  const utm = text.match(/\butm\s+zone\s+(\d{1,2})\s*([NS])\b/i)
  if (utm && Number(utm[1]) >= 1 && Number(utm[1]) <= 60) return { crs: 'map', srs: `EPSG:${/n/i.test(utm[2]) ? 326 : 327}${utm[1].padStart(2, '0')}` }
  for (const [key, words] of Object.entries(CRS_WORDS)) {
    if (key === 'pixel') continue
    if (new RegExp(`(?:${alternation(words)})`, 'i').test(text)) return { crs: 'map', srs: key }
  }
  if (new RegExp(`(?:${alternation(CRS_WORDS.pixel)})`, 'i').test(text)) return { crs: 'pixel' }
  if (/\b(?:map|projected)\s+(?:coordinates|units|crs)\b|\bmetres\b|\bmeters\b/i.test(text)) return { crs: 'map' }
  return null
}

/** A CRS named in words: an EPSG code, Web Mercator, a UTM zone (with the words up to the box's first axis). */
const CRS_MENTION = /\b(?:epsg\s*[: ]\s*\d{4,5}|web\s+mercator|pseudo-mercator|utm(?:\s+zone\s+\d{1,2}\s*[NS])?)\b[^.?;]*$/gi

/** Ends said inclusive: "inclusive", "incl.", "(both) ends included". */
const INCLUSIVE = String.raw`(?:both\s+)?(?:ends?\s+)?(?:inclusive|included|incl\.?)`
const INCLUSIVE_RE = new RegExp(INCLUSIVE, 'i')
/** Where numbering starts, said beside a window: "counting from 0", "numbered from one", "1-based", "zero-based". */
const FROM_BASE = String.raw`(?:counting|counted|numbered|indexed|starting)\s+from\s+(0|zero|1|one)|(0|1|zero|one)[\s-]based`
/** The first row or column named by its number ("first row = row 1", "first column is 0"). */
const FIRST_IS = String.raw`first\s+(?:rows?|columns?|cols?|lines?|pixels?)\s*(?:=|is|being)\s*(?:(?:rows?|columns?|cols?|lines?|pixels?)\s*)?(?:#\s*)?(0|1)\b`

/**
 * How a pixel window's numbers count, said right after it: "(both inclusive, counting from 0)", ", counting from
 * zero", "(0-based)", "(1-based, first row = row 1, ends included)", "(0-based, incl.)", "(both ends included)".
 */
const PIXEL_NUMBERING_RE = new RegExp(
  String.raw`^\s*[,(]?\s*(?:${INCLUSIVE}|${FROM_BASE}|${FIRST_IS})(?:\s*[,;]\s*(?:${INCLUSIVE}|${FROM_BASE}|${FIRST_IS}))*\s*\)?`,
  'i',
)
const NUMBERED_NOUNS = String.raw`(?:${alternation(PIXEL_NUMBERING.nouns)})(?:\s+(?:and|&|\/)\s+(?:the\s+)?(?:${alternation(PIXEL_NUMBERING.nouns)}))?`
const NUMBERING_VERB = `(?:${alternation(PIXEL_NUMBERING.verbs)})`
/**
 * Where the numbering starts, said anywhere in the question: "Our plot map numbers rows and columns from 1", "row and
 * column numbers start at 0", "pixels are indexed from one", "1-based", "first row = row 1". A statement that names no
 * rows, columns or pixels ("the record starts at 1 January") says nothing of a window.
 */
const NUMBERING_SAID = new RegExp(
  String.raw`\b(?:the\s+)?${NUMBERED_NOUNS}\s+(?:are\s+|is\s+|get\s+)?${NUMBERING_VERB}\s+(?:from|at|with)\s+(0|zero|1|one)\b` +
    String.raw`|\b${NUMBERING_VERB}\s+(?:the\s+|its\s+|their\s+)?${NUMBERED_NOUNS}\s+(?:from|at|with)\s+(0|zero|1|one)\b` +
    String.raw`|\b(?:0|1|zero|one)[\s-]based\b|\b${FIRST_IS}`,
  'gi',
)

/** The first number of one numbering statement, in a capture group. */
const BASE_OF = new RegExp(String.raw`${FROM_BASE}|${FIRST_IS}|\b${NUMBERED_NOUNS}[^.;]*?\b(?:from|at|with)\s+(0|zero|1|one)\b`, 'gi')

/** The first number (0 or 1) each numbering statement in `text` says, in order. */
function basesSaid(text: string): (0 | 1)[] {
  return everyMatch(text, BASE_OF).map((m) => (/^(?:1|one)$/i.test(m.slice(1).find((g) => g !== undefined) ?? '') ? 1 : 0))
}

/**
 * The numbering of the windows of `q`: said right after the window (`after`), or else anywhere in the question
 * outside its windows. Null when two statements disagree (the window is then not read and blocks). `said` is where
 * a statement away from the window is, for the reader to count those words as read.
 */
function windowNumbering(
  q: string,
  after: RegExpExecArray | null,
  windows: readonly { at: number; end: number }[],
): { base: 0 | 1; said: { at: number; end: number }[] } | null {
  // (A window's own words, with the numbering said right after it, are no statement away from it.)
  const own = windows.map((w) => ({ at: w.at, end: w.end + (PIXEL_NUMBERING_RE.exec(q.slice(w.end))?.[0].length ?? 0) }))
  const away = hits(q, NUMBERING_SAID).filter((h) => !own.some((w) => overlaps(w, h)))
  const bases = [...(after ? basesSaid(after[0]) : []), ...away.flatMap((h) => basesSaid(h.text))]
  if (new Set(bases).size > 1) return null
  return { base: bases[0] ?? 0, said: away.map((h) => ({ at: h.at, end: h.end })) }
}

/**
 * Pixel windows written with rows and columns: "rows 10-50 and columns 20-80" (inclusive), "rows 0:100, cols 0:100"
 * (slice: end exclusive), "from row 10 to row 50 and from column 20 to column 80" (inclusive), "rows 1200..1239 x cols
 * 1900..1939" (inclusive), either order, the axis letter allowed ("columns (x) 500-999").
 */
const RC =
  /\b(?:from\s+)?(rows?|lines?|cols?|columns?)(?:\s*\((?:x|y)\))?\s+(\d+)\s*(-|–|\.\.|to|through|thru|until|till|:)\s*(?:(?:rows?|lines?|cols?|columns?)\s+)?(\d+)(?:\s*\((?:x|y)\))?\s*(?:,|and|;|x|×)?\s*(?:and\s+)?(?:the\s+)?(?:(?:pixel\s+)?from\s+|pixel\s+)?(rows?|lines?|cols?|columns?)(?:\s*\((?:x|y)\))?\s+(\d+)\s*(-|–|\.\.|to|through|thru|until|till|:)\s*(?:(?:rows?|lines?|cols?|columns?)\s+)?(\d+)(?:\s*\((?:x|y)\))?/gi
/**
 * "a 50 × 50 pixel window starting at row 100, column 150": a square window by its size and first pixel (a window of
 * unequal sides is left to block, since "N × M" may list rows or columns first).
 */
const SIZED =
  /\b(\d+)\s*[×x]\s*(\d+)[\s-]*(?:pixels?|px)?\s+(?:[\w-]+\s+){0,2}?(?:window|box|block|subset|patch|square)\s+(?:starting|beginning|that\s+starts|which\s+starts|with\s+its\s+(?:top|upper)[\s-]left\s+(?:corner|pixel))\s+at\s+(?:the\s+)?(?:pixel\s+)?(rows?|lines?|cols?|columns?)\s+(\d+)\s*(?:,|and|\/)?\s*(?:and\s+)?(rows?|lines?|cols?|columns?)\s+(\d+)/gi

/** Why a pixel window is left unread when the question says its numbering two ways. */
export const NUMBERED_TWO_WAYS = 'a pixel window whose numbering the question says two ways (from 0 and from 1)'

/** Pixel windows whose numbering the question says two ways ("counted from 0 ... (1-based)"): left unread, they block with this cause. */
export function windowsNumberedTwoWays(q: string): { at: number; end: number; why: string }[] {
  const windows = [...hits(q, RC), ...hits(q, SIZED)]
  return windows
    .filter((w) => windowNumbering(q, PIXEL_NUMBERING_RE.exec(q.slice(w.end)), windows) === null)
    .map((w) => ({ at: w.at, end: w.end, why: NUMBERED_TWO_WAYS }))
}

export function parseBoxes(q: string): (BoxSpan | PolygonSpan)[] {
  const found: (BoxSpan | PolygonSpan)[] = []
  const sentenceAround = (at: number, end: number) => {
    const a = Math.max(q.lastIndexOf('.', at - 1) + 1, 0)
    const b = q.indexOf('.', end) < 0 ? q.length : q.indexOf('.', end)
    return q.slice(Math.max(a, at - 80), Math.min(b, end + 60))
  }
  const windows = [...hits(q, RC), ...hits(q, SIZED)]
  /**
   * The pixel window read at `h`, with the numbering restated after it ("(both inclusive, counting from 0)", ",
   * 1-based") or said elsewhere ("Our plot map numbers rows and columns from 1"): `corners` gets the first number (1
   * shifts the window) and whether the ends are said to be included. None when the numbering is said two ways.
   */
  const readWindow = (h: Hit, corners: (base: 0 | 1, included: boolean) => BoxSpan['bbox']) => {
    const after = PIXEL_NUMBERING_RE.exec(q.slice(h.end))
    const numbering = windowNumbering(q, after, windows)
    if (!numbering) return
    const end = h.end + (after ? after[0].length : 0)
    const bbox = corners(numbering.base, after !== null && INCLUSIVE_RE.test(after[0]))
    const said = numbering.said.length > 0 ? { numberingSaid: numbering.said } : {}
    found.push({ type: 'box', at: h.at, end, text: q.slice(h.at, end), bbox, crs: 'pixel', ...said })
  }
  for (const h of hits(q, RC)) {
    const m = h.m
    const firstRows = /^(?:rows?|lines?)$/i.test(m[1])
    if (firstRows === /^(?:rows?|lines?)$/i.test(m[5])) continue
    const [r0, rsep, r1, c0, csep, c1] = firstRows ? [m[2], m[3], m[4], m[6], m[7], m[8]] : [m[6], m[7], m[8], m[2], m[3], m[4]]
    // A slice's end (":") is exclusive unless the ends are said to be included.
    readWindow(h, (base, included) => [
      Number(c0) - base,
      Number(r0) - base,
      Number(c1) + (csep === ':' && !included ? 0 : 1) - base,
      Number(r1) + (rsep === ':' && !included ? 0 : 1) - base,
    ])
  }
  for (const h of hits(q, SIZED)) {
    const m = h.m
    const rowsFirst = /^(?:rows?|lines?)$/i.test(m[3])
    if (m[1] !== m[2] || rowsFirst === /^(?:rows?|lines?)$/i.test(m[5]) || found.some((f) => overlaps(f, h))) continue
    const [r0, c0] = rowsFirst ? [Number(m[4]), Number(m[6])] : [Number(m[6]), Number(m[4])]
    const size = Number(m[1])
    readWindow(h, (base) => [c0 - base, r0 - base, c0 - base + size, r0 - base + size])
  }
  // "the box with upper-left corner 43.85° N / 87.55° E and lower-right corner 43.70° N / 87.75° E": a lon/lat box by
  // two opposite corners, each written latitude first or longitude first with its hemisphere.
  const CORNER = `${N}\\s*°?\\s*([NSEW])\\s*(?:,|\\/|and)?\\s*${N}\\s*°?\\s*([NSEW])\\b`
  const CORNERS = new RegExp(
    `\\b(?:upper|top)[\\s-]left\\s+corner\\s+(?:is\\s+)?(?:at\\s+)?(?:\\(\\s*)?${CORNER}\\s*\\)?\\s*,?\\s*(?:and\\s+)?(?:(?:whose|its|the|a)\\s+)?(?:lower|bottom)[\\s-]right\\s+corner\\s+(?:is\\s+)?(?:at\\s+)?(?:\\(\\s*)?${CORNER}`,
    'gi',
  )
  for (const h of hits(q, CORNERS)) {
    if (found.some((f) => overlaps(f, h))) continue
    const pair = (a: string, ha: string, b: string, hb: string): [number, number] | null => {
      const v = (x: string, hem: string) => (/[WS]/i.test(hem) ? -Math.abs(Number(x)) : Number(x))
      const lat = /[NS]/i.test(ha) ? v(a, ha) : /[NS]/i.test(hb) ? v(b, hb) : null
      const lon = /[EW]/i.test(ha) ? v(a, ha) : /[EW]/i.test(hb) ? v(b, hb) : null
      return lat === null || lon === null || /[NS]/i.test(ha) === /[NS]/i.test(hb) ? null : [lon, lat]
    }
    const m = h.m
    const ul = pair(m[1], m[2], m[3], m[4])
    const lr = pair(m[5], m[6], m[7], m[8])
    // The upper-left corner must lie north-west of the lower-right one; otherwise the corners are not read.
    if (!ul || !lr || !(ul[0] < lr[0] && ul[1] > lr[1])) continue
    found.push({ type: 'box', at: h.at, end: h.end, text: h.text, bbox: [ul[0], lr[1], lr[0], ul[1]], crs: 'map', srs: 'EPSG:4326' })
  }
  // "longitude 114.2 to 114.6 and latitude 30.1 to 30.5" (either order), "lon 114.2-114.6, lat 30.1-30.5"
  // (Degrees as "°", "deg" or "degrees"; the two ranges joined by a comma, "and", ";" or "/".)
  const DEG_SIGN = '(?:°|\\s*deg(?:rees|\\.)?)?'
  const LON = `(?:between\\s+|from\\s+)?(?:longitudes?|lon|long|lng)\\s*(?:from|between|of|:|=)?\\s*${N}\\s*${DEG_SIGN}\\s*([EW])?\\s*(?:-|–|to|and|through)\\s*${N}\\s*${DEG_SIGN}\\s*([EW])?`
  const LAT = `(?:between\\s+|from\\s+)?(?:latitudes?|lat)\\s*(?:from|between|of|:|=)?\\s*${N}\\s*${DEG_SIGN}\\s*([NS])?\\s*(?:-|–|to|and|through)\\s*${N}\\s*${DEG_SIGN}\\s*([NS])?`
  const sign = (v: string, h: string | undefined) => (h && /[WS]/i.test(h) ? -Math.abs(Number(v)) : Number(v))
  for (const [re, lonFirst] of [
    [new RegExp(`${LON}\\s*(?:,|and|;|\\/)?\\s*(?:and\\s+)?${LAT}`, 'gi'), true],
    [new RegExp(`${LAT}\\s*(?:,|and|;|\\/)?\\s*(?:and\\s+)?${LON}`, 'gi'), false],
  ] as const) {
    for (const h of hits(q, re)) {
      if (found.some((f) => overlaps(f, h))) continue
      const m = h.m
      const [lo1, lo2, la1, la2] = lonFirst
        ? [sign(m[1], m[2]), sign(m[3], m[4]), sign(m[5], m[6]), sign(m[7], m[8])]
        : [sign(m[5], m[6]), sign(m[7], m[8]), sign(m[1], m[2]), sign(m[3], m[4])]
      found.push({
        type: 'box',
        at: h.at,
        end: h.end,
        text: h.text,
        bbox: [Math.min(lo1, lo2), Math.min(la1, la2), Math.max(lo1, lo2), Math.max(la1, la2)],
        crs: 'map',
        srs: 'EPSG:4326',
      })
    }
  }
  // "30.1°N to 30.5°N and 114.2°E to 114.6°E", "between 87.9°E and 88.1°E and between 43.6°N and 43.8°N",
  // "80.2W-79.8W / 32.6N-33.0N"
  const DEG = `${N}\\s*°?\\s*([NSEW])\\b`
  const HEMI_BOX = new RegExp(
    `(?:between\\s+)?${DEG}\\s*(?:-|–|to|and)\\s*${DEG}\\s*(?:,|and|;|\\/|x|×)?\\s*(?:and\\s+)?(?:between\\s+)?${DEG}\\s*(?:-|–|to|and)\\s*${DEG}`,
    'gi',
  )
  for (const h of hits(q, HEMI_BOX)) {
    if (found.some((f) => overlaps(f, h))) continue
    const m = h.m
    const pairs = [
      [m[1], m[2]],
      [m[3], m[4]],
      [m[5], m[6]],
      [m[7], m[8]],
    ] as [string, string][]
    const lons = pairs.filter(([, d]) => /[EW]/i.test(d)).map(([v, d]) => sign(v, d))
    const lats = pairs.filter(([, d]) => /[NS]/i.test(d)).map(([v, d]) => sign(v, d))
    if (lons.length !== 2 || lats.length !== 2) continue
    found.push({
      type: 'box',
      at: h.at,
      end: h.end,
      text: h.text,
      bbox: [Math.min(...lons), Math.min(...lats), Math.max(...lons), Math.max(...lats)],
      crs: 'map',
      srs: 'EPSG:4326',
    })
  }
  // Degrees and minutes ("87°40′E–87°55′E and 43°40′N–43°50′N", "87°40'-87°55'E / 43°40'-43°50'N"): each range's
  // hemisphere letter may be written on its end only.
  const DMS = `(\\d{1,3}(?:\\.\\d+)?)\\s*°\\s*(?:(\\d{1,2}(?:\\.\\d+)?)\\s*['′]\\s*)?(?:(\\d{1,2}(?:\\.\\d+)?)\\s*["″]\\s*)?`
  const DMS_RANGE = `${DMS}([NSEW])?\\s*(?:-|–|to|and)\\s*${DMS}([NSEW])\\b`
  const DMS_BOX = new RegExp(`(?:between\\s+)?${DMS_RANGE}\\s*(?:,|and|;|\\/|x|×)?\\s*(?:and\\s+)?(?:between\\s+)?${DMS_RANGE}`, 'gi')
  const degrees = (d: string, m?: string, sec?: string) => Number(d) + Number(m ?? 0) / 60 + Number(sec ?? 0) / 3600
  for (const h of hits(q, DMS_BOX)) {
    if (found.some((f) => overlaps(f, h))) continue
    const m = h.m
    const range = (o: number) => {
      const hemi = m[o + 8] ?? ''
      const first = m[o + 4] ?? hemi
      return {
        hemi: hemi.toUpperCase(),
        values: [sign(String(degrees(m[o + 1], m[o + 2], m[o + 3])), first), sign(String(degrees(m[o + 5], m[o + 6], m[o + 7])), hemi)],
      }
    }
    const [r1, r2] = [range(0), range(8)]
    if ((m[4] && !/[NS]/i.test(m[4]) !== !/[NS]/i.test(r1.hemi)) || (m[12] && !/[NS]/i.test(m[12]) !== !/[NS]/i.test(r2.hemi))) continue
    const lon = /[EW]/.test(r1.hemi) ? r1 : r2
    const lat = lon === r1 ? r2 : r1
    if (!/[EW]/.test(lon.hemi) || !/[NS]/.test(lat.hemi)) continue
    found.push({
      type: 'box',
      at: h.at,
      end: h.end,
      text: h.text,
      bbox: [Math.min(...lon.values), Math.min(...lat.values), Math.max(...lon.values), Math.max(...lat.values)],
      crs: 'map',
      srs: 'EPSG:4326',
    })
  }
  // "x 9780000..9810000, y 5400000..5420000", "x=9,780,000-9,810,000 m and y=...", "easting 530,000-600,000 m,
  // northing ...": a box in map units, in the CRS the sentence names (EPSG code, "web mercator", "UTM zone 17N"),
  // else the file's own.
  // A number in map units: thousands separated by commas, or a multiplier written onto it ("550k", "3.60M": thousand
  // and million; a lower-case "m" after the number is metres, never a multiplier).
  const NC = '(-?\\d{1,3}(?:,\\d{3})+(?:\\.\\d+)?|-?\\d+(?:\\.\\d+)?(?:[kK]|M(?![a-z]))?)'
  const METRES = '(?:m|metres|meters)\\b'
  const AXIS = (names: string) => `(?:${names})\\s*(?:=|:|from|between)?\\s*${NC}\\s*(?:${METRES})?\\s*(?:\\.\\.|-|–|to|and)\\s*${NC}(?:\\s*${METRES})?`
  const XY = new RegExp(`\\b${AXIS('x|eastings?')}\\s*(?:,|and|;)?\\s*(?:and\\s+)?\\b${AXIS('y|northings?')}`, 'gi')
  // The axis written after each range ("520000-580000 m E, 3650000-3700000 m N").
  const AXIS_AFTER = (names: string) => `${NC}\\s*(?:\\.\\.|-|–|to)\\s*${NC}\\s*(?:${METRES})?\\s*(?:${names})\\b`
  const XY_AFTER = new RegExp(`${AXIS_AFTER('e|east|eastings?')}\\s*(?:,|and|;|\\/)?\\s*(?:and\\s+)?${AXIS_AFTER('n|north|northings?')}`, 'gi')
  const mapNumber = (t: string) => {
    const v = Number(t.replace(/,/g, '').replace(/[kKM]$/, ''))
    return /[kK]$/.test(t) ? v * 1e3 : t.endsWith('M') ? v * 1e6 : v
  }
  const after = hits(q, XY_AFTER)
  const afterHits = new Set(after.map((h) => h.at))
  for (const h of [...hits(q, XY), ...after]) {
    if (found.some((f) => overlaps(f, h))) continue
    const [x1, x2, y1, y2] = [1, 2, 3, 4].map((i) => mapNumber(h.m[i]))
    // Ranges with a hemisphere letter after each and no metres ("87.55-87.75 E, 43.55-43.75 N") are degrees when
    // they fit longitude and latitude: no projected CRS has a box within 180 m of its origin.
    const degrees =
      afterHits.has(h.at) && !new RegExp(METRES, 'i').test(h.text) && [x1, x2].every((v) => Math.abs(v) <= 180) && [y1, y2].every((v) => Math.abs(v) <= 90)
    const crs = degrees ? { crs: 'map' as const, srs: 'EPSG:4326' } : crsNear(sentenceAround(h.at, h.end))
    // The CRS named just before ("in EPSG:3857 box", "in the scene's own UTM zone 17N coordinates:") or just after
    // ("(web mercator)") belongs to the box.
    const before = q.slice(Math.max(0, h.at - 70), h.at)
    const lead = [...before.matchAll(CRS_MENTION)].filter((m) => !/[.?;]/.test(before.slice(m.index ?? 0))).at(0)
    const at = lead ? h.at - before.length + (lead.index ?? 0) : h.at
    const tail = q.slice(h.end).match(/^\s*\(?\s*(?:in\s+)?(?:epsg\s*[: ]\s*\d{4,5}|web\s+mercator|pseudo-mercator|utm(?:\s+zone\s+\d{1,2}\s*[NS])?)\s*\)?/i)
    const end = h.end + (tail ? tail[0].length : 0)
    found.push({
      type: 'box',
      at,
      end,
      text: q.slice(at, end),
      bbox: [Math.min(x1, x2), Math.min(y1, y2), Math.max(x1, x2), Math.max(y1, y2)],
      ...(crs && crs.crs === 'map' ? crs : { crs: 'map' as const }),
    })
  }
  // "the box [minx, miny, maxx, maxy]", "bbox (a, b, c, d) in EPSG:3857", "window 10,20,60,80 in pixel coordinates"
  const BOX = new RegExp(
    `\\b(?:${alternation(BOX_WORDS)})\\s*(?:of|from|with\\s+corners|\\(|\\[|=|:)?\\s*(?:\\w+\\s+){0,3}?[([]?\\s*${N}\\s*,\\s*${N}\\s*,\\s*${N}\\s*,\\s*${N}\\s*[)\\]]?`,
    'gi',
  )
  for (const h of hits(q, BOX)) {
    if (found.some((f) => overlaps(f, h))) continue
    const b = [1, 2, 3, 4].map((i) => Number(h.m[i])) as [number, number, number, number]
    const crs = crsNear(sentenceAround(h.at, h.end)) ?? { crs: 'map' as const }
    // Trailing CRS words ("in EPSG:3857", "in pixel coordinates") belong to the box.
    const tail = q
      .slice(h.end)
      .match(
        /^\s*(?:\(|,)?\s*(?:in\s+|using\s+)?(?:the\s+)?(?:epsg\s*[: ]\s*\d{4,5}|pixel\s+(?:coordinates|units|space)|image\s+coordinates|lon\/lat|lat\/lon|wgs\s?84|map\s+(?:coordinates|units)|decimal\s+degrees|(?:degrees\s+)?(?:longitude|latitude)(?:\s*(?:\/|and)\s*(?:longitude|latitude))?)\s*\)?/i,
      )
    const end = h.end + (tail ? tail[0].length : 0)
    found.push({ type: 'box', at: h.at, end, text: q.slice(h.at, end), bbox: b, ...crs })
  }
  const POLY =
    /\b(?:within|inside|in|over|for)\s+(?:the\s+)?(?:polygons?|area|region|boundary|outline|zone)?\s*(?:of|in|from|given\s+in|defined\s+in|drawn\s+in)?\s*(?:the\s+file\s+)?['"`]?([\w./-]+\.(?:geojson|json|shp|kml|gpkg))['"`]?/gi
  for (const h of hits(q, POLY)) if (!found.some((f) => overlaps(f, h))) found.push({ type: 'polygon_file', at: h.at, end: h.end, text: h.text, file: h.m[1] })
  return found.map((f) => withLonLatCrs(q, f)).sort((a, b) => a.at - b.at)
}

/** The lon/lat coordinate system named after a box ("(WGS84)", "(WGS 84)", ", EPSG:4326"). */
const LONLAT_CRS_RE = /^\s*(?:,\s*|\(\s*)?(?:wgs[\s-]?84|epsg\s*:\s*4326)(?:\s*\))?/i

/** A lon/lat box with its coordinate system restated after it takes those words in. */
function withLonLatCrs(q: string, f: BoxSpan | PolygonSpan): BoxSpan | PolygonSpan {
  const said = f.type === 'box' && f.srs === 'EPSG:4326' ? LONLAT_CRS_RE.exec(q.slice(f.end)) : null
  return said ? { ...f, end: f.end + said[0].length, text: q.slice(f.at, f.end + said[0].length) } : f
}
