/**
 * What the rules planner may know about its inputs before calling a tool: file names only (never pixel values).
 * It reads dates and variable names from names such as `Xinjiang_2019-03-06_LST.tif` and Landsat/MODIS band
 * tokens, to choose which band roles a skill binds. The execute catalog remains the authority on what is there.
 */
import fs from 'node:fs'
import path from 'node:path'

export interface InputFiles {
  /** The folder given with --files, when there is one (absolute). */
  dir: string | null
  /** Absolute paths of the raster files. */
  files: string[]
  /** Variable / band roles found in the names, upper-cased (LST, NDVI, B4, B10, ...). */
  roles: Set<string>
  /** Dates found in the names, sorted (YYYY-MM-DD). */
  dates: string[]
  /** True when the names follow `<place>_<YYYY-MM-DD>_<VAR>.tif`. */
  dateVarSeries: boolean
}

const RASTER = /\.(tif|tiff|jp2|img)$/i
const DATE_VAR = /_(\d{4}-\d{2}-\d{2})_([A-Za-z0-9]+)\.(?:tif|tiff)$/i
const BAND = /_(B\d{1,2}|B8A|b\d{2}|SCL|QA_PIXEL)\.(?:tif|tiff|jp2)$/i

export function describeInputs(dir: string | null, files: string[]): InputFiles {
  let all = files.map((f) => path.resolve(f))
  if (dir) {
    const abs = path.resolve(dir)
    all = [...all, ...fs.readdirSync(abs).filter((f) => RASTER.test(f)).sort().map((f) => path.join(abs, f))]
  }
  const roles = new Set<string>()
  const dates = new Set<string>()
  let dateVar = 0
  for (const f of all) {
    const name = path.basename(f)
    const dv = name.match(DATE_VAR)
    if (dv) {
      dateVar += 1
      dates.add(dv[1])
      roles.add(dv[2].toUpperCase())
      continue
    }
    const band = name.match(BAND)
    if (band) roles.add(band[1].toUpperCase())
  }
  return {
    dir: dir ? path.resolve(dir) : null,
    files: all,
    roles,
    dates: [...dates].sort(),
    dateVarSeries: all.length > 0 && dateVar === all.length,
  }
}

/** The first role present among the candidates, in preference order. */
export function pickRole(inputs: InputFiles, ...candidates: string[]): string | null {
  return candidates.find((c) => inputs.roles.has(c.toUpperCase())) ?? null
}
