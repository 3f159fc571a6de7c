/**
 * A box given by fractions of the image's extent ("the box from a quarter to three quarters of the image width and of
 * its height", "rows and cols from 1/4 to 3/4 of the image", "between 25 % and 75 % of the columns"): those fractions
 * of the rows, the columns or both, as a part of the grid. A name said right before it ("its central part: the box
 * ...", "central box = ...") is the box's, and that name said again ("in that central box") restates it.
 */
import { FRACTION_WORDS } from '../lexicon/regions'
import type { PartSpan } from './types'
import { alternation, hits, overlaps } from './words'

/** A fraction in words, as a ratio ("1/4"), a decimal ("0.25") or a percentage ("25 %"). */
const FRACTION = `(${alternation(Object.keys(FRACTION_WORDS))}|\\d\\s*\\/\\s*\\d|0?\\.\\d+|\\d{1,2}(?:\\.\\d+)?\\s*%)`
const AXIS = '(width|height|rows|columns|cols)'
const OF_IMAGE = `(?:(?:the\\s+|its\\s+)?(?:(?:image|scene|raster|grid|frame|picture)(?:['’]s)?\\s+)?)`
const BOX_NOUN = '(?:box|window|part|square|rectangle|area|region|portion|subset)'
const NAME = `(?:central|centre|center|middle)\\s+${BOX_NOUN}`
/** "its central part: the box ", "central box = ", "the box ". */
const LEAD = `(?:(?:(?:its|the|a)\\s+)?${NAME}\\s*(?:[:=,–-]\\s*)?)?(?:(?:the|a)\\s+${BOX_NOUN}\\s+)?`
const FROM_TO = `(?:from|between)\\s+(?:the\\s+)?${FRACTION}\\s+(?:to|and|-)\\s+(?:the\\s+)?${FRACTION}`
const BOX_RE = new RegExp(
  [
    // "from a quarter to three quarters of the image width and of its height"
    `\\b${LEAD}${FROM_TO}\\s+(?:mark\\s+)?of\\s+${OF_IMAGE}${AXIS}(?:\\s+(?:and|as\\s+well\\s+as)\\s+(?:of\\s+)?${OF_IMAGE}${AXIS})?`,
    // "rows and cols from 1/4 to 3/4 of the image"
    `\\b${LEAD}(?:(rows\\s+and\\s+(?:columns|cols)|(?:columns|cols)\\s+and\\s+rows|rows|columns|cols)\\s+(?:both\\s+)?${FROM_TO}(?:\\s+of\\s+(?:the\\s+)?(?:image|scene|raster|grid|frame))?)`,
  ].join('|'),
  'gi',
)
const RESTATED_RE = new RegExp(`\\b(?:that|this|the\\s+same|the)\\s+${NAME}\\b`, 'gi')
const NAMED_RE = new RegExp(NAME, 'i')

function fractionOf(text: string): number {
  const t = text.toLowerCase().replace(/\s+/g, ' ').trim()
  if (t in FRACTION_WORDS) return FRACTION_WORDS[t]
  const ratio = /^(\d)\s*\/\s*(\d)$/.exec(t)
  if (ratio) return Number(ratio[1]) / Number(ratio[2])
  if (t.endsWith('%')) return Number(t.slice(0, -1).trim()) / 100
  return Number(t)
}

/** The fraction boxes of `q`, and the box's name said again elsewhere (same rows and columns). */
export function fractionBoxes(q: string): PartSpan[] {
  const out: PartSpan[] = []
  for (const h of hits(q, BOX_RE)) {
    const m = h.m
    const [lo, hi] = m[1] !== undefined ? [fractionOf(m[1]), fractionOf(m[2])] : [fractionOf(m[6]), fractionOf(m[7])]
    if (!(lo >= 0 && hi <= 1 && lo < hi)) continue
    const axes = (m[1] !== undefined ? [m[3], m[4]] : [m[5]]).filter(Boolean).join(' ').toLowerCase()
    const rows = /\b(?:height|rows)\b/.test(axes)
    const cols = /\b(?:width|columns|cols)\b/.test(axes)
    const band: [number, number] = [lo, hi]
    out.push({
      type: 'part',
      at: h.at,
      end: h.end,
      text: h.text,
      name: `rows ${rows ? `${lo}-${hi}` : '0-1'}, columns ${cols ? `${lo}-${hi}` : '0-1'} of the grid`,
      rows: rows ? band : [0, 1],
      cols: cols ? band : [0, 1],
    })
  }
  // "in that central box": the box named again, where one box was read with that name.
  if (out.length === 1 && NAMED_RE.test(out[0].text))
    for (const h of hits(q, RESTATED_RE)) if (!overlaps(h, out[0])) out.push({ ...out[0], at: h.at, end: h.end, text: h.text })
  return out
}
