/**
 * The part of the image a question is about: a half ("the northern half", "upper half"), a quadrant ("the
 * north-east quadrant", "upper-left quarter"), a pixel box ("rows 0 to 49, columns 10 to 60") or a polygon file
 * ("inside fields.geojson"). North is up (row 0 is the northern edge), as the rasters this app reads are north-up.
 * Thirds, the centre and boxes in lon/lat or another CRS come from the span parser's region spans. Spatial words
 * it cannot turn into pixels ("the edges", "within 5 km of the river") are reported as unchecked.
 */
import { parseQuestion } from '../../domain/spans'
import { NUMBERED_TWO_WAYS } from '../../domain/spans/boxes'

/** Fractions of the image: columns [x0, x1) and rows [y0, y1), each between 0 and 1. */
export interface Part {
  x0: number
  x1: number
  y0: number
  y1: number
}

/** `outside`: the question asks about the pixels outside the part or box ("everything but the NW quadrant"). */
export type AskedRegion = (
  | { kind: 'part'; part: Part; words: string }
  | { kind: 'box'; cols?: [number, number]; rows?: [number, number]; words: string; bbox?: [number, number, number, number]; srs?: string }
  | { kind: 'polygon'; file: string; words: string }
) & { outside?: true }

const HALVES: Record<string, Part> = {
  north: { x0: 0, x1: 1, y0: 0, y1: 0.5 },
  south: { x0: 0, x1: 1, y0: 0.5, y1: 1 },
  west: { x0: 0, x1: 0.5, y0: 0, y1: 1 },
  east: { x0: 0.5, x1: 1, y0: 0, y1: 1 },
}
const SIDE: Record<string, keyof typeof HALVES> = {
  north: 'north',
  northern: 'north',
  upper: 'north',
  top: 'north',
  south: 'south',
  southern: 'south',
  lower: 'south',
  bottom: 'south',
  west: 'west',
  western: 'west',
  left: 'west',
  'left-hand': 'west',
  east: 'east',
  eastern: 'east',
  right: 'east',
  'right-hand': 'east',
}
const SIDE_WORDS = Object.keys(SIDE)
  .sort((a, b) => b.length - a.length)
  .join('|')

/**
 * A part of the image named by a side or a corner ('north', 'south-west', 'upper_left', 'NE'), as a DAG may name
 * it; null when the name is neither.
 */
export function partNamed(name: string): Part | null {
  const n = name.toLowerCase().replace(/[\s_-]+/g, '')
  if (ABBREV[n]) return intersect(HALVES[ABBREV[n][0]], HALVES[ABBREV[n][1]])
  for (const [word, side] of Object.entries(SIDE)) {
    if (n === word.replace('-', '')) return HALVES[side]
    if (n.startsWith(word.replace('-', ''))) {
      const rest = SIDE[n.slice(word.replace('-', '').length)]
      if (rest && (side === 'north' || side === 'south') !== (rest === 'north' || rest === 'south')) return intersect(HALVES[side], HALVES[rest])
    }
  }
  return null
}

function intersect(a: Part, b: Part): Part {
  return { x0: Math.max(a.x0, b.x0), x1: Math.min(a.x1, b.x1), y0: Math.max(a.y0, b.y0), y1: Math.min(a.y1, b.y1) }
}

const ABBREV: Record<string, [string, string]> = { ne: ['north', 'east'], nw: ['north', 'west'], se: ['south', 'east'], sw: ['south', 'west'] }

/** Spatial words with no pixel meaning the verifier can check. */
const VAGUE =
  /\b(?:(?:top|bottom|upper|lower)[\s-](?:left|right)\s+corner|cent(?:re|er|ral)\s+(?:part|area|region|of\s+the\s+image)|the\s+edges?\s+of\s+the\s+image|within\s+\d+(?:\.\d+)?\s*(?:km|m|kilometres?|kilometers?|metres?|meters?)\s+of|buffer|near\s+the\s+(?:river|coast|city|lake|road))\b/gi

/** The verifier's reading of the span parser's region spans (parts as fractions, boxes, polygon files). */
function regionFromSpans(question: string): AskedRegion | null {
  const r = parseQuestion(question).spans.find((s) => s.type === 'part' || s.type === 'box' || s.type === 'polygon_file')
  if (!r) return null
  const outside = r.type !== 'polygon_file' && r.outside ? { outside: true as const } : {}
  if (r.type === 'part') return { kind: 'part', part: { x0: r.cols[0], x1: r.cols[1], y0: r.rows[0], y1: r.rows[1] }, words: r.text.trim(), ...outside }
  if (r.type === 'box') {
    const [x0, y0, x1, y1] = r.bbox
    if (r.crs === 'pixel') return { kind: 'box', rows: [y0, y1 - 1], cols: [x0, x1 - 1], words: r.text.trim(), ...outside }
    return { kind: 'box', bbox: r.bbox, ...(r.srs ? { srs: r.srs } : {}), words: r.text.trim(), ...outside }
  }
  if (r.type === 'polygon_file') return { kind: 'polygon', file: r.file, words: r.text.trim() }
  return null
}

export function readRegion(question: string): { asked: AskedRegion | null; unchecked: string[] } {
  const fromSpans = regionFromSpans(question)
  const unchecked = [...question.matchAll(VAGUE)]
    .filter((m) => !(fromSpans && fromSpans.words.toLowerCase().includes(m[0].toLowerCase().slice(0, 6))))
    .map((m) => `the place '${m[0]}'`)
  if (fromSpans) return { asked: fromSpans, unchecked }
  // Quadrants: "north-east quadrant", "upper left quarter", "NE quadrant"
  const quad = new RegExp(`\\b(${SIDE_WORDS})[\\s-]*(${SIDE_WORDS})\\s+(?:quadrant|quarter)\\b|\\b(ne|nw|se|sw)\\s+(?:quadrant|quarter)\\b`, 'i').exec(question)
  if (quad) {
    const [a, b] = quad[3] ? ABBREV[quad[3].toLowerCase()] : [quad[1].toLowerCase(), quad[2].toLowerCase()]
    const sa = SIDE[a]
    const sb = SIDE[b]
    const vertical = (s: string) => s === 'north' || s === 'south'
    if (sa && sb && vertical(sa) !== vertical(sb)) return { asked: { kind: 'part', part: intersect(HALVES[sa], HALVES[sb]), words: quad[0] }, unchecked }
    unchecked.push(`the place '${quad[0]}'`)
  }
  // Halves: "the northern half", "upper half of the image", "the left half"
  const half = new RegExp(`\\b(${SIDE_WORDS})\\s+half\\b`, 'i').exec(question)
  if (half) return { asked: { kind: 'part', part: HALVES[SIDE[half[1].toLowerCase()]], words: half[0] }, unchecked }
  // Pixel boxes: "rows 0 to 49", "columns 10-60"; not one whose numbering the question says two ways (it is refused).
  if (parseQuestion(question).blocked.some((b) => b.why === NUMBERED_TWO_WAYS))
    return { asked: null, unchecked: [...unchecked, 'a pixel window numbered two ways'] }
  const span = (word: string): [number, number] | undefined => {
    const m = new RegExp(`\\b${word}s?\\s+(\\d+)\\s*(?:-|–|to|through)\\s*(\\d+)`, 'i').exec(question)
    return m ? [Number(m[1]), Number(m[2])] : undefined
  }
  const rows = span('row')
  const cols = span('column') ?? span('col')
  if (rows || cols)
    return {
      asked: { kind: 'box', rows, cols, words: [rows && `rows ${rows.join('-')}`, cols && `columns ${cols.join('-')}`].filter(Boolean).join(', ') },
      unchecked,
    }
  if (/\b(?:bounding\s+box|bbox)\b/i.test(question)) return { asked: { kind: 'box', words: 'a bounding box' }, unchecked }
  const file = /\b([\w-]+\.(?:geojson|json|shp|gpkg|kml))\b/i.exec(question)
  if (file && /\b(?:inside|within|in|over|of|by)\b/i.test(question)) return { asked: { kind: 'polygon', file: file[1], words: file[0] }, unchecked }
  return { asked: null, unchecked }
}

/** A part of the image in words, for diagnoses. */
export function describePart(p: Part): string {
  const names: string[] = []
  if (p.y0 === 0 && p.y1 === 0.5) names.push('northern')
  if (p.y0 === 0.5 && p.y1 === 1) names.push('southern')
  if (p.x0 === 0 && p.x1 === 0.5) names.push('western')
  if (p.x0 === 0.5 && p.x1 === 1) names.push('eastern')
  if (names.length === 1) return `the ${names[0]} half`
  if (names.length === 2) return `the ${names.join('-').replace('ern-', '-')} quadrant`
  return `columns ${p.x0 * 100}-${p.x1 * 100}% and rows ${p.y0 * 100}-${p.y1 * 100}% of the image`
}
