/**
 * The deterministic task reader: a question (with its answer options and, when known, the variables and dates of
 * its files) becomes a TaskSpec. Every phrase it reads is recorded in `used` with its place in the question; what is
 * left is listed in `notUnderstood`, blocking when it could change the value (a statistic, a part of the image, a
 * time span, a mask or a unit the reader could not place). There is no default statistic: a question that names
 * none, with options that name none either, has `statistic: null`.
 */
import { COMMON_INDICES, UNITS as LEX_UNITS, VARIABLES as LEX_VARIABLES } from '../domain/lexicon'
import { all, first as firstSpan, ledgerOf, parseQuestion } from '../domain/spans'
import { DATE_SPAN_RANGES } from '../domain/lexicon/statistics'
import { phraseRegex } from '../domain/spans/words'
import { joinEither, readConditions } from './conditions'
import { readOptions, sharedKey, type AnswerOption } from './options'
import { severalAsked } from './several-asked'
import { periodsOfSpans } from './periods'
import { readSeries } from './series'
import { restatedPhrases } from './restated'
import { allMatches, firstMatch, objectClass, readValueStatistic } from './read-words'
import { TaskSpec, type Condition, type NotUnderstood, type Region, type Statistic } from './spec'
import {
  AREA,
  AREA_UNIT_WORDS,
  CLASS_WORDS,
  NO_SUN_CORRECTION_RE,
  OBJECTS,
  REPORT_VALUE,
  SHARE,
  SIGNIFICANCE,
  TREND,
  TREND_AXIS,
  VALUE_STATISTICS,
  VARIABLES,
} from './vocabulary'

export interface TaskReadInput {
  question: string
  options?: readonly AnswerOption[]
}

interface Span {
  at: number
  end: number
  role: string
}

/** "The date range", "the range of dates" (the lexicon's): the name of a period, no statistic. */
const DATE_SPAN_RE = phraseRegex(DATE_SPAN_RANGES)

/** Read a question into a TaskSpec. */
export function readTask(input: TaskReadInput): TaskSpec {
  const parsed = parseQuestion(input.question)
  const q = parsed.text
  const lex = parsed.spans
  const options = input.options ?? []
  const spans: Span[] = []
  const use = (at: number, end: number, role: string) => spans.push({ at, end, role })
  const notUnderstood: NotUnderstood[] = []
  const refuse = (text: string, why: string) => notUnderstood.push({ text, blocking: true, why })

  // Periods.
  // A period named twice (in the question and again in its instructions) is one period.
  const periods = periodsOfSpans(all(lex, 'period'))
    .map(({ at, ...p }) => {
      if (at !== undefined) use(at, at + p.text.length, 'period')
      return p
    })
    .filter((p, i, all) => all.findIndex((o) => o.start === p.start && o.end === p.end) === i)
  // Period words the parser set aside as restating another period (or the record's extent) are read, not periods.
  for (const r of all(lex, 'restated_period')) use(r.at, r.end, 'period (restated)')
  // "The date range", "the range of dates": the words that introduce a period, not a statistic.
  for (const h of allMatches(q, DATE_SPAN_RE)) use(h.at, h.end, 'period (its name)')
  for (const r of all(lex, 'context_part')) use(r.at, r.end, 'context (a part of the image named in a sentence that does not ask)')
  const periodSpans: [number, number][] = spans.map((s) => [s.at, s.end])

  // Conditions.
  const first = readConditions(parsed, periodSpans)
  // Two conditions joined by "or": "under 280 K or over 300 K" is outside 280..300; any other pair would keep other
  // pixels than their conjunction (the conditions of a spec all hold together), so the question is refused on it.
  const joined = joinEither(q, first.conditions)
  const read = { ...first, conditions: joined.conditions }
  for (const c of read.conditions) use(c.at, c.end, 'condition')
  for (const e of joined.either) refuse(q.slice(e.at, e.end).trim(), 'either of two conditions ("or"): the conditions of one question are applied together')
  if (read.areaCondition) use(read.areaCondition.at, read.areaCondition.end, 'area condition')
  for (const r of read.relative) {
    refuse(r.value.trim(), 'a threshold relative to a statistic of the data')
    use(r.at, r.end, 'relative threshold (refused)')
  }
  // A condition restated (in the question and again in its instructions) is one condition.
  const conditions: Condition[] = read.conditions
    .map((c) => c.value)
    .filter(
      (c, i, all) => all.findIndex((o) => o.variable === c.variable && o.op === c.op && o.value === c.value && o.low === c.low && o.high === c.high) === i,
    )

  // The QA band named as the source of a QA-class condition ("cloud-free pixels according to the BQA band", "using
  // the QA band"): read, it says where the class comes from.
  if (conditions.some((c) => c.variableKind === 'qa_class' || ['cloud', 'cloud_shadow', 'snow', 'fill', 'clear'].includes(c.variable ?? ''))) {
    for (const h of allMatches(
      q,
      /\b(?:(?:according\s+to|using|from|by|in|with)\s+(?:the\s+)?)?(?:bqa|qa_pixel|qa|pixel\s+qa|quality(?:\s+assessment)?)(?:\s+(?:band|layer|file|flags?|bits?|mask))?\b/gi,
    )) {
      if (!spans.some((s) => h.at < s.end && h.end > s.at)) use(h.at, h.end, 'QA source')
    }
  }
  // Orderings ("rank from largest to smallest") and label sets ("every image belongs to {Airport, ...}") are read:
  // they name no statistic and no subject. A stated band order goes to the spec for the catalog.
  for (const o of all(lex, 'ordering')) use(o.at, o.end, 'ordering')
  for (const l of all(lex, 'label_set')) use(l.at, l.end, 'label set')
  const bandOrder = firstSpan(lex, 'band_order')
  if (bandOrder) use(bandOrder.at, bandOrder.end, 'band order')
  // "NDWI (green vs nir)": the bands an index is stated with are read when they are the catalogue's bands of that
  // index; another pair is another index of the same name (Gao's NIR/SWIR1 NDWI) and is refused, naming it.
  for (const x of all(lex, 'index_bands')) {
    if (!x.matches) refuse(x.text.trim(), `bands that are not those of ${x.key.toUpperCase()} in the catalogue (another definition of the same name)`)
    use(x.at, x.end, x.matches ? "the index's bands (restated)" : 'index bands (refused)')
  }
  // "SAVI (L = 0.5)": a constant of an index the question names, read into the spec; a constant of no index named
  // is refused, naming it.
  const constants: Record<string, number> = {}
  const namedIndices = all(lex, 'variable')
    .filter((v) => v.kind === 'index')
    .map((v) => COMMON_INDICES[v.key])
  for (const x of all(lex, 'index_constant')) {
    if (!namedIndices.some((ix) => ix?.bands.includes(x.key)) || (constants[x.key] !== undefined && constants[x.key] !== x.value)) {
      refuse(x.text.trim(), 'a constant of no spectral index the question names')
      use(x.at, x.end, 'index constant (refused)')
      continue
    }
    constants[x.key] = x.value
    use(x.at, x.end, 'index constant')
  }
  // "the red band (band 1)": that band's place in the file, restated beside it (one place per band named).
  const bandAts = all(lex, 'band_at')
  const bandAt = !bandOrder && bandAts.length === 1 ? bandAts[0] : undefined
  if (bandAt) use(bandAt.at, bandAt.end, 'band position')
  // The time of day, when the question names one only ("night-time LST"); both named leaves it to the files.
  const times = all(lex, 'time_of_day')
  const timeOfDay = times.length > 0 && times.every((t) => t.key === times[0].key) ? times[0].key : undefined
  if (timeOfDay) for (const t of times) use(t.at, t.end, 'time of day')
  // "TOA reflectance without sun-elevation correction": the catalog's default convention, read as stated.
  for (const h of allMatches(q, NO_SUN_CORRECTION_RE)) use(h.at, h.end, 'calibration convention (no sun-elevation correction)')
  // Retrieval methods and trend estimators named ("split-window", "TES", "Theil-Sen") are read into the spec.
  const methodSpans = all(lex, 'method')
  for (const m of methodSpans) use(m.at, m.end, 'method')
  const methods = [...new Set(methodSpans.map((m) => m.key))]

  // Statistic.
  let statistic: Statistic | null = null
  let percentile: number | undefined
  const take = (hit: { at: number; end: number } | null, s: Statistic, role = 'statistic') => {
    if (!hit) return false
    statistic = s
    use(hit.at, hit.end, role)
    return true
  }
  const hasValueCondition = conditions.some((c) => c.unit !== 'percent')
  const labelSets = all(lex, 'label_set')
  const objects = allMatches(q, OBJECTS).find((h) => !labelSets.some((l) => h.at < l.end && h.end > l.at))?.m ?? null
  const trendHit = firstMatch(q, TREND)
  // Counts of pixels and of dates are the span parser's ("how many pixels", "the number of days on which").
  const countOf = (what: 'pixels' | 'dates') => all(lex, 'count').find((c) => c.what === what) ?? null
  const countAsk = /\bhow\s+many\b|\bnumber\s+of\b|\bcount\b/i.test(q)
  // "The date of" an extreme is the span parser's reading ("which date ... highest", "the day with the highest"); when
  // the question then asks for the extreme's value ("identify the date with the greatest increase and report the
  // corresponding percentage"), the date is a step and the value (the extreme) is what is asked.
  const dateOf = firstSpan(lex, 'date_of')
  if (trendHit) {
    take(trendHit, 'trend')
    for (const h of allMatches(q, TREND)) use(h.at, h.end, 'statistic')
    for (const h of allMatches(q, TREND_AXIS)) use(h.at, h.end, 'time axis of the trend')
  } else if (dateOf && REPORT_VALUE.test(q.slice(dateOf.end, dateOf.end + 160))) take(dateOf, dateOf.extreme)
  else if (dateOf && take(dateOf, dateOf.extreme === 'max' ? 'date_of_max' : 'date_of_min')) void 0
  else if (take(countOf('pixels'), 'count_pixels')) void 0
  else if ((hasValueCondition || read.areaCondition) && take(countOf('dates'), 'count_dates')) void 0
  else if (objects && countAsk && !VARIABLES.some((v) => v.words.test(q))) take(firstMatch(q, /\bhow\s+many\b|\bnumber\s+of\b|\bcount\b/i), 'count_objects')
  else if (take(firstMatch(q, AREA), 'area')) void 0
  // "hectares TOA NDVI > 0.3", "km² with NDVI above 0.3": an area unit asked of a pixel condition is its area.
  else if (hasValueCondition && take(allMatches(q, AREA_UNIT_WORDS).find((h) => !read.conditions.some((c) => h.at < c.end && h.end > c.at)) ?? null, 'area'))
    void 0
  else if (hasValueCondition && take(firstMatch(q, SHARE), 'fraction')) void 0
  if (statistic === null || statistic === 'date_of_max' || statistic === 'date_of_min' || statistic === 'trend') {
    // Percentiles and quartiles are the span parser's ("the 90th percentile", "p90", "the upper quartile").
    const pct = all(lex, 'statistic').find((x) => x.key === 'percentile' && x.p !== undefined && !spans.some((s) => x.at < s.end && x.end > s.at))
    const inner = readValueStatistic(q, spans)
    if (pct && statistic === null) {
      statistic = 'percentile'
      percentile = pct.p
      // "the first quartile (25th percentile)": a restatement of the same percentile is read with it.
      for (const x of all(lex, 'statistic')) if (x.key === 'percentile' && x.p === pct.p) use(x.at, x.end, 'statistic')
    } else if (inner && statistic === null) {
      statistic = inner.statistic
      // The words of the statistic taken, and a mean beside it (the house convention over dates: "take each date's
      // median and average them"; context such as "medians, not means"). Another statistic side by side ("the
      // per-date mean ... highest minus lowest") is left to the ledger, so the run stops on it instead of answering
      // the first one alone. With options, the options decide between the statistics named ("minimum ... or maximum?").
      for (const h of inner.hits) if (options.length > 0 || h.statistic === inner.statistic || h.statistic === 'mean') use(h.at, h.end, 'statistic')
    } else if (inner) {
      // "the date of the highest mean LST", "the trend of the annual mean": the per-date statistic they rest on.
      for (const h of inner.hits) use(h.at, h.end, 'per-date statistic')
    }
  }
  if (statistic === null && hasValueCondition && !/\b(?:mean|average|median)\b/i.test(q)) {
    // "pixels with TVDI > 0.9": a condition with nothing else asked about it is a share or a count; say which only
    // when the question does, else the options decide below.
    const pct = readOptions(options).some((o) => o.unit === 'percent')
    if (pct) statistic = 'fraction'
  }
  // The statistic an option label names ("Annual Mean TVDI: 0.6897"), when the question names none.
  const key = sharedKey(options)
  if (statistic === null && key) {
    const fromKey = VALUE_STATISTICS.find((s) => s.words.test(key))
    if (fromKey) statistic = fromKey.statistic
  }

  // Options that each state a date ("2022-08-03 (NDVI: 0.5443)", "Peak pollution date: 2022-09-05 | ...") answer
  // "which date": an extreme asked with them ("the peak pollution event", "NDVI extremes") is the date of it.
  const datedOptions = options.length >= 2 && options.every((o) => /\b(?:19|20)\d{2}-\d{2}-\d{2}\b/.test(o.text))
  if (datedOptions && (statistic === 'max' || statistic === 'min') && !dateOf) statistic = statistic === 'max' ? 'date_of_max' : 'date_of_min'

  // Pooling: "pooled", "pool every pixel" over the dates; "per date", "of the daily means" keep the house convention.
  let pooling: 'per_date' | 'pooled' = 'per_date'
  const poolSpans = all(lex, 'pooling')
  const pooled = poolSpans.find((p) => p.key === 'pooled')
  if (pooled) pooling = 'pooled'
  for (const p of poolSpans) use(p.at, p.end, 'pooling')
  // "the median of the per-date means": the statistic of each date is the inner one, the outer one is taken over the dates.
  let acrossDates: Statistic | undefined
  const perDate = poolSpans.find((p) => p.key === 'per_date')
  if (perDate && statistic !== null) {
    const stats = all(lex, 'statistic').filter((x) => x.key !== 'trend' && x.key !== 'fraction' && x.key !== 'area')
    const outer = stats.filter((x) => x.end <= perDate.at).at(-1)
    // The statistic of each date follows the per-date words ("per-date mean") or is part of them ("the scene means").
    const inner = stats.find((x) => x.at >= perDate.end - 1 && x.at - perDate.end <= 20) ?? stats.find((x) => x.at >= perDate.at && x.end <= perDate.end)
    if (outer && inner && outer.key !== inner.key && outer.key !== 'percentile' && inner.key !== 'percentile' && statistic === outer.key) {
      statistic = inner.key as Statistic
      if (outer.key !== 'mean') acrossDates = outer.key as Statistic
      // Both statistics are placed now: the one of each date and the one over the dates.
      use(outer.at, outer.end, 'statistic over the dates')
      use(inner.at, inner.end, 'statistic')
    }
  }

  // Region: parts of the grid (halves and quadrants as parts, thirds and the centre as grid bands), boxes in
  // pixels, map units or any CRS, polygon files. A second, different region is a comparison across regions.
  const regions: Region[] = []
  for (const r of lex) {
    if (r.type !== 'part' && r.type !== 'box' && r.type !== 'polygon_file') continue
    if (spans.some((s) => s.role !== 'period' && r.at < s.end && r.end > s.at)) continue
    let made: Region | null = null
    if (r.type === 'part' && r.negated) {
      refuse(r.text.trim(), 'the complement of a part that is not a half or an outer third (no band of the grid)')
      use(r.at, r.end, 'region (refused)')
      continue
    }
    if (r.type === 'part')
      made = r.part ? { kind: 'part', part: r.part, text: r.text.trim() } : { kind: 'grid', name: r.name, rows: r.rows, cols: r.cols, text: r.text.trim() }
    else if (r.type === 'box') {
      const [x0, y0, x1, y1] = r.bbox
      if (!(x0 < x1 && y0 < y1)) {
        refuse(r.text.trim(), 'a box whose corners are not [minx, miny, maxx, maxy]')
        continue
      }
      made = { kind: 'bbox', bbox: r.bbox, crs: r.crs, ...(r.srs ? { srs: r.srs } : {}), text: r.text.trim() }
    } else made = { kind: 'polygon_file', file: r.file, text: r.text.trim() }
    use(r.at, r.end, 'region')
    if (!regions.some((o) => JSON.stringify({ ...o, text: '' }) === JSON.stringify({ ...made, text: '' }))) regions.push(made)
  }
  const region: Region = regions[0] ?? { kind: 'whole' }

  // Combination of two periods or two masks.
  let combine: TaskSpec['quantity']['combine'] = null
  let across: TaskSpec['quantity']['across'] = null
  // The combination words are the lexicon's (span parser): the first one written decides ratio or difference,
  // a percent-change or absolute-difference phrase anywhere says which kind.
  const combSpans = all(lex, 'combine').sort((a, b) => a.at - b.at)
  const comb = combSpans[0]
  const valueConds = conditions.filter((c) => c.unit !== 'percent')
  const oppositeMasks =
    valueConds.length >= 2 &&
    valueConds[0].variable !== null &&
    valueConds[0].variable === valueConds[1].variable &&
    valueConds[0].op[0] !== valueConds[1].op[0] &&
    valueConds[0].op !== 'between'
  if (comb && statistic !== 'trend' && statistic !== 'count_dates') {
    const ratio = comb.key === 'ratio'
    const absolute = combSpans.some((c) => c.key === 'absolute_difference')
    const percentChange = combSpans.find((c) => c.key === 'percent_change')
    const kind = percentChange ? 'percent_change' : ratio ? 'ratio' : absolute ? 'absolute_difference' : 'difference'
    if (percentChange) use(percentChange.at, percentChange.end, 'combination')
    if (periods.length >= 2) {
      combine = kind
      across = 'periods'
      use(comb.at, comb.end, 'combination')
    } else if (regions.length >= 2) {
      combine = kind
      across = 'regions'
      use(comb.at, comb.end, 'combination')
    } else if (oppositeMasks || (valueConds.length === 1 && /\b(?:overall|entire|whole|full)\s+(?:mean|average|image|scene|area|region)\b/i.test(q))) {
      combine = kind
      across = 'masks'
      use(comb.at, comb.end, 'combination')
    }
  }

  // Two different parts of the image named and nothing comparing them ("the belt runs through the centre ... the
  // middle third of columns"): which one the value is over is not said; refused naming both, never the first taken.
  if (regions.length >= 2 && across !== 'regions')
    refuse(regions.map((r) => ('text' in r ? r.text : 'the whole image')).join('" and "'), 'two parts of the image named with nothing comparing them')

  // A percent change or ratio asked with no two sides found (one period "from June to September", one region) is
  // no single statistic: refused naming the words, never answered as the plain statistic.
  const unsided = combSpans.find((c) => c.key === 'percent_change' || c.key === 'ratio')
  if (unsided && !combine && statistic !== 'trend' && statistic !== 'count_dates') {
    refuse(unsided.text.trim(), 'a comparison whose two sides (two periods, regions or masks) the reader could not find')
    use(unsided.at, unsided.end, 'combination (refused)')
  }

  // A difference, ratio or percent change of a variable between two periods or regions that names no statistic
  // ("the change in building volume between 1990 and 2000") compares the variable's value on each side, which over
  // an image is its mean (the benchmarks' convention: the means of the images are differenced); the spec says so in
  // the combination's role so the answer restates it. With a pixel condition, a share word or a count the change
  // may be of a share or a count, so nothing is assumed there.
  const blanked = combSpans.reduce((t, c) => t.slice(0, c.at) + ' '.repeat(c.end - c.at) + t.slice(c.end), q)
  if (statistic === null && !hasValueCondition && !SHARE.test(blanked) && !countAsk && combine && (across === 'periods' || across === 'regions')) {
    statistic = 'mean'
    use(comb.at, comb.end, 'combination of the means (no statistic named: a change of a layer compares its image means)')
  }

  // Subjects: the variable a value statistic names first, then the others in order.
  // A name inside a longer one ("vegetation index" in "enhanced vegetation index") is the longer one's.
  // Bands named as variables ("the red band", "band 4") are the span parser's; their keys are catalog roles or band numbers.
  const bandHits = all(lex, 'band')
    .filter((h) => !spans.some((s) => s.role === 'band order' && h.at < s.end && h.end > s.at))
    .map((h) => ({ at: h.at, end: h.end, key: h.key }))
  const bandKeys = new Set(bandHits.map((h) => h.key))
  const allVarHits: { at: number; end: number; key: string }[] = [
    ...VARIABLES.flatMap((v) => allMatches(q, v.words).map((h) => ({ at: h.at, end: h.end, key: v.key }))),
    ...bandHits,
  ]
  const varHits = allVarHits
    .filter((h) => !allVarHits.some((o) => o !== h && o.key !== h.key && o.at <= h.at && o.end >= h.end && o.end - o.at > h.end - h.at))
    .sort((a, b) => a.at - b.at)
  for (const h of varHits) use(h.at, h.end, 'subject')
  // The subject is the variable the asked statistic names ("the mean LST"); failing that, the variable any statistic
  // word names ("compute the mean LST for each image ... the trend of the annual averages"); then the others in order.
  // A variable named with what it is derived from is the subject, not its inputs ("using NDVI and LST, calculate
  // TVDI"), and a phenomenon named with an index that measures it is read through the index ("snow cover changes
  // using NDSI"): the lexicon says which (`inputs`, `indicatedBy`).
  const statSpan = spans.find((s) => s.role === 'statistic')
  // A variable written just before its own comparison ("ndvi mean where LST>310K") is the condition's, not the statistic's.
  const compared = (h: { end: number; key: string }) => read.conditions.some((c) => c.value.variable === h.key && c.at >= h.end && c.at - h.end <= 3)
  const namedBy = (at: number, end: number) =>
    varHits.find((h) => h.at >= end && h.at - end <= 40 && !compared(h) && !spans.some((s) => s.role === 'condition' && h.at < s.end && h.end > s.at))
  const afterStat = statSpan ? namedBy(statSpan.at, statSpan.end) : undefined
  const afterAnyStat =
    afterStat ??
    all(lex, 'statistic')
      .map((x) => namedBy(x.at, x.end))
      .find(Boolean)
  const named = new Set(varHits.map((h) => h.key))
  // A variable named only in its own comparison is a mask: its inputs are not demoted ("ndvi mean where LST>310K").
  const derivedNamed = new Set(varHits.filter((h) => !compared(h)).map((h) => h.key))
  const inputsOfNamed = new Set(LEX_VARIABLES.filter((v) => derivedNamed.has(v.key) && v.kind !== 'qa_class').flatMap((v) => [...(v.inputs ?? [])]))
  const indicated = new Set(LEX_VARIABLES.filter((v) => (v.indicatedBy ?? []).some((i) => named.has(i))).map((v) => v.key))
  // A band is the subject only when the statistic names it or no other variable is named ("NDVI from bands 4 and
  // 5", "the brightness temperature of band 10": the band is an input).
  const otherNamed = varHits.some((h) => !bandKeys.has(h.key))
  const secondary = (k: string) => (inputsOfNamed.has(k) && afterStat?.key !== k) || indicated.has(k) || (bandKeys.has(k) && otherNamed && afterStat?.key !== k)
  // "a scatter plot of NDVI versus LST for each day" in a TVDI question: two inputs of the derived variable set
  // against each other are the axes of the method that derives it, not two quantities to compare.
  for (const h of allMatches(q, /\b(?:versus|vs\.?|against)(?=\s)/i)) {
    const before = varHits.filter((v) => v.end <= h.at && h.at - v.end <= 2).at(-1)
    const after = varHits.find((v) => v.at >= h.end && v.at - h.end <= 2)
    if (before && after && before.key !== after.key && inputsOfNamed.has(before.key) && inputsOfNamed.has(after.key))
      use(h.at, h.end, 'axes of the method (inputs of the derived variable)')
  }
  const maskVars = new Set(conditions.map((c) => c.variable))
  // "the NDVI mean, not the NDWI", "NDVI rather than EVI": a variable set aside is not what the statistic is of.
  const setAside = new Set(
    varHits.filter((h) => /\b(?:not|rather\s+than|instead\s+of)\s+(?:the\s+)?$/i.test(q.slice(Math.max(0, h.at - 20), h.at))).map((h) => h.key),
  )
  const asSubject = (h: (typeof varHits)[number] | undefined) => (h && setAside.has(h.key) ? varHits.find((o) => !setAside.has(o.key)) : h)
  const ordered = [
    asSubject(afterStat),
    asSubject(afterAnyStat),
    ...varHits.filter((h) => !setAside.has(h.key) && !maskVars.has(h.key) && !secondary(h.key)),
    ...varHits.filter((h) => !secondary(h.key)),
    ...varHits,
  ]
    .filter((h): h is (typeof varHits)[number] => h !== undefined && !indicated.has(h.key))
    .map((h) => h.key)
  // A share, count or area is about the variable its condition tests ("the share where TVDI > 0.75": TVDI).
  // So is a question that asks nothing else about a variable it states a condition on ("identify nights when LST
  // dropped below 305 K").
  const counted =
    statistic === 'fraction' || statistic === 'count_pixels' || statistic === 'area' || statistic === 'count_dates' || (statistic === null && !afterAnyStat)
  const criterion = counted ? conditions.find((c) => c.variable !== null && c.unit !== 'percent')?.variable : undefined
  let subjects = [...new Set([...(criterion ? [criterion] : []), ...ordered])]
  // "The brightness temperature of band 11": the band says which thermal band the BT is of (a number over a generic
  // "thermal band"); band 10 is the BT the compiler takes by default, band 11 is `bt_b11`.
  if (subjects.includes('bt')) {
    const thermal = ['b10', 'b11', 'tir1', 'tir2'].filter((k) => bandKeys.has(k))
    const numbered = thermal.filter((k) => k.startsWith('b'))
    const which = numbered.length === 1 ? numbered[0] : thermal.length === 1 ? thermal[0] : null
    if (which) subjects = subjects.filter((k) => !thermal.includes(k)).map((k) => (k === 'bt' && (which === 'b11' || which === 'tir2') ? 'bt_b11' : k))
  }
  if (statistic === 'count_objects' && objects) subjects.unshift(objectClass(objects[1]))
  for (const c of conditions)
    if (c.variable === null && subjects.length > 0 && !(statistic === 'fraction' && c.unit === 'percent'))
      c.variable = subjects.find((s) => !maskVars.has(s)) ?? subjects[0]

  // A calibration asked of a band subject ("the TOA reflectance of the red band"); without one a band is as stored.
  // One asked of an index ("NDVI (from TOA reflectance)", "toa ndvi") says what the index is computed from.
  let calibration: TaskSpec['calibration']
  const subjectKind = LEX_VARIABLES.find((v) => v.key === subjects[0])?.kind
  if (subjects.length > 0 && (bandKeys.has(subjects[0]) || subjectKind === 'index')) {
    const cal = all(lex, 'calibration').sort((a, b) => b.end - b.at - (a.end - a.at))[0]
    if (cal) {
      calibration = cal.key
      for (const c of all(lex, 'calibration')) use(c.at, c.end, 'calibration')
    }
  }

  // Wanted unit.
  let unit: string | null = null
  for (const u of all(lex, 'unit')) {
    if (spans.some((s) => u.at < s.end && u.end > s.at)) continue
    unit = u.key
    use(u.at, u.end, 'unit')
    break
  }

  // "How many hectares ...": the area asked names its unit in the statistic's own words.
  if (statistic === 'area' && unit === null) {
    const areaWords = spans
      .filter((s) => s.role === 'statistic')
      .map((s) => q.slice(s.at, s.end).toLowerCase())
      .join(' ')
    const named = LEX_UNITS.filter((u) => u.quantity === 'area').find((u) => u.names.some((n) => n.length > 2 && areaWords.includes(n.toLowerCase())))
    if (named) unit = named.key
  }

  // Land-cover classes without a definition next to them select pixels the reader cannot select.
  for (const h of allMatches(q, CLASS_WORDS)) {
    const defined = read.conditions.some((c) => Math.abs(c.at - h.end) <= 60 || Math.abs(h.at - c.end) <= 60)
    if (defined) use(h.at, h.end, 'class (defined by its condition)')
    else if (!spans.some((s) => h.at < s.end && h.end > s.at)) refuse(h.m[0], 'a land-cover class with no layer or threshold that defines it')
  }

  // Series granularity, for a trend, a "date of" or a statistic over monthly or seasonal means (series.ts).
  const dateCond = conditions.find((c) => c.unit !== 'percent' && c.variableKind !== 'qa_class')
  const dateCriterion = dateCond ? { op: dateCond.op, onShare: Boolean(read.areaCondition) || conditions.some((c) => c.unit === 'percent') } : undefined
  const sampled = readSeries({ q, lex, statistic, periods, spans, use, refuse, dateCriterion })
  const series = sampled.series
  statistic = sampled.statistic
  for (const sig of all(lex, 'significance')) if (statistic === 'trend') use(sig.at, sig.end, 'significance')
  for (const g of all(lex, 'series')) if (spans.some((s) => s.role === 'pooling' && g.at < s.end && g.end > s.at)) use(g.at, g.end, 'pooling')

  for (const r of restatedPhrases(q, conditions, spans)) use(r.at, r.end, r.role)
  // One question, one quantity: a second quantity asked would go unanswered under the first one's number.
  const condHits = read.conditions.map((c) => ({ at: c.at, end: c.end, variable: c.value.variable }))
  const placedElse = spans.filter((s) => s.role !== 'statistic' && s.role !== 'per-date statistic' && s.role !== 'subject')
  const several = severalAsked(q, varHits, condHits, placedElse, { hasOptions: options.length > 0, combined: combine !== null })
  if (several) refuse(several.text, `more than one quantity asked (${several.quantities.join('; ')}); ask for each in its own question`)
  // What is left: the coverage ledger over the spans used, blocking words first, then the other content words.
  for (const n of ledgerOf(parsed, spans).notUnderstood) {
    if (notUnderstood.some((o) => o.text.includes(n.text.trim()) || n.text.includes(o.text))) continue
    notUnderstood.push({ text: n.text.trim(), blocking: n.blocking, why: n.why })
  }

  const answerForm = options.length > 0 ? 'choice' : statistic === 'date_of_max' || statistic === 'date_of_min' ? 'date' : statistic ? 'number' : 'text'
  return TaskSpec.parse({
    quantity: {
      statistic,
      ...(percentile !== undefined ? { percentile } : {}),
      combine,
      across,
      significance: statistic === 'trend' && SIGNIFICANCE.test(q),
      ...(acrossDates ? { acrossDates } : {}),
    },
    subjects,
    conditions,
    areaCondition: read.areaCondition?.value ?? null,
    region,
    periods,
    pooling,
    ...(regions.length > 1 ? { regions } : {}),
    ...(series ? { series } : {}),
    ...(bandOrder ? { bands: { roles: bandOrder.roles, text: bandOrder.text.trim() } } : {}),
    ...(Object.keys(constants).length ? { constants } : {}),
    ...(bandAt ? { bandAt: { role: bandAt.role, band: bandAt.band, text: bandAt.text.trim() } } : {}),
    ...(timeOfDay ? { timeOfDay } : {}),
    ...(methods.length ? { methods } : {}),
    ...(calibration ? { calibration } : {}),
    unit,
    answer: { form: answerForm, options: readOptions(options) },
    used: spans.sort((a, b) => a.at - b.at).map((s) => ({ text: q.slice(s.at, s.end), role: s.role })),
    notUnderstood,
  })
}
