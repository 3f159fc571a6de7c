/**
 * `asset.catalog`: turns a folder or a file list into dated assets whose bands carry roles, scale/offset, unit
 * and fill value, so later nodes ask for `red` or `LST` rather than a path.
 *
 * Calibration (Landsat, from the `_MTL.txt` beside the bands; USGS Landsat 8 Data Users Handbook, section 5):
 * `calibration: 'toa'` turns reflective bands into TOA reflectance rho = DN * REFLECTANCE_MULT + REFLECTANCE_ADD
 * (divided by sin(SUN_ELEVATION) only with `sun_correction: true`) and thermal bands into radiance
 * L = DN * RADIANCE_MULT + RADIANCE_ADD with K1/K2 kept for brightness temperature; Collection-2 Level-2 SR_/ST_
 * bands use the Level-2 groups' multipliers (surface reflectance, surface temperature in K).
 * Landsat Level-1 fill is DN 0 (USGS), so Landsat bands carry nodata 0 even when the file has no nodata tag.
 * Series files take scale/offset from `scales`, else from the file's GDAL metadata, else from the storage type and the
 * variable vocabulary (see seriesBand); they are grouped into assets by series-grouping.ts.
 */
import fs from 'node:fs'
import path from 'node:path'
import { fileKind } from '../regular-file'
import { isPicturePath } from '../picture-raster'
import { addPictures } from './pictures'
import { readProblem, TiffFile } from '../tiff/reader'
import type { Unit } from '../units'
import { mtlFactor as mtlNumber, MtlError, readMtl, type Mtl } from './mtl'
import { landsatRoles, landsatThermal, parseName, sentinel2Roles, type ParsedName, type SeriesName } from './names'
import { seriesGrouping } from './series-grouping'
import { variableInfo } from './series-vocabulary'

export * from './types'
import { CatalogError, storedBandRef, type Asset, type BandRef, type Catalog, type CatalogParams, type Coverage, type ScaleSpec } from './types'

const RASTER_EXT = /\.(tif|tiff|jp2)$/i

/** Unit of a series variable when only its name is known: temperatures in K, spectral indices dimensionless. */
function unitFromName(variable: string, scaled: boolean): Unit {
  if (/^(LST|BT|TEMP|TS)(_|$)/i.test(variable)) return scaled ? 'K' : 'dn'
  if (/^(NDVI|EVI|NDWI|MNDWI|NDBI|NBR|NDSI|SAVI|TVDI|ALBEDO|EMIS)/i.test(variable)) return scaled ? 'dimensionless' : 'dn'
  return 'dn'
}

/**
 * One series band: scale, offset and unit, in this order of authority: params.scales; the file's GDAL metadata
 * scale/offset; for floating-point storage, the values as stored in the unit the name implies; for integer storage,
 * the product's standard scale where the vocabulary names one (MOD09 0.0001, MOD11 emissivity, Landsat C2 L2),
 * else raw DN. scaleSource says which rule applied and what the name was taken to mean.
 */
function seriesBand(file: string, variable: string, spec: ScaleSpec | undefined): BandRef {
  const info = variableInfo(variable)
  const meaning = info ? `; ${info.note}` : ''
  const base = { name: variable, path: file, band: 1, ...(info?.nodata !== undefined ? { nodata: info.nodata } : {}) }
  if (spec && (spec.scale !== undefined || spec.offset !== undefined)) {
    const unit = spec.unit ?? unitFromName(variable, true)
    return {
      ...base,
      scale: spec.scale ?? 1,
      offset: spec.offset ?? 0,
      unit,
      scaleSource: 'params.scales' + (spec.unit ? '' : ', unit from the variable name'),
    }
  }
  const tif = openTiff(file)
  const float = tif.sampleType === 'float32' || tif.sampleType === 'float64'
  const metaScale = tif.metadataScale.get(1)
  const metaOffset = tif.metadataOffset.get(1)
  tif.close()
  if (metaScale !== undefined || metaOffset !== undefined) {
    const unit = spec?.unit ?? info?.unit ?? unitFromName(variable, true)
    return {
      ...base,
      scale: metaScale ?? 1,
      offset: metaOffset ?? 0,
      unit,
      scaleSource: `GDAL metadata scale/offset, unit from ${spec?.unit ? 'params.scales' : 'the variable name'}${meaning}`,
    }
  }
  if (spec?.unit) return { ...base, scale: 1, offset: 0, unit: spec.unit, scaleSource: 'params.scales (unit only)' }
  if (float && info?.unit)
    return { ...base, scale: 1, offset: 0, unit: info.unit, scaleSource: `values as stored (floating point), unit from the variable name${meaning}` }
  if (!float && info?.integerScale) {
    const s = info.integerScale
    return { ...base, scale: s.scale, offset: s.offset, unit: info.unit ?? 'dn', scaleSource: `${s.source}${meaning}` }
  }
  return {
    ...base,
    scale: 1,
    offset: 0,
    unit: 'dn',
    scaleSource: `raw DN${info ? ` (${float ? 'no engine unit' : 'integer storage without a declared scale'})` : ''}${meaning}`,
  }
}

/** Open a catalog file's header; a damaged, unsupported or special file is a CatalogError naming it. */
function openTiff(file: string): TiffFile {
  try {
    return TiffFile.open(file)
  } catch (err) {
    throw new CatalogError(readProblem(file, err).replace(/\.$/, ''))
  }
}

function days(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000)
}

function coverageOf(dates: string[], start: string | null, end: string | null): Coverage {
  const sorted = [...new Set(dates)].sort()
  let gap: number | null = null
  if (sorted.length) {
    const points = [...(start ? [start] : []), ...sorted, ...(end ? [end] : [])]
    gap = 0
    for (let i = 1; i < points.length; i++) gap = Math.max(gap, days(points[i - 1], points[i]))
  }
  return {
    requested: { start, end },
    dates: sorted,
    count: sorted.length,
    first: sorted[0] ?? null,
    last: sorted[sorted.length - 1] ?? null,
    largest_gap_days: gap,
  }
}

function landsatBand(file: string, name: Extract<ParsedName, { kind: 'landsat' }>, mtl: Mtl | null, p: CatalogParams): BandRef {
  const num = name.band.replace(/^(SR|ST)_B/, '').replace(/^B/, '')
  const thermal = landsatThermal(name.mission, name.band)
  const ref: BandRef = { name: name.band, path: file, band: 1, scale: 1, offset: 0, unit: 'dn', nodata: 0, scaleSource: 'raw DN' }
  // BQA (Collection 1) and QA_PIXEL (Collection 2): bit 0 is the fill flag, so the fill pixel's value is 1. In
  // QA_RADSAT bit 0 means "band 1 saturated" (USGS Landsat 8-9 Collection 2 Level-1 DFCB, QA_RADSAT table), not
  // fill: its value 1 is a valid observation, so it keeps the file's own nodata tag.
  if (name.band === 'BQA' || name.band === 'QA_PIXEL') return { ...ref, nodata: 1, scaleSource: 'QA bits (fill bit 0)' }
  if (name.band.startsWith('QA')) return { ...ref, nodata: undefined, scaleSource: 'QA bits' }
  if (!mtl) return ref
  const k1 = mtlNumber(mtl, `K1_CONSTANT_BAND_${num}`, ['TIRS_THERMAL_CONSTANTS', 'LEVEL1_THERMAL_CONSTANTS', 'THERMAL_CONSTANTS'])
  const k2 = mtlNumber(mtl, `K2_CONSTANT_BAND_${num}`, ['TIRS_THERMAL_CONSTANTS', 'LEVEL1_THERMAL_CONSTANTS', 'THERMAL_CONSTANTS'])
  const meta: Record<string, number> = {}
  if (k1 !== undefined && k2 !== undefined) Object.assign(meta, { k1, k2 })
  if (Object.keys(meta).length) ref.meta = meta
  if (p.calibration !== 'toa') return ref
  if (name.band.startsWith('SR_')) {
    const mult = mtlNumber(mtl, `REFLECTANCE_MULT_BAND_${num}`, ['LEVEL2_SURFACE_REFLECTANCE_PARAMETERS'])
    const add = mtlNumber(mtl, `REFLECTANCE_ADD_BAND_${num}`, ['LEVEL2_SURFACE_REFLECTANCE_PARAMETERS'])
    if (mult === undefined || add === undefined) throw new CatalogError(`the MTL of ${path.basename(file)} has no Level-2 reflectance factors for band ${num}`)
    return { ...ref, scale: mult, offset: add, unit: 'reflectance', scaleSource: 'MTL LEVEL2_SURFACE_REFLECTANCE_PARAMETERS' }
  }
  if (name.band.startsWith('ST_')) {
    const mult = mtlNumber(mtl, `TEMPERATURE_MULT_BAND_ST_B${num}`)
    const add = mtlNumber(mtl, `TEMPERATURE_ADD_BAND_ST_B${num}`)
    if (mult === undefined || add === undefined) throw new CatalogError(`the MTL of ${path.basename(file)} has no surface-temperature factors for band ${num}`)
    return { ...ref, scale: mult, offset: add, unit: 'K', scaleSource: 'MTL LEVEL2_SURFACE_TEMPERATURE_PARAMETERS' }
  }
  const groups = ['RADIOMETRIC_RESCALING', 'LEVEL1_RADIOMETRIC_RESCALING']
  if (thermal) {
    const mult = mtlNumber(mtl, `RADIANCE_MULT_BAND_${num}`, groups)
    const add = mtlNumber(mtl, `RADIANCE_ADD_BAND_${num}`, groups)
    if (mult === undefined || add === undefined) throw new CatalogError(`the MTL of ${path.basename(file)} has no radiance factors for band ${num}`)
    return { ...ref, scale: mult, offset: add, unit: 'radiance', scaleSource: 'MTL RADIANCE_MULT/ADD' }
  }
  const mult = mtlNumber(mtl, `REFLECTANCE_MULT_BAND_${num}`, groups)
  const add = mtlNumber(mtl, `REFLECTANCE_ADD_BAND_${num}`, groups)
  if (mult === undefined || add === undefined) return ref // e.g. a band without reflectance factors stays DN
  let scale = mult
  let offset = add
  let source = 'MTL REFLECTANCE_MULT/ADD (no sun-angle correction)'
  if (p.sun_correction) {
    const elev = mtlNumber(mtl, 'SUN_ELEVATION')
    if (elev === undefined || elev <= 0) throw new CatalogError(`sun_correction needs SUN_ELEVATION in the MTL of ${path.basename(file)}`)
    const s = Math.sin((elev * Math.PI) / 180)
    scale /= s
    offset /= s
    source = `MTL REFLECTANCE_MULT/ADD divided by sin(SUN_ELEVATION ${elev})`
  }
  return { ...ref, scale, offset, unit: 'reflectance', scaleSource: source }
}

/**
 * The files a catalog looks at. A folder is listed for raster files and Landsat MTL texts only: other entries are
 * neither opened nor named (a catalog of a folder never reveals what else it holds), and entries named like rasters
 * that are not regular files (FIFOs, devices, sockets, folders) are left out with the reason, before any is opened.
 */
function listFiles(p: CatalogParams, baseDir: string): { files: string[]; skipped: Catalog['skipped'] } {
  const skipped: Catalog['skipped'] = []
  const keep = (file: string): boolean => {
    let st: fs.Stats
    try {
      st = fs.statSync(file)
    } catch {
      return true // reported as missing by the caller
    }
    if (st.isFile()) return true
    skipped.push({ file: path.basename(file), reason: `${fileKind(st)}, not a regular file` })
    return false
  }
  if (p.files?.length) return { files: p.files.map((f) => path.resolve(baseDir, f)).filter(keep), skipped }
  if (!p.dir) throw new CatalogError('asset.catalog needs params.dir (a folder) or params.files (a list of files)')
  const dir = path.resolve(baseDir, p.dir)
  let names: string[]
  try {
    names = fs.readdirSync(dir)
  } catch {
    throw new CatalogError(`the folder '${path.basename(dir)}' cannot be read; check params.dir`)
  }
  const listed = names.filter((n) => RASTER_EXT.test(n) || /_MTL\.txt$/i.test(n)).sort()
  const others = names.length - listed.length
  if (others > 0) skipped.push({ file: `(${others} other entr${others === 1 ? 'y' : 'ies'})`, reason: 'not raster or MTL files; not listed' })
  return { files: listed.map((n) => path.join(dir, n)).filter(keep), skipped }
}

/** An MTL the catalog cannot use (too big, binary, contradictory, impossible factors) as a CatalogError. */
function asCatalogError<T>(fn: () => T): T {
  try {
    return fn()
  } catch (err) {
    if (err instanceof MtlError) throw new CatalogError(err.message.replace(/[.\s]+$/, ''))
    throw err
  }
}

/** Build the catalog (see the module comment). Throws CatalogError with one sentence on a bad request. */
export function buildCatalog(p: CatalogParams, baseDir: string): Catalog {
  const { files, skipped } = listFiles(p, baseDir)
  const mtls = new Map<string, Mtl>()
  for (const f of files)
    if (/_MTL\.txt$/i.test(f))
      mtls.set(
        path
          .basename(f)
          .replace(/_MTL\.txt$/i, '')
          .toUpperCase(),
        asCatalogError(() => readMtl(f)),
      )
  const assets = new Map<string, Asset>()
  const phases = p.phases?.map((x) => x.toLowerCase())
  const numericRoles = Object.entries(p.role_bands ?? {}).filter(([, v]) => typeof v === 'number') as [string, number][]
  const grouping = seriesGrouping(files.map((f) => parseName(path.basename(f))).filter((n): n is SeriesName => n?.kind === 'series'))

  const pictures = files.filter((f) => isPicturePath(f))
  addPictures(pictures, files.filter((f) => RASTER_EXT.test(f)).length, p, assets, skipped)
  for (const file of files) {
    const base = path.basename(file)
    if (/_MTL\.txt$/i.test(base) || isPicturePath(base)) continue
    if (!RASTER_EXT.test(base)) {
      skipped.push({ file: base, reason: 'not a raster file' })
      continue
    }
    if (!fs.existsSync(file)) throw new CatalogError(`the file '${base}' does not exist`)
    const parsed = parseName(base)
    if (!parsed) {
      if (numericRoles.length === 0) {
        skipped.push({
          file: base,
          reason: 'name carries no date or band convention the catalog knows (give role_bands with band numbers to use it as one undated asset)',
        })
        continue
      }
      const stem = base.replace(RASTER_EXT, '')
      const tif = openTiff(file)
      const bands: Record<string, BandRef> = {}
      for (const [role, band] of numericRoles) {
        if (band < 1 || band > tif.bandCount) {
          tif.close()
          throw new CatalogError(`role_bands.${role} asks for band ${band}, but ${base} has ${tif.bandCount} band(s)`)
        }
        bands[role] = storedBandRef(p, role, `band ${band}`, file, band, 'raw DN')
      }
      tif.close()
      assets.set(stem, { id: stem, date: null, sensor: 'unknown', bands })
      continue
    }
    let asset: Asset
    if (parsed.kind === 'series') {
      if (phases && parsed.phase && !phases.includes(parsed.phase)) continue
      // Variable names match case-insensitively, as role names do (LST_Day in a file, LST_DAY in a plan).
      const spec = p.scales?.[parsed.variable] ?? Object.entries(p.scales ?? {}).find(([k]) => k.toUpperCase() === parsed.variable.toUpperCase())?.[1]
      const ref = seriesBand(file, parsed.variable, spec)
      ref.phase = parsed.phase
      const notes = grouping.notesOf(parsed)
      for (const id of grouping.idsOf(parsed)) {
        const a = assets.get(id) ?? { id, date: parsed.date, sensor: grouping.placeOf(parsed) || 'series', bands: {} }
        if (notes.length) a.notes = [...new Set([...(a.notes ?? []), ...notes])]
        a.bands[parsed.variable] = ref
        // Roles the name makes unambiguous (sur_refl_b01 -> red); a role never replaces a layer of the same name.
        const has = (k: string) => Object.keys(a.bands).some((b) => b.toUpperCase() === k.toUpperCase())
        for (const role of variableInfo(parsed.variable)?.roles ?? []) if (!has(role)) a.bands[role] = ref
        assets.set(id, a)
      }
      continue
    } else if (parsed.kind === 'landsat') {
      asset = assets.get(parsed.scene) ?? {
        id: parsed.scene,
        date: parsed.date,
        sensor: `Landsat ${parsed.mission} ${parsed.sensor} ${parsed.level}`,
        bands: {},
      }
      const ref = asCatalogError(() => landsatBand(file, parsed, mtls.get(parsed.scene.toUpperCase()) ?? null, p))
      asset.bands[parsed.band] = ref
      for (const role of landsatRoles(parsed.mission, parsed.band)) asset.bands[role] = ref
    } else {
      asset = assets.get(parsed.scene) ?? { id: parsed.scene, date: parsed.date, sensor: 'Sentinel-2 MSI', bands: {} }
      const s = p.calibration === 'toa' && parsed.band !== 'SCL'
      const ref: BandRef = {
        name: parsed.band,
        path: file,
        band: 1,
        scale: s ? 1e-4 : 1,
        offset: 0,
        unit: s ? 'reflectance' : 'dn',
        nodata: 0,
        scaleSource: s ? 'DN / 10000 (processing baseline before 04.00; give scales with offset -0.1 for later baselines)' : 'raw DN',
      }
      asset.bands[parsed.band] = ref
      for (const role of sentinel2Roles(parsed.band)) asset.bands[role] = ref
    }
    assets.set(asset.id, asset)
  }

  // role_bands: bind roles to named bands (numbers were handled above for undated files).
  for (const [role, band] of Object.entries(p.role_bands ?? {})) {
    if (typeof band === 'number') continue
    for (const a of assets.values()) {
      const ref = a.bands[band] ?? Object.entries(a.bands).find(([k]) => k.toUpperCase() === band.toUpperCase())?.[1]
      if (!ref) throw new CatalogError(`role_bands.${role} names band '${band}', which asset ${a.id} does not have (it has ${Object.keys(a.bands).join(', ')})`)
      a.bands[role] = ref
    }
  }
  // Scales given for roles (rather than file variables) apply to those roles.
  for (const [role, s] of Object.entries(p.scales ?? {})) {
    for (const a of assets.values()) {
      const ref = a.bands[role]
      if (ref && ref.scaleSource !== 'params.scales')
        a.bands[role] = { ...ref, scale: s.scale ?? ref.scale, offset: s.offset ?? ref.offset, unit: s.unit ?? ref.unit, scaleSource: 'params.scales' }
    }
  }

  let list = [...assets.values()]
  const start = p.start ?? null
  const end = p.end ?? null
  if (start || end) {
    list = list.filter((a) => {
      if (!a.date) {
        skipped.push({ file: a.id, reason: 'undated, so outside any requested period' })
        return false
      }
      return (!start || a.date >= start) && (!end || a.date <= end)
    })
  }
  list.sort((a, b) => (a.date ?? '').localeCompare(b.date ?? '') || a.id.localeCompare(b.id))
  return {
    assets: list,
    skipped,
    coverage: coverageOf(
      list.flatMap((a) => (a.date ? [a.date] : [])),
      start,
      end,
    ),
  }
}
