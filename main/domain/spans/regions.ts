/**
 * The region parser: image parts (halves, quadrants, thirds, the centre), boxes in pixel, map or lon/lat
 * coordinates (any EPSG code named beside them), rows/columns windows and polygon files. Part and CRS words come
 * from the lexicon.
 */
import {
  BOX_WORDS,
  CRS_WORDS,
  GRID_CELL_NOUNS,
  GRID_CENTRE_WORDS,
  GRID_COL_WORDS,
  GRID_DIVISION,
  GRID_ROW_WORDS,
  IMAGE_NOUNS,
  PART_NOUNS,
  PARTS,
  REGION_NEGATIONS,
  SIDE_NOUNS,
  SIDE_WORDS,
  STRIP_DIVISION,
  STRIP_NOUNS,
  STRIP_PICKS,
} from '../lexicon/regions'
import { numberedGridParts } from './grid-cells'
import type { BoxSpan, ContextPartSpan, PartSpan, PolygonSpan } from './types'
import { alternation, hits, overlaps } from './words'

const N = '(-?\\d+(?:\\.\\d+)?)'
const OF_IMAGE = `(?:\\s+(?:of|in)\\s+(?:the\\s+|this\\s+)?(?:${alternation(IMAGE_NOUNS)}))?`

// The part's name may be restated in brackets before its noun ("the upper-left (NW) quadrant").
const PART_RES = PARTS.map(
  (p) =>
    new RegExp(
      `(?:${alternation(p.words)})(?:\\s*\\((?:${alternation(p.words)})\\))?\\s+(?:${alternation(PART_NOUNS[p.nouns])})${p.after ? `\\s+(?:${alternation(p.after)})` : OF_IMAGE}`,
      'gi',
    ),
)

export function parseParts(q: string): PartSpan[] {
  const found: PartSpan[] = []
  for (const [i, p] of PARTS.entries()) {
    const re = PART_RES[i]
    for (const h of hits(q, re)) {
      if (found.some((f) => overlaps(f, h))) continue
      found.push({
        type: 'part',
        at: h.at,
        end: h.end,
        text: h.text,
        name: p.name,
        ...(p.part ? { part: p.part } : {}),
        rows: [p.rows[0], p.rows[1]],
        cols: [p.cols[0], p.cols[1]],
      })
    }
    if (p.part && p.nouns === 'half') {
      // "the half of the image to the north"
      const back = new RegExp(`\\bhalf\\s+(?:of\\s+the\\s+\\w+\\s+)?(?:to\\s+the\\s+|in\\s+the\\s+)(?:${alternation(p.words)})\\b`, 'gi')
      for (const h of hits(q, back))
        if (!found.some((f) => overlaps(f, h)))
          found.push({
            type: 'part',
            at: h.at,
            end: h.end,
            text: h.text,
            name: p.name,
            part: p.part,
            rows: [p.rows[0], p.rows[1]],
            cols: [p.cols[0], p.cols[1]],
          })
    }
    if (p.nouns === 'centre') {
      const re2 = new RegExp(
        `\\b(?:centre|center|middle)\\s+of\\s+the\\s+(?:${alternation(['image', 'scene', 'raster', 'map', 'grid', 'tile', 'frame', 'picture'])})\\b|\\b(?:image|scene|raster)\\s+(?:centre|center)\\b`,
        'gi',
      )
      for (const h of hits(q, re2))
        if (!found.some((f) => overlaps(f, h)))
          found.push({ type: 'part', at: h.at, end: h.end, text: h.text, name: p.name, rows: [p.rows[0], p.rows[1]], cols: [p.cols[0], p.cols[1]] })
    }
  }
  for (const p of [...stripParts(q).parts, ...gridParts(q).parts, ...numberedGridParts(q).parts]) if (!found.some((f) => overlaps(f, p))) found.push(p)
  return found
    .sort((a, b) => a.at - b.at)
    .map((f) => complemented(q, f))
    .map((f) => restated(q, f))
    .map((f) => oriented(q, f))
}

/** An axis restated: "vertical strip", "the central north-south strip, from one third to two thirds of the width", "by columns". */
const AXIS_WORDS = (dir: readonly string[], noun: string, extent: string) =>
  `(?:(?:(?:middle|central|centre|center)\\s+)?(?:${alternation(dir)})(?:\\s+(?:${alternation(STRIP_NOUNS)}))?(?:\\s*,?\\s*by\\s+${noun})?|by\\s+${noun}|of\\s+the\\s+${noun}|${noun.slice(0, -1)}[\\s-]?wise)` +
  `(?:\\s*,\\s*(?:i\\.?e\\.?,?\\s+)?from\\s+(?:one|1)[\\s-]third\\s+to\\s+(?:two|2)[\\s-]thirds\\s+of\\s+(?:the|its)\\s+(?:${noun}|${extent}))?`
const AXIS_RESTATED = new RegExp(
  `^(?:\\s+(?:of|in)\\s+(?:the\\s+|this\\s+)?(?:${alternation(IMAGE_NOUNS)}))?\\s*(?:,|\\(|;|:|–|—|-)\\s*(?:i\\.?e\\.?,?\\s+|that\\s+is,?\\s+|so\\s+)?(?:the\\s+|a\\s+)?(?:(${AXIS_WORDS(STRIP_DIVISION.vertical, 'columns', 'width')})|(${AXIS_WORDS(STRIP_DIVISION.horizontal, 'rows', 'height')}))\\s*\\)?`,
  'i',
)

/**
 * The middle third restated by its axis right after it ("the middle third of the image (the vertical strip, by
 * columns)"): a third of the columns when the restatement says so (a bare "middle third" is of the rows, the stated
 * convention); the restatement's words are the part's. One that contradicts a part said by columns is left to block.
 */
function oriented(q: string, f: PartSpan): PartSpan {
  if (f.name !== 'middle third (rows)' && f.name !== 'middle third (columns)') return f
  const m = q.slice(f.end).match(AXIS_RESTATED)
  if (!m) return f
  const columns = m[1] !== undefined
  if (f.name === 'middle third (columns)' && !columns) return f
  const end = f.end + m[0].length
  const third = columns ? PARTS.find((p) => p.name === 'middle third (columns)')! : PARTS.find((p) => p.name === 'middle third (rows)')!
  return { ...f, end, text: q.slice(f.at, end), name: third.name, rows: [third.rows[0], third.rows[1]], cols: [third.cols[0], third.cols[1]] }
}

const SIDE_RESTATED = new RegExp(
  `^(?:\\s+(?:of|in)\\s+(?:the\\s+|this\\s+)?(?:[\\w-]+\\s+){0,2}?(?:${alternation(IMAGE_NOUNS)}))?\\s*(?:,|\\(|;|:|–|—|-)\\s*(?:i\\.?e\\.?,?\\s+|that\\s+is,?\\s+|namely\\s+|so\\s+)?(?:the\\s+)?(${alternation(Object.keys(SIDE_WORDS))})\\s+(${alternation(SIDE_NOUNS)})\\b\\s*\\)?`,
  'i',
)

/**
 * A part restated by the side it lies on, right after it ("the lowest third of the Landsat image, the southern rows"): the
 * restatement is the part's own words when the part lies along that side over the whole other axis; a side the part
 * does not lie on is left unread (and blocks).
 */
function restated(q: string, f: PartSpan): PartSpan {
  const m = q.slice(f.end).match(SIDE_RESTATED)
  if (!m) return f
  const side = SIDE_WORDS[m[1].toLowerCase()]
  const rowsNoun = /^(?:rows|lines)$/i.test(m[2])
  const colsNoun = /^(?:columns|cols)$/i.test(m[2])
  const full = (r: readonly [number, number]) => r[0] === 0 && r[1] === 1
  const along =
    side === 'north'
      ? f.rows[0] === 0 && full(f.cols) && !colsNoun
      : side === 'south'
        ? f.rows[1] === 1 && full(f.cols) && !colsNoun
        : side === 'west'
          ? f.cols[0] === 0 && full(f.rows) && !rowsNoun
          : f.cols[1] === 1 && full(f.rows) && !rowsNoun
  if (!along || f.negated) return f
  const end = f.end + m[0].length
  return { ...f, end, text: q.slice(f.at, end) }
}

const STRIP_DIVISION_RE = new RegExp(
  `\\b(?:into\\s+)?(?:${alternation(STRIP_DIVISION.count)})\\s+(?:(?:${alternation(STRIP_DIVISION.equal)})\\s+)?(${alternation([...STRIP_DIVISION.vertical, ...STRIP_DIVISION.horizontal])})\\s+(?:${alternation(STRIP_DIVISION.nouns)})\\b(?:\\s+(?:${alternation(STRIP_DIVISION.equal.filter((w) => w.includes(' ')))}))?`,
  'gi',
)

/**
 * "Dividing the image into three vertical strips of equal width, ... the central strip": the strip picked, as a
 * third of the columns (vertical strips) or rows (horizontal), and the division's words (read as what the part is
 * of). Only with one division named: the pick says which third of it.
 */
export function stripParts(q: string): { parts: PartSpan[]; divisions: ContextPartSpan[] } {
  const divisions = hits(q, STRIP_DIVISION_RE)
  if (divisions.length !== 1) return { parts: [], divisions: [] }
  const d = divisions[0]
  const vertical = (STRIP_DIVISION.vertical as readonly string[]).includes(d.m[1].toLowerCase())
  const axis = vertical ? 'vertical' : 'horizontal'
  const T = 1 / 3
  const bands: Record<keyof typeof STRIP_PICKS, [number, number]> = { first: [0, T], middle: [T, 2 * T], last: [2 * T, 1] }
  const parts: PartSpan[] = []
  for (const [place, words] of Object.entries(STRIP_PICKS) as [keyof typeof STRIP_PICKS, (typeof STRIP_PICKS)['first']][]) {
    const re = new RegExp(`\\b(?:${alternation(words[axis])})\\s+(?:${alternation(STRIP_NOUNS)})\\b`, 'gi')
    for (const h of hits(q, re)) {
      if (overlaps(h, d)) continue
      const third = bands[place]
      const name = `${place} third (${vertical ? 'columns' : 'rows'})`
      parts.push({ type: 'part', at: h.at, end: h.end, text: h.text, name, rows: vertical ? [0, 1] : third, cols: vertical ? third : [0, 1] })
    }
  }
  if (parts.length !== 1) return { parts: [], divisions: [] }
  return { parts, divisions: [{ type: 'context_part', at: d.at, end: d.end, text: d.text }] }
}

const GRID_DIVISION_RE = new RegExp(
  `\\b(?:${alternation(GRID_DIVISION.counts)})\\s+(?:equal\\s+|equally\\s+sized\\s+)?(?:${alternation(GRID_DIVISION.nouns)})\\b(?:\\s+of\\s+(?:equal\\s+)?(?:${alternation(GRID_DIVISION.nouns)}))?`,
  'gi',
)
const ROW_ALT = alternation(Object.values(GRID_ROW_WORDS).flat())
const COL_ALT = alternation(Object.values(GRID_COL_WORDS).flat())
/** A cell's row and column words ("top-left", "north west", "upper middle"), or the centre alone. */
const CELL_WORDS = `(?:(${ROW_ALT})[\\s-]*(${COL_ALT})|(${alternation(GRID_CENTRE_WORDS)}))`
const GRID_CELL_RE = new RegExp(`\\b${CELL_WORDS}(?:\\s*\\(\\s*${CELL_WORDS}\\s*\\))?\\s+(?:${alternation(GRID_CELL_NOUNS)})\\b`, 'gi')

const indexOf = (words: Readonly<Record<0 | 1 | 2, readonly string[]>>, w: string) =>
  ([0, 1, 2] as const).find((i) => words[i].includes(w.toLowerCase())) ?? null
/** The row and column (0-2) a cell's words name, or null. */
function cellOf(row: string | undefined, col: string | undefined, centre: string | undefined): [number, number] | null {
  if (centre) return [1, 1]
  const [r, c] = [indexOf(GRID_ROW_WORDS, row ?? ''), indexOf(GRID_COL_WORDS, col ?? '')]
  return r === null || c === null ? null : [r, c]
}
const ROW_NAMES = ['top', 'middle', 'bottom']
const COL_NAMES = ['left', 'middle', 'right']

/**
 * "Split the image into a 3 x 3 grid of equal cells ... the top-left cell" (or "the centre cell", "the north-west
 * cell"): that third of the rows and of the columns, and the division's words (read as what the cell is of). Only
 * with one division and one cell picked; a cell restated in brackets must be the same cell.
 */
export function gridParts(q: string): { parts: PartSpan[]; divisions: ContextPartSpan[] } {
  const divisions = hits(q, GRID_DIVISION_RE)
  const picks = hits(q, GRID_CELL_RE).filter((h) => !divisions.some((d) => overlaps(h, d)))
  if (divisions.length !== 1 || picks.length !== 1) return { parts: [], divisions: [] }
  const [d, h] = [divisions[0], picks[0]]
  const cell = cellOf(h.m[1], h.m[2], h.m[3])
  const restated = h.m[4] || h.m[5] || h.m[6] ? cellOf(h.m[4], h.m[5], h.m[6]) : cell
  if (!cell || !restated || cell.join() !== restated.join()) return { parts: [], divisions: [] }
  const [r, c] = cell
  const T = 1 / 3
  const name = r === 1 && c === 1 ? 'centre cell of a 3 x 3 grid' : `${ROW_NAMES[r]}-${COL_NAMES[c]} cell of a 3 x 3 grid`
  return {
    parts: [{ type: 'part', at: h.at, end: h.end, text: h.text, name, rows: [r * T, (r + 1) * T], cols: [c * T, (c + 1) * T] }],
    divisions: [{ type: 'context_part', at: d.at, end: d.end, text: d.text }],
  }
}

const NEGATION_BEFORE = new RegExp(`(?:${alternation(REGION_NEGATIONS)})\\s+(?:the\\s+|this\\s+|its\\s+)?$`, 'i')
/** One-word negations a typo may bend ("outsde", "exept"): matched within one edit. */
const ONE_WORD_NEGATIONS = REGION_NEGATIONS.filter((w) => !w.includes(' ') && w.length >= 6)

function withinOneEdit(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) return false
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)))
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++) {
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1))
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1)
    }
  return d[a.length][b.length] <= 1
}

/** The negation word just before a part, exact or one typo away, with where it starts. */
function negationBefore(q: string, at: number): number | null {
  const before = q.slice(Math.max(0, at - 30), at)
  const m = before.match(NEGATION_BEFORE)
  if (m && m.index !== undefined) return at - before.length + m.index
  const w = before.match(/\b([a-z]+)\s+(?:the\s+|this\s+|its\s+)?$/i)
  if (w && w.index !== undefined && ONE_WORD_NEGATIONS.some((n) => withinOneEdit(w[1].toLowerCase(), n))) return at - before.length + w.index
  return null
}

/**
 * A part with a negation before it becomes its complement: the opposite half, or the other two thirds of an outer
 * third (a band of the grid); any other complement is no band and is marked negated for the reader to refuse.
 */
function complemented(q: string, f: PartSpan): PartSpan {
  const from = negationBefore(q, f.at)
  if (from === null) return f
  const text = q.slice(from, f.end)
  const full = (r: [number, number]) => r[0] === 0 && r[1] === 1
  let rows: [number, number] | null = null
  let cols: [number, number] | null = null
  if (full(f.cols) && (f.rows[0] === 0 || f.rows[1] === 1)) [rows, cols] = [f.rows[0] === 0 ? [f.rows[1], 1] : [0, f.rows[0]], [0, 1]]
  else if (full(f.rows) && (f.cols[0] === 0 || f.cols[1] === 1)) [rows, cols] = [[0, 1], f.cols[0] === 0 ? [f.cols[1], 1] : [0, f.cols[0]]]
  if (!rows || !cols) return { ...f, at: from, text, negated: true }
  const same = (a: readonly number[], b: readonly number[]) => Math.abs(a[0] - b[0]) < 1e-9 && Math.abs(a[1] - b[1]) < 1e-9
  const named = PARTS.find((p) => p.part && same(p.rows, rows!) && same(p.cols, cols!))
  const { part: _drop, ...rest } = f
  void _drop
  return named?.part
    ? { ...rest, at: from, text, name: named.name, part: named.part, rows, cols }
    : { ...rest, at: from, text, name: `outside the ${f.name}`, rows, cols }
}

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

/**
 * How a pixel window's numbers count, said right after it: "(both inclusive, counting from 0)", ", counting from
 * zero", "(0-based)", "(1-based, inclusive)", "(zero-based, ends included)"; group 1 or 2 the first number (0 or 1).
 */
const PIXEL_NUMBERING_RE =
  /^\s*,?\s*\(?\s*(?:(?:both\s+)?(?:ends?\s+)?(?:inclusive|included)\s*,?\s*)?(?:(?:counting|counted|numbered|indexed|starting)\s+from\s+(0|zero|1|one)|(0|1|zero|one)[\s-]based)(?:\s*,\s*(?:both\s+)?(?:ends?\s+)?(?:inclusive|included))?\s*\)?|^\s*\(\s*(?:both\s+)?(?:ends?\s+)?(?:inclusive|included)\s*\)/i

export function parseBoxes(q: string): (BoxSpan | PolygonSpan)[] {
  const found: (BoxSpan | PolygonSpan)[] = []
  const sentenceAround = (at: number, end: number) => {
    const a = Math.max(q.lastIndexOf('.', at - 1) + 1, 0)
    const b = q.indexOf('.', end) < 0 ? q.length : q.indexOf('.', end)
    return q.slice(Math.max(a, at - 80), Math.min(b, end + 60))
  }
  // "rows 10-50 and columns 20-80" (inclusive), "rows 0:100, cols 0:100" (slice: end exclusive), "from row 10 to row 50
  // and from column 20 to column 80" (inclusive), either order, the axis letter allowed ("columns (x) 500-999")
  const RC =
    /\b(?:from\s+)?(rows?|lines?|cols?|columns?)(?:\s*\((?:x|y)\))?\s+(\d+)\s*(-|–|to|through|thru|until|till|:)\s*(?:(?:rows?|lines?|cols?|columns?)\s+)?(\d+)(?:\s*\((?:x|y)\))?\s*(?:,|and|;)?\s*(?:and\s+)?(?:the\s+)?(?:(?:pixel\s+)?from\s+|pixel\s+)?(rows?|lines?|cols?|columns?)(?:\s*\((?:x|y)\))?\s+(\d+)\s*(-|–|to|through|thru|until|till|:)\s*(?:(?:rows?|lines?|cols?|columns?)\s+)?(\d+)(?:\s*\((?:x|y)\))?/gi
  for (const h of hits(q, RC)) {
    const m = h.m
    const firstRows = /^(?:rows?|lines?)$/i.test(m[1])
    if (firstRows === /^(?:rows?|lines?)$/i.test(m[5])) continue
    const [r0, rsep, r1, c0, csep, c1] = firstRows ? [m[2], m[3], m[4], m[6], m[7], m[8]] : [m[6], m[7], m[8], m[2], m[3], m[4]]
    // The numbering restated after the window ("(both inclusive, counting from 0)", ", 1-based"): from 1 shifts it.
    const said = PIXEL_NUMBERING_RE.exec(q.slice(h.end))
    const base = said && /^(?:1|one)$/i.test(said[1] ?? said[2] ?? '') ? 1 : 0
    const rEnd = Number(r1) + (rsep === ':' ? 0 : 1) - base
    const cEnd = Number(c1) + (csep === ':' ? 0 : 1) - base
    const end = h.end + (said ? said[0].length : 0)
    found.push({ type: 'box', at: h.at, end, text: q.slice(h.at, end), bbox: [Number(c0) - base, Number(r0) - base, cEnd, rEnd], crs: 'pixel' })
  }
  // "a 50 × 50 pixel window starting at row 100, column 150": a square window by its size and first pixel (a window
  // of unequal sides is left to block, since "N × M" may list rows or columns first).
  const SIZED =
    /\b(\d+)\s*[×x]\s*(\d+)[\s-]*(?:pixels?|px)?\s+(?:[\w-]+\s+){0,2}?(?:window|box|block|subset|patch|square)\s+(?:starting|beginning|that\s+starts|which\s+starts|with\s+its\s+(?:top|upper)[\s-]left\s+(?:corner|pixel))\s+at\s+(?:the\s+)?(?:pixel\s+)?(rows?|lines?|cols?|columns?)\s+(\d+)\s*(?:,|and|\/)?\s*(?:and\s+)?(rows?|lines?|cols?|columns?)\s+(\d+)/gi
  for (const h of hits(q, SIZED)) {
    const m = h.m
    const rowsFirst = /^(?:rows?|lines?)$/i.test(m[3])
    if (m[1] !== m[2] || rowsFirst === /^(?:rows?|lines?)$/i.test(m[5]) || found.some((f) => overlaps(f, h))) continue
    const [r0, c0] = rowsFirst ? [Number(m[4]), Number(m[6])] : [Number(m[6]), Number(m[4])]
    const said = PIXEL_NUMBERING_RE.exec(q.slice(h.end))
    const base = said && /^(?:1|one)$/i.test(said[1] ?? said[2] ?? '') ? 1 : 0
    const size = Number(m[1])
    const end = h.end + (said ? said[0].length : 0)
    found.push({ type: 'box', at: h.at, end, text: q.slice(h.at, end), bbox: [c0 - base, r0 - base, c0 - base + size, r0 - base + size], crs: 'pixel' })
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
  for (const h of [...hits(q, XY), ...hits(q, XY_AFTER)]) {
    if (found.some((f) => overlaps(f, h))) continue
    const [x1, x2, y1, y2] = [1, 2, 3, 4].map((i) => mapNumber(h.m[i]))
    const crs = crsNear(sentenceAround(h.at, h.end))
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
