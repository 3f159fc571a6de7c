/**
 * Phrases that restate what the reading already does, read so they do not block: the fill exclusion said in words
 * ("excluding fill", "fill excluded"), which every statistic applies (fill is nodata), and the reason for a QA mask
 * given in a sentence that does not ask ("Clouds inflate the NIR average. Using only pixels the BQA marks
 * cloud-free, ..."), when the ask states a QA-class condition. A mask word in a sentence that does not ask, with no
 * QA condition read, is left to block: it may be the only place the mask is asked. Likewise a land-cover class
 * ("Water pixels would bias the vegetation average; the NDWI is only there to mask them.") in such a sentence is
 * the reason for a mask the ask states on an index that tells that class apart (lexicon CLASS_INDICES); beside a
 * condition on any other variable it still blocks.
 */
import {
  CLASS_INDICES,
  EXTERNAL_COMPARISON,
  FILL_EXCLUSION,
  MONTHS,
  NAMED_SPANS,
  PERCENTILE_WORDS,
  SEASONS,
  STATISTICS,
  UNPLACED_SPANS,
} from '../domain/lexicon'
import { all, DATE_FORMAT_SAID, DAY_FIRST_SAID, INSTRUCTION, parseQuestion, sentences, WANTS } from '../domain/spans'
import { alternation } from '../domain/spans/words'
import { zeroDnSpans } from '../domain/spans/stored-values'
import { VARIABLE_ALT, variableNamed } from '../domain/spans/variables'
import type { Condition } from './spec'

/** The fill named, with its value restated ("fill pixels (DN 0)", "the nodata values with DN 0"). */
// ("the -32768 fill", "each day's no-data pixels", "the no data pixels of each day", "fill pixels (DN 0)")
const FILL_NAMED = `(?:the\\s+)?(?:(?:each|every)\\s+(?:day|date|scene|image)(?:'s|’s)\\s+)?(?:(?:dn\\s*)?(?:0|-32768)\\s+)?(?:${alternation(FILL_EXCLUSION.names)})(?:\\s+(?:pixels?|pixles|px|values?|areas?|ones))?(?:\\s+of\\s+(?:each|every|both|the)\\s+(?:days?|dates?|scenes?|images?))?(?:\\s*\\(\\s*(?:dn\\s*)?(?:=\\s*)?(?:0|-32768)\\s*\\)|\\s+(?:with|of)\\s+dn\\s*(?:=\\s*)?0)?`
const FILL_EXCLUDED = new RegExp(
  `\\b(?:${alternation(FILL_EXCLUSION.before)})\\s*:?\\s+${FILL_NAMED}(?![\\w-])|\\b(?:leave|leaving)\\s+${FILL_NAMED}\\s+out\\b|\\b${FILL_NAMED}(?:\\s+|\\s*:\\s*)(?:(?:are|is|were|get|being|should|must)\\s+)?(?:(?:to\\s+)?be\\s+)?(?:${alternation(FILL_EXCLUSION.after)})(?![\\w-])` +
    // The fill's value stated: "DN 0 = fill", "fill = DN 0", "DN 0 is nodata".
    `|\\bdn\\s*0\\s*(?:=|is|:)\\s*(?:${alternation(FILL_EXCLUSION.names)})\\b|\\b(?:${alternation(FILL_EXCLUSION.names)})\\s*(?:=|is|:)\\s*(?:dn\\s*)?0\\b`,
  'gi',
)
/** A file the question says is not needed ("attached but not needed", "is in the folder but not needed"). */
const NOT_NEEDED =
  /(?:\bbands?\s+\d{1,2}(?:\s*(?:,|\band\b|&)\s*\d{1,2})*\s+|\b(?:the\s+)?(?:bqa|qa|mtl|ndvi|lst|b\d{1,2}|band\s*\d{1,2})\s+(?:files?|bands?|layers?|rasters?)\s+(?:for\s+[\w ]{1,20}?\s+)?)?\b(?:is|are)\s+(?:(?:attached|included|provided|given|there|in\s+the\s+(?:folder|share|directory))\s+)?(?:too\s+|also\s+)?(?:but\s+)?(?:(?:is|are)\s+)?(?:not|n't)\s+(?:needed|required|used|relevant)\b|\b(?:isn't|aren't|is\s+not|are\s+not)\s+(?:needed|required)\b/gi
/** A statistic named again by "that", "this", "the same", "these" or "those" ("What is that median?", "a line through these percentiles"). */
const STATISTIC_AGAIN = new RegExp(
  `\\b(?:that|this|the\\s+same|this\\s+same|these|those)\\s+(${[...STATISTICS.flatMap((x) => x.names), ...PERCENTILE_WORDS]
    .filter((n) => /^[a-z ]+$/.test(n))
    .sort((a, b) => b.length - a.length)
    .join('|')})(s|es)?\\b`,
  'gi',
)
/**
 * A statistic named again by "that", "this", "these" ... where a span `used` already names it ("What is that
 * median?", "a line through these percentiles" after "the 75th percentile" or "p75").
 */
function statisticsNamedAgain(q: string, used: readonly { at: number; end: number }[]): { at: number; end: number }[] {
  const out: { at: number; end: number }[] = []
  for (const m of q.matchAll(STATISTIC_AGAIN)) {
    // "these percentiles", "those medians": the plural names the values of a statistic asked per date.
    const plural = m[2] ?? ''
    const at = (m.index ?? 0) + m[0].length - m[1].length - plural.length
    const word = m[1].toLowerCase()
    const names = STATISTICS.find((x) => x.names.includes(word))?.names ?? (PERCENTILE_WORDS.includes(word) ? PERCENTILE_WORDS : undefined)
    if (!names) continue
    const named = used.some((u) => {
      const text = q.slice(u.at, u.end).toLowerCase()
      // A percentile may have been asked in short ("p75").
      return u.at !== at && (names.some((n) => text.includes(n)) || (names === PERCENTILE_WORDS && /^p\d{1,2}$/.test(text)))
    })
    if (named) out.push({ at, end: at + m[1].length + plural.length })
  }
  return out
}
/** "valid range 0 to 1", "(valid: 0..1)", "valid 0-1", "only 0 to 1", "0-1 only". */
const VALID_RANGE =
  /\b(?:valid(?:\s+range)?|only)\s*(?::|=|is|of)?\s*(?:from\s+)?0(?:\.0+)?\s*(?:to|-|–|\.\.)\s*1(?:\.0+)?\b(?:\s+only\b)?|(?<![\d.])0(?:\.0+)?\s*(?:to|-|–|\.\.)\s*1(?:\.0+)?\s+only\b/gi
/**
 * Dates with no valid pixel left aside in words ("dates with no valid LST drop out", "skipping dates without valid
 * data"): a date with no valid pixel gives no value, and no reduction over dates counts it.
 */
const DATE_NOUN = String.raw`(?:dates|acquisitions|scenes|images|days)`
const NO_VALID = String.raw`(?:with\s+no|without(?:\s+any)?|w\/o|having\s+no|that\s+have\s+no|with\s+zero)\s+(?:valid\b(?:\s+[\w-]+){0,2}?(?:\s+(?:pixels?|data|values?))?|(?:lst|ndvi|data|pixels?)\b)`
const LEFT_ASIDE = String.raw`(?:(?:are|is|get|were|will\s+be)\s+)?(?:skipped|skiped|dropped|drop\s+out|left\s+out|excluded|ignored|not\s+(?:counted|considered|used|included|taken(?:\s+into\s+account)?)|(?:do|does)\s+not\s+count|(?:don'?t|doesn'?t|dont)\s+count|out)\b`
/** The verbs that set dates aside before naming them ("skipping dates without valid data", "skip empty dates"). */
const SKIP_VERB = String.raw`(?:skip|skipping|drop|dropping|excluding|exclude|ignore|ignoring|omit|omitting|leave\s+out|leaving\s+out)`
const EMPTY_DATES_SKIPPED = new RegExp(
  [
    // "skipping dates without valid data", "leave out acquisitions with no valid LST"
    // "- exclude: dates without any valid LST pixel", "other than the 3 dates with no valid lst at all, those dont count"
    String.raw`\b(?:${SKIP_VERB}|without|other\s+than|except(?:\s+for)?|apart\s+from|not\s+counting)\s*:?\s+(?:the\s+)?(?:\d+\s+)?${DATE_NOUN}\s+${NO_VALID}(?:\s+at\s+all)?(?:\s*,\s*(?:those|these|they)\s+${LEFT_ASIDE})?`,
    // "dates with no valid LST are not counted", "dates without any valid pixel do not count", "dates without LST skiped",
    // "- dates with no valid pixel: skip" (a list's item with its instruction)
    String.raw`\b${DATE_NOUN}\s+${NO_VALID}(?:\s+${LEFT_ASIDE}|\s*(?::|=|->|→|–|-)\s*${SKIP_VERB}\b)`,
    // "skip empty dates", "empty acquisitions dropped"
    String.raw`\b${SKIP_VERB}\s+(?:the\s+)?empty\s+${DATE_NOUN}|\bempty\s+${DATE_NOUN}\s+${LEFT_ASIDE}`,
    // "only dates with valid LST", "considering only dates with valid LST", "every 2019 date that has valid pixels"
    String.raw`\b(?:only|considering\s+only|looking\s+only\s+at|using\s+only|every|all|each)\s+(?:the\s+)?(?:(?:19|20)\d{2}\s+)?(?:dates?|acquisitions?|scenes?)\s+(?:with|that\s+(?:has|have|contain|contains)|containing|having)\s+(?:any\s+|some\s+)?valid\b(?:\s+[\w-]+){0,2}?(?:\s+(?:pixels?|data|values?))?(?:\s+only)?`,
    // "the September-December 2019 dates that contain valid data", "dates with valid LST only"
    String.raw`\b${DATE_NOUN}\s+(?:that\s+(?:has|have|contain|contains)|containing)\s+valid\s+(?:pixels?|data|values?|lst|ndvi)\b|\b${DATE_NOUN}\s+with\s+valid\s+[\w-]+(?:\s+(?:pixels?|data|values?))?\s+only\b`,
  ].join('|'),
  'gi',
)
/**
 * Pixels with no value of a variable set aside ("px without an NDVI value dropped", "pixels lacking a valid LST are
 * excluded"): a condition on that variable leaves them out already; restated only beside one.
 */
const NO_VALUE_PIXELS = new RegExp(
  `\\b(?:px|pixels?)\\s+(?:without|with\\s+no|lacking|missing)\\s+(?:an?\\s+|any\\s+)?(?:valid\\s+)?(${VARIABLE_ALT})(?:\\s+(?:values?|data))?\\s+${LEFT_ASIDE}`,
  'gi',
)
const MASK_WORD = /\b(?:clouds?|cloud\s+(?:tops?|cover|shadows?)|cloudy|snow)\b/gi
/** Period words a context sentence may carry ("a note on early-summer heat", "last week's report"). */
const PERIOD_WORD = new RegExp(
  `\\b(?:(?:early|late|mid|last|this|next|past|previous)[\\s-]+)?(?:${alternation([
    ...SEASONS.flatMap((x) => x.names),
    ...NAMED_SPANS.flatMap((x) => x.names),
    ...MONTHS.flatMap((m) => m.names).filter((n) => n.length > 3 && !n.endsWith('.')),
    ...UNPLACED_SPANS,
  ])})(?:['’]s)?`,
  'gi',
)
/** "the 12 monthly means", "each of the twelve months": a count of the period's months, stated as a check. */
const MONTHS_STATED = /\b(?:(?:all|the|each\s+of\s+the|every\s+one\s+of\s+the|those|these)\s+)?(\d{1,2})\s+(?:calendar\s+)?(?:monthly|months?)\b/gi
/** "all 23 dates", "each of the 12 acquisitions": a count of the period's dates stated as a check, not a period. */
const DATES_STATED = /\b(?:all|the|each\s+of\s+the|every\s+one\s+of\s+the)\s+\d{1,3}\s+(?:valid\s+)?(?:dates|acquisitions|scenes|images|overpasses)\b/gi

const NUM = String.raw`-?\d+(?:\.\d+)?`
const BOUND_UNIT = String.raw`(?:\s*(?:k|kelvin|°\s?c|°\s?f|%))?`
const KEPT = String.raw`(?:counts?\s+as\s+(?:inside|in)|(?:is|are)\s+inside|(?:is|are)\s+kept|kept|(?:is|are)\s+included|included|stays?\s+in|(?:is|are)\s+counted|counted|counts?)`
const DROPPED = String.raw`(?:(?:is|are|do|does|must\s+be|should\s+be)\s+)?(?:not\s+(?:counted|included|kept)|excluded|(?:do|does)\s+not\s+count|(?:don'?t|doesn'?t)\s+count|left\s+out|stays?\s+out|out)`
/**
 * A comparison's bound said again with whether it is kept ("pixels at exactly 310 K do not count", "(0.6 itself not
 * counted)", "so exactly 300 K stays in", "0.2 and 0.5 themselves count as inside"): group 1 (and 2) the numbers,
 * group 3 kept, group 4 dropped.
 */
const BOUND_SAID = new RegExp(
  String.raw`(?:(?:the\s+)?(?:pixels?|px|values?)\s+)?(?:(?:at|equal\s+to|of|with|that\s+are)\s+)?(?:exactly\s+)?(${NUM})${BOUND_UNIT}(?:\s+(?:and|or)\s+(${NUM})${BOUND_UNIT})?(?:\s+(?:exactly|itself|themselves))?\s+(?:(?:is|are|do|does|will\s+be|must\s+be|should\s+be)\s+)?(?:(${KEPT})|(${DROPPED}))\b`,
  'gi',
)

/** The bound statements that are about the bound itself ("exactly", "itself", "equal to", "at"), not the pixels past it. */
const boundMatches = (q: string) => [...q.matchAll(BOUND_SAID)].filter((m) => /\b(?:exactly|itself|themselves|equal\s+to|at)\b/i.test(m[0]))

/** Bounds said kept or not, where the conditions read keep or drop them so: restatements (a contrary one is left to block). */
function boundsRestated(q: string, conditions: readonly Condition[]): { at: number; end: number; role: string }[] {
  const out: { at: number; end: number; role: string }[] = []
  for (const m of boundMatches(q)) {
    const nums = [m[1], m[2]].filter((x): x is string => x !== undefined).map(Number)
    const kept = m[3] !== undefined
    const agrees = nums.every((n) =>
      conditions.some((c) =>
        c.op === 'between' || c.op === 'outside'
          ? kept && (c.low === n || c.high === n)
          : c.value === n && (kept ? c.op === '>=' || c.op === '<=' : c.op === '>' || c.op === '<') !== Boolean(c.negated),
      ),
    )
    if (agrees) out.push({ at: m.index ?? 0, end: (m.index ?? 0) + m[0].length, role: `the bound ${kept ? 'kept' : 'left out'}, as the comparison reads it` })
  }
  return out
}

/**
 * Bounds said kept where the comparison leaves them out, or the other way ("over 0.6, pixels equal to 0.6 are
 * kept"): the words, for the reader to refuse (which of the two is meant is not the reader's to decide).
 */
export function boundsContrary(q: string, conditions: readonly Condition[]): { text: string; kept: boolean }[] {
  const agreed = boundsRestated(q, conditions)
  return boundMatches(q)
    .filter((m) => !agreed.some((a) => a.at === m.index))
    .filter((m) => [m[1], m[2]].some((n) => n !== undefined && conditions.some((c) => c.value === Number(n) || c.low === Number(n) || c.high === Number(n))))
    .map((m) => ({ text: m[0].trim(), kept: m[3] !== undefined }))
}

/** TVDI's benchmark convention said again: "100 NDVI bins", "linear dry and wet edges", "clipped to [0, 1]", "as in the benchmark README". */
const TVDI_CONVENTION: readonly RegExp[] = [
  /\b(?:100|one\s+hundred)\s+(?:equal(?:ly\s+spaced)?\s+)?(?:ndvi\s+)?bins\b/gi,
  /\b(?:linear(?:ly)?\s+(?:fitted\s+)?)?(?:dry\s*(?:\/|and|-)\s*wet|wet\s*(?:\/|and|-)\s*dry|dry|wet)\s+edges?(?:\s+(?:fitted\s+)?linear(?:ly)?)?\b/gi,
  /\bclip(?:ped)?\s*(?:to\s+|at\s+|into\s+)?(?:\[\s*0\s*,\s*1\s*\]|0\s*(?:to|-|–|\.\.)\s*1|0\s+and\s+1)/gi,
  /\b(?:as\s+in|per|like|following|according\s+to|from|make\s+like|by)\s+(?:the\s+)?(?:earth[\s-]?bench|benchmark)(?:\s+readme)?(?:\s+(?:say|says|definition|convention|describes?))?|\(?\s*(?:the\s+)?(?:earth[\s-]?bench|benchmark)\s+(?:readme\s+)?(?:definition|convention)\s*\)?|\bthe\s+benchmark\s+(?:t\s*v\s*d\s*i|tvdi)\b/gi,
]

/** How a brightness temperature is computed from the MTL: "radiance rescaling and K1/K2", "(MTL radiance mult/add, K1, K2)". */
const BT_CALIBRATION =
  /\b(?:from\s+)?(?:the\s+)?(?:mtl\s+)?(?:radiance\s+(?:rescaling|mult(?:iplier)?\s*(?:\/|and)\s*add|gains?\s*(?:\/|and)\s*offsets?)|rescaling)(?:\s*(?:and|,|\+)\s*(?:the\s+)?K1\s*(?:\/|,|and)\s*K2)?(?:\s+(?:constants|coefficients))?|\bK1\s*(?:\/|,|and)\s*K2(?:\s+(?:constants|coefficients))?/gi
/**
 * How TOA reflectance is computed from the MTL, said beside the calibration asked: "MTL rescaling", "from the MTL
 * rescaling", "the MTL's reflectance mult/add", "using the MTL rescaling factors".
 */
const TOA_CALIBRATION =
  /\b(?:(?:from|using|with|via|by)\s+)?(?:the\s+)?mtl(?:'s)?\s+(?:reflectance\s+)?(?:rescaling|mult(?:iplier)?\s*(?:\/|and)\s*add)(?:\s+(?:factors|coefficients|constants|gains?))?\b/gi
/**
 * The pixels whose index or formula has a zero denominator said to be left out ("Leave out pixels where the
 * denominator is zero", "skip px where the denominator is 0"): a division by zero gives no value, so they are.
 */
const ZERO_DENOMINATOR =
  /\b(?:leave\s+out|leaving\s+out|skip(?:ping)?|exclud(?:e|ing)|ignor(?:e|ing)|drop(?:ping)?|omit(?:ting)?|discard(?:ing)?|remov(?:e|ing)|mask(?:ing)?\s+out)\s+(?:the\s+|all\s+|any\s+)?(?:pixels?|pixles|px)\s+(?:where|whose|with|in\s+which)\s+(?:the\s+|a\s+)?denominator\s+(?:is\s+|=\s*|==\s*|equals\s+)?(?:zero|0)\b/gi
/** The files' CRS said ("The raster is in EPSG:3857", "(the rasters' own CRS)"): a description, no region. */
const DATA_CRS_SAID =
  /\b(?:the\s+)?(?:rasters?|images?|files?|data|grids?|scenes?)\s+(?:is|are)\s+in\s+(?:epsg\s*:\s*\d{4,5}|web\s+mercator|utm(?:\s+zone\s+\d{1,2}\s*[ns]?)?)|\(?\s*the\s+rasters?'?\s+own\s+crs\s*\)?/gi
/** "Take each month's value as ...", "each period's value being": the value of each period compared. */
const PERIOD_VALUE_SAID = /\b(?:take|taking|with)?\s*each\s+(?:month|period|season|quarter|year|date)(?:'s|s')?\s+value\s+(?:as|being|=|is)\b/gi

/** "BQA bit 0 and bit 4 both 0", "bits 0 and 4 both zero", "bit 0 (fill) = 0 and bit 4 (cloud) = 0": cloud-free said by its bits. */
const CLEAR_BITS =
  /\(?\s*(?:(?:bqa|qa)\s+)?(?:fill\s+)?bits?\s+0\s*(?:\(\s*fill\s*\)\s*)?(?:=\s*0\s*)?(?:and|&|,)\s*(?:cloud\s+)?(?:bit\s+)?4\s*(?:\(\s*cloud\s*\)\s*)?(?:both\s+)?(?:=\s*|are\s+|is\s+)?(?:0|zero|unset|not\s+set)\b\s*\)?/gi

/**
 * How a question says its dates are written: the order of day and month ("(day.month.year)", "(TT.MM.JJJJ,
 * day.month.year)", "dates written DD/MM") and a format's name ("(ISO 8601)", "20190829 (YYYYMMDD)").
 */
const DATE_WRITING_SAID: readonly { re: RegExp; role: string }[] = [
  {
    re: new RegExp(`\\(?\\s*(?:(?:dates?|all\\s+dates?)\\s+(?:are\\s+)?(?:written|given|in)\\s+)?(?:${DAY_FIRST_SAID.source})\\s*\\)?`, 'gi'),
    role: 'order of day and month in the dates (day first)',
  },
  { re: new RegExp(`\\(?\\s*(?:${DATE_FORMAT_SAID.source})\\s*\\)?`, 'gi'), role: 'the format the dates are written in' },
]

/** The fill exclusions said in words ("nodata excluded", "excluding fill pixels", "either band 0 left out"): their words name no variable. */
export function fillExclusions(q: string): { at: number; end: number }[] {
  return [...[...q.matchAll(FILL_EXCLUDED)].map((m) => ({ at: m.index ?? 0, end: (m.index ?? 0) + m[0].length })), ...zeroDnSpans(q)]
}

export function restatedPhrases(
  q: string,
  conditions: readonly Condition[],
  used: readonly { at: number; end: number; role?: string }[],
  periodsRead: readonly { start: string; end: string; granularity?: string }[] = [],
): { at: number; end: number; role: string }[] {
  const out: { at: number; end: number; role: string }[] = []
  const free = (at: number, end: number) => !used.some((s) => at < s.end && end > s.at)
  /** The parts of [at, end) no span read, as restatements (a band or variable named inside stays read). */
  const pushFree = (at: number, end: number, role: string) => {
    let from = at
    for (const u of used.filter((x) => x.at < end && x.end > at).sort((a, b) => a.at - b.at)) {
      if (u.at > from) out.push({ at: from, end: u.at, role })
      from = Math.max(from, u.end)
    }
    if (from < end) out.push({ at: from, end, role })
  }
  /** Every match of `re` no span read, as a restatement. */
  const restateAll = (re: RegExp, role: string) => {
    for (const m of q.matchAll(re)) {
      const at = m.index ?? 0
      if (free(at, at + m[0].length)) out.push({ at, end: at + m[0].length, role })
    }
  }
  for (const m of q.matchAll(NO_VALUE_PIXELS)) {
    const key = variableNamed(m[1])?.key
    if (key && conditions.some((c) => c.variable === key))
      pushFree(m.index ?? 0, (m.index ?? 0) + m[0].length, 'pixels without a value left aside (the condition on it leaves them out)')
  }
  for (const { at, end } of [...q.matchAll(FILL_EXCLUDED)].map((m) => ({ at: m.index ?? 0, end: (m.index ?? 0) + m[0].length })))
    if (free(at, end)) out.push({ at, end, role: 'fill exclusion (fill is nodata, left out of every statistic)' })
  // "Q3 2019 minus Q2 2019 (quarter = mean of the per-date means)": the word of the quarters read.
  if (periodsRead.some((p) => p.granularity === 'quarter'))
    restateAll(/\b(?:each\s+|every\s+|calendar\s+|a\s+)?quarters?\b/gi, 'the quarters read, named again')
  // "The NDVI file for that date is attached but not needed": a remark on the inputs, no negation of a value.
  for (const m of q.matchAll(NOT_NEEDED)) pushFree(m.index ?? 0, (m.index ?? 0) + m[0].length, 'a remark on an input file not needed')
  // "... then the median of those means. What is that median?": the statistic asked, named again.
  for (const x of statisticsNamedAgain(q, used)) if (free(x.at, x.end)) out.push({ ...x, role: 'the statistic asked, named again' })
  // "(valid range 0 to 1)" beside negative values set aside: the lower end restates that, and no normalized
  // difference exceeds 1.
  const nonNegative = conditions.some((c) => c.value === 0 && ((c.negated && c.op.startsWith('<')) || (!c.negated && c.op.startsWith('>'))))
  if (nonNegative) restateAll(VALID_RANGE, 'valid range restated (negative values set aside)')
  for (const x of boundsRestated(q, conditions)) pushFree(x.at, x.end, x.role)
  const lex = parseQuestion(q).spans
  if (all(lex, 'variable').some((v) => v.key === 'tvdi'))
    for (const re of TVDI_CONVENTION)
      for (const m of q.matchAll(re)) pushFree(m.index ?? 0, (m.index ?? 0) + m[0].length, "TVDI's convention restated (the benchmark's)")
  if (all(lex, 'variable').some((v) => v.key === 'bt'))
    for (const m of q.matchAll(BT_CALIBRATION)) pushFree(m.index ?? 0, (m.index ?? 0) + m[0].length, 'brightness temperature from the MTL, as computed')
  if (all(lex, 'calibration').some((c) => c.key === 'toa_reflectance'))
    for (const m of q.matchAll(TOA_CALIBRATION)) pushFree(m.index ?? 0, (m.index ?? 0) + m[0].length, 'TOA reflectance from the MTL, as computed')
  if (all(lex, 'formula').length > 0 || all(lex, 'variable').some((v) => v.kind === 'index'))
    for (const m of q.matchAll(ZERO_DENOMINATOR)) pushFree(m.index ?? 0, (m.index ?? 0) + m[0].length, 'a zero denominator gives no value (restated)')
  restateAll(DATA_CRS_SAID, "the files' own CRS named (it selects nothing)")
  if (periodsRead.length >= 2) restateAll(PERIOD_VALUE_SAID, "each period's value named (the mean of its per-date means, as read)")
  if (conditions.some((c) => c.variable === 'cloud' && c.negated))
    for (const m of q.matchAll(CLEAR_BITS))
      pushFree(m.index ?? 0, (m.index ?? 0) + m[0].length, 'the cloud-free bits restated (fill bit 0 and cloud bit 4 unset)')
  // How the dates are written, which the period parser applied: the order of day and month, a format's name.
  if (periodsRead.length > 0)
    for (const { re, role } of DATE_WRITING_SAID) for (const m of q.matchAll(re)) pushFree(m.index ?? 0, (m.index ?? 0) + m[0].length, role)
  // The variable named inside ("dates without valid LST skipped") stays read; the words around it are restated.
  for (const m of q.matchAll(EMPTY_DATES_SKIPPED))
    pushFree(m.index ?? 0, (m.index ?? 0) + m[0].length, 'dates with no valid pixel left aside (they give no value)')

  const periods = used.filter((s) => s.role === 'period')
  if (periods.length > 0) restateAll(DATES_STATED, "count of the period's dates (stated as a check)")
  // The number of calendar months the periods read span, when a count of months restates it.
  const months = new Set(periodsRead.flatMap((p) => monthsOf(p.start, p.end)))
  for (const m of q.matchAll(MONTHS_STATED)) {
    // The number's own place: "monthly" may be the series' word already.
    const at = (m.index ?? 0) + m[0].indexOf(m[1])
    if (months.size > 0 && Number(m[1]) === months.size && free(at, at + m[1].length))
      out.push({ at, end: at + m[1].length, role: "count of the period's months (stated as a check)" })
  }
  // "We compare with a product that divides by ...": a comparison with something outside the files combines nothing.
  restateAll(EXTERNAL_RE, 'context (a comparison with something outside the files)')
  const parts = sentences(q)
  out.push(...contextPeriodWords(q, parts, periods, free))
  const qaMask = conditions.some((c) => c.variableKind === 'qa_class')
  if (!qaMask || parts.length < 2) return out
  for (const s of parts.slice(0, -1)) {
    if (s.text.includes('?') || INSTRUCTION.test(s.text)) continue
    for (const m of s.text.matchAll(MASK_WORD)) {
      const at = s.at + (m.index ?? 0)
      if (free(at, at + m[0].length)) out.push({ at, end: at + m[0].length, role: 'reason for the QA mask the ask states' })
    }
  }
  return out
}

/**
 * Period words in a sentence that neither asks nor instructs and names no statistic, count or condition ("We are
 * preparing a note on early-summer heat.", "NDVI was in last week's report."), when another sentence states the
 * period asked: context. With no period read elsewhere they are left to block: they may be the only period said.
 */
function contextPeriodWords(
  q: string,
  parts: readonly { at: number; end: number; text: string }[],
  periods: readonly { at: number; end: number }[],
  free: (at: number, end: number) => boolean,
): { at: number; end: number; role: string }[] {
  const out: { at: number; end: number; role: string }[] = []
  if (parts.length < 2) return out
  const lex = parseQuestion(q).spans
  const asking = (s: { at: number; end: number; text: string }) =>
    s.text.includes('?') ||
    INSTRUCTION.test(s.text) ||
    WANTS.test(s.text) ||
    [...all(lex, 'statistic'), ...all(lex, 'count'), ...all(lex, 'condition'), ...all(lex, 'date_of')].some((x) => x.at >= s.at && x.at < s.end)
  for (const s of parts) {
    if (asking(s) || !periods.some((p) => p.at < s.at || p.at >= s.end)) continue
    for (const m of s.text.matchAll(PERIOD_WORD)) {
      const at = s.at + (m.index ?? 0)
      if (free(at, at + m[0].length)) out.push({ at, end: at + m[0].length, role: 'context (a period named in a sentence that does not ask)' })
    }
  }
  return out
}

const EXTERNAL_RE = new RegExp(`\\b(?:${alternation(EXTERNAL_COMPARISON.leads)})\\s+(?:${alternation(EXTERNAL_COMPARISON.objects)})\\b`, 'gi')

const CLASS_PHRASE = new RegExp(`\\b(${alternation(Object.keys(CLASS_INDICES))})\\s+(?:pixels?|areas?|zones?|surfaces?|bodies|patches)\\b`, 'gi')

/** A land-cover class named as the reason for the mask the ask states on an index that tells it apart (see above). */
export function classReasons(q: string, conditions: readonly Condition[]): { at: number; end: number; role: string }[] {
  const out: { at: number; end: number; role: string }[] = []
  const parts = sentences(q)
  const masked = new Set(conditions.filter((c) => c.variableKind === 'index').map((c) => c.variable ?? ''))
  if (masked.size === 0 || parts.length < 2) return out
  for (const s of parts.slice(0, -1)) {
    if (s.text.includes('?') || INSTRUCTION.test(s.text)) continue
    for (const m of s.text.matchAll(CLASS_PHRASE)) {
      const at = s.at + (m.index ?? 0)
      const indices = CLASS_INDICES[m[1].toLowerCase()] ?? []
      if (indices.some((i) => masked.has(i))) out.push({ at, end: at + m[0].length, role: 'reason for the mask the ask states on an index of that class' })
    }
  }
  return out
}

/** The calendar months (YYYY-MM) from one ISO date to another, both included. */
function monthsOf(start: string, end: string): string[] {
  const out: string[] = []
  for (
    let y = Number(start.slice(0, 4)), m = Number(start.slice(5, 7));
    `${y}-${String(m).padStart(2, '0')}` <= end.slice(0, 7);
    m === 12 ? ((m = 1), y++) : m++
  )
    out.push(`${y}-${String(m).padStart(2, '0')}`)
  return out
}
