/**
 * The region parser: image parts (halves, quadrants, thirds, the centre), boxes in pixel, map or lon/lat
 * coordinates (any EPSG code named beside them), rows/columns windows and polygon files. Part and CRS words come
 * from the lexicon.
 */
import {
  BOX_WORDS,
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
import { fractionBoxes } from './fraction-box'
import { numberedGridParts } from './grid-cells'
import type { BoxSpan, ContextPartSpan, PartSpan } from './types'
import { alternation, hits, overlaps } from './words'

const OF_IMAGE = `(?:\\s+(?:of|in)\\s+(?:the\\s+|this\\s+)?(?:${alternation(IMAGE_NOUNS)}))?`

// The part's name may be restated in brackets before its noun ("the upper-left (NW) quadrant").
const PART_RES = PARTS.map(
  (p) =>
    new RegExp(
      `(?:${alternation(p.words)})(?:\\s*\\((?:${alternation(p.words)})\\))?(?:\\s+|-)(?:${alternation(PART_NOUNS[p.nouns])})${p.after ? `\\s+(?:${alternation(p.after)})` : OF_IMAGE}`,
      'gi',
    ),
)

export function parseParts(q: string): PartSpan[] {
  // A box by fractions first: its name said before it ("its central part: the box from a quarter ...") is its own.
  const found: PartSpan[] = [...fractionBoxes(q)]
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
  if (!along || f.outside) return f
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
 * third (a band of the grid); any other complement is no band and is marked `outside` (the spatial query then selects
 * the pixels not in the part).
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
  if (!rows || !cols) return { ...f, at: from, text, outside: true }
  const same = (a: readonly number[], b: readonly number[]) => Math.abs(a[0] - b[0]) < 1e-9 && Math.abs(a[1] - b[1]) < 1e-9
  const named = PARTS.find((p) => p.part && same(p.rows, rows!) && same(p.cols, cols!))
  const { part: _drop, ...rest } = f
  void _drop
  return named?.part
    ? { ...rest, at: from, text, name: named.name, part: named.part, rows, cols }
    : { ...rest, at: from, text, name: `outside the ${f.name}`, rows, cols }
}

/** A box's noun written before its corners ("the box 87.55-87.75 E, ...", "the rectangle: ..."). */
const BOX_NOUN_BEFORE = new RegExp(`(?:(?:the|this|that|a)\\s+)?(?:${alternation(BOX_WORDS)})\\s*:?\\s*$`, 'i')

/**
 * A box with a negation before it, its noun allowed between ("outside of the box 87.55-87.75 E, 43.55-43.75 N",
 * "everything except rows 0-99 and columns 0-99"): the pixels outside it.
 */
export function complementedBox(q: string, b: BoxSpan): BoxSpan {
  const noun = BOX_NOUN_BEFORE.exec(q.slice(Math.max(0, b.at - 30), b.at))
  const from = negationBefore(q, noun ? b.at - noun[0].length : b.at)
  return from === null ? b : { ...b, at: from, text: q.slice(from, b.end), outside: true }
}
