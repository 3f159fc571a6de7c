/**
 * The compiler's vocabulary of refusal and description (DESIGN section 9): a refusal names the part of the question
 * and why; thresholds are converted to the data's unit through the lexicon; conditions, QA bits, regions and the
 * methods a question names are written here in the analyst's words or as engine parameters.
 */
import { LANDSAT_C1_QA_BITS } from '../../domain/qa-bits'
import { UNITS } from '../../domain/lexicon/units'
import {
  BARE_SLOPE,
  PRODUCT_METHODS,
  TREND_METHODS,
  TVDI_BINNINGS,
  type LstMethodKey,
  type TrendMethodKey,
  type TvdiBinningKey,
} from '../../domain/lexicon/methods'
import { BAND_ROLES } from '../../domain/lexicon/indices'
import { unitWord } from './answer-format'
import type { Condition, Region, TaskSpec } from '../../task/spec'
import type { ReadSpec } from './analyses'
import type { Dag } from './dag-builder'

export type Compiled =
  | { ok: true; dag: Dag; read: ReadSpec; describe: string }
  /**
   * `handOff`: a part the older skills plan and the compiler does not: 'recipes' (places compared across the files'
   * names), 'perception' (no raster variable: land-cover classes and objects, which the perception tools measure).
   */
  | { ok: false; part: string; why: string; handOff?: 'recipes' | 'perception' }
  /** The spec asks for something outside the raster compiler (objects, scenes): another skill plans it. */
  | { ok: 'not_applicable' }

/** A refusal as one sentence: which part of the question and why. */
export function refusalSentence(c: Extract<Compiled, { ok: false }>): string {
  return `Nothing was computed: ${c.part} cannot be answered from these files, because ${c.why.replace(/[.\s]+$/, '')}.`
}

export class Refusal extends Error {
  /** `handOff`: a part the product recipes (skills) plan and the compiler does not; the planner may give it to them. */
  constructor(
    readonly part: string,
    readonly why: string,
    readonly handOff: 'recipes' | null = null,
  ) {
    super(why)
  }
}

export const OP_WORD: Record<string, string> = { '>': 'above', '>=': 'at or above', '<': 'below', '<=': 'at or below', between: 'between', outside: 'outside' }
export const STAT_WORD: Record<string, string> = {
  mean: 'mean',
  median: 'median',
  std: 'standard deviation',
  variance: 'variance',
  min: 'minimum',
  max: 'maximum',
  sum: 'sum',
  range: 'range (maximum minus minimum)',
  count_pixels: 'number of pixels',
  fraction: 'share of the valid pixels',
  area: 'area',
  count_dates: 'number of dates',
  trend: 'trend',
  date_of_max: 'date of the maximum',
  date_of_min: 'date of the minimum',
  percentile: 'percentile',
}
/** A unit after a value in the plain words of a plan (answer-format.ts writes units). */
export const UNIT_WORD = (u: string | null) => unitWord(u)

/** The units an area may be asked in (the lexicon's area units), km² when none is asked. */
export function areaUnitOf(unit: string | null | undefined): string {
  return unit && UNITS.some((u) => u.key === unit && u.quantity === 'area') ? unit : 'km2'
}

/** value (in `from`) -> the same quantity in `to`, through the lexicon's conversions; null when they do not convert. */
export function convertUnit(value: number, from: string, to: string): number | null {
  if (from === to) return value
  const a = UNITS.find((u) => u.key === from)
  const b = UNITS.find((u) => u.key === to)
  if (!a || !b || a.quantity !== b.quantity) return null
  return (value * a.scale + a.offset - b.offset) / b.scale
}

/** A band named as a variable: a catalog role (lexicon BAND_ROLES keys, plus the second thermal band) or a band number ('b4'). */
export function isBandKey(key: string): boolean {
  return /^b\d{1,2}$/.test(key) || key === 'tir2' || BAND_ROLES.some((r) => r.key === key)
}

/** "band 4", "the red band": a band key in words. */
export function bandWord(key: string): string {
  return /^b\d{1,2}$/.test(key) ? `band ${key.slice(1)}` : `${key.toUpperCase() === key ? key : key === 'nir' ? 'NIR' : key.replace(/(\d)$/, ' $1')} band`
}

/**
 * The LST retrieval method a question names, found in its phrases (read into the spec or left as context) by the
 * lexicon's method words (none, one, or several, which the scope refuses where it needs LST).
 */
export function lstMethodsOf(spec: TaskSpec): LstMethodKey[] {
  return namedMethods(spec, PRODUCT_METHODS)
}

/**
 * The keys of one lexicon method table a question names: those the reader put in spec.methods, else those whose
 * words appear in its phrases (read or left as context); each once, in the order found.
 */
function namedMethods<K extends string>(spec: TaskSpec, table: readonly { key: K; names: readonly string[] }[]): K[] {
  const read = (spec.methods ?? []).filter((m): m is K => table.some((t) => t.key === m))
  return [...new Set(read.length ? read : table.filter((m) => m.names.some((n) => phraseNames(spec, n))).map((m) => m.key))]
}

/** The phrases of a spec (read into it, or left as context), lower case, hyphens and underscores as spaces. */
export function phrasesOf(spec: TaskSpec): string[] {
  return [...spec.used.map((u) => u.text), ...spec.notUnderstood.map((n) => n.text)].map((t) => ` ${t.toLowerCase().replace(/[-_]/g, ' ')} `)
}

/** Whether a phrase of the spec contains `word` as whole words. */
export function phraseNames(spec: TaskSpec, word: string): boolean {
  const w = word
    .toLowerCase()
    .replace(/[-_]/g, ' ')
    .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  return phrasesOf(spec).some((t) => new RegExp(`[^a-z0-9]${w}[^a-z0-9]`).test(t))
}

/**
 * The trend estimator the question names (lexicon TREND_METHODS); with none named, least squares for a bare "slope"
 * (lexicon BARE_SLOPE) and Theil-Sen otherwise.
 */
export function trendMethodOf(spec: TaskSpec): TrendMethodKey {
  const keys = namedMethods(spec, TREND_METHODS)
  if (keys.length > 1) throw new Refusal('the trend method', 'the question names both a least-squares fit and a Theil-Sen slope')
  if (keys[0]) return keys[0]
  const bare = BARE_SLOPE.words.some((w) => phraseNames(spec, w)) && !BARE_SLOPE.unless.some((w) => phraseNames(spec, w))
  return bare ? BARE_SLOPE.method : 'sen'
}

/** The TVDI binnings the question names (lexicon TVDI_BINNINGS): none, one, or both (which tvdiBinningOf refuses). */
export function tvdiBinningsNamed(spec: TaskSpec): TvdiBinningKey[] {
  return namedMethods(spec, TVDI_BINNINGS)
}

/** Where TVDI's last NDVI bin ends, as the question names it; closed when none. */
export function tvdiBinningOf(spec: TaskSpec): TvdiBinningKey {
  const keys = tvdiBinningsNamed(spec)
  if (keys.length > 1) throw new Refusal('the TVDI binning', 'the question asks for the maximum NDVI both inside the last bin and outside every bin')
  return keys[0] ?? 'tvdi_closed'
}

/**
 * Options that all state sizes (numbers >= 0 with no direction word) ask for the magnitude of a signed difference:
 * "the mean difference" with options 5 K, 10 K ... is |later - earlier|.
 */
export function optionsAreSizes(spec: TaskSpec): boolean {
  const stated = spec.answer.options.filter((o) => o.value !== null)
  return stated.length >= 2 && stated.every((o) => o.value! >= 0 && o.direction === null && o.significance === null)
}

/** The condition's threshold(s) in the data's unit. */
export function thresholdIn(c: Condition, dataUnit: string): { value?: number; low?: number; high?: number } {
  const conv = (v: number | undefined) => {
    if (v === undefined) return undefined
    if (!c.unit || c.unit === dataUnit) return v
    const target = dataUnit === 'dimensionless' || dataUnit === 'dn' ? null : dataUnit
    if (target === null)
      throw new Refusal(
        `the condition "${c.text.trim()}"`,
        `its value is written in ${c.unit} but ${c.variable ?? 'the variable'} has no physical unit to convert it to`,
      )
    const out = convertUnit(v, c.unit, target)
    if (out === null)
      throw new Refusal(`the condition "${c.text.trim()}"`, `a value in ${c.unit} cannot be compared with ${c.variable ?? 'the variable'} in ${dataUnit}`)
    return out
  }
  const out = { value: conv(c.value), low: conv(c.low), high: conv(c.high) }
  // A temperature threshold no surface reaches ("LST above 0.9" where 0.9 belonged to another variable, "LST > 3"
  // from "over 3 months"): a misread, never a condition to compute.
  const bounds = [out.value, out.low, out.high].filter((v): v is number => v !== undefined)
  // "lst > 0" (the benchmark's valid rule, in code) keeps every valid pixel: read as written.
  const validRule = (c.op === '>' || c.op === '>=') && c.value === 0 && !c.negated && c.unit === null
  if (dataUnit === 'K' && !validRule && bounds.some((v) => v < KELVIN_PLAUSIBLE[0] || v > KELVIN_PLAUSIBLE[1]))
    throw new Refusal(
      `the condition "${c.text.trim()}"`,
      `${bounds.join(' to ')} K is no temperature a surface has, so the threshold was not read as meant; write it with its unit (e.g. 35 °C or 308 K)`,
    )
  return out
}

/** Temperatures (K) a land surface or a brightness temperature can have; a threshold outside them is a misread. */
const KELVIN_PLAUSIBLE = [150, 400] as const

export const r6 = (v: number) => Number(v.toPrecision(12))

export function comparisonExpr(c: Condition, name: string, dataUnit: string): string {
  const t = thresholdIn(c, dataUnit)
  const core =
    c.op === 'between'
      ? `(${name} >= ${r6(t.low!)} && ${name} <= ${r6(t.high!)})`
      : c.op === 'outside'
        ? `(${name} < ${r6(t.low!)} || ${name} > ${r6(t.high!)})`
        : `(${name} ${c.op} ${r6(t.value!)})`
  return c.negated ? `(!isnan(${name}) && !${core})` : core
}

export function conditionWords(c: Condition, subject: string): string {
  const cls = (c.variable ?? subject).toLowerCase()
  // A QA class's flag compared with 1 is the class itself ("cloudy", "not cloudy").
  if ((QA_BITS[cls] !== undefined || cls === 'clear') && c.op === '>=' && c.value === 1)
    return `${c.negated ? 'not ' : ''}flagged ${cls.replace('_', ' ')} in the QA band`
  const v = (c.variable ?? subject).toUpperCase()
  const u = UNIT_WORD(c.unit)
  const range = c.op === 'between' || c.op === 'outside'
  const bound = range ? `${c.low}${u} and ${c.high}${u}` : `${c.value}${u}`
  // "NDVI not above 0.5", "LST not between 290 K and 310 K": the negation said with its comparator.
  return `${v} ${c.negated ? 'not ' : ''}${OP_WORD[c.op]} ${bound}`
}

/** The QA classes a Landsat Collection-1 BQA tells apart, with their bits (main/domain/qa-bits.ts). */
export const QA_BITS = LANDSAT_C1_QA_BITS

export function geometryOf(region: Region): { geometry: Record<string, unknown> | null; words: string } {
  const inside = insideGeometryOf(region)
  // The pixels outside a part, band or box: the spatial query takes the complement of the pixels it selects.
  if (!('outside' in region && region.outside) || !inside.geometry) return inside
  return { geometry: { ...inside.geometry, outside: true }, words: inside.words.replace(/^ (?:in|inside) /, ' outside ') }
}

function insideGeometryOf(region: Region): { geometry: Record<string, unknown> | null; words: string } {
  switch (region.kind) {
    case 'whole':
      return { geometry: null, words: '' }
    case 'part':
      return {
        geometry: { type: 'part', part: region.part },
        words: ` in the ${region.part} ${/^(?:north|south)(?:east|west)$/.test(region.part) ? 'quadrant' : 'half'} of the image`,
      }
    case 'grid':
      // "The centre", "the central part", "the middle of the image" name no extent (a half? a third? a window?):
      // the lexicon's convention (the middle half of rows and columns) is not what the question states.
      if (region.name === 'centre')
        throw new Refusal(
          `the region "${region.text}"`,
          'the question does not say how large the centre is (name a part such as the middle third, a pixel window or a box)',
        )
      return {
        geometry: { type: 'grid', rows: region.rows, cols: region.cols },
        words: ` in the ${region.name} of the image (rows ${region.rows.map(r6).join('-')}, columns ${region.cols.map(r6).join('-')} of the grid)`,
      }
    case 'bbox':
      return {
        geometry:
          region.srs && region.crs === 'map'
            ? { type: 'bbox', bbox: region.bbox, crs: 'map', srs: region.srs }
            : { type: 'bbox', bbox: region.bbox, crs: region.crs },
        words: ` inside the ${region.crs === 'pixel' ? 'pixel' : (region.srs ?? "file's CRS")} box [${region.bbox.join(', ')}]`,
      }
    case 'polygon_file':
      throw new Refusal(`the region "${region.text}"`, `the polygon file "${region.file}" cannot be read yet (give the region as a box or a part of the image)`)
    case 'place':
      throw new Refusal(`the place "${region.name}"`, 'no file or geometry locates it')
  }
}
