/**
 * Landsat MTL metadata (`*_MTL.txt`, Collection-1 and -2 ODL text): `GROUP = X` ... `END_GROUP = X` blocks of
 * `KEY = value` lines. Values are kept per group because Collection-2 Level-2 files repeat keys such as
 * REFLECTANCE_MULT_BAND_4 in both the Level-1 and the Level-2 groups with different meanings.
 */
import fs from 'node:fs'
import nodePath from 'node:path'

export interface Mtl {
  /** group name -> key -> value (quotes removed). */
  groups: Map<string, Map<string, string>>
  /** Base name of the file read (for messages). */
  file?: string
}

/** An MTL file RSure will not use; the message is one sentence naming the file and the reason. */
export class MtlError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'MtlError'
  }
}

/** Largest MTL read: USGS MTL files are 8-30 KB (Collection 2 Level 2 about 25 KB); 1 MiB is far past any. */
export const MAX_MTL_BYTES = 1024 * 1024
/** Most `KEY = value` lines read (a Collection 2 Level-2 MTL has about 300). */
export const MAX_MTL_LINES = 20_000

/**
 * Parse ODL text strictly enough that a file cannot say two things: a group opened twice, a key given twice in one
 * group, an END_GROUP that closes another group or anything but blank lines after END is refused (MtlError), since
 * which of two calibration factors to use would be a guess.
 */
export function parseMtl(textContent: string, name = 'the MTL file'): Mtl {
  const groups = new Map<string, Map<string, string>>()
  const stack: string[] = []
  const opened = new Set<string>()
  let ended = false
  let count = 0
  const refuse = (why: string) => new MtlError(`${name} is not a usable Landsat MTL file: ${why}.`)
  for (const raw of textContent.split(/\r?\n/)) {
    const line = raw.trim()
    if (!line) continue
    if (ended) throw refuse('it continues after its END line (a second metadata block)')
    if (line === 'END') {
      ended = true
      continue
    }
    if (++count > MAX_MTL_LINES) throw refuse(`it has more than ${MAX_MTL_LINES} lines`)
    const m = /^([A-Z0-9_]+)\s*=\s*(.*)$/.exec(line)
    if (!m) continue
    const [, key, value] = m
    if (key === 'GROUP') {
      const path = [...stack, value].join('/')
      if (opened.has(path)) throw refuse(`its group ${value} is opened twice`)
      opened.add(path)
      stack.push(value)
      if (!groups.has(value)) groups.set(value, new Map())
    } else if (key === 'END_GROUP') {
      if (stack[stack.length - 1] !== value)
        throw refuse(`END_GROUP = ${value.slice(0, 60)} closes ${stack.length ? `group ${stack[stack.length - 1]}` : 'no open group'}`)
      stack.pop()
    } else {
      const g = stack[stack.length - 1] ?? ''
      if (!groups.has(g)) groups.set(g, new Map())
      const kv = groups.get(g)!
      const v = value.replace(/^"(.*)"$/, '$1')
      if (kv.has(key) && kv.get(key) !== v) throw refuse(`it gives ${key} twice with different values`)
      kv.set(key, v)
    }
  }
  return { groups }
}

/**
 * Read an MTL file with bounds: at most MAX_MTL_BYTES (a 700 MB file is refused by its size, never read into a
 * string), text only (NUL or other control bytes refused).
 */
export function readMtl(path: string): Mtl {
  const name = `'${nodePath.basename(path)}'`
  let size: number
  try {
    const st = fs.statSync(path)
    if (!st.isFile()) throw new MtlError(`${name} is not a regular file, so it is not read as Landsat metadata.`)
    size = st.size
  } catch (err) {
    if (err instanceof MtlError) throw err
    throw new MtlError(`${name} cannot be read; check that it exists and may be read.`)
  }
  if (size > MAX_MTL_BYTES)
    throw new MtlError(
      `${name} is ${Math.round(size / 2 ** 20)} MiB, far more than a Landsat MTL file (8-30 KB; RSure reads at most 1 MiB), so it is not read as metadata.`,
    )
  const bytes = fs.readFileSync(path)
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i]
    if (b === 0 || (b < 32 && b !== 9 && b !== 10 && b !== 13) || b === 127)
      throw new MtlError(`${name} holds binary data (byte ${b} at offset ${i}), so it is not a Landsat MTL text file.`)
  }
  return { ...parseMtl(bytes.toString('latin1'), name), file: nodePath.basename(path) }
}

/**
 * Physical ranges of MTL calibration values (USGS Landsat 8-9 Level-1 and Level-2 Data Format Control Books;
 * Landsat 4-5 TM and 7 ETM+ handbooks): reflectance gain 2e-5 (L1) or 2.75e-5 (L2), offset -0.1 or -0.2;
 * radiance gain 3e-4-2 W/(m^2 sr um) per DN, offset within +-1000; surface temperature gain 0.00341802 K per DN,
 * offset 149 K; thermal constants K1 about 480-1300, K2 about 1200-1500; sun elevation 0-90 degrees. A value
 * outside its range (1e308, NaN, Infinity) is refused, not used.
 */
export const MTL_RANGES: { pattern: RegExp; min: number; max: number; what: string }[] = [
  { pattern: /^REFLECTANCE_MULT_BAND_/, min: 1e-9, max: 1e-2, what: 'a reflectance gain' },
  { pattern: /^REFLECTANCE_ADD_BAND_/, min: -1, max: 1, what: 'a reflectance offset' },
  { pattern: /^RADIANCE_MULT_BAND_/, min: 1e-9, max: 10, what: 'a radiance gain' },
  { pattern: /^RADIANCE_ADD_BAND_/, min: -1000, max: 1000, what: 'a radiance offset' },
  { pattern: /^TEMPERATURE_MULT_BAND_/, min: 1e-9, max: 1, what: 'a temperature gain' },
  { pattern: /^TEMPERATURE_ADD_BAND_/, min: -1000, max: 1000, what: 'a temperature offset' },
  { pattern: /^K[12]_CONSTANT_BAND_/, min: 1, max: 100_000, what: 'a thermal constant' },
  { pattern: /^SUN_ELEVATION$/, min: -90, max: 90, what: 'a sun elevation in degrees' },
]

/**
 * A calibration value by key (groups as mtlNumber): undefined when absent, else the number, checked against
 * MTL_RANGES; a present value that is not a number or lies outside its range throws MtlError naming the file.
 */
export function mtlFactor(mtl: Mtl, key: string, preferGroups: string[] = []): number | undefined {
  let raw: string | undefined
  for (const g of preferGroups) {
    raw = mtl.groups.get(g)?.get(key)
    if (raw !== undefined) break
  }
  if (raw === undefined) for (const [, kv] of mtl.groups) if ((raw = kv.get(key)) !== undefined) break
  if (raw === undefined) return undefined
  const v = Number(raw)
  const range = MTL_RANGES.find((r) => r.pattern.test(key))
  const name = mtl.file ? `'${mtl.file}'` : 'the MTL file'
  if (raw.trim() === '' || !Number.isFinite(v))
    throw new MtlError(`${name} gives ${key} = ${raw.slice(0, 40)}, which is not a finite number, so its calibration cannot be used.`)
  if (range && (v < range.min || v > range.max))
    throw new MtlError(
      `${name} gives ${key} = ${raw.slice(0, 40)}, outside the ${range.min} to ${range.max} of ${range.what}, so its calibration cannot be used.`,
    )
  return v
}

/** A numeric value by key, searching the named groups first (in order), then every group. */
export function mtlNumber(mtl: Mtl, key: string, preferGroups: string[] = []): number | undefined {
  for (const g of preferGroups) {
    const v = mtl.groups.get(g)?.get(key)
    if (v !== undefined && Number.isFinite(Number(v))) return Number(v)
  }
  for (const [, kv] of mtl.groups) {
    const v = kv.get(key)
    if (v !== undefined && Number.isFinite(Number(v))) return Number(v)
  }
  return undefined
}

export function mtlText(mtl: Mtl, key: string): string | undefined {
  for (const [, kv] of mtl.groups) {
    const v = kv.get(key)
    if (v !== undefined) return v
  }
  return undefined
}
