/**
 * The compiler of the rules backbone (DESIGN section 9): a TaskSpec (main/task/spec.ts) and the input files become
 * one execute DAG, without a table of recipes. Each part of the spec maps to nodes:
 *
 * - subject and condition variables -> reads of file layers, products (TVDI from LST + a vegetation index, LST or
 *   brightness temperature from Landsat band 10 through the MTL) or spyndex indices evaluated from band roles
 *   (Landsat bands are calibrated to TOA reflectance from the MTL, never used as raw DN);
 * - conditions (a conjunction, each possibly negated) -> one mask expression, every threshold converted from the
 *   unit it is written in to the data's unit (°C / °F against kelvin); QA classes (cloud, clear) -> QA-bit masks;
 * - the region -> a spatial.query geometry (halves, quadrants, grid bands such as thirds, pixel boxes, boxes in the
 *   file's CRS or any other CRS through proj4);
 * - the statistic and its order -> per date then across dates (acrossDates), or pooled (sum of sums / counts);
 * - series granularity -> timeseries.aggregate by month/season/year; a trend's slope is per year (time: 'years');
 * - several periods with a combination -> one branch per period and math.subtract / divide / percent change;
 * - the answer unit -> a conversion node (degC, degF; share as percent).
 *
 * What cannot compile is `{ ok: false, part, why }`: the part of the question and the reason, in the analyst's words.
 */
import fs from 'node:fs'
import path from 'node:path'
import { UNITS } from '../../domain/lexicon/units'
import { PRODUCT_METHODS, TREND_METHODS, type LstMethodKey, type TrendMethodKey } from '../../domain/lexicon/methods'
import { VARIABLES } from '../../domain/lexicon/variables'
import { BAND_ROLES } from '../../domain/lexicon/indices'
import { geoKeys, numbers, readFirstIfd, Tag, type Ifd } from '../../engines/raster/tiff/ifd'
import { resourcesDir } from '../../prior/seed'
import type { Condition, Period, Region, SpecFeature, TaskSpec } from '../../task/spec'
import type { AnswerOption } from '../task'
import { finish, type ReadSpec } from './analyses'
import { DagBuilder, type Dag } from './dag-builder'
import { pickRole, type InputFiles } from './input-files'
import { parseName } from '../../engines/raster/catalog/names'
import { unsurePhrase } from './unsure'
import type { Variant } from './products'

/** The composed parts of a spec the compiler carries out (main/task/spec.ts featuresOf). */
export const COMPILED_FEATURES: readonly SpecFeature[] = ['several_regions', 'negated_condition', 'qa_class_condition', 'grid_region', 'crs_box', 'month_filter', 'series_granularity', 'across_dates', 'percent_change', 'unit_degF', 'unit_acre', 'band_order']

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

class Refusal extends Error {
  /** `handOff`: a part the product recipes (skills) plan and the compiler does not; the planner may give it to them. */
  constructor(readonly part: string, readonly why: string, readonly handOff: 'recipes' | null = null) {
    super(why)
  }
}

/** Standard scales of MODIS-style series stored as integers (MOD11 LST 0.02 K, MOD13 NDVI/EVI 1e-4). */
const SERIES_SCALES: Record<string, { scale: number; unit: string }> = {
  LST: { scale: 0.02, unit: 'K' }, LST_DAY: { scale: 0.02, unit: 'K' }, LST_NIGHT: { scale: 0.02, unit: 'K' },
  NDVI: { scale: 0.0001, unit: 'dimensionless' }, EVI: { scale: 0.0001, unit: 'dimensionless' },
}

/** spyndex band letters -> the catalog's band roles (upper case). */
const SPYNDEX_ROLE: Record<string, string[]> = {
  A: ['COASTAL'], B: ['BLUE'], G: ['GREEN'], R: ['RED'], N: ['NIR'], N2: ['NIR08'], S1: ['SWIR1'], S2: ['SWIR2'],
  RE1: ['REDEDGE1'], RE2: ['REDEDGE2'], RE3: ['REDEDGE3'], T: ['TIR1'], T1: ['TIR1'], T2: ['TIR2'],
}

interface SpyIndex {
  bands: string[]
  formula: string
  long_name: string
}
let spyCache: { indices: Record<string, SpyIndex>; constants: Record<string, { default: number | null }> } | null = null
function spyndex() {
  if (!spyCache) {
    const dir = path.join(resourcesDir(), 'spyndex')
    const indices = JSON.parse(fs.readFileSync(path.join(dir, 'spectral-indices-dict.json'), 'utf8')).SpectralIndices as Record<string, SpyIndex>
    const constants = JSON.parse(fs.readFileSync(path.join(dir, 'constants.json'), 'utf8')) as Record<string, { default: number | null }>
    spyCache = { indices, constants }
  }
  return spyCache
}

/** The spyndex entry of a short name, case-insensitively. */
export function spyndexIndex(name: string): (SpyIndex & { key: string }) | null {
  const { indices } = spyndex()
  const key = Object.keys(indices).find((k) => k.toLowerCase() === name.toLowerCase())
  return key ? { key, ...indices[key] } : null
}

const OP_WORD: Record<string, string> = { '>': 'above', '>=': 'at or above', '<': 'below', '<=': 'at or below', between: 'between', outside: 'outside' }
const STAT_WORD: Record<string, string> = {
  mean: 'mean', median: 'median', std: 'standard deviation', variance: 'variance', min: 'minimum', max: 'maximum', sum: 'sum',
  range: 'range (maximum minus minimum)', count_pixels: 'number of pixels', fraction: 'share of the valid pixels', area: 'area',
  count_dates: 'number of dates', trend: 'trend', date_of_max: 'date of the maximum', date_of_min: 'date of the minimum', percentile: 'percentile',
}
const UNIT_WORD = (u: string | null) => (u === 'degC' ? ' °C' : u === 'degF' ? ' °F' : u === 'K' ? ' K' : u === 'percent' ? '%' : u ? ` ${u}` : '')

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
function bandWord(key: string): string {
  return /^b\d{1,2}$/.test(key) ? `band ${key.slice(1)}` : `${key.toUpperCase() === key ? key : key === 'nir' ? 'NIR' : key.replace(/(\d)$/, ' $1')} band`
}

interface Layer {
  /** Node reference of the collection. */
  node: string
  unit: string
  label: string
}

/** Per-compile state: the builder, the catalog of one period and the layers read so far. */
class Scope {
  readonly layers = new Map<string, Layer>()
  constructor(
    readonly b: DagBuilder,
    readonly inputs: InputFiles,
    readonly catalog: string,
    readonly tag: string,
    readonly landsat: boolean,
    /** The LST retrieval methods the question names (lexicon PRODUCT_METHODS); more than one is refused where LST is needed. */
    readonly lstMethods: LstMethodKey[] = [],
    /** The time of day the question asks its variable at (spec.timeOfDay). */
    readonly timeOfDay: 'day' | 'night' | null = null,
    /** Landsat bands read as TOA reflectance (the catalog's calibration); false: as stored (DN). */
    readonly toa: boolean = landsat,
  ) {}

  private get lstMethod(): LstMethodKey | null {
    if (this.lstMethods.length > 1) throw new Refusal('the LST method', `the question names more than one (${this.lstMethods.join(', ').replace(/_/g, '-')})`)
    return this.lstMethods[0] ?? null
  }

  private id(name: string) {
    return this.tag ? `${name}_${this.tag}` : name
  }

  private read(role: string, unit?: string): string {
    return this.b.add(this.id(role.toLowerCase()), 'raster.read', unit ? { role, unit } : { role }, { data: this.catalog })
  }

  /** The collection of a variable: a file layer, a product or an index; refuses naming the variable. */
  variable(name: string, part: string): Layer {
    const key = name.toLowerCase()
    const have = this.layers.get(key)
    if (have) return have
    const layer = this.resolve(key, part)
    this.layers.set(key, layer)
    return layer
  }

  private resolve(key: string, part: string): Layer {
    const inputs = this.inputs
    // A file layer may be named by any of the lexicon's names for the variable (night_lights is the files' NTL).
    const role = pickRole(inputs, key.toUpperCase()) ?? pickRole(inputs, ...(VARIABLES.find((v) => v.key === key)?.names ?? []).map((n) => n.toUpperCase()))
    // Daytime or night-time LST asked: only a layer whose name says so answers it (an "LST" layer does not say).
    if (key === 'lst' && this.timeOfDay) {
      const want = this.timeOfDay === 'night' ? pickRole(inputs, 'LST_NIGHT', 'NIGHT_LST', 'LST_N') : pickRole(inputs, 'LST_DAY', 'DAY_LST', 'LST_D')
      if (want) return { node: this.read(want), unit: 'K', label: `${want} (${this.timeOfDay === 'night' ? 'night-time' : 'daytime'} LST)` }
      throw new Refusal(part, `the question asks for ${this.timeOfDay === 'night' ? 'night-time' : 'daytime'} LST and no file layer is named as ${this.timeOfDay === 'night' ? 'night-time' : 'daytime'} LST (the files hold ${[...inputs.roles].sort().join(', ')})`)
    }
    // An LST the question asks to retrieve by a named method is computed by it, even where an LST layer is there.
    if (key === 'lst' && this.lstMethod && !this.landsat) {
      const computed = this.lstFromBands(part)
      if (computed) return computed
    }
    // A layer the files carry under the variable's own name (LST, NDVI, precipitation, avg_rad ...).
    if (role && !this.landsat) {
      const scaled = SERIES_SCALES[role.toUpperCase()]
      const unit = scaled ? scaled.unit : inputs.temperatures.has(role.toUpperCase()) ? 'K' : 'dn'
      return { node: this.read(role), unit, label: key.toUpperCase() }
    }
    if (key === 'lst') {
      const lst = pickRole(inputs, 'LST', 'LST_DAY', 'LST_K')
      if (lst) return { node: this.read(lst), unit: 'K', label: 'LST' }
      if (this.landsat && pickRole(inputs, 'TIR1', 'B10')) {
        const bt = this.variable('bt', part)
        const ndvi = this.variable('ndvi', part)
        const node = this.b.add(this.id('lst'), 'raster.product', { product: 'single_channel_lst' }, { bt: bt.node, ndvi: ndvi.node })
        return { node, unit: 'K', label: 'land surface temperature (single-channel, from band 10 and NDVI)' }
      }
      const computed = this.landsat ? null : this.lstFromBands(part)
      if (computed) return computed
      throw new Refusal(part, 'the files hold no land surface temperature layer and no thermal band to compute one from')
    }
    if (key === 'bt') {
      const btLayer = this.landsat ? null : this.btLayer()
      if (btLayer) return { node: this.b.add(this.id('bt'), 'raster.read', { role: btLayer, unit: 'K' }, { data: this.catalog }), unit: 'K', label: `brightness temperature (${btLayer}, in K)` }
      const tir = pickRole(inputs, 'TIR1', 'B10')
      if (!tir || !this.landsat) throw new Refusal(part, 'the files hold no Landsat thermal band with an MTL file to compute brightness temperature')
      const node = this.b.add(this.id('bt'), 'raster.product', { product: 'brightness_temperature' }, { data: this.read(tir) })
      return { node, unit: 'K', label: 'brightness temperature of band 10 (from the MTL constants)' }
    }
    if (key === 'tvdi') {
      const lst = this.variable('lst', part)
      const veg = pickRole(inputs, 'NDVI', 'EVI') ? this.variable(pickRole(inputs, 'NDVI', 'EVI')!.toLowerCase(), part) : this.variable('ndvi', part)
      const node = this.b.add(this.id('tvdi'), 'raster.product', { product: 'tvdi', bins: 100, min_pixels: 100 }, { ndvi: veg.node, lst: lst.node })
      return { node, unit: 'dimensionless', label: 'TVDI' }
    }
    if (key === 'reflectance' || isBandKey(key)) {
      const r = pickRole(inputs, key === 'reflectance' ? 'RED' : key.toUpperCase())
      if (!r) throw new Refusal(part, `the files hold no ${bandWord(key)} (they hold ${[...inputs.roles].sort().join(', ') || 'no named bands'})`)
      const toa = this.landsat && this.toa
      // A series band the catalog takes as a temperature (a Landsat B10 token with no MTL) is in K.
      if (!this.landsat && inputs.temperatures.has(r.toUpperCase())) return { node: this.read(r, 'K'), unit: 'K', label: `${bandWord(key)} (${r}, brightness temperature in K)` }
      return { node: this.read(r), unit: toa ? 'reflectance' : 'dn', label: `${bandWord(key)} (${r}) ${toa ? 'TOA reflectance (from the MTL)' : 'as stored (DN)'}` }
    }
    const index = spyndexIndex(key)
    if (index) return this.index(index, part)
    if (role) return { node: this.read(role), unit: 'dn', label: key.toUpperCase() }
    const held = [...inputs.roles].sort().join(', ')
    throw new Refusal(part, `no file layer, product or spectral index named "${key}" can be read or computed (the files hold ${held || 'no layers'})`)
  }

  /** A band-10 brightness-temperature layer in K: named BT10, or a series band-10 token the catalog takes as BT (no MTL). */
  private btLayer(): string | null {
    const inputs = this.inputs
    const seriesTir = pickRole(inputs, 'B10', 'TIR1')
    return pickRole(inputs, 'BT10', 'BT_10', 'BT_B10', 'B10_BT') ?? (seriesTir && inputs.temperatures.has(seriesTir.toUpperCase()) ? seriesTir : null)
  }

  /**
   * LST retrieved from brightness temperatures by the method the question names, or the one the bands allow
   * (the engine's products state their coefficients): ASTER bands 10-12 -> three-temperature method (TTM), 10-14 ->
   * TES; MODIS bands 31/32 -> the split window with band emissivities when asked and present, else the two-channel
   * form; Landsat band 10 with bands 4 and 5 -> the single-channel method over NDVI emissivity. Null when the files
   * hold none of these; a method named whose bands are missing is refused naming it.
   */
  private lstFromBands(part: string): Layer | null {
    const inputs = this.inputs
    const m = this.lstMethod
    const methodWord = m ? { ttm: 'three-temperature method (TTM)', tes: 'TES', split_window: 'split-window method', multi_channel: 'two-channel method', single_channel: 'single-channel method' }[m] : ''
    const astBands = (ns: number[]) => ns.map((n) => pickRole(inputs, `BT${n}`)).filter((r): r is string => r !== null)
    if (m === 'ttm' || m === 'tes') {
      const bands = astBands(m === 'ttm' ? [10, 11, 12] : [10, 11, 12, 13, 14])
      if (bands.length < (m === 'ttm' ? 3 : 2)) throw new Refusal(part, `the ${methodWord} needs ASTER brightness temperatures ${m === 'ttm' ? 'of bands 10, 11 and 12' : 'of at least two of bands 10-14'} (files named ..._BT_10.tif ...), which the files do not hold`)
      const layers = Object.fromEntries(bands.map((r, i) => [`t${i + 1}`, this.b.add(this.id(`t${i + 1}`), 'raster.read', { role: r }, { data: this.catalog })]))
      const node = this.b.add(this.id('lst'), 'raster.product', { product: m === 'ttm' ? 'ttm_lst' : 'tes' }, layers)
      return { node, unit: 'K', label: `land surface temperature (${methodWord}, from ${bands.join(', ')})` }
    }
    const t31 = pickRole(inputs, 'B31', 'BT31', 'BAND31')
    const t32 = pickRole(inputs, 'B32', 'BT32', 'BAND32')
    if (t31 && t32 && m !== 'single_channel') {
      const e31 = pickRole(inputs, 'EMIS31', 'E31')
      const e32 = pickRole(inputs, 'EMIS32', 'E32')
      const rd = (r: string, id: string) => this.b.add(this.id(id), 'raster.read', { role: r }, { data: this.catalog })
      if (m === 'split_window' && e31 && e32) {
        const node = this.b.add(this.id('lst'), 'raster.product', { product: 'split_window_lst' }, { ti: rd(t31, 't31'), tj: rd(t32, 't32'), emis_i: rd(e31, 'e31'), emis_j: rd(e32, 'e32') })
        return { node, unit: 'K', label: 'land surface temperature (split window of bands 31/32 with their emissivities)' }
      }
      const node = this.b.add(this.id('lst'), 'raster.product', { product: 'multi_channel_lst' }, { t31: rd(t31, 't31'), t32: rd(t32, 't32') })
      return { node, unit: 'K', label: `land surface temperature (two-channel form of bands 31/32${m === 'split_window' ? '; no band emissivity layers, so the split window without them' : ''})` }
    }
    const bt = this.btLayer()
    const red = pickRole(inputs, 'B4', 'RED', 'SR_B4')
    const nir = pickRole(inputs, 'B5', 'NIR', 'SR_B5')
    if (bt && red && nir && (m === null || m === 'single_channel')) {
      const btNode = this.b.add(this.id('bt'), 'raster.read', { role: bt, unit: 'K' }, { data: this.catalog })
      const ndvi = this.b.add(this.id('ndvi'), 'raster.product', { product: 'normalized_difference', epsilon: 1e-6 }, {
        a: this.b.add(this.id('nir'), 'raster.read', { role: nir }, { data: this.catalog }), b: this.b.add(this.id('red'), 'raster.read', { role: red }, { data: this.catalog }),
      })
      this.layers.set('ndvi', { node: ndvi, unit: 'dimensionless', label: `NDVI = (${nir} - ${red}) / (${nir} + ${red})` })
      const node = this.b.add(this.id('lst'), 'raster.product', { product: 'single_channel_lst' }, { bt: btNode, ndvi })
      return { node, unit: 'K', label: `land surface temperature (single-channel, ${bt} as brightness temperature in K, NDVI emissivity)` }
    }
    if (m) throw new Refusal(part, `the ${methodWord} needs ${m === 'single_channel' ? 'a band-10 brightness temperature with bands 4 and 5' : m === 'split_window' || m === 'multi_channel' ? 'band 31 and 32 brightness temperatures' : 'its bands'}, which the files do not hold`)
    if (astBands([10, 11, 12]).length >= 2) throw new Refusal(part, 'the files hold ASTER band 10-14 brightness temperatures but the question names no method to retrieve LST from them (the three-temperature method, TTM, or TES)')
    return null
  }

  /** A spyndex index evaluated from band roles; constants take the catalogue's defaults. */
  private index(ix: SpyIndex & { key: string }, part: string): Layer {
    const { constants } = spyndex()
    const layers: Record<string, string> = {}
    const missing: string[] = []
    let expr = ix.formula.replace(/\*\*/g, '^')
    for (const band of ix.bands) {
      const roles = SPYNDEX_ROLE[band]
      if (roles) {
        const r = pickRole(this.inputs, ...roles)
        if (!r) missing.push(roles[0].toLowerCase())
        else layers[band] = this.read(r)
        continue
      }
      const c = constants[band]?.default
      if (c === null || c === undefined) missing.push(band)
      else expr = expr.replace(new RegExp(`\\b${band}\\b`, 'g'), `(${c})`)
    }
    if (missing.length) throw new Refusal(part, `${ix.key} (${ix.long_name}) needs the ${missing.join(', ')} band${missing.length > 1 ? 's' : ''}, which the files do not hold`)
    // A normalised difference of two bands, (X - Y)/(X + Y), is the engine's normalized_difference product. Series
    // layouts (Earth-Bench files) take the Earth-Agent convention, epsilon 1e-6 in the denominator; Landsat TOA
    // scenes none (pixels with X + Y = 0 are invalid).
    const nd = /^\(\s*(\w+)\s*-\s*(\w+)\s*\)\s*\/\s*\(\s*\1\s*\+\s*\2\s*\)$/.exec(ix.formula.trim())
    if (nd && layers[nd[1]] && layers[nd[2]]) {
      const epsilon = this.landsat ? 0 : 1e-6
      const node = this.b.add(this.id(ix.key.toLowerCase()), 'raster.product', { product: 'normalized_difference', epsilon }, { a: layers[nd[1]], b: layers[nd[2]] })
      return { node, unit: 'dimensionless', label: `${ix.key} = ${ix.formula}${this.landsat ? ' on TOA reflectance' : ''}${epsilon ? ` (epsilon ${epsilon} in the denominator)` : ''}` }
    }
    const dnBands = !this.landsat && Object.keys(layers).length > 0 && !this.inputs.dateVarSeries
    const node = this.b.add(this.id(ix.key.toLowerCase()), 'raster.algebra', { expr, unit: 'dimensionless', index: ix.key }, layers)
    return { node, unit: 'dimensionless', label: `${ix.key} = ${ix.formula}${this.landsat ? ' on TOA reflectance' : dnBands ? ' on the bands as stored' : ''}` }
  }
}

/**
 * The LST retrieval method a question names, found in its phrases (read into the spec or left as context) by the
 * lexicon's method words (none, one, or several, which the scope refuses where it needs LST).
 */
export function lstMethodsOf(spec: TaskSpec): LstMethodKey[] {
  const keys = PRODUCT_METHODS.map((m) => m.key as string)
  if (spec.methods?.some((m) => keys.includes(m))) return [...new Set(spec.methods.filter((m): m is LstMethodKey => keys.includes(m)))]
  return [...new Set(PRODUCT_METHODS.filter((m) => m.names.some((n) => phraseNames(spec, n))).map((m) => m.key))]
}

/** The phrases of a spec (read into it, or left as context), lower case, hyphens and underscores as spaces. */
function phrasesOf(spec: TaskSpec): string[] {
  return [...spec.used.map((u) => u.text), ...spec.notUnderstood.map((n) => n.text)].map((t) => ` ${t.toLowerCase().replace(/[-_]/g, ' ')} `)
}

/** Whether a phrase of the spec contains `word` as whole words. */
function phraseNames(spec: TaskSpec, word: string): boolean {
  const w = word.toLowerCase().replace(/[-_]/g, ' ').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  return phrasesOf(spec).some((t) => new RegExp(`[^a-z0-9]${w}[^a-z0-9]`).test(t))
}

/** The trend estimator the question names (lexicon TREND_METHODS); Theil-Sen when none. */
function trendMethodOf(spec: TaskSpec): TrendMethodKey {
  const read = (spec.methods ?? []).filter((m): m is TrendMethodKey => TREND_METHODS.some((t) => t.key === m))
  const keys = read.length ? [...new Set(read)] : [...new Set(TREND_METHODS.filter((m) => m.names.some((n) => phraseNames(spec, n))).map((m) => m.key))]
  if (keys.length > 1) throw new Refusal('the trend method', 'the question names both a least-squares fit and a Theil-Sen slope')
  return keys[0] ?? 'sen'
}

/**
 * Files split by the place in their names (`Lagos_precipitation_...`, `Quito_...`): the one place the question
 * names keeps its files; several places named are a comparison the spec does not hold (handed to the recipes,
 * which compare places); none named over files of several places is refused, never pooled. With one place in the
 * files, a phrase joining it with another name ("Quito and Lima") may ask for a comparison: handed off too.
 */
function placeScope(spec: TaskSpec, inputs: InputFiles): InputFiles {
  const places = [...new Set(inputs.files.map((f) => inputs.filePlaces.get(f)).filter((p): p is string => !!p))]
  const named = places.filter((p) => phraseNames(spec, p) || phraseNames(spec, p.split(/[-_,]/)[0]))
  if (places.length > 1) {
    if (named.length === 1) {
      const files = inputs.files.filter((f) => inputs.filePlaces.get(f) === named[0])
      return { ...inputs, dir: null, files }
    }
    if (named.length >= 2) throw new Refusal(`the places ${named.join(' and ')}`, 'the files are split by place and comparing places is not in the spec', 'recipes')
    throw new Refusal('the place', `the files hold several places (${places.join(', ')}) and the question names none of them, so they are not pooled`)
  }
  if (places.length === 1) {
    const joined = spec.notUnderstood.some((n) => new RegExp(`\\b${places[0].replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`, 'i').test(n.text) && /\b(?:and|vs\.?|versus|with|than)\b/i.test(n.text))
    if (joined) throw new Refusal(`"${spec.notUnderstood.find((n) => n.text.includes(places[0]))?.text}"`, `it may name places to compare and the files hold only ${places[0]}`, 'recipes')
  }
  return inputs
}

/** The condition's threshold(s) in the data's unit. */
function thresholdIn(c: Condition, dataUnit: string): { value?: number; low?: number; high?: number } {
  const conv = (v: number | undefined) => {
    if (v === undefined) return undefined
    if (!c.unit || c.unit === dataUnit) return v
    const target = dataUnit === 'dimensionless' || dataUnit === 'dn' ? null : dataUnit
    if (target === null) throw new Refusal(`the condition "${c.text.trim()}"`, `its value is written in ${c.unit} but ${c.variable ?? 'the variable'} has no physical unit to convert it to`)
    const out = convertUnit(v, c.unit, target)
    if (out === null) throw new Refusal(`the condition "${c.text.trim()}"`, `a value in ${c.unit} cannot be compared with ${c.variable ?? 'the variable'} in ${dataUnit}`)
    return out
  }
  return { value: conv(c.value), low: conv(c.low), high: conv(c.high) }
}

const r6 = (v: number) => Number(v.toPrecision(12))

function comparisonExpr(c: Condition, name: string, dataUnit: string): string {
  const t = thresholdIn(c, dataUnit)
  const core =
    c.op === 'between' ? `(${name} >= ${r6(t.low!)} && ${name} <= ${r6(t.high!)})` : c.op === 'outside' ? `(${name} < ${r6(t.low!)} || ${name} > ${r6(t.high!)})` : `(${name} ${c.op} ${r6(t.value!)})`
  return c.negated ? `(!isnan(${name}) && !${core})` : core
}

function conditionWords(c: Condition, subject: string): string {
  const cls = (c.variable ?? subject).toLowerCase()
  // A QA class's flag compared with 1 is the class itself ("cloudy", "not cloudy").
  if ((QA_BITS[cls] !== undefined || cls === 'clear') && c.op === '>=' && c.value === 1) return `${c.negated ? 'not ' : ''}flagged ${cls.replace('_', ' ')} in the QA band`
  const v = (c.variable ?? subject).toUpperCase()
  const u = UNIT_WORD(c.unit)
  const cmp = c.op === 'between' || c.op === 'outside' ? `${v} ${OP_WORD[c.op]} ${c.low}${u} and ${c.high}${u}` : `${v} ${OP_WORD[c.op]} ${c.value}${u}`
  return c.negated ? `not (${cmp})` : cmp
}

/** Landsat Collection-1 BQA bits of each QA class (bit 4 cloud; bits 7-8 cloud-shadow confidence; 9-10 snow/ice; 0 fill). */
const QA_BITS: Record<string, { first: number; last: number; set: number[] }> = {
  cloud: { first: 4, last: 4, set: [1] },
  cloud_shadow: { first: 7, last: 8, set: [3] },
  snow: { first: 9, last: 10, set: [3] },
  fill: { first: 0, last: 0, set: [1] },
}

/**
 * The 0/1 flag of a QA class per pixel (1: the class's bits are set; for 'clear', the cloud bit is not), fill
 * pixels (BQA bit 0) NaN: the QA band read as stored, masked by the class bits, then by the fill bit.
 */
function qaFlag(b: DagBuilder, catalog: string, tag: string, inputs: InputFiles, cls: string): Layer {
  const key = cls.toLowerCase()
  const qa = pickRole(inputs, 'QA', 'BQA', 'QA_PIXEL')
  if (!qa) throw new Refusal(`the ${key.replace('_', ' ')} pixels`, 'the files hold no QA band to tell which pixels are flagged')
  const bits = key === 'clear' ? QA_BITS.cloud : QA_BITS[key]
  const id = (n: string) => (tag ? `${n}_${tag}` : n)
  const q = b.add(id('qa'), 'raster.read', { role: qa, nodata: 'none', unit: 'dn' }, { data: catalog })
  const ones = b.add(id('qa_ones'), 'raster.algebra', { expr: 'q * 0 + 1', unit: 'dimensionless' }, { q })
  // Keep the pixels of the class (for 'clear': those without the cloud bit), the others NaN, then 1/0.
  const values = Array.from({ length: 2 ** (bits.last - bits.first + 1) }, (_, i) => i)
  const reject = key === 'clear' ? bits.set : values.filter((v) => !bits.set.includes(v))
  const inClass = b.add(id('qa_class'), 'raster.mask', { qa_bits: [{ first: bits.first, last: bits.last, reject }] }, { data: ones, qa: q })
  const flag = b.add(id('qa_flag'), 'raster.algebra', { expr: 'where(isnan(f), 0, 1)', unit: 'dimensionless' }, { f: inClass })
  const valid = b.add(id('qa_valid'), 'raster.mask', { qa_bits: [{ first: QA_BITS.fill.first, last: QA_BITS.fill.last, reject: QA_BITS.fill.set }] }, { data: flag, qa: q })
  return { node: valid, unit: 'dimensionless', label: `${key === 'clear' ? 'cloud-free' : key.replace('_', ' ')} flag of the QA band (${qa} bits ${bits.first}${bits.last > bits.first ? `-${bits.last}` : ''}; fill pixels left out)` }
}

function geometryOf(region: Region): { geometry: Record<string, unknown> | null; words: string } {
  switch (region.kind) {
    case 'whole':
      return { geometry: null, words: '' }
    case 'part':
      return { geometry: { type: 'part', part: region.part }, words: ` in the ${region.part} ${/^(?:north|south)(?:east|west)$/.test(region.part) ? 'quadrant' : 'half'} of the image` }
    case 'grid':
      // "The centre", "the central part", "the middle of the image" name no extent (a half? a third? a window?):
      // the lexicon's convention (the middle half of rows and columns) is not what the question states.
      if (region.name === 'centre') throw new Refusal(`the region "${region.text}"`, 'the question does not say how large the centre is (name a part such as the middle third, a pixel window or a box)')
      return { geometry: { type: 'grid', rows: region.rows, cols: region.cols }, words: ` in the ${region.name} of the image (rows ${region.rows.map(r6).join('-')}, columns ${region.cols.map(r6).join('-')} of the grid)` }
    case 'bbox':
      return {
        geometry: region.srs && region.crs === 'map' ? { type: 'bbox', bbox: region.bbox, crs: 'map', srs: region.srs } : { type: 'bbox', bbox: region.bbox, crs: region.crs },
        words: ` inside the ${region.crs === 'pixel' ? 'pixel' : (region.srs ?? "file's CRS")} box [${region.bbox.join(', ')}]`,
      }
    case 'polygon_file':
      throw new Refusal(`the region "${region.text}"`, `the polygon file "${region.file}" cannot be read yet (give the region as a box or a part of the image)`)
    case 'place':
      throw new Refusal(`the place "${region.name}"`, 'no file or geometry locates it')
  }
}

/**
 * The time of day the question asks of its subject, unless it is part of the variable's own name ("night-time
 * lights": every file of it is a night-time product) or the subject is LST (the scope picks the day or night LST
 * layer by name).
 */
function askedTimeOfDay(spec: TaskSpec): { key: 'day' | 'night'; text: string } | null {
  if (!spec.timeOfDay || spec.subjects[0] === 'lst') return null
  const said = spec.used.filter((u) => u.role === 'time of day').map((u) => u.text)
  const subjects = spec.used.filter((u) => u.role === 'subject').map((u) => u.text.toLowerCase())
  if (said.length > 0 && said.every((t) => subjects.some((n) => n.includes(t.toLowerCase())))) return null
  if (spec.subjects[0] === 'night_lights') return null
  return { key: spec.timeOfDay, text: said[0] ?? (spec.timeOfDay === 'night' ? 'night-time' : 'daytime') }
}

/** The Sun's elevation at the scene centre from a Landsat MTL beside the bands (degrees), or null. */
function sunElevation(files: string[]): number | null {
  const dir = path.dirname(files[0] ?? '.')
  const mtl = fs.existsSync(dir) ? fs.readdirSync(dir).find((f) => /_MTL\.txt$/i.test(f)) : undefined
  if (!mtl) return null
  const m = /\bSUN_ELEVATION\s*=\s*(-?[\d.]+)/.exec(fs.readFileSync(path.join(dir, mtl), 'utf8'))
  return m ? Number(m[1]) : null
}

/**
 * Applies the time of day asked to the catalog: files whose names carry a Day/Night token keep the phase asked
 * (the catalog's `phases`); a Landsat scene is day or night by its Sun elevation in the MTL. Refused naming the
 * phrase when the files do not say, or hold none of that time of day.
 */
function applyTimeOfDay(spec: TaskSpec, files: string[], landsat: boolean, params: Record<string, unknown>): string {
  const asked = askedTimeOfDay(spec)
  if (!asked) return ''
  const word = asked.key === 'night' ? 'night-time' : 'daytime'
  if (landsat) {
    const sun = sunElevation(files)
    if (sun === null) throw new Refusal(`"${asked.text}"`, 'the scene\'s MTL gives no Sun elevation to tell day from night')
    if ((sun > 0) !== (asked.key === 'day')) throw new Refusal(`"${asked.text}"`, `the scene is a ${sun > 0 ? 'daytime' : 'night-time'} acquisition (Sun elevation ${sun}° in the MTL)`)
    return ` (a ${word} scene: Sun elevation ${sun}°)`
  }
  const phases = files.map((f) => parseName(path.basename(f))).map((n) => (n?.kind === 'series' ? n.phase : null))
  if (phases.every((p) => p === null)) throw new Refusal(`"${asked.text}"`, `the file names do not say which acquisitions are ${word} (no Day or Night token in them)`)
  const kept = phases.filter((p) => p === asked.key).length
  if (kept === 0) throw new Refusal(`"${asked.text}"`, `no file is named as a ${word} acquisition (their names carry only ${[...new Set(phases.filter(Boolean))].join(', ')})`)
  params.phases = [asked.key]
  return ` (the ${kept} ${word} file${kept === 1 ? '' : 's'} by their names)`
}

/**
 * The band order the question states for files whose names carry no band convention (an unlabelled RGBN GeoTIFF):
 * band i of the file takes the i-th role stated (`spec.bands`, spyndex letters -> the catalog's roles). A single
 * unnamed one-band file takes the one band the question names ("the mean of this red band"). Returns the roles
 * bound (for the planner's view of the inputs) and the words for the answer; nothing when the names say it all.
 */
function bandBinding(spec: TaskSpec, inputs: InputFiles, params: Record<string, unknown>): { roles: string[]; words: string } {
  const unnamed = inputs.files.filter((f) => !parseName(path.basename(f)))
  if (unnamed.length === 0) {
    if (spec.bands) throw new Refusal(`the band order "${spec.bands.text}"`, 'the file names already say which band is which; a stated order would contradict or repeat them')
    return { roles: [], words: '' }
  }
  if (spec.bands) {
    const roles = spec.bands.roles.map((r) => SPYNDEX_ROLE[r]?.[0])
    const missing = spec.bands.roles.filter((_, i) => !roles[i])
    if (missing.length) throw new Refusal(`the band order "${spec.bands.text}"`, `${missing.join(', ')} is no band role the catalog knows`)
    const count = samplesPerPixel(unnamed[0])
    if (count !== null && count !== roles.length) throw new Refusal(`the band order "${spec.bands.text}"`, `it names ${roles.length} bands and ${path.basename(unnamed[0])} has ${count}`)
    params.role_bands = Object.fromEntries(roles.map((r, i) => [r!, i + 1]))
    return { roles: roles as string[], words: ` (bands in the order the question states: ${roles.map((r, i) => `band ${i + 1} = ${r!.toLowerCase()}`).join(', ')})` }
  }
  const band = spec.subjects.find((k) => isBandKey(k) && !/^b\d/.test(k))
  // A file whose colour interpretation is RGB (PhotometricInterpretation 2) labels its first three bands red,
  // green, blue; any further band is unlabelled (ExtraSamples "unspecified"), so only these three are taken from it.
  const rgb = unnamed.length === 1 && photometric(unnamed[0]) === 2 && (samplesPerPixel(unnamed[0]) ?? 0) >= 3
  if (band && rgb && ['red', 'green', 'blue'].includes(band)) {
    params.role_bands = { RED: 1, GREEN: 2, BLUE: 3 }
    return { roles: ['RED', 'GREEN', 'BLUE'], words: ' (band 1 = red, 2 = green, 3 = blue by the file\'s RGB colour interpretation)' }
  }
  if (band && rgb) throw new Refusal(`the ${bandWord(band)}`, `${path.basename(unnamed[0])} labels only bands 1-3 (red, green, blue, its RGB colour interpretation) and the question does not say which band is the ${bandWord(band)} (state the band order, e.g. "bands are R, G, B, NIR")`)
  if (band && unnamed.length === 1 && samplesPerPixel(unnamed[0]) === 1) {
    params.role_bands = { [band.toUpperCase()]: 1 }
    return { roles: [band.toUpperCase()], words: ` (the file's one band, as the ${bandWord(band)} the question names)` }
  }
  if (band && unnamed.length === 1) {
    throw new Refusal(`the ${bandWord(band)}`, `${path.basename(unnamed[0])} has ${samplesPerPixel(unnamed[0]) ?? 'several'} bands and neither its name nor the question says which is the ${bandWord(band)} (state the band order, e.g. "bands are R, G, B, NIR")`)
  }
  return { roles: [], words: '' }
}

/** PhotometricInterpretation (262) of a GeoTIFF's first image (2 = RGB); null when absent or unreadable. */
function photometric(file: string): number | null {
  const ifd = firstIfd(file)
  const n = ifd ? numbers(ifd, Tag.Photometric) : undefined
  return n && n.length ? n[0] : null
}

/** SamplesPerPixel (277) of a GeoTIFF's first image: its band count; null when unreadable. */
function samplesPerPixel(file: string): number | null {
  const ifd = firstIfd(file)
  const n = ifd ? numbers(ifd, Tag.SamplesPerPixel) : undefined
  return n && n.length ? n[0] : ifd ? 1 : null
}

/** Files inside the period (and its months), so the catalog lists only them. */
function filesIn(inputs: InputFiles, periods: Period[]): string[] {
  return inputs.files.filter((f) => {
    const d = inputs.fileDates.get(f)
    if (!d) return false
    return periods.some((p) => p.start <= d && d <= p.end && (!p.months || p.months.includes(Number(d.slice(5, 7)))))
  })
}

function periodWords(periods: Period[]): string {
  return periods.map((p) => p.text.trim()).join(' and ') || 'all dates'
}

interface Branch {
  value: string
  unit: string
  describe: string
  /** The per-date series when the quantity is built on one. */
  series?: string
}

/** The scalar (or series) one period's selection gives. */
function branch(b: DagBuilder, spec: TaskSpec, inputs: InputFiles, periods: Period[], variant: Variant, tag: string, region: Region = spec.region): Branch {
  const files = filesIn(inputs, periods)
  const dates = new Set(files.map((f) => inputs.fileDates.get(f)!)).size
  if (periods.length > 0 && files.length === 0) {
    throw new Refusal(`the period "${periodWords(periods)}"`, `no input file is dated inside it (the files run from ${inputs.dates[0]} to ${inputs.dates.at(-1)})`)
  }
  const landsat = inputs.roles.has('TIR1') && !inputs.dateVarSeries && inputs.files.some((f) => /_B\d+\.TIF$/i.test(f))
  // The folder when the period keeps every dated file (the catalog's start/end select the same files, and the
  // listFiles variant then differs by enumerating them); else exactly the files inside the period.
  const everyFile = inputs.files.every((f) => !inputs.fileDates.has(f) || files.includes(f))
  const params: Record<string, unknown> = inputs.dir && !variant.listFiles && (periods.length === 0 || everyFile) ? { dir: inputs.dir } : periods.length > 0 ? { files } : { files: inputs.files }
  // Bands named as the variable (and in every condition) with no calibration asked are their stored values: "the
  // minimum value of the red band" is a DN. Anything computed from bands (an index, LST) takes TOA reflectance.
  const read = [spec.subjects[0], ...spec.conditions.filter((c) => c.variableKind !== 'qa_class' && c.unit !== 'percent').map((c) => c.variable ?? spec.subjects[0])].map((k) => k.toLowerCase())
  const rawBands = read.every((k) => isBandKey(k)) && !spec.calibration
  if (spec.calibration === 'surface_reflectance' && landsat) throw new Refusal('the surface reflectance', 'the scene is Level-1 (DN with an MTL): only top-of-atmosphere reflectance can be computed from it, and no atmospheric correction is available')
  if (spec.calibration === 'radiance') throw new Refusal('the radiance', 'the bands are read as stored (DN) or as TOA reflectance; spectral radiance of a band is not computed')
  if (spec.calibration === 'toa_reflectance' && !landsat && read.every((k) => isBandKey(k))) throw new Refusal('the TOA reflectance', 'the files carry no calibration (no Landsat MTL beside them) to turn their values into reflectance')
  if (landsat) {
    // Landsat Level-1 DN are never used as they are for a product or index: TOA reflectance and radiance from the
    // MTL, as the catalog does. The scene folder, so the catalog finds the MTL beside the bands.
    delete params.files
    params.dir = inputs.dir ?? path.dirname(inputs.files[0])
    params.calibration = rawBands ? 'dn' : 'toa'
  }
  if (inputs.dateVarSeries && variant.scaled) {
    const scales: Record<string, unknown> = {}
    for (const r of inputs.roles) if (SERIES_SCALES[r]) scales[r] = SERIES_SCALES[r]
    if (Object.keys(scales).length) params.scales = scales
  }
  if (inputs.dateVarSeries && variant.explicitRoles) params.role_bands = Object.fromEntries([...inputs.roles].map((r) => [r, r]))
  // The catalog states the period asked (its evidence reports coverage against it), and lists only the files inside.
  if (periods.length > 0) {
    params.start = periods.map((p) => p.start).sort()[0]
    params.end = periods.map((p) => p.end).sort().at(-1)
  }
  const dayNight = applyTimeOfDay(spec, periods.length > 0 ? files : inputs.files, landsat, params)
  const bound = bandBinding(spec, inputs, params)
  if (bound.roles.length) inputs = { ...inputs, roles: new Set([...inputs.roles, ...bound.roles]) }
  const catalog = b.add(tag ? `catalog_${tag}` : 'catalog', 'asset.catalog', params)
  const scope = new Scope(b, inputs, catalog, tag, landsat, lstMethodsOf(spec), spec.timeOfDay ?? null, landsat && !rawBands)

  const statistic = spec.quantity.statistic!
  const subject = spec.subjects[0]
  // A date count whose condition is a share of the area ("this proportion surpassed 40%"): the reader may give it as
  // a percent condition rather than as areaCondition; either way each date's share is compared, as a fraction.
  const percentCond = statistic === 'count_dates' ? spec.conditions.find((c) => c.unit === 'percent' && c.value !== undefined && c.op !== 'between' && c.op !== 'outside') : undefined
  if (!spec.areaCondition && percentCond) spec = { ...spec, areaCondition: { op: percentCond.op as '>' | '>=' | '<' | '<=', value: percentCond.value! / 100 } }
  // A QA class counted itself ("the share of the scene that is cloudy", "the area of cloud-free pixels"): the subject
  // is the class's 0/1 flag from the QA band (fill pixels left out), and its condition a comparison on that flag.
  const qaSubject = (QA_BITS[subject.toLowerCase()] !== undefined || subject.toLowerCase() === 'clear') && (statistic === 'fraction' || statistic === 'count_pixels' || statistic === 'area' || statistic === 'count_dates')
  if (qaSubject) {
    const own = (c: Condition) => (c.variable ?? subject).toLowerCase() === subject.toLowerCase()
    spec = { ...spec, conditions: spec.conditions.map((c) => (own(c) ? { ...c, variableKind: undefined, op: '>=' as const, value: 1, low: undefined, high: undefined, unit: null, variable: subject } : c)) }
  }
  const subj = qaSubject ? qaFlag(b, catalog, tag, inputs, subject) : scope.variable(subject, `the variable "${subject}"`)

  // Conditions: pixel masks for value statistics, the criterion for shares, counts and areas. Percent conditions are area shares (count_dates).
  const pixelConds = spec.conditions.filter((c) => c.unit !== 'percent' && c.variableKind !== 'qa_class')
  const qaConds = spec.conditions.filter((c) => (c.variableKind === 'qa_class' || (c.variable !== null && (QA_BITS[c.variable] || c.variable === 'clear'))) && !(qaSubject && c.variable === subject))
  const valueConds = pixelConds.filter((c) => !qaConds.includes(c))
  const criterionStat = statistic === 'fraction' || statistic === 'count_pixels' || statistic === 'area' || (statistic === 'count_dates' && spec.areaCondition !== null)
  const names = new Map<string, string>([[subject.toLowerCase(), 'v']])
  const layers: Record<string, string> = { v: subj.node }
  const exprs: string[] = []
  for (const c of valueConds) {
    const variable = (c.variable ?? subject).toLowerCase()
    const part = `the condition "${c.text.trim()}"`
    let name = names.get(variable)
    let unit = subj.unit
    if (!name) {
      const l = scope.variable(variable, part)
      name = `m${names.size}`
      names.set(variable, name)
      layers[name] = l.node
      unit = l.unit
    } else if (variable !== subject.toLowerCase()) unit = scope.variable(variable, part).unit
    exprs.push(comparisonExpr(c, name, unit))
  }
  // count_dates without an area share: the dates are counted on their per-date statistic, not masked pixels.
  const dateCriterion = statistic === 'count_dates' && spec.areaCondition === null ? valueConds.filter((c) => (c.variable ?? subject).toLowerCase() === subject.toLowerCase()) : []
  const maskExprs = dateCriterion.length ? exprs.filter((_, i) => !dateCriterion.includes(valueConds[i])) : exprs
  const cond = maskExprs.join(' && ')
  const nanGuard = Object.keys(layers).map((n) => `isnan(${n})`).join(' || ')

  let data = subj.node
  let unit = subj.unit
  let engineStat = 'mean'
  if (criterionStat) {
    if (!cond) throw new Refusal(`the ${STAT_WORD[statistic]}`, 'the question names no condition whose pixels are counted')
    if (statistic === 'fraction' || statistic === 'count_dates') {
      data = b.add(scope.tag ? `selected_${tag}` : 'selected', 'raster.algebra', { expr: `where(${nanGuard}, 0/0, where(${cond}, 1, 0))`, unit: 'dimensionless' }, layers)
      unit = 'dimensionless'
    } else {
      data = b.add(scope.tag ? `selected_${tag}` : 'selected', 'raster.algebra', { expr: `where(${cond}, 1, 0/0)`, unit: 'dimensionless' }, layers)
      unit = 'count'
      engineStat = 'count'
    }
  } else if (cond) {
    data = b.add(scope.tag ? `masked_${tag}` : 'masked', 'raster.algebra', { expr: `where(${cond}, v, 0/0)`, unit: subj.unit }, layers)
  }
  // QA classes: pixels flagged (or not) in the QA band.
  for (const c of qaConds) {
    const cls = (c.variable ?? '').toLowerCase()
    const qa = pickRole(inputs, 'QA', 'BQA', 'QA_PIXEL')
    if (!qa) throw new Refusal(`the condition "${c.text.trim()}"`, 'the files hold no QA band to tell which pixels are flagged')
    const qaNode = b.add(scope.tag ? `qa_${tag}` : 'qa', 'raster.read', { role: qa, nodata: 'none', unit: 'dn' }, { data: catalog })
    const keepFlagged = (cls === 'clear' ? c.negated : !c.negated) && c.op !== '<'
    const bits = cls === 'clear' ? QA_BITS.cloud : QA_BITS[cls]
    if (!bits) throw new Refusal(`the condition "${c.text.trim()}"`, `no QA bit of these files says "${cls}"`)
    const reject = keepFlagged ? Array.from({ length: 2 ** (bits.last - bits.first + 1) }, (_, i) => i).filter((v) => !bits.set.includes(v)) : bits.set
    data = b.add(scope.tag ? `qa_mask_${tag}` : 'qa_mask', 'raster.mask', { qa_bits: [{ first: bits.first, last: bits.last, reject }] }, { data, qa: qaNode })
  }

  const { geometry, words: regionWords } = geometryOf(region)
  // A share of one plain comparison on the subject, over the whole image: threshold_fraction states it in one node.
  const single = valueConds.length === 1 && qaConds.length === 0 && !geometry && !valueConds[0].negated && valueConds[0].op !== 'outside' && (valueConds[0].variable ?? subject).toLowerCase() === subject.toLowerCase() ? valueConds[0] : null
  const shareNode = (name: string): string | null => {
    if (!single) return null
    const t = thresholdIn(single, subj.unit)
    const params = single.op === 'between' ? { op: 'between', low: t.low, high: t.high, as: 'fraction' } : { op: single.op, value: t.value, as: 'fraction' }
    return b.add(`${name}${tag ? `_${tag}` : ''}`, 'threshold_fraction', params, { data: subj.node })
  }
  const perDate = (stat: string, name: string) =>
    geometry ? b.add(`${name}${tag ? `_${tag}` : ''}`, 'spatial.query', { geometry, stat }, { data }) : b.add(`${name}${tag ? `_${tag}` : ''}`, 'raster.batch_reduce', { stat }, { data })
  const over = (series: string, stat: string, name: string) => b.add(`${name}${tag ? `_${tag}` : ''}`, 'timeseries.aggregate', { by: 'all', stat }, { data: series })

  const where = [valueConds.length ? ` where ${valueConds.map((c) => conditionWords(c, subject)).join(' and ')}` : '', qaConds.length ? ` (${qaConds.map((c) => c.text.trim()).join(', ')} by the QA band)` : '', regionWords, dayNight, bound.words].join('')
  const datesWord = dates === 0 && periods.length === 0 ? 'the undated image' : `the ${dates} date${dates === 1 ? '' : 's'} of ${periodWords(periods)}`
  const pooled = spec.pooling === 'pooled' && dates > 1
  const across = spec.quantity.acrossDates ?? (statistic === 'min' || statistic === 'max' ? statistic : 'mean')

  switch (statistic) {
    case 'trend':
    case 'date_of_max':
    case 'date_of_min':
    case 'count_dates': {
      const step = spec.series?.perStep && ['mean', 'median', 'min', 'max', 'std', 'sum'].includes(spec.series.perStep) ? spec.series.perStep : 'mean'
      let series = statistic === 'count_dates' && spec.areaCondition ? (shareNode('per_date') ?? perDate('mean', 'per_date')) : perDate(step, 'per_date')
      const g = spec.series?.granularity ?? 'acquisition'
      const by = g === 'monthly' ? 'month' : g === 'seasonal' ? 'season' : g === 'annual' ? 'year' : null
      if (by) series = b.add(`by_${by}${tag ? `_${tag}` : ''}`, 'timeseries.aggregate', { by, stat: 'mean' }, { data: series })
      const stepWords = by ? `${step} per ${by} (mean of the dates in each)` : `${step} per acquisition`
      if (statistic === 'trend') {
        const method = trendMethodOf(spec)
        // One value per year of consecutive years: time is the year count from the first (slope per year, intercept
        // at the first year); otherwise decimal years.
        const fileYears = [...new Set(files.map((f) => inputs.fileDates.get(f)!.slice(0, 4)))].map(Number).sort((x, y) => x - y)
        const yearly = (by === 'year' || (by === null && fileYears.length === dates)) && fileYears.every((y, i) => i === 0 || y === fileYears[i - 1] + 1)
        const time = yearly ? 'index' : 'years'
        const trend = b.add(`trend${tag ? `_${tag}` : ''}`, 'timeseries.trend', method === 'ols' ? { alpha: 0.05, time, method: 'ols' } : { alpha: 0.05, time }, { data: series })
        return { value: trend, unit: `${unit}/year`, series, describe: `${method === 'ols' ? 'least-squares' : 'Theil-Sen'} slope per year and Mann-Kendall test of the ${stepWords} of ${subj.label}${where}, over ${datesWord}` }
      }
      if (statistic === 'count_dates') {
        const crit = spec.areaCondition ?? (dateCriterion[0] ? { op: dateCriterion[0].op, ...thresholdIn(dateCriterion[0], subj.unit) } : null)
        if (!crit) throw new Refusal('the number of dates', 'the question names no condition a date must meet')
        const params = 'low' in crit && crit.low !== undefined ? { op: crit.op, low: crit.low, high: crit.high } : { op: crit.op, value: crit.value }
        const count = b.add(`dates_meeting${tag ? `_${tag}` : ''}`, 'timeseries.count', params, { data: series })
        const what = spec.areaCondition ? `share of the pixels with ${valueConds.map((c) => conditionWords(c, subject)).join(' and ')} ${OP_WORD[spec.areaCondition.op]} ${spec.areaCondition.value * 100}%` : `${stepWords.split(' ')[0]} ${conditionWords(dateCriterion[0], subject)}`
        return { value: count, unit: 'count', series, describe: `number of ${by ?? 'date'}s of ${periodWords(periods)} (${dates} dates) whose ${what}${regionWords}` }
      }
      return { value: series, unit, series, describe: `the ${by ?? 'date'} whose ${stepWords} of ${subj.label}${where} is ${statistic === 'date_of_max' ? 'highest' : 'lowest'}, over ${datesWord}` }
    }
    case 'fraction': {
      const v = over(shareNode('per_date') ?? perDate('mean', 'per_date'), pooled ? 'mean' : across, 'over_dates')
      return { value: v, unit: 'fraction', describe: `share of the valid pixels${where}, ${pooled ? 'pooled over' : `per date, ${across} over`} ${datesWord}` }
    }
    case 'count_pixels':
    case 'area': {
      if (dates > 1 && spec.pooling !== 'pooled' && !spec.used.some((u) => u.role === 'pooling') && !spec.quantity.acrossDates) {
        throw new Refusal(`the ${STAT_WORD[statistic]}`, `the question does not say which date to count pixels on: the period holds ${dates} dates (name one date, or ask for the count per date on average or over all dates together)`)
      }
      let v = over(perDate('count', 'per_date'), pooled ? 'sum' : across, 'over_dates')
      if (statistic === 'area') {
        // Web Mercator's nominal pixel is not ground area (it shrinks with cos^2 of the latitude): refused, not guessed.
        if (WEB_MERCATOR.has(projectedEpsg(inputs.files[0]) ?? -1)) throw new Refusal('the area', 'the files are in Web Mercator (EPSG:3857), whose pixel size is not the ground area of a pixel; reproject them to an equal-area or UTM grid, or ask for the pixel count or the share')
        const px = pixelAreaM2(inputs.files[0])
        if (px === null && geographic(inputs.files[0])) throw new Refusal('the area', 'the files are in a geographic CRS (pixels in degrees), whose ground area changes with latitude, so pixels times a nominal size is not the area; reproject them to an equal-area or UTM grid, or ask for the pixel count or the share')
        if (px === null) throw new Refusal('the area', 'the pixel size of the files cannot be read (no georeferencing in metres)')
        const to = spec.unit && ['km2', 'ha', 'm2', 'acre'].includes(spec.unit) ? spec.unit : 'km2'
        const factor = convertUnit(px, 'm2', to)!
        v = b.add(`area${tag ? `_${tag}` : ''}`, 'math.multiply', { unit: 'dimensionless' }, { a: v, b: factor })
        return { value: v, unit: to, describe: `area${where} (pixels times ${r6(px)} m² per pixel, in ${to}), ${pooled ? 'summed over' : dates > 1 ? `${across} over` : 'on'} ${datesWord}` }
      }
      return { value: v, unit: 'count', describe: `number of pixels${where}, ${pooled ? 'summed over' : dates > 1 ? `${across} over` : 'on'} ${datesWord}` }
    }
    case 'range': {
      const hi = over(perDate('max', 'max_per_date'), 'max', 'max_over_dates')
      const lo = over(perDate('min', 'min_per_date'), 'min', 'min_over_dates')
      return { value: b.add(`range${tag ? `_${tag}` : ''}`, 'math.subtract', {}, { a: hi, b: lo }), unit, describe: `range (maximum minus minimum) of ${subj.label}${where} over all pixels of ${datesWord}` }
    }
    default: {
      if (statistic === 'count_objects') throw new Refusal('the number of objects', 'objects are counted by the perception tools, not from raster layers')
      if (statistic === 'variance' && unit !== 'dimensionless') throw new Refusal('the variance', `its unit would be ${unit} squared; the standard deviation can be asked instead`)
      const engine = statistic === 'percentile' ? `p${spec.quantity.percentile}` : statistic === 'variance' ? 'std' : statistic
      if (pooled && statistic === 'mean') {
        const sums = over(perDate('sum', 'sum_per_date'), 'sum', 'sum_over_dates')
        const counts = over(perDate('count', 'count_per_date'), 'sum', 'count_over_dates')
        return { value: b.add(`pooled_mean${tag ? `_${tag}` : ''}`, 'math.divide', { unit }, { a: sums, b: counts }), unit, describe: `mean of ${subj.label}${where} over all valid pixels of ${datesWord}, pooled` }
      }
      if (pooled && ['median', 'percentile', 'std', 'variance'].includes(statistic)) {
        throw new Refusal('pooling every pixel', `a pooled ${STAT_WORD[statistic]} over the pixels of ${dates} dates together is not computed by the engine (it takes it per date); ask for the per-date ${STAT_WORD[statistic]} averaged over the dates instead`)
      }
      let v = over(perDate(engine, 'per_date'), pooled && statistic === 'sum' ? 'sum' : across, 'over_dates')
      if (statistic === 'variance') v = b.add(`variance${tag ? `_${tag}` : ''}`, 'math.expr', { expr: 'x * x', unit: 'dimensionless' }, { x: v })
      const statWord = statistic === 'percentile' ? `${spec.quantity.percentile}th percentile` : STAT_WORD[statistic]
      const order = dates <= 1 ? `on ${datesWord}` : pooled ? `over all pixels of ${datesWord}, pooled` : `per date, then the ${across} of the per-date values over ${datesWord}`
      return { value: v, unit, describe: `${statWord} of ${subj.label}${where}, ${order}` }
    }
  }
}

/** EPSG codes of Web Mercator (3857 and its retired aliases). */
const WEB_MERCATOR = new Set([3857, 3785, 900913, 102100])

/** The first image directory of a GeoTIFF, read with the engine's bounded TIFF parser; null when unreadable. */
function firstIfd(file: string | undefined): Ifd | null {
  if (!file) return null
  let fd: number | null = null
  try {
    fd = fs.openSync(file, 'r')
    return readFirstIfd({ fd, size: fs.fstatSync(fd).size })
  } catch {
    return null
  } finally {
    if (fd !== null) fs.closeSync(fd)
  }
}

/** ProjectedCSTypeGeoKey (3072) of a GeoTIFF's GeoKeyDirectory in the first IFD; null when absent. */
export function projectedEpsg(file: string | undefined): number | null {
  const ifd = firstIfd(file)
  const epsg = ifd ? geoKeys(ifd)?.ProjectedCSTypeGeoKey : undefined
  return typeof epsg === 'number' ? epsg : null
}

/** Whether a GeoTIFF's grid is geographic: GTModelType 2, a geographic CRS key without a projected one, or degree-sized pixels. */
function geographic(file: string | undefined): boolean {
  const ifd = firstIfd(file)
  if (!ifd) return false
  const keys = geoKeys(ifd) ?? {}
  const scale = numbers(ifd, Tag.ModelPixelScale)
  return keys.GTModelTypeGeoKey === 2 || (keys.GeographicTypeGeoKey !== undefined && keys.ProjectedCSTypeGeoKey === undefined) || [4326, 4269, 4258, 4283].includes(Number(keys.ProjectedCSTypeGeoKey)) || (!!scale && scale[0] > 0 && scale[0] < 1e-3)
}

/** Pixel area in m² of a GeoTIFF from its ModelPixelScale tag (33550), read from the first IFD; null when absent or not metres. */
export function pixelAreaM2(file: string | undefined): number | null {
  const ifd = firstIfd(file)
  const scale = ifd ? numbers(ifd, Tag.ModelPixelScale) : undefined
  if (!scale || scale.length < 2) return null
  const [sx, sy] = scale
  // Degrees are not metres: a geographic grid's pixel is not a fixed area.
  if (!(sx > 0 && sy > 0) || sx < 1e-3) return null
  return sx * sy
}

const ABSOLUTE = new Set(['mean', 'median', 'percentile', 'min', 'max'])

/** Whether the answer wants a share as percent (asked, in the options, or a bare number). */
function percentWanted(spec: TaskSpec, options: AnswerOption[]): boolean {
  return spec.unit === 'percent' || spec.answer.options.some((o) => o.unit === 'percent') || (options.length === 0 && spec.unit !== 'fraction')
}

/** One side of a difference of shares, in percent when percent is wanted (so the difference is in points). */
function percentSide(b: DagBuilder, side: Branch, spec: TaskSpec, options: AnswerOption[]): Branch {
  if (side.unit !== 'fraction' || !percentWanted(spec, options)) return side
  return { ...side, value: b.add(`percent_${side.value.slice(1)}`, 'math.expr', { expr: 'x * 100', unit: 'percent' }, { x: side.value }), unit: 'percent' }
}

/**
 * Options that all state sizes (numbers >= 0 with no direction word) ask for the magnitude of a signed difference:
 * "the mean difference" with options 5 K, 10 K ... is |later - earlier|.
 */
function optionsAreSizes(spec: TaskSpec): boolean {
  const stated = spec.answer.options.filter((o) => o.value !== null)
  return stated.length >= 2 && stated.every((o) => o.value! >= 0 && o.direction === null && o.significance === null)
}

/** Compile a spec over the input files into one execute DAG, or say which part cannot compile and why. */
export function compileSpec(spec: TaskSpec, inputs: InputFiles, options: AnswerOption[], variant: Variant): Compiled {
  const statistic = spec.quantity.statistic
  if (statistic === 'count_objects' || (spec.subjects.length === 0 && (inputs.files.length === 0 || statistic === null))) return { ok: 'not_applicable' }
  if (spec.subjects.length === 0) {
    const unread = spec.notUnderstood.map((n) => `"${n.text}"`)
    return { ok: false, handOff: 'perception', part: 'the variable', why: `the question names no variable the reader could place${unread.length ? ` (${unread.join(', ')} ${unread.length === 1 ? 'was' : 'were'} not read as one)` : ''}; name a layer of the files, a product such as TVDI or LST, or a spectral index` }
  }
  if (inputs.files.length === 0) return { ok: false, part: 'the input rasters', why: 'no raster files were given (pass a folder with --files)' }
  if (statistic === null) return { ok: false, part: 'the statistic', why: 'the question names none (mean, median, maximum, a percentile, a share ...) and its options name none' }
  // A share of the area is a criterion on dates only; with another statistic it would be dropped, so say so.
  if (spec.areaCondition && statistic !== 'count_dates') {
    const text = spec.used.find((u) => u.role === 'area condition')?.text ?? `${spec.areaCondition.op} ${spec.areaCondition.value * 100}% of the area`
    return { ok: false, part: `"${text}"`, why: `it was read as a share of the area, which only a count of dates uses, and the question asks for the ${STAT_WORD[statistic] ?? statistic}; a threshold relative to a statistic of the image is not computed` }
  }
  // Several periods that are not compared are one selection, their union; a period inside another ("late July" and
  // "2019-07-28") is then no union anyone asks for: one of them is context or a comparison the spec missed.
  if (!spec.quantity.combine && spec.periods.length >= 2) {
    const inner = spec.periods.find((p, i) => spec.periods.some((o, j) => j !== i && o.start <= p.start && p.end <= o.end && !(o.start === p.start && o.end === p.end)))
    const outer = inner && spec.periods.find((o) => o !== inner && o.start <= inner.start && inner.end <= o.end)
    if (inner && outer) return { ok: false, part: `the periods "${outer.text}" and "${inner.text}"`, why: 'one lies inside the other and the question does not compare them, so it is not clear which dates are asked' }
  }
  // Two bands named with one statistic and nothing computed from them ("the median of bands 4 and 5"): one value
  // cannot answer for both, and taking the first would answer another question.
  const bandSubjects = spec.subjects.filter((k) => isBandKey(k))
  if (isBandKey(spec.subjects[0] ?? '') && bandSubjects.length >= 2) return { ok: false, part: `the bands ${bandSubjects.map(bandWord).join(' and ')}`, why: 'the question names several bands and one statistic; ask about one band, or name the index computed from them' }
  try {
    inputs = placeScope(spec, inputs)
    const b = new DagBuilder()
    const combine = spec.quantity.combine
    let value: Branch
    let unitOut: string
    if (combine && (spec.quantity.across === 'periods' || spec.quantity.across === 'regions')) {
      const byRegion = spec.quantity.across === 'regions'
      if (byRegion ? (spec.regions?.length ?? 0) < 2 : spec.periods.length < 2) throw new Refusal(`the ${combine.replace('_', ' ')}`, `it needs two ${byRegion ? 'regions' : 'periods'} and the question names fewer`)
      const one = byRegion ? branch(b, spec, inputs, spec.periods, variant, 'first', spec.regions![0]) : branch(b, spec, inputs, [spec.periods[0]], variant, 'first')
      const two = byRegion ? branch(b, spec, inputs, spec.periods, variant, 'second', spec.regions![1]) : branch(b, spec, inputs, [spec.periods[1]], variant, 'second')
      // The spec's convention (main/task/spec.ts): across periods a difference and a percent change run from the
      // earlier period to the later whichever is named first; a ratio is the first named over the second; across
      // regions everything is second relative to first.
      const swap = !byRegion && spec.periods[1]!.start < spec.periods[0]!.start
      const [earlier, later] = (swap ? [two, one] : [one, two]).map((side) => (combine === 'difference' || combine === 'absolute_difference' ? percentSide(b, side, spec, options) : side))
      const node =
        combine === 'difference' ? b.add('difference', 'math.subtract', {}, { a: later.value, b: earlier.value })
        : combine === 'absolute_difference' ? b.add('abs_difference', 'math.abs', {}, { a: b.add('difference', 'math.subtract', {}, { a: later.value, b: earlier.value }) })
        : combine === 'ratio' ? b.add('ratio', 'math.divide', { unit: 'dimensionless' }, byRegion ? { a: two.value, b: one.value } : { a: one.value, b: two.value })
        : b.add('percent_change', 'math.expr', { expr: '100 * (b - a) / a', unit: 'percent' }, { a: earlier.value, b: later.value })
      const word = byRegion
        ? { difference: 'difference (second region minus first)', absolute_difference: 'absolute difference', ratio: 'ratio (second region / first)', percent_change: 'percent change from the first region to the second' }[combine]
        : { difference: 'difference (later period minus earlier)', absolute_difference: 'absolute difference', ratio: 'ratio (first named period / second)', percent_change: 'percent change from the earlier period to the later' }[combine]
      unitOut = combine === 'ratio' ? 'dimensionless' : combine === 'percent_change' ? 'percent' : later.unit
      value = { value: node, unit: unitOut, describe: `${word} of: ${one.describe}; and ${two.describe}` }
    } else if (combine && spec.quantity.across === 'masks') {
      // Two selections of one image compared ("the mean LST where NDVI > 0.7 minus the mean LST where NDVI < 0.2"):
      // each side keeps one of the two pixel conditions (QA conditions apply to both); one condition alone is
      // compared with the whole image. First named minus (or over) second; with one condition the order is not
      // in the spec, so only a magnitude is compiled.
      const isQa = (c: Condition) => c.variableKind === 'qa_class' || (c.variable !== null && (QA_BITS[c.variable] !== undefined || c.variable === 'clear'))
      const sides = spec.conditions.filter((c) => !isQa(c) && c.unit !== 'percent')
      const shared = spec.conditions.filter((c) => isQa(c))
      if (sides.length === 0 || sides.length > 2) throw new Refusal(`the ${combine.replace('_', ' ')} between selections`, `it needs one or two pixel conditions to compare and the question names ${sides.length}`)
      if (sides.length === 1 && combine !== 'absolute_difference') throw new Refusal(`the ${combine.replace('_', ' ')} between the whole image and the pixels where ${sides[0].text.trim()}`, 'the spec does not say which of the two comes first; ask for the absolute difference, or name both selections')
      const one = branch(b, { ...spec, conditions: [...(sides.length === 2 ? [sides[0]] : []), ...shared] }, inputs, spec.periods, variant, sides.length === 2 ? 'first' : 'all')
      const two = branch(b, { ...spec, conditions: [sides.at(-1)!, ...shared] }, inputs, spec.periods, variant, 'second')
      const [p1, p2] = [percentSide(b, one, spec, options), percentSide(b, two, spec, options)]
      const node =
        combine === 'difference' ? b.add('difference', 'math.subtract', {}, { a: p1.value, b: p2.value })
        : combine === 'absolute_difference' ? b.add('abs_difference', 'math.abs', {}, { a: b.add('difference', 'math.subtract', {}, { a: p1.value, b: p2.value }) })
        : combine === 'ratio' ? b.add('ratio', 'math.divide', { unit: 'dimensionless' }, { a: p1.value, b: p2.value })
        : b.add('percent_change', 'math.expr', { expr: '100 * (b - a) / a', unit: 'percent' }, { a: p1.value, b: p2.value })
      const word = { difference: 'difference (first selection minus second)', absolute_difference: 'absolute difference', ratio: 'ratio (first selection / second)', percent_change: 'percent change from the first selection to the second' }[combine]
      unitOut = combine === 'ratio' ? 'dimensionless' : combine === 'percent_change' ? 'percent' : p1.unit
      value = { value: node, unit: unitOut, describe: `${word} of: ${one.describe}; and ${two.describe}` }
    } else if (combine) {
      throw new Refusal(`the ${combine.replace('_', ' ')} across ${spec.quantity.across ?? 'two quantities'}`, 'only comparisons between periods or between regions are compiled so far')
    } else {
      value = branch(b, spec, inputs, spec.periods, variant, '')
      unitOut = value.unit
    }

    // Answer units: shares as percent when asked (or when the options or a bare number call for it); temperatures in °C/°F.
    let out = value.value
    let unit = value.unit
    let describe = value.describe
    // A signed difference answered from options that are all sizes: the magnitude.
    if (combine === 'difference' && optionsAreSizes(spec)) {
      out = b.add('abs_difference', 'math.abs', {}, { a: out })
      describe = `size of the ${describe}, as the options state sizes`
    }
    if (unit === 'fraction') {
      if (percentWanted(spec, options)) {
        out = b.add('percent', 'math.expr', { expr: 'x * 100', unit: 'percent' }, { x: out })
        unit = 'percent'
      } else unit = 'dimensionless'
    }
    const tempAbsolute = ABSOLUTE.has(statistic) && !combine
    if (unit === 'K' && (spec.unit === 'degC' || spec.unit === 'degF')) {
      const expr = spec.unit === 'degC' ? (tempAbsolute ? 'x - 273.15' : 'x') : tempAbsolute ? '(x - 273.15) * 9 / 5 + 32' : 'x * 9 / 5'
      out = b.add(spec.unit === 'degC' ? 'celsius' : 'fahrenheit', 'math.expr', { expr, unit: spec.unit === 'degC' ? 'degC' : 'dimensionless' }, { x: out })
      unit = spec.unit
      describe += `, in ${spec.unit === 'degC' ? '°C' : '°F'}`
    } else if (spec.unit === 'degC' || spec.unit === 'degF') {
      if (unit !== 'K' && unit !== spec.unit && statistic !== 'count_dates' && statistic !== 'trend') throw new Refusal(`the unit ${spec.unit === 'degC' ? '°C' : '°F'}`, `the value computed is in ${unit}, not a temperature`)
    }
    // What the reader left unread and called context, but which carries a value-bearing word: refused by name.
    const times = new Set(inputs.files.flatMap((f) => [...path.basename(f).matchAll(/\d[_-](\d{2})(\d{2})[_-]/g)].flatMap((m) => [m[1], m[2], String(Number(m[1])), String(Number(m[2]))])))
    const unsure = unsurePhrase(spec, unit, false, times)
    if (unsure) throw new Refusal(`"${unsure.text}"`, `it may change the value (${unsure.bearing}: ${/^[\d.,]+$/.test(unsure.word) ? unsure.word : `"${unsure.word}"`}) and the question reader did not place it; rephrase that part with the statistics, regions, periods and units the README describes`)
    if (statistic === 'trend') {
      const done = finish(b, out, options, `Sen slope of ${spec.subjects[0].toUpperCase()} per year`, unit, spec.quantity.significance ? 'trend' : 'slope')
      return { ok: true, dag: b.build(done.output), read: done.read, describe }
    }
    if (statistic === 'date_of_max' || statistic === 'date_of_min') {
      return { ok: true, dag: b.build(out), read: { kind: 'series_extreme', quantity: spec.subjects[0], unit, which: statistic === 'date_of_max' ? 'max' : 'min' }, describe }
    }
    const done = finish(b, out, options, describe, unit)
    return { ok: true, dag: b.build(done.output), read: done.read, describe }
  } catch (err) {
    if (err instanceof Refusal) return err.handOff ? { ok: false, part: err.part, why: err.why, handOff: err.handOff } : { ok: false, part: err.part, why: err.why }
    throw err
  }
}
