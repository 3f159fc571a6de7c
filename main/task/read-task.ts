/**
 * The deterministic task reader: a question (with its answer options and, when known, the variables and dates of
 * its files) becomes a TaskSpec. Every phrase it reads is recorded in `used` with its place in the question; what is
 * left is listed in `notUnderstood`, blocking when it could change the value (a statistic, a part of the image, a
 * time span, a mask or a unit the reader could not place). There is no default statistic: a question that names
 * none, with options that name none either, has `statistic: null`.
 *
 * It reads in stages, in a fixed order (see readTask): each stage records the words it reads, and later stages skip
 * words already read, so the order of the stages is part of the reading. The stages that read the quantity are in
 * read-quantity.ts, those that read its subjects in read-subjects.ts; what they share is in reading.ts.
 */
import { COMMON_INDICES, UNITS as LEX_UNITS, VARIABLES as LEX_VARIABLES } from '../domain/lexicon'
import { all, first as firstSpan, ledgerOf } from '../domain/spans'
import { readSteps } from './steps'
import { readIncludedValues } from './included'
import { escape } from '../domain/spans/words'
import { classesSideBySide, joinEither, markPopulation, readConditions, type ConditionsRead } from './conditions'
import { readFormulas, refuseUnusedFormulas } from './formulas'
import { readOptions, type AnswerOption } from './options'
import { severalAsked } from './several-asked'
import { periodWords, periodsOfSpans } from './periods'
import { readSeries } from './series'
import { boundsContrary, classReasons, restatedPhrases } from './restated'
import { readCombination, readPooling, readStatistic } from './read-quantity'
import { readCalibration, readSubjects, type VariableHit } from './read-subjects'
import { allMatches } from './read-words'
import { readRegions } from './read-regions'
import { startReading, type Reading } from './reading'
import { TaskSpec, type Condition, type Period, type Statistic } from './spec'
import { CLASS_WORDS, NO_SUN_CORRECTION_RE, SIGNIFICANCE } from './vocabulary'

export interface TaskReadInput {
  question: string
  options?: readonly AnswerOption[]
}

/** Read a question into a TaskSpec. */
export function readTask(input: TaskReadInput): TaskSpec {
  const r = startReading(input.question, input.options ?? [])
  const { q, options, spans, notUnderstood } = r
  const { periods, periodSpans } = readPeriods(r)
  const { read, conditions: read0 } = readPixelConditions(r, periodSpans)
  let conditions = read0
  const { bandOrder, constants, bandAt, pixelSize, areaBasis, gridCrs, timeOfDay, methods } = readStatedSettings(r, conditions)
  const formulas = readFormulas(r)
  const { stored, zeroDn } = readStoredValues(r)
  const filesNamed = readFilesNamed(r)
  readDateOrder(r)
  // The statistic passes through several stages, each of which may change it: the question's words and options,
  // the pooling (a statistic of each date), a combination (a change that names no statistic is of the mean) and,
  // below, the series (a statistic over monthly means).
  const asked = readStatistic(r, read, conditions)
  // The pixels a share is taken among ("among the pixels with NDVI > 0.3"): their condition bounds the denominator.
  const population = markPopulation(q, read.conditions, asked.statistic)
  if (population.marked.size) conditions = conditions.map((c) => population.marked.get(c) ?? c)
  for (const [at, end] of population.words) r.use(at, end, 'pixels the share is taken among')
  const { pooling, acrossDates, statistic: pooledStatistic } = readPooling(r, asked.statistic)
  const { regions, region } = readRegions(r)
  const { hasValueCondition, countAsk } = asked
  const combined = readCombination(r, { statistic: pooledStatistic, periods, regions, conditions, hasValueCondition, countAsk })
  const { combine, across } = combined
  const { subjects, varHits, bandKeys } = readSubjects(r, { read, conditions, statistic: combined.statistic, objects: asked.objects })
  const calibration = readCalibration(r, subjects, bandKeys)
  refuseUnusedFormulas(r, formulas, subjects, conditions)
  const unit = readUnit(r, combined.statistic)
  readClassWords(r, read, conditions)
  const dated = readDateSeries(r, { statistic: combined.statistic, periods, conditions, read })
  const { slopePer, slopeEvery } = dated
  // Changes from one point to the next: the series steps, and the statistic is taken over the changes.
  const stepped = readSteps(r, dated.series)
  const series = stepped?.series ?? dated.series
  const statistic = stepped?.statistic ?? dated.statistic
  closeReading(r, { conditions, read, varHits, combined: combine !== null, periods })

  const answerForm = options.length > 0 ? 'choice' : statistic === 'date_of_max' || statistic === 'date_of_min' ? 'date' : statistic ? 'number' : 'text'
  return TaskSpec.parse({
    quantity: {
      statistic,
      ...(asked.percentile !== undefined ? { percentile: asked.percentile } : {}),
      combine,
      across,
      significance: statistic === 'trend' && SIGNIFICANCE.test(q),
      ...(combined.order ? { order: combined.order } : {}),
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
    ...(slopePer ? { slopePer } : {}),
    ...(slopeEvery ? { slopeEvery } : {}),
    ...(bandOrder ? { bands: { roles: bandOrder.roles, text: bandOrder.text.trim() } } : {}),
    ...(Object.keys(constants).length ? { constants } : {}),
    ...(Object.keys(formulas).length ? { formulas } : {}),
    ...(zeroDn ? { zeroDnExcluded: true } : {}),
    ...(stored.length ? { stored } : {}),
    ...(bandAt ? { bandAt: { role: bandAt.role, band: bandAt.band, text: bandAt.text.trim() } } : {}),
    ...(filesNamed.length ? { filesNamed } : {}),
    ...(pixelSize ? { pixelSize: { metres: pixelSize.metres, text: pixelSize.text.trim(), ...(pixelSize.perPixel ? { perPixel: true as const } : {}) } } : {}),
    ...(areaBasis ? { areaBasis } : {}),
    ...(gridCrs ? { gridCrs: { srs: gridCrs.srs, text: gridCrs.text.trim() } } : {}),
    ...(timeOfDay ? { timeOfDay } : {}),
    ...(methods.length ? { methods } : {}),
    ...(calibration ? { calibration } : {}),
    unit,
    answer: { form: answerForm, options: readOptions(options) },
    used: spans.sort((a, b) => a.at - b.at).map((s) => ({ text: q.slice(s.at, s.end), role: s.role })),
    notUnderstood,
  })
}

/**
 * The periods named (one period named twice is one), and the words about periods that name none of their own: a
 * period restated, the words that introduce one ("the date range"), and parts of the image named in a sentence
 * that asks nothing. Returns where all these words are, for the condition stage to skip.
 */
function readPeriods(r: Reading): { periods: Period[]; periodSpans: [number, number][] } {
  const { q, lex, use } = r
  // A period named twice (in the question and again in its instructions) is one period.
  const periods = periodsOfSpans(all(lex, 'period'))
    .map(({ at, ...p }) => {
      if (at !== undefined) use(at, at + p.text.length, 'period')
      return p
    })
    .filter((p, i, all) => all.findIndex((o) => o.start === p.start && o.end === p.end) === i)
  // Period words the parser set aside as restating another period (or the record's extent) are read, not periods.
  for (const s of all(lex, 'restated_period')) use(s.at, s.end, 'period (restated)')
  for (const w of periodWords(q, all(lex, 'period'))) use(w.at, w.end, w.role)
  // "but not the July dates", "excluding the 12 July scene" after "summer 2019": the period leaves them out (the
  // parser's refiner).
  for (const s of all(lex, 'excluded_dates'))
    if (s.unheld) r.refuse(s.text.trim(), `${s.days ? 'a day' : 'months'} set aside that the period named before them does not hold`)
    else use(s.at, s.end, `period (${s.days ? 'a day' : 'months'} left out)`)
  for (const s of all(lex, 'context_part')) use(s.at, s.end, 'context (a part of the image named in a sentence that does not ask)')
  for (const s of all(lex, 'context_unit')) use(s.at, s.end, 'context (a unit named in a sentence that does not ask)')
  const periodSpans: [number, number][] = r.spans.map((s) => [s.at, s.end])
  return { periods, periodSpans }
}

/**
 * The pixel conditions outside the period words ("LST above 300 K"), each restated one kept once, with the
 * condition on a date's share of the area. Refuses two conditions joined by "or" that do not make one range, and
 * thresholds relative to a statistic of the data.
 */
function readPixelConditions(r: Reading, periodSpans: [number, number][]): { read: ConditionsRead; conditions: Condition[] } {
  const { q, parsed, use, refuse } = r
  const first = readConditions(parsed, periodSpans)
  // Two conditions joined by "or": "under 280 K or over 300 K" is outside 280..300; any other pair would keep other
  // pixels than their conjunction (the conditions of a spec all hold together), so the question is refused on it.
  const joined = joinEither(q, first.conditions)
  const read = { ...first, conditions: joined.conditions }
  for (const c of read.conditions) use(c.at, c.end, 'condition')
  for (const e of joined.either) refuse(q.slice(e.at, e.end).trim(), 'either of two conditions ("or"): the conditions of one question are applied together')
  for (const t of classesSideBySide(q, read.conditions)) refuse(t, 'two QA classes kept side by side: say whether a pixel must be flagged as both or as either')
  if (read.areaCondition) use(read.areaCondition.at, read.areaCondition.end, 'area condition')
  for (const x of read.relative) {
    refuse(x.value.trim(), 'a threshold relative to a statistic of the data')
    use(x.at, x.end, 'relative threshold (refused)')
  }
  // "Was the mean NDVI below 0.2?": a yes or no about the result. Taken as a mask it would answer the mean of the
  // pixels below 0.2 instead, which reads as "yes" whatever the mean is.
  for (const x of read.compared) {
    refuse(x.value.trim(), 'a yes/no comparison of the result: the app answers with the value itself; ask for the value and compare it')
    use(x.at, x.end, 'comparison of the result (refused)')
  }
  for (const x of read.openSetAside) {
    refuse(x.value.trim(), 'a range without its ends, set aside (that keeps the values on either side with the ends): give it as two conditions')
    use(x.at, x.end, 'range without its ends (refused)')
  }
  // A condition restated (in the question and again in its instructions) is one condition.
  const conditions: Condition[] = read.conditions
    .map((c) => c.value)
    .filter(
      (c, i, all) => all.findIndex((o) => o.variable === c.variable && o.op === c.op && o.value === c.value && o.low === c.low && o.high === c.high) === i,
    )
  readIncludedValues(r, conditions)
  return { read, conditions }
}

/** The order of day and month stated beside dates ("(dd/mm)", "(day/month/year)"). */
const DATE_ORDER_RE = /\b(?:dd[/.]mm(?:[/.]yy(?:yy)?)?|mm[/.]dd(?:[/.]yy(?:yy)?)?|day\/month(?:\/year)?|month\/day(?:\/year)?)\b/gi

/**
 * A stated order of day and month is read when the numeric dates of the question are written in it (one of them
 * plain: a part above 12 is the day); said against them, or with none plain, it is left to block.
 */
function readDateOrder(r: Reading): void {
  const dates = [...r.q.matchAll(/(?<![\d/.])(\d{1,2})[/.](\d{1,2})[/.](?:19|20)\d{2}/g)].map((m) => [Number(m[1]), Number(m[2])])
  const dayFirst = dates.some(([a]) => a > 12) ? true : dates.some(([, b]) => b > 12) ? false : null
  for (const h of allMatches(r.q, DATE_ORDER_RE)) {
    const statedDayFirst = /^d/i.test(h.m[0])
    if (dayFirst !== null && statedDayFirst === dayFirst) r.use(h.at, h.end, 'date order (restated)')
  }
}

/**
 * How the question says the files are stored ("LST = DN × 0.02 K", "nodata -32768"), for the compiler to check
 * against them, and whether it sets the bands' zero DN aside ("excluding pixels where either band is 0").
 */
function readStoredValues(r: Reading): { stored: NonNullable<TaskSpec['stored']>; zeroDn: boolean } {
  const stored = [
    ...all(r.lex, 'stored_scale').map((x) => ({ x, rule: { variable: x.variable, factor: x.factor, unit: x.unit, text: x.text.trim() } })),
    ...all(r.lex, 'stored_nodata').map((x) => ({ x, rule: { variable: x.variable, nodata: x.value, text: x.text.trim() } })),
  ].map(({ x, rule }) => {
    r.use(x.at, x.end, 'how the files are stored (checked against them)')
    return rule
  })
  const zeroDn = all(r.lex, 'zero_dn')
  for (const z of zeroDn) r.use(z.at, z.end, 'zero DN of the bands set aside')
  return { stored, zeroDn: zeroDn.length > 0 }
}

/** Raster files named in the question ("red.tif", "riotiler/red.tif"): read into the spec, which the compiler checks. */
const FILE_NAME_RE = /(?<![\w./-])[\w./-]*[\w-]\.(?:tiff?|jp2|img|png|jpe?g)\b/gi

function readFilesNamed(r: Reading): string[] {
  const names: string[] = []
  for (const h of allMatches(r.q, FILE_NAME_RE)) {
    r.use(h.at, h.end, 'file named')
    names.push(h.m[0])
  }
  return [...new Set(names)]
}

/**
 * Settings the question states beside what it asks, read into the spec or read as naming nothing: the QA band a
 * QA class comes from, orderings and label sets, a band order, an index's bands and constants, one band's place in
 * the file, the time of day, the calibration convention, and retrieval methods and trend estimators. Bands or
 * constants that do not fit the index named are refused.
 */
function readStatedSettings(r: Reading, conditions: readonly Condition[]) {
  const { q, lex, spans, use, refuse } = r
  // The QA band named as the source of a QA class the question selects or counts ("cloud-free pixels according to the
  // BQA band", "using the QA band", "how many fill pixels does the BQA hold"): read, it says where the class comes from.
  const qaClass = (v: string | null) => LEX_VARIABLES.some((x) => x.kind === 'qa_class' && x.key === v)
  if (conditions.some((c) => c.variableKind === 'qa_class' || qaClass(c.variable)) || all(lex, 'variable').some((v) => v.kind === 'qa_class')) {
    for (const h of allMatches(
      q,
      /\b(?:(?:according\s+to|using|from|by|in|with)\s+(?:the\s+)?)?(?:bqa|qa_pixel|qa|pixel\s+qa|quality(?:\s+assessment)?)(?:\s+(?:band|layer|file|(?:flags?|bits?)\b(?!\s+\d)|mask))?\b/gi,
    )) {
      if (!spans.some((s) => h.at < s.end && h.end > s.at)) use(h.at, h.end, 'QA source')
    }
  }
  // Orderings ("rank from largest to smallest"), label sets ("every image belongs to {Airport, ...}") and the names of
  // the scene or place ("path 16, row 37", "South Carolina") are read: they name no statistic, subject or part. A stated band order goes to the spec for the catalog.
  for (const o of all(lex, 'ordering')) use(o.at, o.end, 'ordering')
  for (const l of all(lex, 'label_set')) use(l.at, l.end, 'label set')
  for (const n of all(lex, 'name')) use(n.at, n.end, `${n.kind === 'precision' ? 'answer precision' : `${n.kind} name`}`)
  for (const b of all(lex, 'qa_bits')) use(b.at, b.end, 'QA bits of the class (restated)')
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
  // A pixel size stated with the data ("a small 5 m scene", "counting each pixel as 900 m²"): one, read into the spec;
  // the compiler checks it. One set aside beside the ground basis ("the true area, not 900 m² per pixel") is read.
  const grounds = all(lex, 'area_basis')
  for (const g of grounds) use(g.at, g.end, 'area basis (true ground area)')
  const asides = all(lex, 'pixel_size').filter((x) => x.setAside)
  for (const x of asides) use(x.at, x.end, 'nominal pixel area set aside')
  const sizes = all(lex, 'pixel_size').filter((x) => !x.setAside)
  const pixelSize = sizes.length > 0 && sizes.every((x) => x.metres === sizes[0].metres) ? sizes[0] : undefined
  if (pixelSize) for (const x of sizes) use(x.at, x.end, 'stated pixel size')
  const areaBasis = grounds.length > 0 || asides.length > 0 ? ('ground' as const) : undefined
  // The grid the question says the files are on: one CRS, read into the spec; the compiler checks the files.
  const grids = all(lex, 'grid_crs')
  const gridCrs = grids.length > 0 && grids.every((g) => g.srs === grids[0].srs) ? grids[0] : undefined
  if (gridCrs) for (const g of grids) use(g.at, g.end, 'grid CRS stated')
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
  return { bandOrder, constants, bandAt, pixelSize, areaBasis, gridCrs, timeOfDay, methods }
}

/**
 * The unit the answer is wanted in: the first unit word not already read; for an area asked with none, the unit
 * the statistic's own words name ("how many hectares").
 */
function readUnit(r: Reading, statistic: Statistic | null): string | null {
  const { q, lex, spans, use } = r
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
    // The longest unit name written as whole words ("sq mi" is no "sq m").
    const written = (n: string) => new RegExp(`(?<![\\w/])${escape(n.toLowerCase())}(?![\\w/])`).test(areaWords)
    const named = LEX_UNITS.filter((u) => u.quantity === 'area')
      .flatMap((u) => u.names.filter((n) => n.length > 2 && written(n)).map((n) => ({ key: u.key, n })))
      .sort((a, b) => b.n.length - a.n.length)[0]
    if (named) unit = named.key
  }
  return unit
}

/**
 * Land-cover classes ("forest pixels"): read when a condition next to them defines them, else refused, since they
 * select pixels the reader cannot select.
 */
function readClassWords(r: Reading, read: ConditionsRead, conditions: readonly Condition[]): void {
  const { q, spans, use, refuse } = r
  // A class named as the reason for the mask the ask states on an index of that class (restated.ts).
  const reasons = classReasons(q, conditions)
  for (const x of reasons) use(x.at, x.end, x.role)
  for (const h of allMatches(q, CLASS_WORDS)) {
    // (A QA class or missing pixels left out beside it define no land cover: "mask out clouds and urban pixels".)
    const defined = read.conditions.some(
      (c) => c.value.variableKind !== 'qa_class' && c.value.variable !== 'nodata' && (Math.abs(c.at - h.end) <= 60 || Math.abs(h.at - c.end) <= 60),
    )
    if (defined) use(h.at, h.end, 'class (defined by its condition)')
    else if (reasons.some((x) => h.at < x.end && h.end > x.at)) continue
    else if (!spans.some((s) => h.at < s.end && h.end > s.at)) refuse(h.m[0], 'a land-cover class with no layer or threshold that defines it')
  }
}

/**
 * The series a trend, a "date of" or a statistic over monthly or seasonal means is taken over (series.ts), which
 * may change the statistic; then the significance words of a trend, and series words that restate the pooling.
 */
function readDateSeries(r: Reading, input: { statistic: Statistic | null; periods: Period[]; conditions: readonly Condition[]; read: ConditionsRead }) {
  const { q, lex, spans, use, refuse } = r
  const { periods, conditions, read } = input
  const dateCond = conditions.find((c) => c.unit !== 'percent' && c.variableKind !== 'qa_class')
  const dateCriterion = dateCond ? { op: dateCond.op, onShare: Boolean(read.areaCondition) || conditions.some((c) => c.unit === 'percent') } : undefined
  // What a date's pixels are counted by: its valid pixels ("the number of valid LST pixels"), or a value condition.
  const selects = conditions.some((c) => c.variable === 'nodata' && c.negated) ? 'valid' : dateCond ? 'condition' : null
  const sampled = readSeries({ q, lex, statistic: input.statistic, periods, spans, use, refuse, dateCriterion, selects })
  const series = sampled.series
  const statistic = sampled.statistic
  for (const sig of all(lex, 'significance')) if (statistic === 'trend') use(sig.at, sig.end, 'significance')
  for (const g of all(lex, 'series')) if (spans.some((s) => s.role === 'pooling' && g.at < s.end && g.end > s.at)) use(g.at, g.end, 'pooling')
  return { series, statistic, slopePer: sampled.slopePer, slopeEvery: sampled.slopeEvery }
}

/**
 * The last checks, once every stage has read its words: phrases that restate what was read, a second quantity
 * asked (refused: it would go unanswered under the first one's number), and what is left, from the coverage
 * ledger, as not understood.
 */
function closeReading(
  r: Reading,
  done: { conditions: readonly Condition[]; read: ConditionsRead; varHits: readonly VariableHit[]; combined: boolean; periods: readonly Period[] },
): void {
  const { q, parsed, options, spans, use, refuse, notUnderstood } = r
  const { conditions, read, varHits, combined, periods } = done
  for (const x of restatedPhrases(q, conditions, spans, periods)) use(x.at, x.end, x.role)
  for (const x of boundsContrary(q, conditions))
    refuse(
      x.text,
      `the bound is said to be ${x.kept ? 'kept' : 'left out'}, but the comparison written ${x.kept ? 'leaves it out' : 'keeps it'}; write the comparison with the bound as meant (e.g. "at least" or "strictly above")`,
    )
  // One question, one quantity: a second quantity asked would go unanswered under the first one's number.
  const condHits = read.conditions.map((c) => ({ at: c.at, end: c.end, variable: c.value.variable }))
  const placedElse = spans.filter((s) => s.role !== 'statistic' && s.role !== 'per-date statistic' && s.role !== 'subject')
  const several = severalAsked(q, varHits, condHits, placedElse, { hasOptions: options.length > 0, combined })
  if (several) refuse(several.text, `more than one quantity asked (${several.quantities.join('; ')}); ask for each in its own question`)
  // What is left: the coverage ledger over the spans used, blocking words first, then the other content words.
  for (const n of ledgerOf(parsed, spans).notUnderstood) {
    // One phrase is listed once; a short one ("m", "d") inside a longer one does not hide it ("m in 8..12"), and a word
    // listed as harmless elsewhere ("acquisition") never hides a blocking phrase with it ("the acquisition before").
    const t = n.text.trim()
    const same = (o: { text: string }) => o.text === t || (Math.min(o.text.length, t.length) >= 4 && (o.text.includes(t) || t.includes(o.text)))
    if (notUnderstood.some((o) => (o.blocking || !n.blocking) && same(o))) continue
    notUnderstood.push({ text: n.text.trim(), blocking: n.blocking, why: n.why })
  }
}
