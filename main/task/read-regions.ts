/**
 * The task reader's regions (read-task.ts): the parts of the image, boxes and polygon files the value is over, read
 * from the span parser's region spans, with the regions compared counted or their order restated.
 */
import { PARTS } from '../domain/lexicon'
import { allMatches } from './read-words'
import type { Reading } from './reading'
import type { Region } from './spec'

/**
 * The parts of the image the value is over, not already read: parts of the grid (halves and quadrants as parts,
 * thirds and the centre as grid bands), boxes in pixels, map units or any CRS, and polygon files. A second,
 * different region makes a comparison across regions possible; a part or box with a negation before it is the pixels
 * outside it. Refuses a box whose corners are out of order.
 */
export function readRegions(r: Reading): { regions: Region[]; region: Region } {
  const { lex, spans, use, refuse } = r
  const regions: Region[] = []
  for (const x of lex) {
    if (x.type !== 'part' && x.type !== 'box' && x.type !== 'polygon_file') continue
    if (spans.some((s) => s.role !== 'period' && x.at < s.end && x.end > s.at)) continue
    let made: Region | null = null
    const outside = x.type !== 'polygon_file' && x.outside ? { outside: true as const } : {}
    if (x.type === 'part')
      made = x.part
        ? { kind: 'part', part: x.part, ...outside, text: x.text.trim() }
        : { kind: 'grid', name: x.name, rows: x.rows, cols: x.cols, ...outside, text: x.text.trim() }
    else if (x.type === 'box') {
      const [x0, y0, x1, y1] = x.bbox
      if (!(x0 < x1 && y0 < y1)) {
        refuse(x.text.trim(), 'a box whose corners are not [minx, miny, maxx, maxy]')
        continue
      }
      made = { kind: 'bbox', bbox: x.bbox, crs: x.crs, ...(x.srs ? { srs: x.srs } : {}), ...outside, text: x.text.trim() }
    } else made = { kind: 'polygon_file', file: x.file, text: x.text.trim() }
    use(x.at, x.end, 'region')
    if (x.type === 'box') for (const n of x.numberingSaid ?? []) use(n.at, n.end, "the window's numbering")
    if (!regions.some((o) => JSON.stringify({ ...o, text: '' }) === JSON.stringify({ ...made, text: '' }))) regions.push(made)
  }
  // "I need compare two quadrants. ... the north-east quadrant, minus ... the south-west quadrant": the number of
  // regions named, said before them, restates them.
  if (regions.length >= 2)
    for (const h of allMatches(r.q, REGIONS_COUNTED)) {
      const n = /^(?:two|2|both|the\s+two)$/i.test(h.m[1].trim()) ? 2 : /^(?:three|3)$/i.test(h.m[1]) ? 3 : 4
      if (n === regions.length && !spans.some((s) => h.at < s.end && h.end > s.at)) use(h.at, h.end, 'the regions compared, counted')
    }
  // "(NE minus SW)": the two parts compared, restated by their compass letters in the order read; in the other order
  // it contradicts the reading, and is refused.
  if (regions.length === 2)
    for (const h of allMatches(r.q, ORDER_RESTATED)) {
      const [a, b] = [COMPASS[h.m[1].toUpperCase()], COMPASS[h.m[2].toUpperCase()]]
      const parts = regions.map((x) => (x.kind === 'part' ? x.part : null))
      if (spans.some((s) => h.at < s.end && h.end > s.at)) continue
      if (a === parts[0] && b === parts[1]) use(h.at, h.end, "the regions' order restated")
      else if (a === parts[1] && b === parts[0])
        refuse(h.m[0].trim(), 'the order restated is the other way round from the regions named (say which comes first)')
    }
  const region: Region = regions[0] ?? { kind: 'whole' }
  return { regions, region }
}

/**
 * A half or quadrant by its compass letters: the lexicon's two-letter word of a quadrant ("ne"), a half's first
 * letter ("n").
 */
const COMPASS: Readonly<Record<string, string>> = Object.fromEntries(
  PARTS.filter((p) => p.part).map((p) => [(p.words.find((w) => /^[a-z]{2}$/.test(w)) ?? p.part!.slice(0, 1)).toUpperCase(), p.part!]),
)
const LETTERS = Object.keys(COMPASS)
  .sort((a, b) => b.length - a.length)
  .join('|')
const ORDER_RESTATED = new RegExp(`\\(\\s*(${LETTERS})\\s*(?:minus|-|−|–|vs\\.?|versus|\\/|over)\\s*(${LETTERS})\\s*\\)`, 'g')
const REGIONS_COUNTED = /\b(two|2|both|the\s+two|three|3|four|4)\s+(?:image\s+)?(?:quadrants|halves|thirds|regions|parts|areas|boxes|windows|strips|sides)\b/gi
