/**
 * The deterministic task reader: a question (with its answer options and, when known, the variables and dates of
 * its files) becomes a TaskSpec. Every phrase it reads is recorded in `used` with its place in the question; what is
 * left is listed in `notUnderstood`, blocking when it could change the value (a statistic, a part of the image, a
 * time span, a mask or a unit the reader could not place). There is no default statistic: a question that names
 * none, with options that name none either, has `statistic: null`.
 */
import { readConditions } from './conditions'
import { readOptions, sharedKey, type AnswerOption } from './options'
import { extractPeriods } from './periods'
import { TaskSpec, type Condition, type NotUnderstood, type Region, type Statistic } from './spec'
import { BLOCKING_WORDS, CLASS_WORDS, FILLER, OBJECTS, PARTS, PERCENTILE, VALUE_STATISTICS, VARIABLES } from './vocabulary'

export interface TaskReadInput {
  question: string
  options?: readonly AnswerOption[]
}

interface Span {
  at: number
  end: number
  role: string
}

const SHARE = /\b(?:percentage|proportion|fraction|share|percent)\s+of\b|\bwhat\s+(?:part|portion)\s+of\b|\bhow\s+much\s+of\s+the\s+(?:area|image|scene)\b|\b(?:area|pixel)\s+(?:percentage|proportion|fraction|share)\b|\bwhat\s+(?:percentage|proportion|fraction|share)\b|\b(?:percentage|proportion|fraction|share)\b/i
const COUNT_PIXELS = /\b(?:how\s+many|number\s+of|count\s+(?:of|the)(?:\s+number\s+of)?)\s+(?:\w+\s+){0,2}?pixels\b|\bpixel\s+count\b|\bcount\s+pixels\b/i
const COUNT_DATES = /\b(?:how\s+many|number\s+of|count\s+(?:of|the)(?:\s+number\s+of)?)\s+(?:\w+\s+){0,2}?(?:days|dates|images|scenes|acquisitions|observations|times|nights)\b|\bon\s+how\s+many\s+(?:dates|days)\b/i
const AREA = /\b(?:total\s+)?(?:surface\s+)?area\b(?=[^.?]{0,60}\b(?:km2|km²|square\s+kilomet\w+|hectares?|\bha\b|m2|m²|square\s+met\w+))|\bhow\s+(?:large|big|much)\s+(?:an?\s+|of\s+an?\s+)?area\b|\bthe\s+area\s+(?:covered|occupied)\b/i
const TREND = /\btrends?\b|\bslopes?\b|\bsen'?s\b|\bmann[\s-]kendall\b|\blinear\s+regression\b|\brate\s+of\s+change\b/i
const SIGNIFICANCE = /\bsignifican\w*|\bmann[\s-]kendall\b|\bp[\s-]?values?\b/i
const DATE_MAX = /\b(?:which|what|on\s+what|on\s+which)\s+(?:date|day|acquisition|image|month)\b[^.?]{0,60}?\b(?:maxim(?:um|a)|highest|peak|hottest|largest|max)\b|\b(?:maxim(?:um|a)|highest|peak|hottest)\b[^.?]{0,60}?\b(?:occur\w*|on\s+which\s+date|which\s+date)\b|\bwhen\b[^.?]{0,40}\b(?:highest|maximum|peak|hottest)\b/i
const DATE_MIN = /\b(?:which|what|on\s+what|on\s+which)\s+(?:date|day|acquisition|image|month)\b[^.?]{0,60}?\b(?:minim(?:um|a)|lowest|coolest|coldest|smallest|min)\b|\b(?:minim(?:um|a)|lowest|coolest|coldest)\b[^.?]{0,60}?\b(?:occur\w*|on\s+which\s+date|which\s+date)\b|\bwhen\b[^.?]{0,40}\b(?:lowest|minimum|coolest|coldest)\b/i
const COMBINE = /\b(?:differences?|differ\w*|change[sd]?|compared?|comparison|versus|vs\.?|minus|how\s+much\s+(?:higher|lower|warmer|cooler|hotter|colder|more|less)|increase[sd]?|decrease[sd]?|ratio|times\s+(?:higher|larger|greater))\b/i
const POOLED = /\bpooled\b|\ball\s+(?:valid\s+)?pixels\s+(?:of|from|across|in)\s+(?:all|every)\s+(?:dates|images|scenes|acquisitions)\b|\bevery\s+pixel\s+of\s+every\s+(?:date|image)\b|\bacross\s+all\s+pixels\s+and\s+dates\b/i
const PER_DATE = /\bper[\s-](?:date|image|scene|acquisition)\b|\beach\s+(?:date|image|scene|acquisition)\b|\b(?:of|from)\s+the\s+(?:daily|per[\s-]date|individual)\b/i
const UNITS: readonly { unit: string; words: RegExp }[] = [
  { unit: 'K', words: /\b(?:in|as|expressed\s+in|using)\s+(?:kelvin|K)\b/i },
  { unit: 'degC', words: /\b(?:in|as|expressed\s+in|using)\s+(?:degrees?\s+)?(?:celsius|centigrade|°C|℃|deg\s*C)(?![\w])/i },
  { unit: 'percent', words: /\b(?:in|as\s+an?|as)\s+(?:percent(?:age)?s?|%)(?![\w])/i },
  { unit: 'fraction', words: /\bas\s+an?\s+(?:fraction|ratio|decimal)\b/i },
  { unit: 'km2', words: /\b(?:in|as)\s+(?:km2|km²|square\s+kilomet(?:er|re)s?|sq\.?\s*km)(?![\w])/i },
  { unit: 'ha', words: /\b(?:in|as)\s+hectares?\b/i },
  { unit: 'm2', words: /\b(?:in|as)\s+(?:m2|m²|square\s+met(?:er|re)s?)(?![\w])/i },
]
const BBOX = /\b(?:bounding\s+box|bbox|box|window|rectangle)\s*(?:of|from|with\s+corners|\(|\[|=|:)?\s*[([]?\s*(-?\d+(?:\.\d+)?)\s*,\s*(-?\d+(?:\.\d+)?)\s*,\s*(-?\d+(?:\.\d+)?)\s*,\s*(-?\d+(?:\.\d+)?)\s*[)\]]?(\s*(?:in\s+)?(?:pixel|image)\s+(?:coordinates|units|space))?/i
const ROWS_COLS = /\brows?\s+(\d+)\s*(?:-|–|to|through)\s*(\d+)\s*(?:,|and)?\s*(?:and\s+)?columns?\s+(\d+)\s*(?:-|–|to|through)\s*(\d+)/i
const POLYGON_FILE = /\b(?:within|inside|in|over|for)\s+(?:the\s+)?(?:polygons?|area|region|boundary|outline|zone)?\s*(?:of|in|from|given\s+in|defined\s+in|drawn\s+in)?\s*(?:the\s+file\s+)?['"`]?([\w./-]+\.(?:geojson|json|shp|kml|gpkg))['"`]?/i

function firstMatch(q: string, re: RegExp): { at: number; end: number; m: RegExpMatchArray } | null {
  const m = q.match(re)
  if (!m || m.index === undefined) return null
  return { at: m.index, end: m.index + m[0].length, m }
}

/** Every occurrence of a regex, with positions. */
function allMatches(q: string, re: RegExp): { at: number; end: number; m: RegExpMatchArray }[] {
  const g = new RegExp(re.source, re.flags.includes('g') ? re.flags : `${re.flags}g`)
  return [...q.matchAll(g)].map((m) => ({ at: m.index ?? 0, end: (m.index ?? 0) + m[0].length, m }))
}

/** Read a question into a TaskSpec. */
export function readTask(input: TaskReadInput): TaskSpec {
  const q = input.question.replace(/\s+/g, ' ').trim()
  const options = input.options ?? []
  const spans: Span[] = []
  const use = (at: number, end: number, role: string) => spans.push({ at, end, role })
  const notUnderstood: NotUnderstood[] = []
  const refuse = (text: string, why: string) => notUnderstood.push({ text, blocking: true, why })

  // Periods.
  // A period named twice (in the question and again in its instructions) is one period.
  const periods = extractPeriods(q)
    .map(({ at, ...p }) => {
      if (at !== undefined) use(at, at + p.text.length, 'period')
      return p
    })
    .filter((p, i, all) => all.findIndex((o) => o.start === p.start && o.end === p.end) === i)
  const periodSpans: [number, number][] = spans.map((s) => [s.at, s.end])

  // Conditions.
  const read = readConditions(q, periodSpans)
  for (const c of read.conditions) use(c.at, c.end, 'condition')
  if (read.areaCondition) use(read.areaCondition.at, read.areaCondition.end, 'area condition')
  for (const r of read.relative) refuse(r.value.trim(), 'a threshold relative to a statistic of the data')
  // A condition restated (in the question and again in its instructions) is one condition.
  const conditions: Condition[] = read.conditions
    .map((c) => c.value)
    .filter((c, i, all) => all.findIndex((o) => o.variable === c.variable && o.op === c.op && o.value === c.value && o.low === c.low && o.high === c.high) === i)

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
  const objects = q.match(OBJECTS)
  const trendHit = firstMatch(q, TREND)
  const countAsk = /\bhow\s+many\b|\bnumber\s+of\b|\bcount\b/i.test(q)
  if (trendHit) take(trendHit, 'trend')
  else if (take(firstMatch(q, DATE_MAX), 'date_of_max')) void 0
  else if (take(firstMatch(q, DATE_MIN), 'date_of_min')) void 0
  else if (take(firstMatch(q, COUNT_PIXELS), 'count_pixels')) void 0
  else if ((hasValueCondition || read.areaCondition) && take(firstMatch(q, COUNT_DATES), 'count_dates')) void 0
  else if (objects && countAsk && !VARIABLES.some((v) => v.words.test(q))) take(firstMatch(q, /\bhow\s+many\b|\bnumber\s+of\b|\bcount\b/i), 'count_objects')
  else if (take(firstMatch(q, AREA), 'area')) void 0
  else if (hasValueCondition && take(firstMatch(q, SHARE), 'fraction')) void 0
  if (statistic === null || statistic === 'date_of_max' || statistic === 'date_of_min' || statistic === 'trend') {
    const pct = firstMatch(q, PERCENTILE)
    const inner = readValueStatistic(q, spans)
    if (pct && statistic === null) {
      statistic = 'percentile'
      const quart = pct.m[3]?.toLowerCase()
      percentile = quart ? (quart === 'first' || quart === 'lower' ? 25 : 75) : Number(pct.m[1] ?? pct.m[2])
      use(pct.at, pct.end, 'statistic')
    } else if (inner && statistic === null) {
      statistic = inner.statistic
      for (const h of inner.hits) use(h.at, h.end, 'statistic')
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

  // Pooling.
  let pooling: 'per_date' | 'pooled' = 'per_date'
  const pooled = firstMatch(q, POOLED)
  if (pooled) {
    pooling = 'pooled'
    use(pooled.at, pooled.end, 'pooling')
  }
  const perDate = firstMatch(q, PER_DATE)
  if (perDate) use(perDate.at, perDate.end, 'pooling')

  // Region.
  let region: Region = { kind: 'whole' }
  const parts = PARTS.flatMap((p) => allMatches(q, p.words).map((h) => ({ ...h, part: p.part }))).filter((h) => !spans.some((s) => h.at < s.end && h.end > s.at))
  parts.sort((a, b) => a.at - b.at)
  if (parts.length > 0) {
    region = { kind: 'part', part: parts[0].part, text: parts[0].m[0] }
    use(parts[0].at, parts[0].end, 'region')
    for (const p of parts.slice(1)) {
      if (p.part === parts[0].part) use(p.at, p.end, 'region')
      else refuse(p.m[0], 'a second region to compare, which the planner does not compare yet')
    }
  }
  const rc = firstMatch(q, ROWS_COLS)
  const bb = rc ? null : firstMatch(q, BBOX)
  if (rc) {
    const [r0, r1, c0, c1] = [1, 2, 3, 4].map((i) => Number(rc.m[i]))
    region = { kind: 'bbox', bbox: [Math.min(c0, c1), Math.min(r0, r1), Math.max(c0, c1) + 1, Math.max(r0, r1) + 1], crs: 'pixel', text: rc.m[0] }
    use(rc.at, rc.end, 'region')
  } else if (bb) {
    const b = [1, 2, 3, 4].map((i) => Number(bb.m[i])) as [number, number, number, number]
    const pixel = Boolean(bb.m[5]) || /\bpixel\s+(?:coordinates|box|window)|\bimage\s+coordinates/i.test(q)
    if (b[0] < b[2] && b[1] < b[3]) {
      region = { kind: 'bbox', bbox: b, crs: pixel ? 'pixel' : 'map', text: bb.m[0] }
      use(bb.at, bb.end, 'region')
    } else refuse(bb.m[0], 'a box whose corners are not [minx, miny, maxx, maxy]')
  } else {
    const poly = firstMatch(q, POLYGON_FILE)
    if (poly) {
      region = { kind: 'polygon_file', file: poly.m[1], text: poly.m[0] }
      use(poly.at, poly.end, 'region')
    }
  }

  // Combination of two periods or two masks.
  let combine: TaskSpec['quantity']['combine'] = null
  let across: TaskSpec['quantity']['across'] = null
  const comb = firstMatch(q, COMBINE)
  const valueConds = conditions.filter((c) => c.unit !== 'percent')
  const oppositeMasks = valueConds.length >= 2 && valueConds[0].variable !== null && valueConds[0].variable === valueConds[1].variable && valueConds[0].op[0] !== valueConds[1].op[0] && valueConds[0].op !== 'between'
  if (comb && statistic !== 'trend' && statistic !== 'count_dates') {
    const ratio = /\bratio\b|\btimes\s+(?:higher|larger|greater)\b/i.test(comb.m[0])
    const absolute = /\babsolute\s+(?:difference|change)\b|\bby\s+how\s+much\b|\bhow\s+much\s+(?:higher|lower|warmer|cooler|hotter|colder)\b/i.test(q)
    if (periods.length >= 2) {
      combine = ratio ? 'ratio' : absolute ? 'absolute_difference' : 'difference'
      across = 'periods'
      use(comb.at, comb.end, 'combination')
    } else if (oppositeMasks || (valueConds.length === 1 && /\b(?:overall|entire|whole|full)\s+(?:mean|average|image|scene|area|region)\b/i.test(q))) {
      combine = ratio ? 'ratio' : absolute ? 'absolute_difference' : 'difference'
      across = 'masks'
      use(comb.at, comb.end, 'combination')
    }
  }

  // Subjects: the variable a value statistic names first, then the others in order.
  const varHits = VARIABLES.flatMap((v) => allMatches(q, v.words).map((h) => ({ ...h, key: v.key })))
    .sort((a, b) => a.at - b.at)
  for (const h of varHits) use(h.at, h.end, 'subject')
  const statSpan = spans.find((s) => s.role === 'statistic')
  const afterStat = statSpan ? varHits.find((h) => h.at >= statSpan.end && h.at - statSpan.end <= 40) : undefined
  const maskVars = new Set(conditions.map((c) => c.variable))
  const ordered = [afterStat, ...varHits.filter((h) => !maskVars.has(h.key)), ...varHits].filter((h): h is (typeof varHits)[number] => Boolean(h)).map((h) => h.key)
  // A share, count or area is about the variable its condition tests ("the share where TVDI > 0.75": TVDI).
  const counted = statistic === 'fraction' || statistic === 'count_pixels' || statistic === 'area' || statistic === 'count_dates'
  const criterion = counted ? conditions.find((c) => c.variable !== null && c.unit !== 'percent')?.variable : undefined
  const subjects = [...new Set([...(criterion ? [criterion] : []), ...ordered])]
  if (statistic === 'count_objects' && objects) subjects.unshift(objectClass(objects[1]))
  for (const c of conditions) if (c.variable === null && subjects.length > 0 && !(statistic === 'fraction' && c.unit === 'percent')) c.variable = subjects.find((s) => !maskVars.has(s)) ?? subjects[0]

  // Wanted unit.
  let unit: string | null = null
  for (const u of UNITS) {
    const hit = firstMatch(q, u.words)
    if (hit && !spans.some((s) => hit.at < s.end && hit.end > s.at)) {
      unit = u.unit
      use(hit.at, hit.end, 'unit')
      break
    }
  }

  // Land-cover classes without a definition next to them select pixels the reader cannot select.
  for (const h of allMatches(q, CLASS_WORDS)) {
    const defined = read.conditions.some((c) => Math.abs(c.at - h.end) <= 60 || Math.abs(h.at - c.end) <= 60)
    if (defined) use(h.at, h.end, 'class (defined by its condition)')
    else if (!spans.some((s) => h.at < s.end && h.end > s.at)) refuse(h.m[0], 'a land-cover class with no layer or threshold that defines it')
  }

  // What is left: blocking words first, then the other content words.
  const masked = maskSpans(q, spans)
  for (const b of BLOCKING_WORDS) {
    for (const h of allMatches(masked, b.words)) refuse(q.slice(h.at, h.end), b.why)
  }
  for (const run of contentRuns(masked)) {
    if (notUnderstood.some((n) => n.text.includes(run) || run.includes(n.text))) continue
    notUnderstood.push({ text: run, blocking: false, why: 'context the spec does not need' })
  }

  const answerForm = options.length > 0 ? 'choice' : statistic === 'date_of_max' || statistic === 'date_of_min' ? 'date' : statistic ? 'number' : 'text'
  return TaskSpec.parse({
    quantity: {
      statistic,
      ...(percentile !== undefined ? { percentile } : {}),
      combine,
      across,
      significance: statistic === 'trend' && SIGNIFICANCE.test(q),
    },
    subjects,
    conditions,
    areaCondition: read.areaCondition?.value ?? null,
    region,
    periods,
    pooling,
    unit,
    answer: { form: answerForm, options: readOptions(options) },
    used: spans.sort((a, b) => a.at - b.at).map((s) => ({ text: q.slice(s.at, s.end), role: s.role })),
    notUnderstood,
  })
}

/**
 * The value statistic a question names ("median", "standard deviation", "mean"...). Two different ones nested
 * ("the maximum of the daily mean") give the outer one; two listed side by side give the first, and the others are
 * recorded as used words too (the answer reports the first).
 */
function readValueStatistic(q: string, spans: Span[]): { statistic: Statistic; hits: { at: number; end: number }[] } | null {
  const hits = VALUE_STATISTICS.flatMap((s) => allMatches(q, s.words).map((h) => ({ ...h, statistic: s.statistic })))
    .filter((h) => !spans.some((s) => h.at < s.end && h.end > s.at))
    .sort((a, b) => a.at - b.at)
  // Overlapping words ("max" inside "maximum - minimum" for range): keep the longest at each place.
  const kept = hits.filter((h) => !hits.some((o) => o !== h && o.at <= h.at && o.end >= h.end && o.end - o.at > h.end - h.at))
  if (kept.length === 0) return null
  return { statistic: kept[0].statistic, hits: kept }
}

/** One name per object class: singular, synonyms folded ("airplanes", "aircraft" -> airplane). */
function objectClass(word: string): string {
  const w = word.toLowerCase().replace(/\s+/g, ' ')
  const folded: Record<string, string> = { aircraft: 'airplane', plane: 'airplane', boat: 'ship', vessel: 'ship', car: 'vehicle', truck: 'vehicle', house: 'building', 'wind turbine': 'windmill' }
  const singular = w.replace(/(?<=[^s])s$/, '').replace(/ies$/, 'y')
  return folded[singular] ?? singular
}

/** The question with the used spans blanked out. */
function maskSpans(q: string, spans: Span[]): string {
  const chars = q.split('')
  for (const s of spans) for (let i = s.at; i < s.end && i < chars.length; i++) chars[i] = ' '
  return chars.join('')
}

/** Runs of content words (not filler) left in the masked question, as phrases. */
function contentRuns(masked: string): string[] {
  const runs: string[] = []
  for (const piece of masked.split(/[.,;:!?()[\]{}"']|\s{2,}/)) {
    let current: string[] = []
    for (const word of piece.split(/\s+/)) {
      const w = word.toLowerCase().replace(/[^a-z0-9°%/+\-.]/g, '')
      if (w === '' || FILLER.has(w) || /^[-–—/]+$/.test(w)) {
        if (current.length) runs.push(current.join(' '))
        current = []
      } else current.push(word)
    }
    if (current.length) runs.push(current.join(' '))
  }
  return runs
}

