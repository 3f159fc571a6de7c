/**
 * The coverage ledger (DESIGN section 9): given the spans an interpreter used, what became of each content word of a
 * question: consumed, or not understood with whether it blocks. A phrase blocks when it could change the value (a
 * statistic, part, time span, mask or unit no span placed); words of a context sentence ("For a memo on ...") and
 * of a statement set aside beside the ask (spans/statements.ts) never block.
 */
import { FILL_EXCLUSION, FILLER } from '../lexicon/context'
import { COMPARATORS, NEGATIONS, SPELLED_NUMBERS } from '../lexicon/comparators'
import { MAY_VERB_FOLLOWERS, STRETCH_ANCHORS, UNPLACED_SPANS, WEEKDAYS } from '../lexicon/periods'
import { OTHER_CALENDAR_SPAN, PART_OF_SPAN } from './periods'
import { BAND_ORDER_HINTS, PROCESSING_WORDS } from '../lexicon/qualifiers'
import { AVERAGED_TRENDS, EXTREME_WORDS, HOW_MANY_MAGNITUDES, STATISTICS, UNNAMED_STATISTICS, VARIABLE_EXTREME_WORDS } from '../lexicon/statistics'
import { CLASS_WORDS } from '../lexicon/variables'
import { BAND_COMPARISON_FILLERS } from '../lexicon/indices'
import { unitKey } from './condition-patterns'
import type { ParsedQuestion } from './parse'
import type { LedgerEntry, NotUnderstoodPhrase } from './types'
import { BAND_NAME } from './variables'
import { MONTH_WORDS } from './period-words'
import { alternation, hits, overlaps } from './words'
import { otherLanguageWords, polarityBesideConditions } from './unread-guards'
import { NOT_QA_WORK } from './qa-classes'

/** Why the words of a statement set aside beside the ask are not read (the compiler's check of context knows it). */
export const STATEMENT_WHY = 'a statement beside the ask, which the ask does not refer back to'
/** Why the words of a report on other data beside the ask are not read ("last year's survey counted 120 patches"). */
export const REPORT_WHY = 'a report on other data (another time or source) beside the ask, which the ask does not refer back to'
export const UNPLACED_UNIT = 'a unit the reader could not place'
const UNSURE_THRESHOLD = 'a threshold in a sentence that does not ask, which the ask does not state: say in the question whether it limits the pixels'
const EXTREME_DATE = 'a date picked by an extreme, with another value asked of it'
const DIVISION = 'a division the reader could not place'
const PART_WHY = 'a part of the image the reader could not place'
/** Month names as a day is written with them ("13 May", "Aug 4"). */
const DAY_MONTHS = `(?:${alternation(MONTH_WORDS)})\\.?`

/** Phrases that could change the value when no span placed them, with why. */
export const BLOCKING: readonly { re: RegExp; why: string; raw?: boolean }[] = [
  // "how many" that no count took ("Across the 2019 dates, how many have ..." where nothing says what is counted):
  // left unread, another statistic named beside it would be answered instead of the count.
  // ("How many Fahrenheit degrees warmer", "how many percentage points": a magnitude, read as the combination it is.)
  {
    re: new RegExp(`\\bhow\\s+many\\b(?!\\s+(?:${alternation(HOW_MANY_MAGNITUDES)})(?![\\w]))`, 'gi'),
    why: 'a count whose counted things the reader could not place',
  },
  {
    // The median's other names ("the middle value") too: left unread beside a mean, the mean would be answered.
    re: new RegExp(
      `(?:${alternation([...UNNAMED_STATISTICS, ...(STATISTICS.find((x) => x.key === 'median')?.names ?? []).filter((n) => /\s/.test(n))])})|\\b(?:median|variance|deviation|stdev|percentiles?|quartiles?|quantiles?)\\b`,
      'gi',
    ),
    why: 'a statistic the reader could not place',
  },
  {
    re: /\b(?:north|south|east|west|upper|lower|top|bottom|left|right|central|centre|center|middle|northern|southern|eastern|western|inner|interior|outer|peripheral)[\w-]*\s+(?:half|halves|part|portion|quadrant|quarter|corner|section|side|third|strip|edge|rows?|columns?|area|region|zone|ring)\b|\b(?:top|bottom|left|right|upper|lower|north|south|east|west|centre|center|middle)\s+(?:side\s+)?(?:of|in)\s+the\s+(?:image|picture|scene|frame|tile|raster|map)\b|\b(?:image|scene|raster)\s+(?:edges?|borders?|margins?)\b|\b(?:edges?|borders?|margins?)\s+of\s+the\s+(?:image|scene|raster)\b|\b(?:quadrant|corner|buffer\s+of|rows?\s+\d|columns?\s+\d|within\s+\d+\s*k?m\b)|\b(?:within|inside|in|for|over)\s+(?:the\s+|a\s+|this\s+)?(?:bounding\s+box|bbox|polygon)\b(?!\s+(?:coordinates|of\s+the\s+(?:image|raster|input)))/gi,
    why: PART_WHY,
  },
  {
    re: new RegExp(
      `(?:${alternation(UNPLACED_SPANS)})|\\b(?:quarter|h[12]|growing\\s+season|(?:first|last|early|late)\\s+(?:\\d+\\s+)?(?:days?|dates?|months?|weeks?|images?|acquisitions?))\\b` +
        // "the 45 days ending 31 August" with no year: a stretch counted from a day the reader could not place.
        `|\\b\\d+\\s+(?:days?|weeks?)\\s+(?:${alternation([...STRETCH_ANCHORS.forward, ...STRETCH_ANCHORS.back, ...STRETCH_ANCHORS.unclear])})\\b`,
      'gi',
    ),
    why: 'a time span the reader could not place',
  },
  // "so mon 13 may to sun 4 aug", "until 28th July": a day with its month that no period took (a weekday in front,
  // no year) would leave the period to the rest of the question. Not "0.4 may" (a number) nor "4 may be" (the verb).
  {
    re: new RegExp(
      `(?<![\\d.,])\\b\\d{1,2}(?:st|nd|rd|th)?\\s+(?:of\\s+)?${DAY_MONTHS}\\b(?!\\s+(?:${alternation(MAY_VERB_FOLLOWERS)})\\b)|\\b${DAY_MONTHS}\\s+\\d{1,2}(?:st|nd|rd|th)?\\b(?![\\d.])`,
      'gi',
    ),
    why: 'a day the reader could not place',
  },
  // "tue 4 march" where 4 March is a Monday: a weekday left unread before its day is not that date's (a day left
  // unread blocks on its own, above, and this phrase, overlapping it, is not listed again).
  {
    re: new RegExp(`\\b(?:${alternation(WEEKDAYS.flat())})\\.?,?\\s+\\d{1,2}(?:st|nd|rd|th)?\\b`, 'gi'),
    why: 'a weekday that is not the day written beside it',
    raw: true,
  },
  // "early June (1-15)", "late July", "mid-August", "late spring": part of a month or season the reader has no dates for
  // (the period parser's pattern, so that the words it sets aside are the words named here).
  { re: PART_OF_SPAN, why: 'a time span the reader could not place' },
  // "..., NDVI below 0 not counted" where no condition took the words: values set aside that the reader did not place.
  { re: /\bnot\s+(?:counted|used|included|considered|valid)\b/gi, why: 'a mask the reader could not apply' },
  // "pixels that are not negative", "(negatives out)": a sign no condition read; the value would be of every pixel.
  // (Not a sign of a change: "counting drops as negative".)
  {
    re: /\bnon[\s-]?(?:negative|positive)\b|\b(?:negatives|positives)\b|\b(?:negative|positive)\s+(?:ones|pixels?|px|values?|cells?|readings?|numbers?)\b|\b(?:are|is|be|were|was)\s+(?:not\s+)?(?:negative|positive)\b/gi,
    why: 'a sign condition the reader could not apply',
  },
  // "the mean of 12 July divided with the mean of 7 April": a division no combination read; one side alone would be answered.
  // (Not the image divided into parts: "dividing the image into three vertical strips", "divide it in 3 x 3 cells";
  // nor the fill said to stay out of a share: "nodata excluded from the denominator".)
  {
    re: new RegExp(
      String.raw`\bdivid(?:e|es|ed|ing)\b(?![^.;:?]{0,60}\b(?:into|in\s+(?:\d|two|three|four|halves|thirds|quarters|equal)))|\bquotients?\b|(?<!(?:${alternation([...FILL_EXCLUSION.names, 'invalid', 'missing'])})[^.;:?]{0,30})\b(?:numerator|denominator)\b`,
      'gi',
    ),
    why: DIVISION,
    raw: true,
  },
  // "fiscal Q3 2019", "FY2019": a period of a calendar whose start the reader does not know.
  { re: OTHER_CALENDAR_SPAN, why: 'a period of another calendar (fiscal, academic ...) whose start the reader does not know' },
  {
    re: new RegExp(
      `(?:${alternation(NEGATIONS)})|\\b(?:cloud[\\w-]*|cirrus|snow[\\s/-]?(?:ice|free|covered|cover|pixels?|confidence|flags?)|clear[\\s-]sky|qa${NOT_QA_WORK}|quality\\s+flags?|bqa)\\b`,
      'gi',
    ),
    why: 'a mask the reader could not apply',
  },
  // "Which day of 2019 was the most dry": a date asked whose criterion no span placed (no extreme the reader knows).
  // ("date whose hottest pixel was the coolest", "the day on which ...": the same, asked without a question word; not
  // "a date when ..." defining what is counted.)
  {
    re: /\b(?:which|what)\s+(?:(?:19|20)\d{2}\s+)?(?:date|day|acquisition|overpass)s?\b|\b(?:date|acquisition|day)\s+(?:whose|on\s+which)\b/gi,
    why: 'a date asked by a criterion the reader could not place',
  },
  // "the mean LST of the hottest day": a date picked by an extreme, with something else asked of it.
  {
    re: new RegExp(
      `(?:${alternation([...EXTREME_WORDS.max, ...EXTREME_WORDS.min, ...Object.values(VARIABLE_EXTREME_WORDS).flatMap((w) => [...w.max, ...w.min])])})\\s+(?:(?:19|20)\\d{2}\\s+)?(?:date|day|acquisition|scene|overpass|image|month)s?\\b`,
      'gi',
    ),
    why: EXTREME_DATE,
  },
  // "within the Midong District boundary", "in Changji prefecture", "the boundary of the park": a named area whose
  // outline no file holds (a polygon given as a GeoJSON file is read by its own span).
  {
    re: /\b(?:within|inside|in|over|for|across)\s+(?:the\s+)?(?:[\w-]+\s+){0,3}?(?:district|county|province|prefecture|municipality|city\s+limits|watershed|catchment|river\s+basin|boundary|boundaries|borders?|administrative\s+(?:area|unit|region)|park|reserve)\b|\b(?:boundary|boundaries|borders?|outline)\s+of\s+(?:the\s+)?[\w-]+/gi,
    why: 'an area named by its boundary, which no input file outlines (add it as a GeoJSON polygon)',
  },
  { re: /\b(?:miles?|feet|foot|yards?)\b/gi, why: 'a unit the reader does not convert' },
  // A temperature unit no span placed ("B11 BT mean, in degrees C please"): the answer would be in kelvin.
  { re: /°\s?[cf]\b|℃|℉|\bdeg(?:rees?)?\s+(?:c|f|celsius|fahrenheit)\b|\bcelsius\b|\bfahrenheit\b/gi, why: UNPLACED_UNIT },
  { re: new RegExp(`(?:${alternation(PROCESSING_WORDS)})`, 'gi'), why: 'a processing step the reader cannot apply' },
  { re: new RegExp(`(?:${alternation(BAND_ORDER_HINTS)})\\s*(?:is|are|as|:|=)?\\s*[^.;?]{0,40}`, 'gi'), why: 'a band order the reader could not read' },
  { re: /\bbetween\s+[+\-−]?\d/gi, why: 'a range the reader could not place' },
  // "03/04/2019": day and month in either order (the year alone may have been read; its place is blank here); "03/04"
  // opening a range of such days ("03/04 - 05/06/2019"). Parts that could be a day and a month ("0.27." is a number).
  {
    re: /(?<![\d/.-])(?:0?[1-9]|[12]\d|3[01])([/.-])(?:0?[1-9]|[12]\d|3[01])\1(?=(?:19|20)\d{2}\b|\s|$)|(?<![\d/.,-])(?:0?[1-9]|[12]\d|3[01])([/.])(?:0?[1-9]|[12]\d|3[01])\2?(?=\s*(?:->|→|-|–|—|to|until|till|through|thru|bis)\s*\d{1,2}\2\d{1,2}\2)/g,
    why: 'a date whose order of day and month is unclear (write it as year-month-day, e.g. 2019-04-03)',
  },
  // "NDVI above zero point five", "below forty degrees": a threshold spelled in words no condition read.
  {
    re: new RegExp(
      `(?<![\\w])(?:${alternation(COMPARATORS.flatMap((c) => c.words).filter((w) => /^[a-z]/i.test(w)))})\\s+(?:${alternation(SPELLED_NUMBERS)})\\b(?:[\\s-]+(?:${alternation(SPELLED_NUMBERS)})\\b)*`,
      'gi',
    ),
    why: 'a threshold spelled in words the reader could not read',
  },
  // "0.4–0.6: mild drought", "medium (295–305 K)": a range of values no condition took (band numbers, days and years
  // are other spans or carry no decimals or unit).
  {
    re: /(?<![\w.])[+\-−–]?\d+\.\d+\s*(?:-|–|to)\s*[+\-−–]?\d+(?:\.\d+)?(?![\w.])|(?<![\w.])\d+(?:\.\d+)?\s*(?:-|–|to)\s*\d+(?:\.\d+)?\s*(?:K\b|°\s?[CF]\b|%)/g,
    why: 'a range the reader could not place',
  },
  {
    re: /\b(?:mean|average|median|baseline|normal)\s+(?:value\s+)?by\s+(?:more\s+than\s+|over\s+|at\s+least\s+)?\d+(?:\.\d+)?\s*%|\b\d+(?:\.\d+)?\s*%\s+(?:higher|lower|above|below|more|less|greater|smaller)\s+than\s+(?:the\s+|that\s+|this\s+)?(?:\w+\s+){0,2}(?:mean|average|median)\b|\b(?:mean|average|median)\s*[+\-−]\s*\d+(?:\.\d+)?\s*%/gi,
    why: 'a threshold relative to a statistic of the data',
  },
  {
    re: /\b(?:in|for|of|per|within)\s+(?:each|every)\s+(?:of\s+the\s+)?(?:[\w-]+\s+){0,2}(?:class(?:es)?|categor(?:y|ies)|levels?|zones?|bins?|intervals?|classes)\b|\bper\s+(?:class|category|level|zone)\b|\b(?:classify|classified|reclassify|categori[sz]e)\b[^.;?]{0,60}\b(?:into|in)\s+(?:\w+\s+)?(?:classes|categories|levels|zones)\b/gi,
    why: 'a breakdown into classes the spec cannot hold (one value per class)',
  },
  {
    re: new RegExp(
      `\\b(?:${alternation(CLASS_WORDS)})(?:\\s+(?:pixels?|pixles|px|cells?|areas|zones|surfaces|fields|land\\s+cover|cover\\s+class|class(?:es)?|patches|parts|regions)|[\\s-]+only)\\b|\\bwater\\s+bodies\\b`,
      'gi',
    ),
    why: 'a land-cover class with no layer or threshold that defines it',
  },
  // A land-cover class in a list of things to leave out ("mask out: clouds (BQA bit 4), fill (bit 0) and the built-up
  // area", "excluding clouds and the forest"): the exclusion word is read with the QA classes before it, and the class
  // would be dropped unread. (Only as an item of the list: "leave out negative NDVI, they are water" gives a reason.)
  {
    re: new RegExp(
      String.raw`(?<=\b(?:${alternation(NEGATIONS)})(?:\s*:)?\s+(?:(?:the\s+)?[\w-]+(?:\s+[\w-]+){0,2}\s*(?:\([^()]{0,30}\)\s*)?(?:,\s*(?:and\s+|or\s+)?|\s+and\s+|\s+or\s+|\s*&\s*))+(?:the\s+)?)\b(?:${alternation(CLASS_WORDS)})`,
      'gi',
    ),
    why: 'a land-cover class to leave out, which no layer of the files marks',
    raw: true,
  },
  // "the average trend of NDVI", "the average extreme LST": the trend's or the mean's words are read, the rest is not
  // (an average of per-pixel trends, or the trend of the average? of maxima or minima?).
  {
    re: new RegExp(`(?:${alternation(AVERAGED_TRENDS)})`, 'gi'),
    why: 'an average of trends or extremes, which the words do not define: say which statistic of which values',
    raw: true,
  },
  // "pixels where green is strictly greater than red", "NIR exceeds red": two bands compared with each other.
  {
    re: new RegExp(
      `\\b${BAND_NAME}\\s+(?:(?:${alternation(BAND_COMPARISON_FILLERS)})\\s+){0,4}(?:greater|larger|higher|bigger|more|less|smaller|lower|above|below|exceeds?|under|over)(?:\\s+(?:than|then))?\\s+(?:(?:${alternation(BAND_COMPARISON_FILLERS)})\\s+){0,4}${BAND_NAME}\\b`,
      'gi',
    ),
    why: 'a comparison of two bands with each other, which the reader cannot apply yet',
    // Read over the question as written: the bands' names may be read as bands, the comparison between them is not.
    raw: true,
  },
]

const FILLER_SET = new Set(FILLER)

/**
 * A part's kind said alone ("quadrant", "corner"; singular, or with "'s") where the question read exactly one part of
 * that kind: the same part named again. A plural ("the other three quadrants") or a second part is no back-reference.
 */
function backReference(parsed: ParsedQuestion, h: { at: number; end: number; text: string }): boolean {
  const noun = h.text.trim().toLowerCase()
  if (!/^(?:quadrant|corner)$/.test(noun) || !/^(?:['’]s\b|(?!\w))/.test(parsed.text.slice(h.end))) return false
  const parts = parsed.spans.filter((x) => x.type === 'part')
  return parts.length === 1 && (parts[0] as { name: string }).name.includes(noun)
}

/**
 * The coverage ledger of a question given the spans (or any [at, end) ranges with a role) an interpreter used:
 * every content word consumed, or not understood with whether it blocks. Words of a context sentence never block;
 * words of a statement set aside are listed with STATEMENT_WHY.
 */
export function ledgerOf(
  parsed: ParsedQuestion,
  used: readonly { at: number; end: number; type?: string; role?: string }[],
): { entries: LedgerEntry[]; notUnderstood: NotUnderstoodPhrase[] } {
  const q = parsed.text
  const inContext = (at: number) => parsed.context.some((c) => at >= c.at && at < c.end)
  const inReport = (at: number) => parsed.reports.some((c) => at >= c.at && at < c.end)
  const inStatement = (at: number) => inReport(at) || parsed.statements.some((c) => at >= c.at && at < c.end)
  const chars = q.split('')
  for (const s of used) for (let i = s.at; i < s.end && i < chars.length; i++) chars[i] = ' '
  const masked = chars.join('')
  const notUnderstood: NotUnderstoodPhrase[] = []
  const blockedAt: { at: number; end: number }[] = []
  // A threshold in a statement beside the ask that the ask does not state: a fact, or a limit on the pixels?
  for (const u of parsed.unsureThresholds) {
    notUnderstood.push({ text: q.slice(u.at, u.end), at: u.at, blocking: true, why: UNSURE_THRESHOLD })
    blockedAt.push(u)
  }
  // Phrases the parser marked as blocking (a correction it could not place, a mean of a comparison written as code).
  for (const c of parsed.blocked) {
    notUnderstood.push({ text: q.slice(c.at, c.end), at: c.at, blocking: true, why: c.why })
    blockedAt.push(c)
  }
  const readUnits = new Set(parsed.spans.filter((s) => s.type === 'unit').map((s) => (s as { key: string }).key))
  for (const b of BLOCKING) {
    for (const h of hits(b.raw ? q : masked, b.re)) {
      if (h.text.trim() === '' || blockedAt.some((x) => overlaps(x, h)) || inStatement(h.at)) continue
      // (A phrase read over the question as written blocks only when some of it was left unread.)
      if (b.raw && masked.slice(h.at, h.end).trim() === '') continue
      // A temperature unit the question also states as its answer unit ("... only read Celsius. ... in °C?") restates it.
      // "the coldest scene of the year ... Which date has the lowest mean": the date question states the same pick.
      if (b.why === EXTREME_DATE && parsed.spans.some((x) => x.type === 'date_of')) continue
      // "the ratio of the north's mean to the south's (north divided by south)": a division restating the ratio read.
      if (b.why === DIVISION && parsed.spans.some((x) => x.type === 'combine' && x.key === 'ratio')) continue
      // "the NE quadrant ... the per-date quadrant means", "the quadrant's valid pixels": the one part read, named again.
      if (b.why === PART_WHY && backReference(parsed, h)) continue
      if (b.why === UNPLACED_UNIT && readUnits.has(unitKey(h.text.replace(/^deg(?:rees?)?\s+/i, 'degrees ').replace(/°\s+/, '°')) ?? '')) continue
      blockedAt.push(h)
      const blocking = !inContext(h.at)
      notUnderstood.push({ text: q.slice(h.at, h.end), at: h.at, blocking, why: blocking ? b.why : 'context the spec does not need' })
    }
  }
  for (const h of [...otherLanguageWords(parsed), ...polarityBesideConditions(parsed, used, masked)]) {
    if (blockedAt.some((x) => overlaps(x, h)) || inStatement(h.at) || inContext(h.at)) continue
    blockedAt.push(h)
    notUnderstood.push({ text: h.text, at: h.at, blocking: true, why: h.why })
  }
  const entries: LedgerEntry[] = []
  for (const m of q.matchAll(/[\p{L}\p{N}°%][\p{L}\p{N}°%'’./+_-]*/gu)) {
    const at = m.index ?? 0
    const word = m[0].replace(/[.]+$/, '')
    const w = word.toLowerCase()
    if (FILLER_SET.has(w) || /^[-–—/]+$/.test(w)) continue
    const by = used.find((s) => at >= s.at && at < s.end)
    if (by) entries.push({ word, at, by: by.type ?? by.role ?? 'used' })
    else {
      const blocked = notUnderstood.find((n) => at >= n.at && at < n.at + n.text.length)
      const why = inReport(at) ? REPORT_WHY : inStatement(at) ? STATEMENT_WHY : (blocked?.why ?? 'context the spec does not need')
      entries.push({ word, at, by: null, blocking: blocked?.blocking ?? false, why })
    }
  }
  // Runs of non-blocking unread words, as phrases.
  let run: LedgerEntry[] = []
  const flush = () => {
    if (run.length)
      notUnderstood.push({
        text: q.slice(run[0].at, run.at(-1)!.at + run.at(-1)!.word.length),
        at: run[0].at,
        blocking: false,
        why: run[0].why ?? 'context the spec does not need',
      })
    run = []
  }
  for (const e of entries) {
    if (e.by !== null || e.blocking) {
      flush()
      continue
    }
    const prev = run.at(-1)
    // A number marked "#" stays with the word before it ("slide (#7)"), which says what it numbers.
    const gap = q.slice(prev ? prev.at + prev.word.length : 0, e.at)
    if (prev && ((/[.,;:!?()[\]{}"]/.test(gap) && !/^\s*\(?\s*#\s*$/.test(gap)) || prev.why !== e.why)) flush()
    if (!notUnderstood.some((n) => n.blocking && e.at >= n.at && e.at < n.at + n.text.length)) run.push(e)
  }
  flush()
  notUnderstood.sort((a, b) => a.at - b.at)
  return { entries, notUnderstood }
}
