/**
 * A CRS as a definition rather than a label, so two grids are compared by what their coordinates mean: the
 * projection method with its parameters, the datum and the unit, read from the GeoKey directory (GeoTIFF 1.1,
 * OGC 19-008r4, sections 7.5-7.6). EPSG codes this module can expand (WGS 84 / UTM zones 32601-32660 and
 * 32701-32760, the UTM projections 16001-16060 / 16101-16160, WGS 84 geographic 4326) become the same parameters a
 * user-defined CRS would carry, so "EPSG:32617" equals a user-defined Transverse Mercator with UTM 17N's parameters
 * and differs from a custom Lambert. Other codes stay codes, compared as such. This plays the part a proj4 or WKT
 * comparison plays in GDAL (OSRIsSame), without an EPSG database on disk.
 */
import type { GeoKeyTags } from './tiff/reader'

/** Canonical description: method and parameters (numbers rounded to 1e-9), or an EPSG code left unexpanded. */
export type CrsDefinition = Record<string, number | string>

// GeoKey ids (GeoTIFF 1.1, table 4 onwards).
const K = {
  model: 1024,
  geographic: 2048,
  datum: 2050,
  projected: 3072,
  projection: 3074,
  method: 3075,
  linear: 3076,
  stdPar1: 3078,
  stdPar2: 3079,
  natLong: 3080,
  natLat: 3081,
  falseE: 3082,
  falseN: 3083,
  falseOrigLong: 3084,
  falseOrigLat: 3085,
  falseOrigE: 3086,
  falseOrigN: 3087,
  centerLong: 3088,
  centerLat: 3089,
  scale: 3092,
  azimuth: 3094,
} as const
const USER_DEFINED = 32767
/** EPSG geographic CRS -> its datum (WGS 84, NAD83, ETRS89, NAD27). */
const DATUM_OF: Record<number, number> = { 4326: 6326, 4269: 6269, 4258: 6258, 4267: 6267 }

function keyValues(tags: GeoKeyTags): Map<number, number | number[] | string> {
  const out = new Map<number, number | number[] | string>()
  const dir = tags.directory
  const n = Math.min(dir[3] ?? 0, Math.floor((dir.length - 4) / 4))
  for (let k = 0; k < n; k++) {
    const [id, loc, count, off] = dir.slice(4 + k * 4, 8 + k * 4)
    if (loc === 0) out.set(id, off)
    else if (loc === 34736 && tags.doubles) out.set(id, count === 1 ? tags.doubles[off] : tags.doubles.slice(off, off + count))
    else if (loc === 34737 && tags.ascii) out.set(id, tags.ascii.slice(off, off + count))
  }
  return out
}

const r9 = (v: number) => Number(v.toPrecision(10))

function utm(zone: number, south: boolean, datum: number): CrsDefinition {
  return { method: 1, lat0: 0, lon0: zone * 6 - 183, k: 0.9996, fe: 500000, fn: south ? 10000000 : 0, datum, unit: 9001 }
}

/** The definition of a grid's CRS from its GeoKey tags; null when the file has no CRS. */
export function crsDefinition(tags: GeoKeyTags | null): CrsDefinition | null {
  if (!tags || tags.directory.length < 4) return null
  const keys = keyValues(tags)
  const num = (id: number): number | undefined => {
    const v = keys.get(id)
    return typeof v === 'number' && Number.isFinite(v) ? v : undefined
  }
  const geographic = num(K.geographic)
  const datum = num(K.datum) ?? (geographic !== undefined ? (DATUM_OF[geographic] ?? geographic) : undefined) ?? 'unknown'
  const projected = num(K.projected)
  if (projected !== undefined && projected !== USER_DEFINED) {
    if (projected >= 32601 && projected <= 32660) return utm(projected - 32600, false, 6326)
    if (projected >= 32701 && projected <= 32760) return utm(projected - 32700, true, 6326)
    return { epsg: projected }
  }
  const model = num(K.model)
  if (model === 2 || (model === undefined && geographic !== undefined && projected === undefined)) {
    return { kind: 'geographic', datum, unit: 9102 }
  }
  if (model !== 1 && projected === undefined) return null
  const projection = num(K.projection)
  if (projection !== undefined && projection !== USER_DEFINED) {
    if (projection >= 16001 && projection <= 16060) return utm(projection - 16000, false, datum as number)
    if (projection >= 16101 && projection <= 16160) return utm(projection - 16100, true, datum as number)
    return { projection, datum }
  }
  const def: CrsDefinition = { method: num(K.method) ?? 'unknown', datum, unit: num(K.linear) ?? 9001 }
  const params: [string, number][] = [
    ['lat0', K.natLat],
    ['lon0', K.natLong],
    ['k', K.scale],
    ['fe', K.falseE],
    ['fn', K.falseN],
    ['lat1', K.stdPar1],
    ['lat2', K.stdPar2],
    ['flon', K.falseOrigLong],
    ['flat', K.falseOrigLat],
    ['fe', K.falseOrigE],
    ['fn', K.falseOrigN],
    ['clon', K.centerLong],
    ['clat', K.centerLat],
    ['azimuth', K.azimuth],
  ]
  for (const [name, id] of params) {
    const v = num(id)
    if (v !== undefined) def[name] = r9(v)
  }
  return def
}

/** Whether two definitions describe the same CRS (same keys and values; numbers to 10 significant digits). */
export function sameDefinition(a: CrsDefinition, b: CrsDefinition): boolean {
  const ka = Object.keys(a).sort()
  const kb = Object.keys(b).sort()
  if (ka.join() !== kb.join()) return false
  return ka.every((k) => (typeof a[k] === 'number' && typeof b[k] === 'number' ? r9(a[k] as number) === r9(b[k] as number) : a[k] === b[k]))
}

/** A short label of a definition for messages: 'EPSG:32617', 'Transverse Mercator (method 1, lon0 -81)'. */
export function definitionLabel(d: CrsDefinition | null): string {
  if (!d) return 'no CRS'
  if (d.epsg !== undefined) return `EPSG:${d.epsg}`
  if (d.kind === 'geographic') return `geographic (datum ${d.datum})`
  return Object.entries(d)
    .map(([k, v]) => `${k} ${v}`)
    .join(', ')
}
