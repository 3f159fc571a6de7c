/**
 * Markers of the span parser: words that are read but name no statistic, period or condition. Words from the lexicon.
 */
import { PLACE_NAME_LEADS, SCENE_GRID_WORDS } from '../lexicon/context'
import { MONTHS, SEASONS } from '../lexicon/periods'
import { IMAGE_NOUNS, PART_NOUNS, PARTS } from '../lexicon/regions'
import { STATISTICS } from '../lexicon/statistics'
import { VARIABLES } from '../lexicon/variables'
import { BAND_ROLES } from '../lexicon/indices'
import { CALIBRATION_METHODS, TREND_METHODS, PRODUCT_METHODS, TVDI_BINNINGS } from '../lexicon/methods'
import { TIME_OF_DAY } from '../lexicon/qualifiers'
import { ANSWER_PRECISION } from '../lexicon/units'
import { SPELLED_NUMBERS } from '../lexicon/comparators'
import { ORDERING } from '../lexicon/statistics'
import { BAND_AT_RE, BAND_ORDER_RE, NUMBERED_BAND_ORDER_RE, bandRoles, numberedBandRoles, roleOfBandWord } from './bands'
import type { Span } from './types'
import { alternation, hits, overlaps, phraseRegex } from './words'

const ORDERING_RE = phraseRegex(ORDERING)
/** "{Airport, BareLand, Bridge, ...}": three or more labels in braces. */
const LABEL_SET_RE = /\{\s*([^{}]+?(?:,[^{}]+?){2,})\s*\}/g

const SYSTEM = `(?:(?:${alternation(SCENE_GRID_WORDS.system)})\\s+)?`
const PATH = alternation(SCENE_GRID_WORDS.path)
const ROW = alternation(SCENE_GRID_WORDS.row)
/** "WRS-2 path 16, row 37", "path 16 row 37", "path/row 016/037", "path: 16, row: 37", "LC08 016037". */
const SCENE_REF_RE = new RegExp(
  // "LC08 016037", "LC08_L1TP_016037": the sensor, then path and row as six digits (not a full product id, whose date
  // would be left unread).
  `\\b(?:${alternation(SCENE_GRID_WORDS.sensors)})[\\s_]+(?:l1[a-z]{2}[\\s_]+)?\\d{6}\\b(?![\\s_]*\\d)|` +
    `\\b${SYSTEM}(?:(?:${PATH})\\s*\\/\\s*(?:${ROW})\\s*[:=]?\\s*\\d{1,3}\\s*[/,-]\\s*\\d{1,3}|(?:${PATH})\\s*[:=#]?\\s*\\d{1,3}\\s*[,;/]?\\s*(?:and\\s+)?(?:${ROW})\\s*[:=#]?\\s*\\d{1,3})\\b`,
  'gi',
)
/**
 * A benchmark question's data named by its number ("the Xinjiang q46 tiles", "Earth-Bench question 46"): which data,
 * no number to use. Two or three digits: "Q1" to "Q4" are quarters of the year.
 */
const BENCHMARK_QUESTION_RE = /\b(?:earth[\s-]?bench\s+(?:question\s+|q\s?)\d{1,3}|q\d{2,3})\b/gi
/** "to 2 decimals", "1 decimal is fine", "three dp", "rounded to the nearest whole kelvin" (lexicon ANSWER_PRECISION). */
const PRECISION_RE = new RegExp(
  `(?:\\b(?:${alternation(ANSWER_PRECISION.leads)})\\s+)?(?:\\b\\d{1,2}|${alternation(SPELLED_NUMBERS)})\\s*(?:${alternation(ANSWER_PRECISION.nouns)})(?:\\s+(?:${alternation(ANSWER_PRECISION.after)}))?|(?:${alternation(ANSWER_PRECISION.nearest)})\\s+(?:${alternation(ANSWER_PRECISION.nearestTo)})`,
  'gi',
)
/**
 * The scale of a share said right after its word ("as a fraction between 0 and 1", "fraction (0-1)", "a proportion
 * from 0 to 1"): how the answer is written, not a range of values to keep.
 */
const SHARE_SCALE_RE =
  /(?<=\b(?:fraction|proportion|share|ratio)\s*)(?:\(\s*)?(?:between\s+0\s+and\s+1|from\s+0\s+to\s+1|0\s*(?:-|–|to)\s*1(?:\.0)?|in\s+\[\s*0\s*,\s*1\s*\])(?:\s*\))?(?!\d|\.\d)/gi
/** A capitalised compass word and the capitalised word after it ("South Carolina"); case matters. */
const PLACE_RE = new RegExp(`\\b(?:${PLACE_NAME_LEADS.join('|')})\\s+([A-Z][a-z]{2,})\\b`, 'g')
/** Words after a compass word that keep it a word of the lexicon ("North Half", "Upper Quartile", "Lower August"). */
const LEXICON_WORDS = new Set(
  [
    ...PARTS.flatMap((p) => p.words),
    ...Object.values(PART_NOUNS).flat(),
    ...IMAGE_NOUNS,
    ...MONTHS.flatMap((m) => m.names),
    ...SEASONS.flatMap((x) => x.names),
    ...STATISTICS.flatMap((x) => x.names),
    ...VARIABLES.flatMap((v) => v.names),
    'side',
    'edge',
    'corner',
    'strip',
    'band',
    'bound',
    'end',
    'tail',
    'limit',
    'threshold',
    'value',
    'values',
  ].map((w) => w.toLowerCase()),
)

/**
 * Markers that are read but name no statistic, period or condition: orderings ("rank from largest to smallest"),
 * label sets ("{Airport, Bridge, ...}"), stated band orders ("bands are R,G,B,NIR"), the time of day and named
 * retrieval methods or trend estimators ("split-window", "Theil-Sen").
 */
export function markers(q: string): Span[] {
  const out: Span[] = []
  // Orderings ("rank from largest to smallest"), label sets ("{Airport, Bridge, ...}"), stated band orders.
  for (const h of hits(q, ORDERING_RE)) out.push({ type: 'ordering', at: h.at, end: h.end, text: h.text })
  for (const h of hits(q, LABEL_SET_RE))
    out.push({
      type: 'label_set',
      at: h.at,
      end: h.end,
      text: h.text,
      labels: h.m[1]
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean),
    })
  for (const h of hits(q, BAND_ORDER_RE)) {
    const roles = bandRoles(h.m[1])
    if (roles) out.push({ type: 'band_order', at: h.at, end: h.end, text: h.text, roles })
  }
  for (const h of hits(q, NUMBERED_BAND_ORDER_RE)) {
    const roles = numberedBandRoles(h.m[1] ?? h.m.groups?.bare ?? '')
    if (roles && !out.some((o) => o.type === 'band_order' && overlaps(o, h))) out.push({ type: 'band_order', at: h.at, end: h.end, text: h.text, roles })
  }
  // A band's position restated in brackets after it: "(band 1)" binds that band; "(4th of r,g,b,nir)" states the
  // whole order, read only when the band named is the one at that place in the list (otherwise it stays unread).
  for (const h of hits(q, BAND_AT_RE)) {
    const role = roleOfBandWord(h.m[1])
    const open = h.at + h.text.indexOf('(')
    if (!role || out.some((o) => o.type === 'band_order' && o.at < h.end && o.end > open)) continue
    const text = q.slice(open, h.end)
    if (h.m[2]) {
      const band = Number(h.m[2])
      if (band >= 1) out.push({ type: 'band_at', at: open, end: h.end, text, role, band })
      // A bare role word right before its position ("TOA blue (band 2) reflectance") names that band: it is read as
      // one, as "the blue band" is.
      const word = h.m[1]
      const key = BAND_ROLES.find((b) => b.role === role)?.key
      if (band >= 1 && key && h.text.startsWith(word) && /^\s*$/.test(q.slice(h.at + word.length, open)))
        out.push({ type: 'band', at: h.at, end: h.at + word.length, text: word, key })
      continue
    }
    const roles = bandRoles(h.m[4])
    const n = Number(h.m[3])
    if (roles && roles[n - 1] === role) out.push({ type: 'band_order', at: open, end: h.end, text, roles })
  }

  // Names of the scene or place the data show: read, they select nothing.
  for (const h of [...hits(q, SCENE_REF_RE), ...hits(q, BENCHMARK_QUESTION_RE)]) out.push({ type: 'name', at: h.at, end: h.end, text: h.text, kind: 'scene' })
  for (const h of [...hits(q, PRECISION_RE), ...hits(q, SHARE_SCALE_RE)]) out.push({ type: 'name', at: h.at, end: h.end, text: h.text, kind: 'precision' })
  for (const h of hits(q, PLACE_RE)) if (!LEXICON_WORDS.has(h.m[1].toLowerCase())) out.push({ type: 'name', at: h.at, end: h.end, text: h.text, kind: 'place' })

  for (const [key, words] of Object.entries(TIME_OF_DAY) as ['day' | 'night', readonly string[]][])
    for (const h of hits(q, phraseRegex(words))) out.push({ type: 'time_of_day', at: h.at, end: h.end, text: h.text, key })
  for (const m of [
    ...PRODUCT_METHODS.map((x) => ({ key: x.key, of: x.product, names: x.names })),
    ...TREND_METHODS.map((x) => ({ key: x.key, of: 'trend', names: x.names })),
    ...TVDI_BINNINGS.map((x) => ({ key: x.key, of: 'tvdi', names: x.names })),
    ...CALIBRATION_METHODS.map((x) => ({ key: x.key, of: 'calibration', names: x.names })),
  ])
    for (const h of hits(q, phraseRegex(m.names))) out.push({ type: 'method', at: h.at, end: h.end, text: h.text, key: m.key, of: m.of })
  return out
}
