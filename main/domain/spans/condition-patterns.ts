/**
 * The patterns of the condition parser (conditions.ts): a number as written, the units a threshold may carry, the
 * comparator words, and the ranges ("NDVI between 0.2 and 0.5", "0.2 < NDVI < 0.5", "outside 0.2-0.5", "are between
 * 285 and 290 K"), the postfix comparisons ("0.3 or more") and comparisons ("above 315 K"). Words from the lexicon.
 */
import { COMPARATORS, NUMBER_WORDS, POSTFIX_COMPARATORS, RANGE_JOINS, RANGE_NEGATIONS, RESTRICTING_LEADS } from '../lexicon/comparators'
import { UNIT_LETTERS, UNITS } from '../lexicon/units'
import { alternation, escape } from './words'
import { VARIABLE_ALT } from './variables'

/** A number: digits, or a number word of the lexicon ("zero") as a whole word, not the start of "zero point five". */
export const NUM = `((?:minus\\s+|[+\\-−–])?\\d+(?:\\.\\d+)?|[+\\-−–]?\\.\\d+|(?:${alternation(Object.keys(NUMBER_WORDS))})\\b(?!\\s*(?:point\\b|[.,]\\d)))`
/** Units a threshold may be written in (temperature, share, a few others); "K" and "C" only as whole words. */
const THRESHOLD_UNITS = UNITS.filter((u) => u.quantity === 'temperature' || u.key === 'percent' || u.key === 'g/cm2')
export const UNIT = `\\s*(${alternation(THRESHOLD_UNITS.flatMap((u) => u.names).filter((n) => n !== 'percentage' && n !== 'percentages'))}|[${Object.keys(UNIT_LETTERS).join('')}](?![\\w°]))?`
export const CMP_WORDS = COMPARATORS.flatMap((c) => c.words)
export const CMP = `(${alternation(CMP_WORDS)})`
export const INCLUSIVE = new Set(COMPARATORS.filter((c) => c.op === '>=' || c.op === '<=').flatMap((c) => c.words.map((w) => w.toLowerCase())))

export function unitKey(raw: string | undefined): string | null {
  if (!raw) return null
  const w = raw.toLowerCase().replace(/\s+/g, ' ').trim()
  return UNITS.find((u) => u.names.includes(w))?.key ?? UNIT_LETTERS[w] ?? null
}

export function opOf(word: string): '>' | '>=' | '<' | '<=' | null {
  const w = word
    .toLowerCase()
    .replace(/[\s-]+/g, ' ')
    .trim()
  return COMPARATORS.find((c) => c.words.some((x) => x.toLowerCase().replace(/[\s-]+/g, ' ') === w))?.op ?? null
}

/** A number as written; a minus may be typed as U+2212 or an en dash ("less than –0.3") or said ("minus 15"). */
export const num = (s: string) => {
  const t = s.replace(/^(?:[−–]|minus\s+)/i, '-')
  const word = NUMBER_WORDS[t.replace(/^[-+]/, '').toLowerCase()]
  return word === undefined ? Number(t) : t.startsWith('-') ? -word : word
}

/** The bands a variable is made from, in brackets after its name ("NDVI (bands 5 and 4)", "NDVI (B5, B4)"): read as bands by their own span. */
export const BANDS_IN_BRACKETS = String.raw`\(\s*(?:bands?\s+)?b?\d{1,2}(?:\s*(?:,|and|&|\/)\s*(?:bands?\s+)?b?\d{1,2}){1,3}\s*\)`
export const BANDS_BRACKET_AT_START = new RegExp(`^\\s*${BANDS_IN_BRACKETS}`)
export const RANGE = new RegExp(
  `(${VARIABLE_ALT})(?:\\s*${BANDS_IN_BRACKETS})?(?:\\s+values?|\\s*\\(\\s*values?)?\\s+(?:is\\s+|are\\s+|was\\s+|were\\s+|lies\\s+|lie\\s+|lay\\s+|falls?\\s+|fell\\s+)?(?:only\\s+)?(${alternation(RANGE_NEGATIONS)}|not\\s+)?\\s*(?:strictly\\s+)?(?:the\\s+)?(?:between|from|in\\s+the\\s+range(?:\\s+of)?|within(?:\\s+the\\s+range)?(?:\\s+of)?|range(?:\\s+of)?|in(?=\\s*(?:[[(]|\\d+(?:\\.\\d+)?\\s*\\.\\.|-?\\d{1,3}(?:\\.\\d+)?\\s*(?:to|-|–)\\s*-?\\d{1,3}(?:\\.\\d+)?(?!\\d|\\.\\d|-))))?\\s*[[(]?\\s*${NUM}${UNIT}\\s*(?:${RANGE_JOINS.map(escape).join('|')})\\s*${NUM}${UNIT}\\s*[\\])]?`,
  'gi',
)
/** "only NDVI 0 to 1": a restricting word just before the variable of a bare range. */
export const RESTRICTED_BEFORE = new RegExp(`\\b(?:${alternation(RESTRICTING_LEADS)})\\s+(?:the\\s+)?$`, 'i')
export const SANDWICH = new RegExp(`${NUM}${UNIT}\\s*(<=?|≤)\\s*(${VARIABLE_ALT})\\s*(<=?|≤)\\s*${NUM}${UNIT}`, 'gi')
export const BARE_OUTSIDE = new RegExp(
  `(${alternation(RANGE_NEGATIONS)})\\s+(?:the\\s+)?(?:range\\s+)?(?:of\\s+)?[[(]?\\s*${NUM}${UNIT}\\s*(?:and|to|-|–|,)\\s*${NUM}${UNIT}\\s*[\\])]?`,
  'gi',
)
/** "pixels (that) are between 285 and 290 K", "lie within 0.2-0.5": a range said of the pixels, its variable named before. */
export const BARE_BETWEEN = new RegExp(
  `\\b(?:are|is|lie|lies|lay|fall|falls|fell|were|was)\\s+(?:strictly\\s+)?(?:between|within(?:\\s+the\\s+range(?:\\s+of)?)?|in\\s+the\\s+range(?:\\s+of)?)\\s+[[(]?\\s*${NUM}${UNIT}\\s*(?:and|to|-|–)\\s*${NUM}${UNIT}\\s*[\\])]?`,
  'gi',
)
export const POSTFIX = new RegExp(`${NUM}${UNIT}\\s+(${alternation(POSTFIX_COMPARATORS.flatMap((c) => c.words))})`, 'gi')
export const CMP_RE = new RegExp(
  `${CMP}\\s*(?:the\\s+|a\\s+)?(?:(?:critical\\s+)?(?:threshold|value|level|cut-?off)\\s+(?:of\\s+)?)?(?:(?:an?\\s+)?(${VARIABLE_ALT})\\s+(?:value\\s+)?of\\s+)?${NUM}${UNIT}`,
  'gi',
)
