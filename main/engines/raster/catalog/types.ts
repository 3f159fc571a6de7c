/**
 * The catalog's types (assets, band references, parameters, coverage), its error and the reference to a band as
 * stored, apart from the code that builds it (catalog.ts) so the picture listing (pictures.ts) can share them.
 */
import type { Unit } from '../units'

export interface BandRef {
  /** The band's name in its product (B4, SR_B4, NDVI, band 2...). */
  name: string
  path: string
  /** 1-based band inside the file. */
  band: number
  scale: number
  offset: number
  unit: Unit
  /** Fill value to treat as invalid (raw DN); undefined = the file's own nodata tag. */
  nodata?: number
  /** Where scale/offset came from and what the file name was taken to mean, for the evidence. */
  scaleSource: string
  /** Calibration constants (k1, k2 for thermal bands). */
  meta?: Record<string, number>
  phase?: 'day' | 'night' | null
}

export interface Asset {
  id: string
  /** YYYY-MM-DD, or null for an undated file. */
  date: string | null
  sensor: string
  bands: Record<string, BandRef>
  /** Assumptions made from file names (grouping, date precision), shown in the evidence. */
  notes?: string[]
}

export interface ScaleSpec {
  scale?: number
  offset?: number
  unit?: Unit
}

export interface CatalogParams {
  dir?: string
  files?: string[]
  start?: string
  end?: string
  phases?: string[]
  role_bands?: Record<string, string | number>
  scales?: Record<string, ScaleSpec>
  calibration: 'dn' | 'toa'
  sun_correction: boolean
}

export interface Coverage {
  requested: { start: string | null; end: string | null }
  dates: string[]
  count: number
  first: string | null
  last: string | null
  /** Longest stretch without an asset, in days, counting from the requested start and to the requested end. */
  largest_gap_days: number | null
}

export interface Catalog {
  assets: Asset[]
  skipped: { file: string; reason: string }[]
  coverage: Coverage
}

export class CatalogError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'CatalogError'
  }
}

/**
 * A band read as stored (DN), unless `params.scales` gives the scale, offset or unit for `key`; `asStored` says in the
 * evidence what the stored values are.
 */
export function storedBandRef(p: CatalogParams, key: string, name: string, file: string, band: number, asStored: string): BandRef {
  const s = p.scales?.[key]
  return { name, path: file, band, scale: s?.scale ?? 1, offset: s?.offset ?? 0, unit: s?.unit ?? 'dn', scaleSource: s ? 'params.scales' : asStored }
}
