/**
 * What the rules planner may know about its inputs before calling a tool: file names only (never pixel values).
 * It reads dates and variable names from names such as `Xinjiang_2019-03-06_LST.tif` and Landsat/MODIS band
 * tokens, to choose which band roles a skill binds. The execute catalog remains the authority on what is there.
 */
import fs from 'node:fs'
import path from 'node:path'
import { landsatRoles, parseName, sentinel2Roles, type ParsedName } from '../../engines/raster/catalog/names'
import { seriesRoles, variableInfo } from '../../engines/raster/catalog/series-vocabulary'

export interface InputFiles {
  /** The folder given with --files, when there is one (absolute). */
  dir: string | null
  /** Absolute paths of the raster files. */
  files: string[]
  /** Variable / band roles found in the names, upper-cased (LST, NDVI, B4, B10, ...). */
  roles: Set<string>
  /** Dates found in the names, sorted (YYYY-MM-DD). */
  dates: string[]
  /** True when every name is a dated series (`<place>_<YYYY-MM-DD>_<VAR>.tif` and the other layouts of series-names.ts). */
  dateVarSeries: boolean
  /**
   * Roles (upper-cased) whose names say they already hold a temperature in K: LST and BT layers, and bare Landsat
   * thermal band tokens of series without a product id (`Chicago_B10_2024-01-07.tif`), which have no MTL to
   * calibrate them and are taken as brightness temperature, as the catalog states in its evidence.
   */
  temperatures: Set<string>
  /** The date each file's name carries (absolute path -> YYYY-MM-DD), for files whose names have one. */
  fileDates: Map<string, string>
  /** The place each dated series file's name carries (absolute path -> place as written), for splitting by place. */
  filePlaces: Map<string, string>
  /** Whether a Landsat metadata file (`*_MTL.txt`) is among the files or in the folder: the bands can be calibrated. */
  mtl: boolean
}

const RASTER = /\.(tif|tiff|jp2|img)$/i
const MTL = /_MTL\.txt$/i

/** Role names a file offers, from the catalog's own name parser (one parser, so planner and catalog agree). */
function rolesOf(name: ParsedName): string[] {
  switch (name.kind) {
    case 'series':
      return seriesRoles(name.variable)
    case 'landsat':
      return [name.band, ...landsatRoles(name.mission, name.band)]
    case 'sentinel2':
      return [name.band, ...sentinel2Roles(name.band)]
  }
}

export function describeInputs(dir: string | null, files: string[]): InputFiles {
  let all = files.map((f) => path.resolve(f))
  let mtl = all.some((f) => MTL.test(f))
  if (dir) {
    mtl ||= fs.readdirSync(path.resolve(dir)).some((f) => MTL.test(f))
    const abs = path.resolve(dir)
    all = [
      ...all,
      ...fs
        .readdirSync(abs)
        .filter((f) => RASTER.test(f))
        .sort()
        .map((f) => path.join(abs, f)),
    ]
  }
  const roles = new Set<string>()
  const dates = new Set<string>()
  let series = 0
  const fileDates = new Map<string, string>()
  const temperatures = new Set<string>()
  const filePlaces = new Map<string, string>()
  for (const f of all) {
    const parsed = parseName(path.basename(f))
    if (!parsed) continue
    if (parsed.kind === 'series') series += 1
    if (parsed.kind === 'series' && parsed.place) filePlaces.set(f, parsed.place)
    dates.add(parsed.date)
    fileDates.set(f, parsed.date)
    for (const role of rolesOf(parsed)) roles.add(role.toUpperCase())
    if (parsed.kind === 'series' && variableInfo(parsed.variable)?.temperature) for (const role of rolesOf(parsed)) temperatures.add(role.toUpperCase())
  }
  return {
    dir: dir ? path.resolve(dir) : null,
    files: all,
    roles,
    dates: [...dates].sort(),
    dateVarSeries: all.length > 0 && series === all.length,
    fileDates,
    temperatures,
    filePlaces,
    mtl,
  }
}

/** The first role present among the candidates, in preference order. */
export function pickRole(inputs: InputFiles, ...candidates: string[]): string | null {
  return candidates.find((c) => inputs.roles.has(c.toUpperCase())) ?? null
}
