/**
 * Band words of the span parser: stated band orders ("bands are R,G,B,NIR"), bands named as variables ("the red
 * band", "band 4", "B4", a bare "NIR"), and the calibration asked of them ("TOA reflectance"). Words from the lexicon.
 */
import { BAND_CALIBRATIONS, BAND_NOUNS, BAND_ORDER_LEADS, BAND_ROLES, BARE_BAND_NAMES, COMMON_INDICES } from '../lexicon/indices'
import { INDEX_METHOD_WORDS } from '../lexicon/methods'
import { STATISTICS } from '../lexicon/statistics'
import { SPYNDEX_NAMES } from '../lexicon/spyndex-names'
import type { IndexBandsSpan, Span } from './types'
import { VARIABLE_RE, variableNamed } from './variables'
import { alternation, escape, hits, overlaps, phraseRegex } from './words'

const BAND_WORD = alternation(BAND_ROLES.flatMap((b) => b.names))
const BAND_LIST = `(?:${BAND_WORD})(?:\\s*(?:,|/|;|-|\\band\\b|\\bthen\\b|,\\s*and\\b)\\s*(?:${BAND_WORD})){1,11}`
/**
 * A stated band order: a lead, then two or more band words joined by commas, slashes, semicolons, "and" or "then";
 * also the list in brackets after a file name ("rgbn.tif (R,G,B,NIR)") and a list followed by "in that order".
 */
export const BAND_ORDER_RE = new RegExp(
  `(?:(?:${alternation(BAND_ORDER_LEADS)})(?:\\s+of\\s+(?:the\\s+)?[\\w.-]+(?:\\s+(?:file|image|raster))?\\s+(?:are|is))?|\\.tiff?(?=\\s*\\()|(?=${BAND_LIST}\\s+in\\s+(?:that|this|the\\s+same)\\s+order\\b))\\s*(?:[:=(]\\s*)?(?:as\\s+)?(${BAND_LIST})\\b\\)?(?:\\s+in\\s+(?:that|this|the\\s+same)\\s+order\\b)?`,
  'gi',
)

/**
 * A band order written as numbered bands in brackets: "(band 1 red, 2 green, 3 blue, 4 NIR)", "(bands: 1 = R, 2 = G,
 * 3 = B)", "(b1=R b2=G b3=B b4=NIR)", or after a lead ("band order: 1 red, 2 green, 3 blue, 4 NIR"). Read only when
 * the numbers run 1, 2, 3 ... in order.
 */
const NUMBERED_LIST = `((?:(?:band\\s*|b(?=\\d))?\\d{1,2}\\s*[:=]?\\s*(?:${BAND_WORD})\\s*(?:,|;|\\band\\b)?\\s*){1,11}(?:band\\s*|b(?=\\d))?\\d{1,2}\\s*[:=]?\\s*(?:${BAND_WORD}))`
export const NUMBERED_BAND_ORDER_RE = new RegExp(
  `\\(\\s*(?:bands?\\s*:?\\s*)?${NUMBERED_LIST}\\s*\\)|(?:${alternation(BAND_ORDER_LEADS)})\\s*[:=]?\\s*${NUMBERED_LIST.replace('(', '(?<bare>')}\\b`,
  'gi',
)

/** The roles of a numbered band list ("band 1 red, 2 green, 3 blue, 4 NIR") when its numbers run 1, 2, 3 ...; else null. */
export function numberedBandRoles(list: string): string[] | null {
  const pairs = [...list.matchAll(new RegExp(`(\\d{1,2})\\s*[:=]?\\s*(${BAND_WORD})`, 'gi'))]
  if (pairs.some((p, i) => Number(p[1]) !== i + 1)) return null
  const roles = pairs.map((p) => roleOfBandWord(p[2]))
  return roles.every((r): r is string => r !== null) && roles.length >= 2 ? roles : null
}

/**
 * A band's position restated in brackets right after the band ("the red band (band 1)", "NIR (4th of r,g,b,nir)",
 * "the blue channel (band 3 of rgbn.tif)"): group 1 the band word before, group 2 the band number, or group 3 the
 * ordinal and group 4 the list it counts in.
 */
export const BAND_AT_RE = new RegExp(
  `\\b(${BAND_WORD})(?:[\\s-]+(?:band|channel|layer))?\\s*\\(\\s*(?:(?:band|channel|layer)\\s*#?(\\d{1,2})(?:\\s+of\\s+(?:the\\s+)?[\\w.-]+)?|(\\d{1,2})(?:st|nd|rd|th)\\s+(?:band\\s+)?(?:of|in)\\s+(${BAND_LIST}))\\s*\\)`,
  'gi',
)

/** The spyndex role of a band word ("red", "nir", "swir1"), or null. */
export function roleOfBandWord(word: string): string | null {
  const w = word
    .toLowerCase()
    .replace(/[\s-]+/g, ' ')
    .trim()
  return BAND_ROLES.find((b) => b.names.some((n) => n.toLowerCase().replace(/-/g, ' ') === w))?.role ?? null
}

const HYPHENATED = BAND_ROLES.flatMap((b) => b.names).filter((n) => n.includes('-') && BAND_ROLES.some((o) => o.names.includes(n.replace(/-/g, ' '))))

/** Band roles of a stated band order, in file order, or null when a word is no band role. */
export function bandRoles(list: string): string[] | null {
  const roles: string[] = []
  // A hyphen inside a band's name ("near-infrared", "swir-1") joins it; between names it separates them.
  const joined = HYPHENATED.reduce((t, n) => t.replace(new RegExp(escape(n), 'gi'), n.replace(/-/g, ' ')), list)
  for (const w of joined
    .split(/\s*(?:,|\/|;|\band\b|\bthen\b)\s*|\s*-\s*(?=[a-z])/i)
    .map((x) => x.trim().toLowerCase())
    .filter(Boolean)) {
    const role = BAND_ROLES.find((b) => b.names.includes(w))?.role
    if (!role) return null
    roles.push(role)
  }
  return roles.length >= 2 && new Set(roles).size === roles.length ? roles : null
}
/**
 * A role word before a band noun: "the red band", "near-infrared channel", "SWIR1 band" (single letters only in
 * stated orders); "thermal band 31" is band 31, read by its number.
 */
const ROLE_BAND_RE = new RegExp(
  `(?:${alternation(BAND_ROLES.flatMap((b) => b.names).filter((n) => n.length >= 2))})[\\s-]+(?:${alternation(BAND_NOUNS)})(?!\\s*#?\\d)`,
  'gi',
)
/** A band by its number: "band 4", "bands 4 and 5", "channel 2" (any case), "B4", "SR_B5", "b4", "band: 2" (a checklist's label). */
const NUMBERED_BAND_RE =
  /\b(?:bands?|channels?)\s*(?::\s*)?#?(\d{1,2})(?:\s*(?:,|and|&|or|\/)\s*(?:bands?\s*)?\d{1,2}\b)*|(?<![A-Za-z0-9_])(?:SR_)?[Bb](\d{1,2})(?![A-Za-z0-9])/g
export const CALIBRATION_RES = (Object.entries(BAND_CALIBRATIONS) as [keyof typeof BAND_CALIBRATIONS, readonly string[]][]).map(([key, words]) => ({
  key,
  re: phraseRegex(words),
}))

const LIST_BEFORE = new RegExp(`(?:${BAND_WORD})\\s*(?:,|/|;|-|\\band\\b|&)\\s*$`, 'i')
const LIST_AFTER = new RegExp(`^\\s*(?:,|/|;|-|\\band\\b|&)\\s*(?:${BAND_WORD})\\b`, 'i')

/** A band role word standing alone (lexicon BARE_BAND_NAMES), not inside an index formula "(NIR - red)". */
const BARE_BAND_RE = phraseRegex(BARE_BAND_NAMES)

/**
 * A colour or role word as what a statistic is of ("the mean red where ...", "median green over ...", "max NIR?") or
 * with the value noun ("the red value", "green DN"): the band, though "red" alone is also an adjective. After the
 * statistic the word must end its noun phrase ("the mean blue normalized difference ..." names an index).
 */
const STAT_WORDS = alternation(STATISTICS.filter((x) => ['mean', 'median', 'min', 'max', 'std', 'sum'].includes(x.key)).flatMap((x) => x.names))
const ROLE_NAMES = alternation(BAND_ROLES.flatMap((b) => b.names).filter((n) => n.length >= 3))
const ROLE_AS_VALUE_RE = new RegExp(
  `(?<=\\b(?:${STAT_WORDS})\\s+(?:of\\s+(?:the\\s+)?)?)(?:${ROLE_NAMES})\\b(?=\\s*(?:$|[,;:?!()]|\\.(?!\\d)|(?:where|over|for|in|of|on|at|when|with|from|across|inside|within|and|per|during)\\b))|\\b(?:${ROLE_NAMES})[\\s-]+(?:values?|dns?|digital\\s+numbers?)\\b`,
  'gi',
)

/** Bands named as variables, outside stated band orders; a list of numbers gives one span per band over the list's words. */
export function bandSpans(q: string, taken: readonly { at: number; end: number }[]): Span[] {
  const out: Span[] = []
  for (const h of hits(q, ROLE_AS_VALUE_RE)) {
    if (taken.some((t) => overlaps(t, h))) continue
    const key = BAND_ROLES.find((b) => b.role === roleOfBandWord(h.text.replace(/[\s-]+(?:values?|dns?|digital\s+numbers?)$/i, '')))?.key
    if (key) out.push({ type: 'band', at: h.at, end: h.end, text: h.text, key })
  }
  for (const h of hits(q, ROLE_BAND_RE)) {
    if (taken.some((t) => overlaps(t, h)) || out.some((o) => overlaps(o, h))) continue
    const word = h.text
      .toLowerCase()
      .replace(new RegExp(`[\\s-]+(?:${alternation(BAND_NOUNS)})$`, 'i'), '')
      .replace(/\s+/g, ' ')
    const role = BAND_ROLES.find((b) => b.names.some((n) => n.toLowerCase() === word || n.toLowerCase().replace(/-/g, ' ') === word.replace(/-/g, ' ')))
    if (role) out.push({ type: 'band', at: h.at, end: h.end, text: h.text, key: role.key })
  }
  for (const h of hits(q, BARE_BAND_RE)) {
    if (taken.some((t) => overlaps(t, h)) || out.some((o) => overlaps(o, h))) continue
    // A bare band word in a list of band words ("r,g,b,nir", "(nir and swir1)") lists bands; it asks about none.
    if (LIST_BEFORE.test(q.slice(Math.max(0, h.at - 30), h.at)) || LIST_AFTER.test(q.slice(h.end, h.end + 30))) continue
    const word = h.text.toLowerCase().replace(/[\s-]+/g, ' ')
    const role = BAND_ROLES.find((b) => b.names.some((n) => n.replace(/-/g, ' ') === word))
    if (role) out.push({ type: 'band', at: h.at, end: h.end, text: h.text, key: role.key })
  }
  for (const h of hits(q, NUMBERED_BAND_RE)) {
    if (taken.some((t) => overlaps(t, h)) || out.some((o) => overlaps(o, h))) continue
    const numbers = h.m[2] ? [h.m[2]] : [...h.text.matchAll(/\d{1,2}/g)].map((m) => m[0])
    for (const n of [...new Set(numbers.map(Number))]) out.push({ type: 'band', at: h.at, end: h.end, text: h.text, key: `b${n}` })
  }
  return out
}

/**
 * The bands an index is stated with, right after its name: in brackets ("NDWI (green vs nir)", "MNDWI
 * (green/swir1)", "NDWI (mcfeeters, green-NIR)"), as its formula ("NDWI, (NIR - SWIR1)/(NIR + SWIR1),") or with
 * "with / using / from" ("MNDWI with green and SWIR1"). Read only when the words between are band words, operators,
 * joins and the index's method names; `matches` says whether they are the catalogue's bands of the index (another
 * pair is another index of the same name, e.g. Gao's NIR/SWIR NDWI, and is refused).
 */
const INDEX_TAIL_RE = new RegExp(
  `^\\s*,?\\s*(?:(\\((?:[^()]|\\([^()]*\\))*\\)(?:\\s*/\\s*\\([^()]*\\))?)|(?:with|using|from|based\\s+on|computed\\s+from|of)\\s+(?:the\\s+)?((?:${BAND_WORD})(?:[\\s-]+bands?)?\\s*(?:and|&|,|/)\\s*(?:the\\s+)?(?:${BAND_WORD})(?:[\\s-]+bands?)?))`,
  'i',
)
const BAND_TOKEN = new RegExp(`(?<![\\w-])(?:${BAND_WORD})(?![\\w])`, 'gi')
const JOIN_TOKENS = new Set([
  'vs',
  'vs.',
  'versus',
  'against',
  'and',
  'or',
  'with',
  'minus',
  'plus',
  'over',
  'divided',
  'by',
  'of',
  'the',
  'band',
  'bands',
  'index',
  'formula',
  'i.e.',
  'ie',
  'e.g.',
])

/**
 * The band letters (and formula) of a spectral index by its lexicon key: the readers' common indices, else the
 * spyndex catalogue's; undefined for a key that names no index.
 */
export function indexBands(key: string): { bands: readonly string[]; formula: string } | undefined {
  return COMMON_INDICES[key] ?? SPYNDEX_NAMES.find((x) => x.short.toLowerCase() === key)
}

/** The band roles a tail states, in order, when every other word of it only joins them; else null. */
function bandRolesOf(tail: string): string[] | null {
  const roles: string[] = []
  const rest = tail.replace(BAND_TOKEN, (w) => {
    const role = roleOfBandWord(w)
    if (role && !roles.includes(role)) roles.push(role)
    return ' '
  })
  const words = rest
    .toLowerCase()
    .split(/[\s,;:()/+*=\-–−]+/)
    .filter(Boolean)
  return roles.length === 0 || words.some((w) => !JOIN_TOKENS.has(w) && !INDEX_METHOD_WORDS.includes(w) && !/^[12]$/.test(w)) ? null : roles
}

export function indexBandSpans(q: string): IndexBandsSpan[] {
  const out: IndexBandsSpan[] = []
  for (const v of hits(q, VARIABLE_RE)) {
    const lex = variableNamed(v.text)
    const ix = lex && lex.kind === 'index' ? indexBands(lex.key) : undefined
    if (!lex || !ix) continue
    const m = INDEX_TAIL_RE.exec(q.slice(v.end))
    if (!m) continue
    // The whole tail, else the bracket's first clause ("(green against NIR, TOA reflectance)": the rest is read apart).
    const clause = m[1]?.match(/^\(([^(),;]+)[,;]/)
    const read = [m[1] ?? m[2], ...(clause ? [clause[1]] : [])].map((t) => ({ tail: t, roles: bandRolesOf(t) })).find((x) => x.roles !== null)
    if (!read) continue
    const { tail } = read
    const roles = read.roles!
    const known = new Set(BAND_ROLES.map((b) => b.role))
    const want = ix.bands.filter((b) => known.has(b))
    const matches = want.length === roles.length && want.every((b) => roles.includes(b))
    const at = v.end + (m.index ?? 0) + m[0].indexOf(tail)
    out.push({ type: 'index_bands', at, end: at + tail.length, text: tail, key: lex.key, roles, matches })
  }
  return out
}

/**
 * A constant of an index stated with it ("SAVI (L = 0.5)", "SAVI L=0.5", "a soil adjustment factor of 0.5"): the
 * spyndex constant's letter and its value. The single letter is read only in capitals before "=" or ":".
 */
const INDEX_CONSTANT_RE =
  /(?<![\w.])L\s*(?:=|:)\s*(\d+(?:\.\d+)?|\.\d+)(?![\w.])|\b(?:soil[\s-]+(?:adjustment|brightness(?:[\s-]+correction)?|background(?:[\s-]+adjustment)?)|canopy[\s-]+background[\s-]+adjustment)[\s-]+(?:factor|constant|term)?\s*(?:=|:|of|is)\s*(\d+(?:\.\d+)?|\.\d+)(?![\w.])/gi

export function indexConstantSpans(q: string): Span[] {
  const out: Span[] = []
  for (const h of hits(q, INDEX_CONSTANT_RE)) {
    // The single letter in capitals only ("l = 0.5" is no constant the reader knows).
    if (h.m[1] !== undefined && !/^L/.test(h.text)) continue
    out.push({ type: 'index_constant', at: h.at, end: h.end, text: h.text, key: 'L', value: Number(h.m[1] ?? h.m[2]) })
  }
  return out
}
