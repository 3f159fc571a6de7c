/**
 * Product recipes of the rules backbone: how each physical product is built from catalogued band roles with the
 * execute operators (README of main/tools/execute). A recipe adds nodes to a DAG and returns the node holding one
 * product raster per date. A recipe that lacks a band role in the inputs says which, instead of guessing.
 */
import type { DagBuilder } from './dag-builder'
import { pickRole, type InputFiles } from './input-files'
import type { RecipeInputs } from './recipe-inputs'
import type { TvdiBinningKey } from '../../domain/lexicon/methods'

/**
 * The TVDI node's parameters and its label for a binning convention (lexicon TVDI_BINNINGS): where the last bin
 * stops changes a date's TVDI by up to about 0.01, so the answer names the convention it computed.
 */
export function tvdiProduct(binning: TvdiBinningKey): { params: Record<string, unknown>; label: string } {
  const open = binning === 'tvdi_open'
  return {
    params: { product: 'tvdi', bins: 100, min_pixels: 100, last_bin: open ? 'open' : 'closed' },
    label: open
      ? 'TVDI (100 NDVI bins, the maximum NDVI in none, as Earth-Agent bins it)'
      : 'TVDI (100 equal NDVI bins from the minimum to the maximum, the maximum in the last)',
  }
}

/** How a workflow is varied when the verifier rejects it or asks for more (workflow repair, paper 002 IV-D). */
export interface Variant {
  /** Bind every role explicitly with `role_bands` instead of relying on name parsing. */
  explicitRoles: boolean
  /** Apply the standard MODIS scale factors to digital numbers (off when the files already hold physical values). */
  scaled: boolean
  /** Enumerate the input files one by one instead of scanning the folder (another route to dates that went missing). */
  listFiles: boolean
}

export const BASE_VARIANT: Variant = { explicitRoles: false, scaled: true, listFiles: false }

/**
 * Standard scale factors of MODIS-style series named `<place>_<date>_<VAR>.tif`: MOD11 LST is stored as uint16
 * in units of 0.02 K; MOD13 NDVI and EVI as int16 in units of 0.0001. Applied only to those roles.
 */
const MODIS_SCALES: Record<string, { scale: number; unit: string }> = {
  LST: { scale: 0.02, unit: 'K' },
  LST_DAY: { scale: 0.02, unit: 'K' },
  LST_NIGHT: { scale: 0.02, unit: 'K' },
  NDVI: { scale: 0.0001, unit: 'dimensionless' },
  EVI: { scale: 0.0001, unit: 'dimensionless' },
}

export interface ProductPlan {
  /** Reference of the node holding the product collection. */
  node: string
  unit: string
  label: string
  /** Reference of a read node per role, for masks on another variable (e.g. LST > 300 K). */
  reads: Record<string, string>
}

export type RecipeResult = { ok: true; plan: ProductPlan } | { ok: false; missing: string }

export interface CatalogPeriod {
  start: string
  end: string
}

/**
 * Add the asset.catalog node over the inputs, filtered to the period. `within`: disjoint periods the question names
 * ("June and August 2023"); the catalog then lists only the files dated inside one of them, so the months between
 * are not averaged in, and keeps the span as its start/end so its evidence states what was asked.
 */
export function addCatalog(
  b: DagBuilder,
  inputs: InputFiles,
  period: CatalogPeriod | null,
  variant: Variant,
  roles: string[],
  id = 'catalog',
  within: CatalogPeriod[] = [],
): string {
  const params: Record<string, unknown> = inputs.dir && !variant.listFiles ? { dir: inputs.dir } : { files: inputs.files }
  if (within.length >= 2) {
    const inside = (f: string) => {
      const d = inputs.fileDates.get(f)
      return d !== undefined && within.some((p) => p.start <= d && d <= p.end)
    }
    // No file inside any period: keep the folder and the span, so the catalog reports that it found no assets
    // (an empty file list is no valid request).
    const files = inputs.files.filter(inside)
    if (files.length > 0) {
      delete params.dir
      params.files = files
    }
  }
  if (period) {
    params.start = period.start
    params.end = period.end
  }
  if (inputs.dateVarSeries) {
    const scales: Record<string, unknown> = {}
    for (const role of roles) {
      const s = MODIS_SCALES[role.toUpperCase()]
      if (s && variant.scaled) scales[role] = { scale: s.scale, unit: s.unit }
    }
    if (Object.keys(scales).length > 0) params.scales = scales
    if (variant.explicitRoles) params.role_bands = Object.fromEntries(roles.map((r) => [r, r]))
  }
  return b.add(id, 'asset.catalog', params)
}

function read(b: DagBuilder, catalog: string, role: string, id: string): string {
  return b.add(id, 'raster.read', { role }, { data: catalog })
}

const VEG_ROLES = ['NDVI', 'EVI', 'SAVI']
const LST_ROLES = ['LST', 'LST_DAY', 'LST_NIGHT', 'LST_K']
const DAY_ROLES = ['BT_DAY', 'DAY', 'LST_DAY']
const NIGHT_ROLES = ['BT_NIGHT', 'NIGHT', 'LST_NIGHT']

/** Which roles a product needs from these inputs (for the catalog's scales and role bindings). */
export function rolesFor(view: RecipeInputs, inputs: InputFiles): string[] {
  const roles: string[] = []
  const add = (r: string | null) => r && !roles.includes(r) && roles.push(r)
  add(pickRole(inputs, ...LST_ROLES))
  add(view.index ? pickRole(inputs, view.index.toUpperCase(), ...VEG_ROLES) : pickRole(inputs, ...VEG_ROLES))
  return roles
}

/** Add the nodes of the product the view asks for; `catalog` is the asset.catalog reference. */
export function addProduct(b: DagBuilder, view: RecipeInputs, inputs: InputFiles, catalog: string): RecipeResult {
  const veg = view.index && inputs.roles.has(view.index.toUpperCase()) ? view.index.toUpperCase() : pickRole(inputs, ...VEG_ROLES)
  const lst = pickRole(inputs, ...LST_ROLES)
  switch (view.product) {
    case 'tvdi': {
      if (!lst) return { ok: false, missing: 'a land surface temperature layer (files named ..._LST.tif)' }
      if (!veg) return { ok: false, missing: 'a vegetation index layer (files named ..._NDVI.tif or ..._EVI.tif)' }
      const l = read(b, catalog, lst, 'lst')
      const v = read(b, catalog, veg, veg.toLowerCase())
      const t = tvdiProduct(view.tvdiBinning)
      const node = b.add('tvdi', 'raster.product', t.params, { ndvi: v, lst: l })
      return { ok: true, plan: { node, unit: 'dimensionless', label: t.label, reads: { lst: l, [veg.toLowerCase()]: v } } }
    }
    case 'lst':
      return addLst(b, view, inputs, catalog, lst, veg)
    case 'index': {
      const name = (view.index ?? 'ndvi').toUpperCase()
      if (inputs.roles.has(name)) {
        const v = read(b, catalog, name, name.toLowerCase())
        return { ok: true, plan: { node: v, unit: 'dimensionless', label: name, reads: { [name.toLowerCase()]: v } } }
      }
      const pairs = INDEX_BANDS[name]
      if (!pairs) return { ok: false, missing: `a recipe for the index ${name}` }
      // The first definition whose two bands are both there (NDWI: Gao's NIR/SWIR1, else McFeeters' green/NIR).
      const pair = pairs.find((x) => pickRole(inputs, ...x[0]) && pickRole(inputs, ...x[1])) ?? pairs[0]
      const a = pickRole(inputs, ...pair[0])
      const c = pickRole(inputs, ...pair[1])
      if (!a || !c) return { ok: false, missing: `the bands of ${name} (${pair[0][0]} and ${pair[1][0]})` }
      const ra = read(b, catalog, a, a.toLowerCase())
      const rc = read(b, catalog, c, c.toLowerCase())
      const node = b.add(name.toLowerCase(), 'raster.product', { product: 'normalized_difference', epsilon: 1e-6 }, { a: ra, b: rc })
      return { ok: true, plan: { node, unit: 'dimensionless', label: name, reads: {} } }
    }
    case 'pwv': {
      // MODIS_Bnn: roles of MODIS-numbered series (sur_refl_b02, Reflectance_19); B02/B19: bare band names.
      const w = pickRole(inputs, 'MODIS_B02', 'B02', 'B2')
      const abs = pickRole(inputs, 'MODIS_B19', 'MODIS_B18', 'MODIS_B17', 'B19', 'B18', 'B17')
      const w2 = pickRole(inputs, 'MODIS_B05', 'B05', 'B5')
      if (!w || !abs) return { ok: false, missing: 'MODIS bands b02 (0.865 um) and b19/b18/b17 (absorption)' }
      const inputsOf: Record<string, string> = { window: read(b, catalog, w, 'window'), absorb: read(b, catalog, abs, 'absorb') }
      if (w2) inputsOf.window2 = read(b, catalog, w2, 'window2')
      const node = b.add('pwv', 'raster.product', { product: 'pwv_band_ratio' }, inputsOf)
      return { ok: true, plan: { node, unit: 'g/cm2', label: 'precipitable water vapour', reads: {} } }
    }
    case 'ati': {
      const albedo = pickRole(inputs, 'ALBEDO')
      const day = pickRole(inputs, ...DAY_ROLES)
      const night = pickRole(inputs, ...NIGHT_ROLES)
      if (!albedo || !day || !night) return { ok: false, missing: 'albedo, daytime and night-time temperature layers' }
      const node = b.add(
        'ati',
        'raster.product',
        { product: 'apparent_thermal_inertia' },
        {
          albedo: read(b, catalog, albedo, 'albedo'),
          day: read(b, catalog, day, 'day'),
          night: read(b, catalog, night, 'night'),
        },
      )
      return { ok: true, plan: { node, unit: '1/K', label: 'apparent thermal inertia', reads: {} } }
    }
    default:
      return { ok: false, missing: 'a product this question asks about (an index, LST, TVDI, water vapour or thermal inertia)' }
  }
}

/**
 * Band pairs (a, b) of normalised-difference indices: (a - b) / (a + b), in order of preference. NDWI has two
 * published definitions: Gao (1996) NIR/SWIR1 and McFeeters (1996) green/NIR; the second is used only when the
 * inputs lack a SWIR band (e.g. Landsat SR_B3 + SR_B5 folders).
 */
const INDEX_BANDS: Record<string, [string[], string[]][]> = {
  NDVI: [
    [
      ['NIR', 'B5', 'B8', 'B08'],
      ['RED', 'B4', 'B04'],
    ],
  ],
  NDWI: [
    [
      ['NIR', 'B5', 'B8', 'B08'],
      ['SWIR1', 'B6', 'B11'],
    ],
    [
      ['GREEN', 'B3', 'B03'],
      ['NIR', 'B5', 'B8', 'B08'],
    ],
  ],
  MNDWI: [
    [
      ['GREEN', 'B3', 'B03'],
      ['SWIR1', 'B6', 'B11'],
    ],
  ],
  NDBI: [
    [
      ['SWIR1', 'B6', 'B11'],
      ['NIR', 'B5', 'B8', 'B08'],
    ],
  ],
  NBR: [
    [
      ['NIR', 'B5', 'B8', 'B08'],
      ['SWIR2', 'B7', 'B12'],
    ],
  ],
  NDSI: [
    [
      ['GREEN', 'B3', 'B03'],
      ['SWIR1', 'B6', 'B11'],
    ],
  ],
}

function addLst(b: DagBuilder, view: RecipeInputs, inputs: InputFiles, catalog: string, lst: string | null, veg: string | null): RecipeResult {
  if (lst && (view.lstMethod === 'provided' || view.lstMethod === null)) {
    const l = read(b, catalog, lst, 'lst')
    const reads: Record<string, string> = { lst: l }
    if (veg) reads[veg.toLowerCase()] = read(b, catalog, veg, veg.toLowerCase())
    return { ok: true, plan: { node: l, unit: 'K', label: 'land surface temperature', reads } }
  }
  // ASTER TIR bands 10-14 as brightness temperatures (`2022_06_15_BT_10.tif` ...): TTM combines bands 10-12,
  // TES all the bands there are (the engine's ttm_lst and tes products state their conventions).
  if (view.lstMethod === 'ttm' || view.lstMethod === 'tes') {
    const bands = (view.lstMethod === 'ttm' ? [10, 11, 12] : [10, 11, 12, 13, 14]).map((n) => pickRole(inputs, `BT${n}`)).filter((r): r is string => r !== null)
    const need = view.lstMethod === 'ttm' ? 3 : 2
    if (bands.length < need)
      return {
        ok: false,
        missing: `ASTER thermal brightness temperatures ${view.lstMethod === 'ttm' ? 'of bands 10, 11 and 12' : 'of at least two of bands 10-14'} (files named ..._BT_10.tif ...)`,
      }
    const layers = Object.fromEntries(bands.map((r, i) => [`t${i + 1}`, read(b, catalog, r, `t${i + 1}`)]))
    const node = b.add('lst', 'raster.product', { product: view.lstMethod === 'ttm' ? 'ttm_lst' : 'tes' }, layers)
    return { ok: true, plan: { node, unit: 'K', label: 'land surface temperature', reads: {} } }
  }
  // An LST the question takes as given, with no LST layer but band 31/32 brightness temperatures: the two-channel form.
  const twoChannel = pickRole(inputs, 'B31', 'BT31', 'BAND31') && pickRole(inputs, 'B32', 'BT32', 'BAND32')
  if (view.lstMethod === 'single_channel' || (view.lstMethod === 'provided' && !twoChannel)) {
    // A band-10 brightness-temperature layer (`..._BT10.tif`) is already in kelvin; a band-10 radiance needs K1/K2.
    // A series band-10 token without a product id (`Chicago_B10_2024-01-07.tif`) has no MTL for K1/K2: the catalog
    // takes it as brightness temperature (input-files `temperatures`), so it is read as one.
    const seriesTir = pickRole(inputs, 'B10', 'TIR1')
    const btLayer = pickRole(inputs, 'BT10', 'BT_10', 'BT_B10', 'B10_BT') ?? (seriesTir && inputs.temperatures.has(seriesTir.toUpperCase()) ? seriesTir : null)
    const tir = btLayer ? null : seriesTir
    const red = pickRole(inputs, 'B4', 'RED', 'SR_B4')
    const nir = pickRole(inputs, 'B5', 'NIR', 'SR_B5')
    if ((!tir && !btLayer) || !red || !nir) return { ok: false, missing: 'Landsat 8 band 10 with bands 4 and 5 (or an LST layer)' }
    const bt = btLayer
      ? b.add('bt', 'raster.read', { role: btLayer, unit: 'K' }, { data: catalog })
      : b.add('bt', 'raster.product', { product: 'brightness_temperature' }, { data: read(b, catalog, tir!, 'tir') })
    const ndvi = b.add(
      'ndvi',
      'raster.product',
      { product: 'normalized_difference', epsilon: 1e-6 },
      {
        a: read(b, catalog, nir, 'nir'),
        b: read(b, catalog, red, 'red'),
      },
    )
    const node = b.add('lst', 'raster.product', { product: 'single_channel_lst' }, { bt, ndvi })
    return { ok: true, plan: { node, unit: 'K', label: 'land surface temperature', reads: { ndvi } } }
  }
  const t31 = pickRole(inputs, 'B31', 'BT31', 'BAND31')
  const t32 = pickRole(inputs, 'B32', 'BT32', 'BAND32')
  if (!t31 || !t32) return { ok: false, missing: 'thermal bands 31 and 32 (or an LST layer)' }
  const e31 = pickRole(inputs, 'EMIS31', 'E31')
  const e32 = pickRole(inputs, 'EMIS32', 'E32')
  if (view.lstMethod === 'split_window' && e31 && e32) {
    const node = b.add(
      'lst',
      'raster.product',
      { product: 'split_window_lst' },
      {
        ti: read(b, catalog, t31, 't31'),
        tj: read(b, catalog, t32, 't32'),
        emis_i: read(b, catalog, e31, 'e31'),
        emis_j: read(b, catalog, e32, 'e32'),
      },
    )
    return { ok: true, plan: { node, unit: 'K', label: 'land surface temperature', reads: {} } }
  }
  const node = b.add('lst', 'raster.product', { product: 'multi_channel_lst' }, { t31: read(b, catalog, t31, 't31'), t32: read(b, catalog, t32, 't32') })
  return { ok: true, plan: { node, unit: 'K', label: 'land surface temperature', reads: {} } }
}
