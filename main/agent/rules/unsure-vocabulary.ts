/**
 * The vocabularies the compiler's check of unread phrases (unsure.ts) looks for, as patterns: the value-bearing words
 * of the lexicon by what they bear on, and the words it takes out of a phrase first (variable and band names, step
 * markers, coordinate systems, paperwork and sensor numbers). Data and patterns only.
 */
import { COMPARATORS, NEGATIONS, POSTFIX_COMPARATORS, RANGE_NEGATIONS } from '../../domain/lexicon/comparators'
import { HALVES, MONTHS, NAMED_SPANS, QUARTERS, SEASONS } from '../../domain/lexicon/periods'
import { TIME_OF_DAY } from '../../domain/lexicon/qualifiers'
import { NOT_TYPOS, REFERENCE_LEADS, STEP_MARKERS, STEP_VERBS } from '../../domain/lexicon/context'
import { BOX_WORDS, CRS_WORDS, PART_NOUNS, PARTS } from '../../domain/lexicon/regions'
import { COMBINATIONS, POOLING, SERIES_GRANULARITIES } from '../../domain/lexicon/series'
import { DATE_OF_LEADS, EXTREME_ENDS, NOT_STATISTICS, PERCENTILE_WORDS, STATISTICS, UNNAMED_STATISTICS } from '../../domain/lexicon/statistics'
import { BAND_ROLES } from '../../domain/lexicon/indices'
import { UNITS } from '../../domain/lexicon/units'
import { VARIABLES } from '../../domain/lexicon/variables'

/** Which part of a question a vocabulary bears on, for the refusal's wording. */
export type Bearing =
  | 'a calibration convention'
  | 'a band'
  | 'a comparison'
  | 'a negation'
  | 'a region'
  | 'a unit'
  | 'a period'
  | 'a statistic'
  | 'a comparison of two quantities'
  | 'the time of day'
  | 'a number'
  | 'a misspelt word'
  | 'a name the reader could not place'

export const norm = (s: string) =>
  ` ${s
    .toLowerCase()
    .replace(/[_\u2010-\u2015]/g, '-')
    .replace(/\s+/g, ' ')} `
export const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** Words of a vocabulary as whole-word patterns (symbols such as '>' or '%' match anywhere). */
export function patterns(words: readonly string[], bearing: Bearing): { re: RegExp; word: string; bearing: Bearing }[] {
  return words
    .filter((w) => w.trim().length > 0)
    .map((w) => {
      const low = w.toLowerCase()
      const re =
        /^[a-z0-9]/.test(low) && /[a-z0-9.]$/.test(low) ? new RegExp(`(?<![a-z0-9])${escape(low).replace(/ /g, '[ -]')}(?![a-z0-9])`) : new RegExp(escape(low))
      return { re, word: w, bearing }
    })
}

/** The value-bearing vocabulary; the period, extreme and unit words that follow from the spec are taken out per spec. */
export const VOCABULARY = [
  ...patterns(
    [...COMPARATORS, ...POSTFIX_COMPARATORS].flatMap((c) => c.words),
    'a comparison',
  ),
  ...patterns(
    [
      ...NEGATIONS,
      ...RANGE_NEGATIONS,
      ...['excl', 'excl.', 'leave', 'leave out', 'left out', 'omit', 'drop', 'mask out', 'excluded', 'removed', 'discarded', 'dropped'],
      ...['not counted', 'not included', 'not considered', 'not used', 'not taken'],
    ],
    'a negation',
  ),
  ...patterns(
    [
      ...PARTS.flatMap((p) => p.words),
      ...Object.values(PART_NOUNS)
        .flat()
        .filter((n) => !['area', 'region', 'zone', 'part', 'portion', 'section'].includes(n)),
      'quater',
      'core',
      ...BOX_WORDS,
      ...Object.values(CRS_WORDS)
        .flat()
        .filter((w) => w !== 'degrees'),
      'lon',
      'lat',
      'longitude',
      'latitude',
      'epsg',
    ],
    'a region',
  ),
  ...patterns([...PERCENTILE_WORDS, ...UNNAMED_STATISTICS, ...DATE_OF_LEADS, ...Object.values(POOLING).flat(), 'most'], 'a statistic'),
  ...patterns(Object.values(TIME_OF_DAY).flat(), 'the time of day'),
  // A correction or convention of the calibration left unread ("w/ sun-elev correction") changes the value.
  ...patterns(
    ['correction', 'corrected', 'correct for', 'sun-elev', 'sun elevation', 'sun_elevation', 'solar elevation', 'sun angle', 'solar zenith'],
    'a calibration convention',
  ),
]

/** Statistic words with the statistic they name: harmless when the spec computes that statistic somewhere. */
export const STAT_WORDS = [
  ...STATISTICS.flatMap((x) => patterns(x.names, 'a statistic').map((p) => ({ ...p, key: x.key as string }))),
  ...patterns(['high', 'hottest', 'warmest'], 'a statistic').map((p) => ({ ...p, key: 'max' })),
  ...patterns(['low', 'coldest', 'coolest'], 'a statistic').map((p) => ({ ...p, key: 'min' })),
]

/** Series words ("monthly", "per season"): harmless when the spec's series is sampled that way. */
export const SERIES_WORDS = SERIES_GRANULARITIES.flatMap((g) => patterns(g.names, 'a statistic').map((p) => ({ ...p, key: g.key })))

/** The ends of a scale in words ("its lower end"): the extreme at that end, read before any part word in them. */
export const END_WORDS = (['max', 'min'] as const).flatMap((key) =>
  // Said of a scale ("its lower end", "a lower bound"); "the lower end of the image" is a part of it, left to the
  // region words.
  patterns(EXTREME_ENDS[key], 'a statistic').map((p) => ({ ...p, key, re: new RegExp(`(?<![a-z0-9])(?:its|an?)[ -]${p.re.source}`, 'g') })),
)

/** Combination words: harmless when the spec combines two quantities. */
export const COMBINATION_WORDS = patterns(
  COMBINATIONS.flatMap((c) => c.names),
  'a comparison of two quantities',
)

/** Period words with the months they name: harmless when the spec's periods already hold those months. */
export const PERIOD_WORDS = [
  ...MONTHS.flatMap((m) => patterns(m.names, 'a period').map((p) => ({ ...p, months: [m.month] }))),
  ...SEASONS.flatMap((x) => patterns(x.names, 'a period').map((p) => ({ ...p, months: [...x.north] }))),
  ...NAMED_SPANS.flatMap((x) => patterns(x.names, 'a period').map((p) => ({ ...p, months: [...x.months] }))),
  ...QUARTERS.flatMap((x) => patterns(x.names, 'a period').map((p) => ({ ...p, months: [...x.months] }))),
  ...HALVES.flatMap((x) => patterns(x.names, 'a period').map((p) => ({ ...p, months: [...x.months] }))),
]

/** Phrases whose statistic word names none ("the date range", "in the range 0.2 to 0.5"), taken out of a phrase first. */
export const NOT_STATISTIC = new RegExp(NOT_STATISTICS.map((w) => `(?<![a-z0-9])${escape(w).replace(/ /g, '[ -]')}(?![a-z0-9])`).join('|'), 'g')

/** Variable names (and band mentions) are taken out of a phrase first: "top-of-atmosphere reflectance of band 5". */
export const VARIABLE_NAMES = [
  ...VARIABLES.flatMap((v) => v.names),
  ...BAND_ROLES.flatMap((r) => r.names.filter((n) => n.length > 2)),
  'toa',
  'top of atmosphere',
  'top-of-atmosphere',
]
  .sort((a, b) => b.length - a.length)
  .map((n) => new RegExp(`(?<![a-z0-9])${escape(n.toLowerCase()).replace(/ /g, '[ -]')}(?![a-z0-9])`, 'g'))
export const BAND_MENTIONS = /\b(?:bands?|b|channels?)[\s-]?\d{1,2}(?:\s*(?:,|and|&|\/|or|-|to)?\s*(?:bands?[\s-]?|b)?\d{1,2}\b)*/gi

/** Unit words, by unit key: a unit word is harmless when it names the unit the answer is computed in. */
export const UNIT_WORDS = UNITS.filter((u) => u.quantity !== 'count').flatMap((u) =>
  patterns(
    u.names.filter((n) => n.length > 1 || n === 'k'),
    'a unit',
  ).map((p) => ({ ...p, key: u.key })),
)

/** An ordinal ordering an instruction's steps ("first apply the TVDI method", "then, compute"): no part, no time span. */
export const STEP_MARKER = new RegExp(
  `(?<![a-z0-9])(?:${[...STEP_MARKERS]
    .sort((a, b) => b.length - a.length)
    .map(escape)
    .join('|')}),?\\s+(?=(?:${STEP_VERBS.map(escape).join('|')})\\w*(?![a-z0-9]))`,
  'g',
)

/** Coordinate system names: "WGS 84 / UTM zone 17N", "UTM 17N", "EPSG:32617", "Web Mercator". */
export const CRS_NAMES =
  /(?<![a-z0-9])(?:wgs[\s-]?84(?:\s*\/\s*utm\s+(?:zone\s+)?\d{1,2}\s*[ns])?|utm\s+(?:zone\s+)?\d{1,2}\s*[ns]|epsg\s*:?\s*\d{4,5}|web[\s-]mercator|pseudo[\s-]mercator)(?![a-z0-9])/g
/**
 * Numbers of the paperwork around a question (lexicon REFERENCE_LEADS): "ticket GIS-3318", "section 4.2", "slide 7 of
 * 15", "case 2291-B"; identifiers of letters and digits joined by a hyphen ("CT-2017-08") and versions ("v0.3").
 */
export const REFERENCE_NUMBERS = new RegExp(
  `(?<![a-z0-9])(?:${REFERENCE_LEADS.map(escape).join('|')})\\s*\\(?\\s*(?:no\\.?|number|nr\\.?|#)?\\s*[:#]?\\s*(?:[a-z]{1,6}-)?\\d[\\w.-]*\\)?(?:\\s+of\\s+\\d+)?|\\b(?!bands?-)[a-z]{2,6}-\\d[\\w-]*|\\b\\d+-[a-z]\\b|\\bv\\d+(?:\\.\\d+)*\\b`,
  'gi',
)
/**
 * Sensor and product names with numbers that do not bear on the value ("Landsat 8", "Sentinel-2", "Collection 2",
 * the processing level "L1TP"),
 * and the stored data type ("on the 8-bit values", "uint16"): the values as stored, which a band named is read as.
 */
export const SENSOR_NUMBERS =
  /\b(?:landsat|sentinel|modis|aster|viirs|goes|himawari|collection|level|l|mod|myd|lc|le)[\s-]?\d+[a-z]?\b|\b(?:8|16|32|64)[\s-]?bits?\b|\b(?:u?int|float)(?:8|16|32|64)\b|\bl[12](?:tp|gt|gs|sp|sr|c)\b/gi

/** Single words of the value-bearing vocabularies and of the variables' names, for misspellings. */
export const SINGLE_WORDS = [
  ...new Set(
    [
      ...[...COMPARATORS, ...POSTFIX_COMPARATORS].flatMap((c) => c.words),
      ...NEGATIONS,
      ...PARTS.flatMap((p) => p.words),
      ...Object.values(PART_NOUNS).flat(),
      ...UNITS.flatMap((u) => u.names),
      ...MONTHS.flatMap((m) => m.names),
      ...SEASONS.flatMap((x) => x.names),
      ...STATISTICS.flatMap((x) => x.names),
      ...VARIABLES.flatMap((v) => v.names),
      ...Object.values(TIME_OF_DAY).flat(),
      'quarter',
      'brightness',
      'temperature',
      'vegetation',
      'excluding',
    ]
      .flatMap((w) => w.toLowerCase().split(/[^a-z]+/))
      .filter((w) => w.length >= 5),
  ),
]
export const SINGLE_SET = new Set(SINGLE_WORDS)
export const NOT_TYPO_SET = new Set(NOT_TYPOS)

/** Whether a and b differ by one insertion, deletion or substitution (or one swap of neighbours). */
export function oneEdit(a: string, b: string): boolean {
  if (a === b) return false
  if (a.length === b.length) {
    const diff = [...a].map((c, i) => (c !== b[i] ? i : -1)).filter((i) => i >= 0)
    return diff.length === 1 || (diff.length === 2 && diff[1] === diff[0] + 1 && a[diff[0]] === b[diff[1]] && a[diff[1]] === b[diff[0]])
  }
  const [s, l] = a.length < b.length ? [a, b] : [b, a]
  if (l.length - s.length !== 1) return false
  for (let i = 0; i < l.length; i++) if (l.slice(0, i) + l.slice(i + 1) === s) return true
  return false
}

/** Acronyms that name sensors, files or agencies, never a quantity. */
export const HARMLESS_ACRONYMS = new Set([
  // The blank of a report line to fill in ("Fill in the TBD").
  'TBD',
  'TBC',
  'TOA',
  'MTL',
  'BQA',
  'QA',
  'DN',
  'NIR',
  'SWIR',
  'SWIR1',
  'SWIR2',
  'TIR',
  'TIRS',
  'OLI',
  'ETM',
  'TM',
  'MSS',
  'MODIS',
  'ASTER',
  'VIIRS',
  'USGS',
  'NASA',
  'ESA',
  'GEE',
  'UTC',
  'GMT',
  'UTM',
  'CRS',
  'AOI',
  'ROI',
  'WGS',
  'WGS84',
  'EPSG',
  'GIS',
  'RS',
  'OK',
  'US',
  'USA',
  'UK',
  'EU',
  'PDF',
  'CSV',
  'MTL',
  'L1TP',
  'L2SP',
  'SR',
  'ST',
  'LST',
  'NDVI',
  'GDAL',
  'I',
  'II',
  'III',
  'IV',
  'AM',
  'PM',
  'K',
])
