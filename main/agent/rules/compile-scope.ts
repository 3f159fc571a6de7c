/**
 * The compiler's variables (DESIGN section 9): a subject or condition variable becomes nodes that read a file
 * layer, compute a product (TVDI, LST or brightness temperature from bands) or evaluate a spyndex index from band
 * roles (Landsat bands as TOA reflectance from the MTL, or as stored when a band itself is asked), and a QA class
 * becomes its 0/1 flag from the QA band. Refuses naming the variable where the files cannot give it.
 */
import fs from 'node:fs'
import path from 'node:path'
import type { LstMethodKey, TvdiBinningKey } from '../../domain/lexicon/methods'
import { VARIABLES } from '../../domain/lexicon/variables'
import { resourcesDir } from '../../prior/seed'
import { type DagBuilder } from './dag-builder'
import { pickRole, type InputFiles } from './input-files'
import { Refusal, isBandKey, bandWord } from './compile-words'
import { tvdiProduct } from './products'
import { exprVariables, parseExpr, sameValues } from '../../engines/raster/expr'
import { BAND_ROLES } from '../../domain/lexicon/indices'
import { oliBandKey } from '../../domain/spans/formulas'

/** Standard scales of MODIS-style series stored as integers (MOD11 LST 0.02 K, MOD13 NDVI/EVI 1e-4). */
export const SERIES_SCALES: Record<string, { scale: number; unit: string; nodata: number }> = {
  LST: { scale: 0.02, unit: 'K', nodata: 0 },
  LST_DAY: { scale: 0.02, unit: 'K', nodata: 0 },
  LST_NIGHT: { scale: 0.02, unit: 'K', nodata: 0 },
  NDVI: { scale: 0.0001, unit: 'dimensionless', nodata: -32768 },
  EVI: { scale: 0.0001, unit: 'dimensionless', nodata: -32768 },
}

/** spyndex band letters -> the catalog's band roles (upper case). */
export const SPYNDEX_ROLE: Record<string, string[]> = {
  A: ['COASTAL'],
  B: ['BLUE'],
  G: ['GREEN'],
  R: ['RED'],
  N: ['NIR'],
  N2: ['NIR08'],
  S1: ['SWIR1'],
  S2: ['SWIR2'],
  RE1: ['REDEDGE1'],
  RE2: ['REDEDGE2'],
  RE3: ['REDEDGE3'],
  T: ['TIR1'],
  T1: ['TIR1'],
  T2: ['TIR2'],
}

/** "The reflectance" with no band named: that of the files' one optical band; among several it names none. */
function reflectanceRole(inputs: InputFiles, part: string): string {
  const optical = [...new Set(Object.values(SPYNDEX_ROLE).flat())].filter((x) => x !== 'TIR1' && x !== 'TIR2' && pickRole(inputs, x))
  if (optical.length > 1)
    throw new Refusal(part, `the question names no band whose reflectance is meant (the files hold ${optical.map((x) => x.toLowerCase()).join(', ')})`)
  return optical[0] ?? 'RED'
}

export interface SpyIndex {
  bands: string[]
  formula: string
  long_name: string
}
export let spyCache: { indices: Record<string, SpyIndex>; constants: Record<string, { default: number | null }> } | null = null
export function spyndex() {
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

export interface Layer {
  /** Node reference of the collection. */
  node: string
  unit: string
  label: string
}

/** Per-compile state: the builder, the catalog of one period and the layers read so far. */
export class Scope {
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
    /** Index constants the question states (spec.constants, "SAVI (L = 0.5)"); others take the catalogue's defaults. */
    readonly constants: Readonly<Record<string, number>> = {},
    /** Where TVDI's last NDVI bin ends (compile-words tvdiBinningOf). */
    readonly tvdiBinning: TvdiBinningKey = 'tvdi_closed',
    /** Variables the question defines by a band formula (spec.formulas): computed as written, before any catalogue index of the same name. */
    readonly formulas: Readonly<Record<string, { expr: string; text: string }>> = {},
    /** The question sets a band's DN 0 aside (spec.zeroDnExcluded): bands are read with 0 as missing. */
    readonly zeroDn: boolean = false,
    /** Fill values the question states for layers (compile-stored.ts), by role: read as missing whatever the file's tag says. */
    readonly statedNodata: Readonly<Record<string, number>> = {},
  ) {}

  private get lstMethod(): LstMethodKey | null {
    if (this.lstMethods.length > 1) throw new Refusal('the LST method', `the question names more than one (${this.lstMethods.join(', ').replace(/_/g, '-')})`)
    return this.lstMethods[0] ?? null
  }

  private id(name: string) {
    return this.tag ? `${name}_${this.tag}` : name
  }

  private read(role: string, unit?: string, zeroMissing = false): string {
    const nodata = zeroMissing ? 0 : this.statedNodata[role.toUpperCase()]
    const params = { role, ...(unit ? { unit } : {}), ...(nodata !== undefined ? { nodata } : {}) }
    return this.b.add(this.id(role.toLowerCase()), 'raster.read', params, { data: this.catalog })
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
    const defined = this.formulas[key]
    if (defined) return this.formula(key, defined, part)
    // A file layer may be named by any of the lexicon's names for the variable (night_lights is the files' NTL).
    const role = pickRole(inputs, key.toUpperCase()) ?? pickRole(inputs, ...(VARIABLES.find((v) => v.key === key)?.names ?? []).map((n) => n.toUpperCase()))
    // Daytime or night-time LST asked: only a layer whose name says so answers it (an "LST" layer does not say).
    if (key === 'lst' && this.timeOfDay) {
      const want = this.timeOfDay === 'night' ? pickRole(inputs, 'LST_NIGHT', 'NIGHT_LST', 'LST_N') : pickRole(inputs, 'LST_DAY', 'DAY_LST', 'LST_D')
      if (want) return { node: this.read(want), unit: 'K', label: `${want} (${this.timeOfDay === 'night' ? 'night-time' : 'daytime'} LST)` }
      throw new Refusal(
        part,
        `the question asks for ${this.timeOfDay === 'night' ? 'night-time' : 'daytime'} LST and no file layer is named as ${this.timeOfDay === 'night' ? 'night-time' : 'daytime'} LST (the files hold ${[...inputs.roles].sort().join(', ')})`,
      )
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
    if (key === 'lst') return this.lstLayer(part)
    if (key === 'bt' || key === 'bt_b11') {
      // bt_b11: the BT of the second TIRS band (the reader's key when the question names band 11).
      const second = key === 'bt_b11'
      const btLayer = this.landsat || second ? null : this.btLayer()
      if (btLayer)
        return {
          node: this.b.add(this.id('bt'), 'raster.read', { role: btLayer, unit: 'K' }, { data: this.catalog }),
          unit: 'K',
          label: `brightness temperature (${btLayer}, in K)`,
        }
      const tir = second ? pickRole(inputs, 'TIR2', 'B11') : pickRole(inputs, 'TIR1', 'B10')
      if (!tir || !this.landsat)
        throw new Refusal(part, `the files hold no Landsat thermal band${second ? ' 11' : ''} with an MTL file to compute brightness temperature`)
      const node = this.b.add(this.id('bt'), 'raster.product', { product: 'brightness_temperature' }, { data: this.read(tir, undefined, this.zeroDn) })
      return { node, unit: 'K', label: `brightness temperature of band ${second ? 11 : 10} (from the MTL constants)` }
    }
    if (key === 'tvdi') {
      const lst = this.variable('lst', part)
      const veg = pickRole(inputs, 'NDVI', 'EVI') ? this.variable(pickRole(inputs, 'NDVI', 'EVI')!.toLowerCase(), part) : this.variable('ndvi', part)
      const t = tvdiProduct(this.tvdiBinning)
      const node = this.b.add(this.id('tvdi'), 'raster.product', t.params, { ndvi: veg.node, lst: lst.node })
      return { node, unit: 'dimensionless', label: t.label }
    }
    if (key === 'reflectance' || isBandKey(key)) {
      const r = pickRole(inputs, key === 'reflectance' ? reflectanceRole(inputs, part) : key.toUpperCase())
      if (!r) throw new Refusal(part, `the files hold no ${bandWord(key)} (they hold ${[...inputs.roles].sort().join(', ') || 'no named bands'})`)
      const toa = this.landsat && this.toa
      // A series band the catalog takes as a temperature (a Landsat B10 token with no MTL) is in K.
      if (!this.landsat && inputs.temperatures.has(r.toUpperCase()))
        return { node: this.read(r, 'K'), unit: 'K', label: `${bandWord(key)} (${r}, brightness temperature in K)` }
      return {
        node: this.read(r, undefined, this.zeroDn),
        unit: toa ? 'reflectance' : 'dn',
        label: `${bandWord(key)} (${r}) ${toa ? 'TOA reflectance (from the MTL)' : 'as stored (DN)'}`,
      }
    }
    if (key === 'value') {
      if (!pickRole(inputs, 'VALUE')) throw new Refusal(part, 'the question names no variable or band whose values are meant')
      return { node: this.read('VALUE'), unit: 'dn', label: 'the values as stored (DN)' }
    }
    const index = spyndexIndex(key)
    if (index) return this.index(index, part)
    if (role) return { node: this.read(role), unit: 'dn', label: key.toUpperCase() }
    const held = [...inputs.roles].sort().join(', ')
    throw new Refusal(part, `no file layer, product or spectral index named "${key}" can be read or computed (the files hold ${held || 'no named layers'})`)
  }

  /** LST from a layer the files carry, or retrieved from band 10 of a Landsat scene or from thermal bands. */
  private lstLayer(part: string): Layer {
    const inputs = this.inputs
    // A day and a night LST layer and no time of day asked: taking the daytime one would answer another question.
    if (!pickRole(inputs, 'LST') && pickRole(inputs, 'LST_DAY') && pickRole(inputs, 'LST_NIGHT'))
      throw new Refusal(part, 'the files hold a daytime and a night-time LST layer and the question names neither (or both); ask for one of them')
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
    const methodWord = m
      ? {
          ttm: 'three-temperature method (TTM)',
          tes: 'TES',
          split_window: 'split-window method',
          multi_channel: 'two-channel method',
          single_channel: 'single-channel method',
        }[m]
      : ''
    const astBands = (ns: number[]) => ns.map((n) => pickRole(inputs, `BT${n}`)).filter((r): r is string => r !== null)
    if (m === 'ttm' || m === 'tes') {
      const bands = astBands(m === 'ttm' ? [10, 11, 12] : [10, 11, 12, 13, 14])
      if (bands.length < (m === 'ttm' ? 3 : 2))
        throw new Refusal(
          part,
          `the ${methodWord} needs ASTER brightness temperatures ${m === 'ttm' ? 'of bands 10, 11 and 12' : 'of at least two of bands 10-14'} (files named ..._BT_10.tif ...), which the files do not hold`,
        )
      const layers = Object.fromEntries(
        bands.map((r, i) => [`t${i + 1}`, this.b.add(this.id(`t${i + 1}`), 'raster.read', { role: r }, { data: this.catalog })]),
      )
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
        const node = this.b.add(
          this.id('lst'),
          'raster.product',
          { product: 'split_window_lst' },
          { ti: rd(t31, 't31'), tj: rd(t32, 't32'), emis_i: rd(e31, 'e31'), emis_j: rd(e32, 'e32') },
        )
        return { node, unit: 'K', label: 'land surface temperature (split window of bands 31/32 with their emissivities)' }
      }
      const node = this.b.add(this.id('lst'), 'raster.product', { product: 'multi_channel_lst' }, { t31: rd(t31, 't31'), t32: rd(t32, 't32') })
      return {
        node,
        unit: 'K',
        label: `land surface temperature (two-channel form of bands 31/32${m === 'split_window' ? '; no band emissivity layers, so the split window without them' : ''})`,
      }
    }
    const bt = this.btLayer()
    const red = pickRole(inputs, 'B4', 'RED', 'SR_B4')
    const nir = pickRole(inputs, 'B5', 'NIR', 'SR_B5')
    if (bt && red && nir && (m === null || m === 'single_channel')) {
      const btNode = this.b.add(this.id('bt'), 'raster.read', { role: bt, unit: 'K' }, { data: this.catalog })
      const ndvi = this.b.add(
        this.id('ndvi'),
        'raster.product',
        { product: 'normalized_difference', epsilon: 1e-6 },
        {
          a: this.b.add(this.id('nir'), 'raster.read', { role: nir }, { data: this.catalog }),
          b: this.b.add(this.id('red'), 'raster.read', { role: red }, { data: this.catalog }),
        },
      )
      this.layers.set('ndvi', { node: ndvi, unit: 'dimensionless', label: `NDVI = (${nir} - ${red}) / (${nir} + ${red})` })
      const node = this.b.add(this.id('lst'), 'raster.product', { product: 'single_channel_lst' }, { bt: btNode, ndvi })
      return { node, unit: 'K', label: `land surface temperature (single-channel, ${bt} as brightness temperature in K, NDVI emissivity)` }
    }
    if (m)
      throw new Refusal(
        part,
        `the ${methodWord} needs ${m === 'single_channel' ? 'a band-10 brightness temperature with bands 4 and 5' : m === 'split_window' || m === 'multi_channel' ? 'band 31 and 32 brightness temperatures' : 'its bands'}, which the files do not hold`,
      )
    if (astBands([10, 11, 12]).length >= 2)
      throw new Refusal(
        part,
        'the files hold ASTER band 10-14 brightness temperatures but the question names no method to retrieve LST from them (the three-temperature method, TTM, or TES)',
      )
    return null
  }

  /** A spyndex index evaluated from band roles; constants take the catalogue's defaults. */
  /**
   * A variable the question defines by a band formula, computed as written: each band of it read the way a band named
   * alone is (TOA reflectance on a Landsat scene with its MTL, else as stored), then the expression. A ratio of bands in
   * one unit is dimensionless; other units follow from the expression.
   */
  private formula(key: string, f: { expr: string; text: string }, part: string): Layer {
    // A formula written for a catalogue index that is not the catalogue's formula is another index under the same
    // name (Gao's NDWI written for McFeeters', a misread name): refused, naming both, rather than answered under that name.
    const ix = spyndexIndex(key)
    const catalogued = ix ? this.catalogueExpr(ix) : null
    if (ix && catalogued && !sameValues(parseExpr(f.expr), parseExpr(catalogued), oliBandKey))
      throw new Refusal(
        f.text,
        `the formula written is not ${ix.key}'s in the catalogue (${ix.key} = ${ix.formula}, the ${ix.long_name}); name the index the formula computes, or write the formula alone`,
      )
    const names = [...exprVariables(parseExpr(f.expr))].sort()
    const bands = names.map((n) => ({ n, layer: this.variable(n, part) }))
    const units = new Set(bands.map((x) => x.layer.unit))
    const ratio = units.size === 1 && f.expr.includes('/')
    const shown = key === 'formula' ? 'the formula' : /_minus_/.test(key) ? key.replace('_minus_', ' - ') : key.toUpperCase()
    const node = this.b.add(
      this.id(`formula_${key}`),
      'raster.algebra',
      { expr: f.expr, ...(ratio ? { unit: 'dimensionless' } : {}), index: key.toUpperCase() },
      Object.fromEntries(bands.map((x) => [x.n, x.layer.node])),
    )
    return {
      node,
      unit: ratio ? 'dimensionless' : [...units][0],
      label: `${shown} = ${f.text} as the question writes it (${bands.map((x) => `${x.n}: ${x.layer.label}`).join('; ')})`,
    }
  }

  /** A catalogue formula over band keys ('nir', 'red' ...) with its constants as numbers, or null when a letter is neither. */
  private catalogueExpr(ix: SpyIndex): string | null {
    const { constants } = spyndex()
    let expr = ix.formula.replace(/\*\*/g, '^')
    for (const letter of [...ix.bands].sort((a, b) => b.length - a.length)) {
      const key = BAND_ROLES.find((b) => b.role === letter)?.key
      const c = this.constants[letter] ?? constants[letter]?.default
      const value = key ?? (c === null || c === undefined ? null : `(${c})`)
      if (value === null) return null
      expr = expr.replace(new RegExp(`\\b${letter}\\b`, 'g'), value)
    }
    return expr
  }

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
        else layers[band] = this.read(r, undefined, this.zeroDn)
        continue
      }
      const c = this.constants[band] ?? constants[band]?.default
      if (c === null || c === undefined) missing.push(band)
      else expr = expr.replace(new RegExp(`\\b${band}\\b`, 'g'), `(${c})`)
    }
    if (missing.length)
      throw new Refusal(part, `${ix.key} (${ix.long_name}) needs the ${missing.join(', ')} band${missing.length > 1 ? 's' : ''}, which the files do not hold`)
    // A normalised difference of two bands, (X - Y)/(X + Y), is the engine's normalized_difference product. Series
    // layouts (Earth-Bench files) take the Earth-Agent convention, epsilon 1e-6 in the denominator; Landsat TOA
    // scenes none (pixels with X + Y = 0 are invalid).
    const nd = /^\(\s*(\w+)\s*-\s*(\w+)\s*\)\s*\/\s*\(\s*\1\s*\+\s*\2\s*\)$/.exec(ix.formula.trim())
    if (nd && layers[nd[1]] && layers[nd[2]]) {
      const epsilon = this.landsat ? 0 : 1e-6
      const node = this.b.add(
        this.id(ix.key.toLowerCase()),
        'raster.product',
        { product: 'normalized_difference', epsilon },
        { a: layers[nd[1]], b: layers[nd[2]] },
      )
      return {
        node,
        unit: 'dimensionless',
        label: `${ix.key} = ${ix.formula}${this.landsat ? ' on TOA reflectance' : ''}${epsilon ? ` (epsilon ${epsilon} in the denominator)` : ''}`,
      }
    }
    const dnBands = !this.landsat && Object.keys(layers).length > 0 && !this.inputs.dateVarSeries
    const node = this.b.add(this.id(ix.key.toLowerCase()), 'raster.algebra', { expr, unit: 'dimensionless', index: ix.key }, layers)
    const stated = ix.bands.filter((band) => this.constants[band] !== undefined).map((band) => `${band} = ${this.constants[band]}`)
    return {
      node,
      unit: 'dimensionless',
      label: `${ix.key} = ${ix.formula}${stated.length ? ` with ${stated.join(', ')}` : ''}${this.landsat ? ' on TOA reflectance' : dnBands ? ' on the bands as stored' : ''}`,
    }
  }
}
