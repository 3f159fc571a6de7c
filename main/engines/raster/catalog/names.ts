/**
 * File-name conventions the catalog understands.
 *
 * - Landsat Collection-1/2 product ids (USGS Landsat Collection 1/2 naming, e.g.
 *   `LC08_L1TP_016037_20170813_20170814_01_RT_B4.TIF`, `LC09_L2SP_..._02_T1_SR_B4.TIF`): sensor, level,
 *   path/row, acquisition date, band suffix.
 * - Sentinel-2 band files (ESA product naming: `T33UUP_20200101T101411_B04_10m.jp2`, `..._B8A.tif`, `SCL`).
 * - Dated variable series `<place>_<YYYY-MM-DD or YYYYMMDD>_<VAR>.tif`, e.g. `Xinjiang_2019-03-06_LST.tif`;
 *   a `Day`/`Night` token in the variable names its phase. Other series layouts (variable before the date, no
 *   place, an HHMM time, year-only dates) are parsed by series-names.ts with the vocabulary of series-vocabulary.ts.
 * Landsat and Sentinel-2 product names are tried first, so they parse exactly as before.
 */
import { parseSeriesName, validDate, type SeriesName } from './series-names'

export type { SeriesName } from './series-names'

export interface LandsatName {
  kind: 'landsat'
  /** Scene id: the name without the band suffix. */
  scene: string
  mission: number
  sensor: string
  level: string
  date: string
  /** Band suffix as written: B4, B10, BQA, QA_PIXEL, SR_B4, ST_B10... */
  band: string
}

export interface Sentinel2Name {
  kind: 'sentinel2'
  scene: string
  date: string
  band: string
}

export type ParsedName = LandsatName | Sentinel2Name | SeriesName

const LANDSAT = /^(L([COTEM])0([1-9]))_(L1TP|L1GT|L1GS|L2SP|L2SR)_(\d{6})_(\d{4})(\d{2})(\d{2})_\d{8}_(0[12])_(T1|T2|RT)_(.+)\.tiff?$/i
const S2 = /^(.*?)(\d{4})(\d{2})(\d{2})T\d{6}.*?_(B0[1-9]|B1[0-2]|B8A|SCL|AOT|WVP)(?:_(?:10|20|60)m)?\.(?:jp2|tiff?)$/i

const SENSORS: Record<string, string> = { C: 'OLI/TIRS', O: 'OLI', T: 'TIRS', E: 'ETM+', M: 'MSS' }

export function parseName(file: string): ParsedName | null {
  let m = LANDSAT.exec(file)
  if (m) {
    const date = validDate(m[6], m[7], m[8])
    if (!date) return null
    const mission = Number(m[3])
    const sensor = m[2].toUpperCase() === 'T' && mission <= 5 ? 'TM' : (SENSORS[m[2].toUpperCase()] ?? m[2])
    return {
      kind: 'landsat',
      scene: file.slice(0, file.length - m[11].length - 1 - file.split('.').pop()!.length - 1),
      mission,
      sensor,
      level: m[4].toUpperCase(),
      date,
      band: m[11].toUpperCase(),
    }
  }
  m = S2.exec(file)
  if (m) {
    const date = validDate(m[2], m[3], m[4])
    if (!date) return null
    return { kind: 'sentinel2', scene: file.slice(0, file.toUpperCase().lastIndexOf(`_${m[5].toUpperCase()}`)), date, band: m[5].toUpperCase() }
  }
  return parseSeriesName(file)
}

/** Landsat band suffix -> role names, by mission (OLI/TIRS for 8-9, TM/ETM+ for 4-7). */
export function landsatRoles(mission: number, band: string): string[] {
  const b = band.replace(/^(SR|ST)_/, '')
  if (band === 'BQA' || band === 'QA_PIXEL') return ['qa']
  if (mission >= 8) {
    const oli: Record<string, string> = {
      B1: 'coastal',
      B2: 'blue',
      B3: 'green',
      B4: 'red',
      B5: 'nir',
      B6: 'swir1',
      B7: 'swir2',
      B8: 'pan',
      B9: 'cirrus',
      B10: 'tir1',
      B11: 'tir2',
    }
    return oli[b] ? [oli[b]] : []
  }
  const tm: Record<string, string> = {
    B1: 'blue',
    B2: 'green',
    B3: 'red',
    B4: 'nir',
    B5: 'swir1',
    B6: 'tir1',
    B6_VCID_1: 'tir1',
    B6_VCID_2: 'tir2',
    B7: 'swir2',
    B8: 'pan',
  }
  return tm[b] ? [tm[b]] : []
}

/** Sentinel-2 MSI band -> role names. */
export function sentinel2Roles(band: string): string[] {
  const roles: Record<string, string> = {
    B01: 'coastal',
    B02: 'blue',
    B03: 'green',
    B04: 'red',
    B05: 'rededge1',
    B06: 'rededge2',
    B07: 'rededge3',
    B08: 'nir',
    B8A: 'nir08',
    B09: 'watervapour',
    B10: 'cirrus',
    B11: 'swir1',
    B12: 'swir2',
    SCL: 'scl',
  }
  return roles[band] ? [roles[band]] : []
}

/** Whether a Landsat band is thermal (radiance/brightness temperature rather than reflectance). */
export function landsatThermal(mission: number, band: string): boolean {
  const b = band.replace(/^(SR|ST)_/, '')
  return mission >= 8 ? b === 'B10' || b === 'B11' : b.startsWith('B6')
}
