/**
 * Slot extraction for the rules backbone: what a question asks, read into typed slots (paper 002's skill routing
 * needs exactly these): the product or index, the LST method, value thresholds ("TVDI > 0.75", "above 315 K"), an
 * area-fraction condition ("more than 40% of the area"), the statistic, the aggregation, the periods, land-cover
 * classes, the unit, and objects to count.
 */
import { extractPeriods, type Period } from '../../task/periods'

export type Product = 'tvdi' | 'lst' | 'index' | 'pwv' | 'ati' | 'day_night'
export type LstMethod = 'provided' | 'single_channel' | 'multi_channel' | 'split_window' | 'ttm' | 'tes'
export type Statistic =
  | 'mean'
  | 'max'
  | 'min'
  | 'fraction'
  | 'masked_mean'
  | 'masked_contrast'
  | 'count_dates'
  | 'trend'
  | 'argmax_date'
  | 'argmin_date'
  | 'change'
  | 'spikes'
  | 'count_objects'
export type Aggregation = 'per_date_mean' | 'by_month' | 'by_year' | 'by_season' | 'single'
export type Comparison = '>' | '>=' | '<' | '<='

export interface Threshold {
  /** The quantity compared: 'tvdi', 'lst', 'ndvi', ... or null when the question does not say (the product then). */
  subject: string | null
  op: Comparison
  value: number
  unit: string | null
  text: string
}

export interface Slots {
  product: Product | null
  /** For product 'index': which one (ndvi, ndwi, evi, ...). */
  index: string | null
  lstMethod: LstMethod | null
  statistic: Statistic
  aggregation: Aggregation
  thresholds: Threshold[]
  /** "more than 40% of the area": a condition on the per-date fraction, as a fraction of one. */
  areaFraction: { op: Comparison; value: number } | null
  periods: Period[]
  classes: string[]
  unit: string | null
  /** Objects to count, for the counting skill ("ships", "storage tanks"). */
  objects: string | null
  /** Which side of a day/night thermal pair the question is about; null when it names neither. */
  diurnal: Diurnal | null
  /**
   * For a threshold-masked mean: the quantity averaged ("the mean NDVI of pixels with TVDI > 0.7" -> 'ndvi'); the
   * mask is the threshold's subject. Null when the product itself is averaged.
   */
  measured: string | null
  /** For a change: whether the mean value changes, or the share of the area beyond the value threshold. */
  changeOf: 'mean' | 'fraction'
  /** "absolute difference", "by how much ... differ": the size of a change without its sign. */
  absolute: boolean
  /** "pixels meeting both conditions: LST > 290 K and NDVI > 0.6": the value thresholds hold together. */
  joint: boolean
  /** "the percentage of pixels above 310 K and of those below 295 K, and their difference": two shares compared. */
  shareContrast: boolean
  /** A "difference" asked without a direction (no change, increase, decrease...): its size may be what is meant. */
  unsigned: boolean
  /** A threshold relative to a statistic ("115% of the mean", "1.5 times the average"), as written; null if none. */
  relative: string | null
  /** For a masked contrast: the statistic taken inside each masked area (the mean unless maxima are asked). */
  maskStat: 'mean' | 'max' | 'min'
}

export type Diurnal = 'day' | 'night' | 'range' | 'mean'

/**
 * "diurnal range", "day-night difference" -> range; a temperature named for one overpass ("night-time LST") -> that
 * side; day and night both named otherwise -> their mean; one of them alone -> that side.
 */
function detectDiurnal(q: string): Diurnal | null {
  if (/diurnal|day[\s-]*(?:to[\s-]*|and[\s-]*|\/)?night[\s-]*(?:time\s+)?(?:temperature\s+)?(?:difference|contrast|range|amplitude)/i.test(q)) return 'range'
  // "night-time LST", "night temperature" (but not the "night" of "day and night temperature").
  const subject = (side: string) =>
    new RegExp(
      `(?<!\\b(?:day|night)(?:[\\s-]?time)?\\s*(?:and|&|-|\\/)\\s*)\\b${side}(?:[\\s-]?time\\s+(?:land\\s+)?(?:surface\\s+)?|\\s+)(?:temperature|lst)\\b`,
      'i',
    ).test(q)
  const nightSubject = subject('night') || /\bnocturnal\b/i.test(q)
  const daySubject = subject('day')
  if (nightSubject !== daySubject) return nightSubject ? 'night' : 'day'
  const night = /\bnight(?:[\s-]?time)?\b/i.test(q)
  const day = /\bday[\s-]?time\b|\bday\b(?![\s-]*(?:of\b|\d|s\b))/i.test(q)
  if (night && day) return 'mean'
  if (night) return 'night'
  if (day) return 'day'
  return null
}

const INDEX_RE = /\b(ndvi|ndwi|mndwi|evi|savi|ndbi|nbr|ndsi|ndmi)\b/i
const NUM = '([+\\-−]?\\d+(?:\\.\\d+)?)'
const UNIT = '\\s*(k\\b|°c|%|percent|g\\/cm2|g\\/cm²)?'
const SUBJECTS: [RegExp, string][] = [
  [/\btvdi\b|dryness|drought index|drought indicator/i, 'tvdi'],
  [/\blst\b|land surface temperature|surface temperature|temperature/i, 'lst'],
  [/\bati\b|thermal inertia/i, 'ati'],
  [/water vapou?r|\bpwv\b/i, 'pwv'],
  [/emissivity/i, 'emissivity'],
  [INDEX_RE, 'index'],
]

function subjectOf(before: string): string | null {
  const window = before.slice(-60)
  let best: { at: number; subject: string } | null = null
  for (const [re, subject] of SUBJECTS) {
    const global = new RegExp(re.source, 'gi')
    for (const m of window.matchAll(global)) {
      const name = subject === 'index' ? m[0].toLowerCase() : subject
      if (!best || (m.index ?? 0) >= best.at) best = { at: m.index ?? 0, subject: name }
    }
  }
  return best?.subject ?? null
}

function unitOf(raw: string | undefined): string | null {
  if (!raw) return null
  const u = raw.toLowerCase()
  if (u === '%' || u === 'percent') return 'percent'
  if (u === 'k') return 'K'
  if (u === '°c') return 'degC'
  return 'g/cm2'
}

const OPS: [RegExp, Comparison][] = [
  [/^(?:>=|≥|at least|no less than)$/i, '>='],
  [/^(?:<=|≤|at most|no more than)$/i, '<='],
  [/^(?:>|exceed\w*|surpass\w*|above|greater than|higher than|over|more than|larger than|hotter than)$/i, '>'],
  [/^(?:<|below|less than|lower than|under|fell below|smaller than|cooler than)$/i, '<'],
]

const COMPARATOR =
  '(>=|≥|<=|≤|>|<|at least|no less than|at most|no more than|exceed\\w*|surpass\\w*|above|greater than|higher than|over|more than|larger than|below|less than|lower than|under|fell below|smaller than)'

/** Value thresholds and the area-fraction condition, in order of appearance. */
export function extractThresholds(question: string): { thresholds: Threshold[]; areaFraction: Slots['areaFraction'] } {
  const thresholds: Threshold[] = []
  let areaFraction: Slots['areaFraction'] = null
  const re = new RegExp(`${COMPARATOR}\\s*(?:the\\s+)?(?:(?:critical\\s+)?(?:threshold|value)\\s+(?:of\\s+)?)?${NUM}${UNIT}`, 'gi')
  for (const m of question.matchAll(re)) {
    const op = OPS.find(([r]) => r.test(m[1].trim()))?.[1]
    if (!op) continue
    const value = Number(m[2].replace('−', '-'))
    const unit = unitOf(m[3])
    const after = question.slice((m.index ?? 0) + m[0].length, (m.index ?? 0) + m[0].length + 40)
    const before = question.slice(0, m.index ?? 0)
    // "more than 40% of the area / of pixels / of the region": a condition on the share of the area.
    if (unit === 'percent' && /^\s*(?:of\s+(?:the\s+)?(?:\w+\s+){0,2}(?:area|pixels|region|zone|land|surface))/i.test(after)) {
      areaFraction = { op, value: value / 100 }
      continue
    }
    // "115% of the mean", "10% above the monthly average": relative to a statistic, not a value or an area share.
    if (
      unit === 'percent' &&
      /^\s*(?:of\s+(?:the\s+)?|above\s+(?:the\s+)?|below\s+(?:the\s+)?)(?:\w+\s+){0,2}(?:mean|average|median|baseline|normal)\b/i.test(after)
    ) {
      continue
    }
    // "the proportion of pixels with TVDI > 0.7 ... surpassed 40%": a percentage compared after a share was named
    // is a condition on that share, once a value threshold defines it.
    if (unit === 'percent' && thresholds.some((t) => t.unit !== 'percent') && /\b(?:proportion|percentage|share|fraction|ratio)\b/i.test(before.slice(-120))) {
      areaFraction = { op, value: value / 100 }
      continue
    }
    // A year after "over" or a plain count of days is not a threshold.
    if (/^(?:19|20)\d{2}$/.test(m[2]) && unit === null) continue
    if (/^\s*(?:days?|times|nights|dates|images|years?)\b/i.test(after)) continue
    thresholds.push({ subject: subjectOf(before), op, value, unit, text: m[0] })
  }
  return { thresholds, areaFraction }
}

function detectProduct(q: string): { product: Product | null; index: string | null; lstMethod: LstMethod | null } {
  const index = q.match(INDEX_RE)?.[1]?.toLowerCase() ?? null
  let lstMethod: LstMethod | null = null
  if (/single[- ]channel|band 10\b|thermal band 10/i.test(q)) lstMethod = 'single_channel'
  else if (/split[- ]window/i.test(q)) lstMethod = 'split_window'
  else if (/three[- ]temperature|\bttm\b/i.test(q)) lstMethod = 'ttm'
  else if (/\btes\b|temperature[- ]emissivity separation/i.test(q)) lstMethod = 'tes'
  else if (/band 31 and (?:band )?32|bands? 31.{0,10}32|multi[- ]channel/i.test(q)) lstMethod = 'multi_channel'

  if (/\btvdi\b|dryness (?:index|indicator)|temperature[- ]vegetation dryness|drought index/i.test(q)) return { product: 'tvdi', index, lstMethod }
  if (/thermal inertia|\bati\b/i.test(q)) return { product: 'ati', index, lstMethod }
  if (/water vapou?r|\bpwv\b|precipitable water|atmospheric absorption/i.test(q)) return { product: 'pwv', index, lstMethod }
  if (/diurnal|day(?:time)? and night(?:time)?|day[- ]night/i.test(q) && /temperature|\blst\b/i.test(q)) return { product: 'day_night', index, lstMethod }
  if (/\blst\b|land surface temperature|surface temperature|brightness temperature|heat (?:stress|island)|thermal/i.test(q)) {
    return { product: 'lst', index, lstMethod: lstMethod ?? 'provided' }
  }
  if (index) return { product: 'index', index, lstMethod }
  if (/vegetation (?:index|cover|greenness|health)/i.test(q)) return { product: 'index', index: 'ndvi', lstMethod }
  return { product: null, index, lstMethod }
}

const OBJECTS =
  /\b(ships?|boats?|vessels?|planes?|airplanes?|aircraft|cars?|vehicles?|buildings?|houses?|storage tanks?|tanks?|trees?|bridges?|harbou?rs?|ponds?|swimming pools?|tennis courts?|courts?|roundabouts?|windmills?|wind turbines?|helicopters?|trucks?|containers?|people|sheep|cattle|cows?)\b/i

function detectStatistic(
  q: string,
  thresholds: Threshold[],
  areaFraction: Slots['areaFraction'],
  periods: Period[],
  product: Product | null,
  index: string | null,
): Statistic {
  if (/spike|abrupt (?:increase|rise)|sudden (?:spike|increase)/i.test(q)) return 'spikes'
  if (/trend|slope|sen'?s|mann[- ]kendall/i.test(q)) return 'trend'
  if (
    /(?:how many|number of|count(?: the number of)?)\s+(?:\w+\s+){0,2}(?:days|times|dates|nights|images|scenes|observations)/i.test(q) &&
    (thresholds.length > 0 || areaFraction)
  ) {
    return 'count_dates'
  }
  if (product === null && OBJECTS.test(q) && /how many|number of|count/i.test(q)) return 'count_objects'
  if (
    /(?:which|what|the) (?:date|day)\b.{0,60}(?:maximum|highest|peak|hottest|max)|(?:maximum|highest|peak)\b.{0,60}(?:occur|on which date|which date)/i.test(q)
  )
    return 'argmax_date'
  if (/(?:which|what|the) (?:date|day)\b.{0,60}(?:minimum|lowest|coolest|min)/i.test(q)) return 'argmin_date'
  if (isMaskedContrast(q, thresholds, periods)) return 'masked_contrast'
  const twoTimes = periods.length >= 2 || /\bbetween\s+\w+\s+\d{1,2}\s+and\s+\w+\s+\d{1,2}/i.test(q)
  if (/\bchange|difference|compared|how much (?:higher|lower|cooler|warmer)|increase or decrease/i.test(q) && twoTimes) return 'change'
  const valueThreshold = thresholds.find((t) => t.unit !== 'percent')
  if (valueThreshold && /\bmean\b|\baverage\b/i.test(q) && MASK_WORDS.test(q)) {
    const subject = valueThreshold.subject
    if (subject && product && subject !== productKey(product, index)) return 'masked_mean'
    const measured = measuredSubject(q)
    if (subject && measured && measured !== subject) return 'masked_mean'
    // "the average NDSI where NDSI exceeds 0.3": the product's mean over the pixels it selects itself.
    if (subject && measured === subject && !SHARE_WORDS.test(q)) return 'masked_mean'
  }
  if (valueThreshold && SHARE_WORDS.test(q)) return 'fraction'
  if (/\b(?:maximum|highest|max|peak)\b/i.test(q) && !/\b(?:mean|average)\b/i.test(q)) return 'max'
  if (/\b(?:minimum|lowest|min)\b/i.test(q) && !/\b(?:mean|average)\b/i.test(q)) return 'min'
  if (valueThreshold) return 'fraction'
  // Not a default: the planner (rules-planner.ts) refuses a question whose task spec names no statistic before any
  // recipe reads this, and refuses a recipe whose statistic differs from the one the spec asks.
  return 'mean'
}

const CONTRAST = /\b(?:difference|differ\w*|contrast|compared?|cooler|warmer|hotter|colder|higher|lower|minus|heat island|uhii?)\b/i

/**
 * A statistic inside one masked area against another ("mean LST in forest (NDVI > 0.7) vs bare land (NDVI < 0.2)",
 * "urban pixels (LST > 305 K) against rural pixels (LST <= 300 K)") or against the whole image ("the overall mean
 * LST and the mean LST where NDVI > 0.7"), at one time: two periods make it a change instead.
 */
function isMaskedContrast(q: string, thresholds: Threshold[], periods: Period[]): boolean {
  if (periods.length >= 2 || !CONTRAST.test(q) || !/\b(?:mean|average|maxim(?:um|a)|minim(?:um|a))\b/i.test(q)) return false
  const values = thresholds.filter((t) => t.unit !== 'percent')
  if (opposite(thresholds)) return true
  return values.length === 1 && /\b(?:overall|entire|whole|full)\s+(?:mean|average|image|scene|area|region)|\boverall\b/i.test(q)
}

/** The first two value thresholds bound the same variable from opposite sides (a hot zone and a cool zone). */
function opposite(thresholds: Threshold[]): boolean {
  const v = thresholds.filter((t) => t.unit !== 'percent')
  return v.length >= 2 && v[0].subject !== null && v[0].subject === v[1].subject && v[0].op[0] !== v[1].op[0]
}

/** A threshold stated relative to a statistic of the data rather than as a value. */
const RELATIVE =
  /\b\d+(?:\.\d+)?\s*(?:%|percent)\s+(?:of|above|below|higher than|lower than)\s+(?:the\s+|its\s+)?(?:[\w-]+\s+){0,2}(?:mean|average|median|baseline|normal)\b|\b\d+(?:\.\d+)?\s*times\s+(?:the\s+|its\s+)?(?:[\w-]+\s+){0,2}(?:mean|average|median)\b/i

/** Words that ask for a share of the area. */
const SHARE_WORDS = /percentage|proportion|fraction|share|percent|ratio|what part|how much of the area/i

/** Words that restrict a statistic to the pixels meeting a condition. */
const MASK_WORDS =
  /\b(?:in|within|for|over|of) (?:the |these |those |all )?(?:[\w-]+ ){0,2}(?:areas?|pixels|regions?|zones?)\b|\b(?:areas?|pixels|regions?|zones?) (?:where|with|that|whose)\b|\bwhere\b/i

/** The subject key a product is compared under in thresholds ('lst' for day/night pairs, the index's own name). */
function productKey(product: Product, index: string | null): string {
  if (product === 'index') return index ?? 'ndvi'
  return product === 'day_night' ? 'lst' : product
}

/** The quantity a "mean X" / "average X value" names, e.g. "compute the mean NDVI of these pixels" -> 'ndvi'. */
function measuredSubject(q: string): string | null {
  for (const m of q.matchAll(/\b(?:mean|average)\s+(?:value\s+of\s+(?:the\s+)?)?/gi)) {
    const next = q.slice((m.index ?? 0) + m[0].length, (m.index ?? 0) + m[0].length + 40)
    for (const [re, subject] of SUBJECTS) {
      const hit = next.match(re)
      if (hit && hit.index === 0) return subject === 'index' ? hit[0].toLowerCase() : subject
    }
  }
  return null
}

/** Two or more value thresholds on different variables that must hold at once ("both", "simultaneously"). */
function isJoint(q: string, thresholds: Threshold[]): boolean {
  const values = thresholds.filter((t) => t.unit !== 'percent' && t.subject !== null)
  if (values.length < 2 || new Set(values.map((t) => t.subject)).size < 2) return false
  return /\bboth\b|simultaneous\w*|at the same time|all (?:\w+ )?conditions|\bjointly\b|\band also\b/i.test(q)
}

function detectAggregation(q: string, periods: Period[]): Aggregation {
  if (/\bmonthly\b|each month|per month|for each of the (?:four|three|two|\d+) months/i.test(q)) return 'by_month'
  if (
    /\bannual (?:average|mean)s? (?:for|of) each year|each year|per year|yearly (?:average|mean)|annual (?:average|mean) (?:lst|temperature|value)s? for each/i.test(
      q,
    )
  )
    return 'by_year'
  if (/\bseason(?:al)?\b/i.test(q) && !/heatwave season/i.test(q)) return 'by_season'
  const multiDate = periods.some((p) => p.start !== p.end) || periods.length > 1
  return multiDate ? 'per_date_mean' : 'single'
}

const CLASSES = /\b(urban|built-up|forest(?:ed)?|water|cropland|agricultur\w*|farmland|grassland|bare soil|desert|wetland|non-vegetated|vegetated)\b/gi

export function extractSlots(question: string): Slots {
  const q = question.replace(/\s+/g, ' ')
  const periods = extractPeriods(q)
  const { product, index, lstMethod } = detectProduct(q)
  const { thresholds, areaFraction } = extractThresholds(q)
  const statistic = detectStatistic(q, thresholds, areaFraction, periods, product, index)
  const unitMatch = q.match(/\bin (kelvin|celsius|percent|g\/cm2)\b|\bK\/year\b/i)
  return {
    product,
    index,
    lstMethod,
    statistic,
    aggregation: detectAggregation(q, periods),
    thresholds,
    areaFraction,
    periods,
    classes: [...new Set([...q.matchAll(CLASSES)].map((m) => m[1].toLowerCase()))],
    unit: unitMatch ? unitMatch[0] : null,
    objects: statistic === 'count_objects' ? (q.match(OBJECTS)?.[1]?.toLowerCase() ?? null) : null,
    diurnal: detectDiurnal(q),
    measured: statistic === 'masked_mean' ? measuredSubject(q) : null,
    changeOf:
      statistic === 'change' && thresholds.some((t) => t.unit !== 'percent') && /\b(?:proportion|percentage|share|fraction|ratio|extent)\b/i.test(q)
        ? 'fraction'
        : 'mean',
    absolute: /\babsolute (?:difference|change)|\bby how much\b|\bhow much (?:cooler|warmer|hotter|colder|higher|lower)\b/i.test(q),
    joint: isJoint(q, thresholds),
    relative: q.match(RELATIVE)?.[0] ?? null,
    shareContrast: statistic === 'fraction' && CONTRAST.test(q) && opposite(thresholds),
    unsigned:
      /\bdifference\b|\bdiffer/i.test(q) &&
      !/\b(?:change[sd]?|increase[sd]?|decrease[sd]?|rise|rose|drop(?:ped)?|decline[sd]?|grow|gain|loss|lost|warm(?:ed|ing)|cool(?:ed|ing)|trend)\b/i.test(q),
    maskStat: /\b(?:mean|average)\b/i.test(q)
      ? 'mean'
      : /\bmaxim(?:um|a)\b|\bmax\b|\bhighest\b/i.test(q)
        ? 'max'
        : /\bminim(?:um|a)\b|\blowest\b/i.test(q)
          ? 'min'
          : 'mean',
  }
}
