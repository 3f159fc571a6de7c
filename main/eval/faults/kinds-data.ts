/**
 * Data faults injected at the tool (kinds.ts): the tool runs other arguments than it was asked to run (a band bound
 * to the wrong role, a scale lost, files missing from a period, nodata not honoured, a mask inverted, a wrong GSD, a
 * unit mislabelled), and its evidence describes what really ran.
 */
import { asDag, catalogFiles, linked, nodesOf, isRec } from './dag-edit'
import type { Corruption } from './kinds'

/** Another band a role is easily confused with: the spectral neighbour, or the other layer of a two-layer series. */
const NEIGHBOUR_BAND: Record<string, string> = {
  red: 'B3',
  nir: 'B6',
  green: 'B2',
  blue: 'B1',
  swir1: 'B7',
  swir2: 'B6',
  tir1: 'B11',
  tir2: 'B10',
  lst: 'NDVI',
  ndvi: 'LST',
  evi: 'LST',
}
/** In one multi-band file the neighbouring band index. */
const neighbourIndex = (band: number) => (band > 1 ? band - 1 : band + 1)

export async function wrongBand(args: unknown): Promise<Corruption | null> {
  const dag = asDag(args)
  if (!dag) return null
  for (const read of nodesOf(dag, 'raster.read')) {
    const role = typeof read.params.role === 'string' ? read.params.role : null
    const cat = linked(dag, read.inputs.data)
    if (role && cat?.op === 'asset.catalog') {
      const bands = isRec(cat.params.role_bands) ? { ...cat.params.role_bands } : {}
      const bound = bands[role]
      const wrong = typeof bound === 'number' ? neighbourIndex(bound) : NEIGHBOUR_BAND[role.toLowerCase()]
      if (wrong === undefined) continue
      cat.params.role_bands = { ...bands, [role]: wrong }
      return { args: dag, note: `role ${role} bound to band ${wrong}` }
    }
    if (typeof read.params.path === 'string' && typeof read.params.band === 'number' && read.params.band > 1) {
      read.params.band = read.params.band - 1
      return { args: dag, note: `${read.id} reads band ${read.params.band}` }
    }
  }
  return null
}

export async function scaleDropped(args: unknown): Promise<Corruption | null> {
  const dag = asDag(args)
  if (!dag) return null
  for (const cat of nodesOf(dag, 'asset.catalog')) {
    if (isRec(cat.params.scales)) {
      for (const [role, s] of Object.entries(cat.params.scales)) {
        if (isRec(s) && typeof s.scale === 'number' && s.scale !== 1) {
          // The catalog's scale is a convention the file's own scale tag overrides (engines/raster/job/read-node.ts),
          // so dropping it there changes nothing on tagged files: the scale is lost where the role is read, as a
          // reader that ignores both the tag and the convention would (node params win over both).
          const reads = nodesOf(dag, 'raster.read').filter((r) => r.params.role === role && linked(dag, r.inputs.data) === cat)
          if (reads.length === 0) continue
          for (const r of reads) Object.assign(r.params, { scale: 1, offset: 0, unit: typeof s.unit === 'string' ? s.unit : (r.params.unit ?? 'dn') })
          return { args: dag, note: `scale of ${role} dropped where it is read (unit kept)` }
        }
      }
    }
    if (cat.params.calibration === 'toa') {
      cat.params.calibration = 'dn'
      return { args: dag, note: 'TOA calibration dropped' }
    }
  }
  for (const read of nodesOf(dag, 'raster.read')) {
    if (typeof read.params.scale === 'number' && read.params.scale !== 1) {
      read.params.scale = 1
      read.params.offset = 0
      return { args: dag, note: `${read.id}: scale dropped` }
    }
  }
  return null
}

export async function datesMissing(args: unknown): Promise<Corruption | null> {
  const dag = asDag(args)
  if (!dag) return null
  for (const cat of nodesOf(dag, 'asset.catalog')) {
    const files = catalogFiles(dag, cat)
    const dates = [...new Set(files.map((f) => f.date))].sort()
    if (dates.length < 2) continue
    // The later half of the period silently never reaches the tool (an incomplete download or sync).
    const keep = new Set(dates.slice(0, Math.ceil(dates.length / 2)))
    delete cat.params.dir
    cat.params.files = files.filter((f) => keep.has(f.date)).map((f) => f.file)
    return { args: dag, note: `dates after ${[...keep].at(-1)} missing` }
  }
  return null
}

export async function nodataLeak(args: unknown): Promise<Corruption | null> {
  const dag = asDag(args)
  if (!dag) return null
  const reads = nodesOf(dag, 'raster.read').filter((r) => r.params.nodata !== 'none')
  if (reads.length === 0) return null
  for (const r of reads) r.params.nodata = 'none'
  return { args: dag, note: `nodata not honoured in ${reads.map((r) => r.id).join(', ')}` }
}

const FLIP: Record<string, string> = { '>': '<=', '>=': '<', '<': '>=', '<=': '>' }

/** Flip the first comparison inside a where(...) condition. */
function flipWhere(expr: string): string | null {
  const at = expr.indexOf('where(')
  if (at < 0) return null
  const m = /(>=|<=|>|<)/.exec(expr.slice(at))
  if (!m) return null
  const i = at + m.index
  return expr.slice(0, i) + FLIP[m[1]] + expr.slice(i + m[1].length)
}

export async function maskWrongClass(args: unknown): Promise<Corruption | null> {
  const dag = asDag(args)
  if (!dag) return null
  for (const n of dag.nodes) {
    if (n.op === 'threshold_fraction' && typeof n.params.op === 'string' && FLIP[n.params.op]) {
      n.params.op = FLIP[n.params.op]
      return { args: dag, note: `${n.id}: mask covers the complement (${n.params.op})` }
    }
    if (n.op === 'raster.algebra' && typeof n.params.expr === 'string') {
      const flipped = flipWhere(n.params.expr)
      if (flipped) {
        n.params.expr = flipped
        return { args: dag, note: `${n.id}: mask condition inverted` }
      }
    }
  }
  return null
}

/** Double every `gsd` number in the arguments (perceive/measure). */
export async function wrongGsd(args: unknown): Promise<Corruption | null> {
  const copy = structuredClone(args)
  let changed = 0
  const walk = (v: unknown) => {
    if (Array.isArray(v)) v.forEach(walk)
    else if (isRec(v))
      for (const [k, x] of Object.entries(v)) {
        if (k === 'gsd' && typeof x === 'number' && x > 0) {
          v[k] = x * 2
          changed++
        } else walk(x)
      }
  }
  walk(copy)
  return changed ? { args: copy, note: `gsd doubled in ${changed} place(s)` } : null
}

const SWAP_UNIT: Record<string, string> = { K: 'degC', degC: 'K' }

export async function unitsMislabelled(args: unknown): Promise<Corruption | null> {
  const dag = asDag(args)
  if (!dag) return null
  for (const cat of nodesOf(dag, 'asset.catalog')) {
    if (!isRec(cat.params.scales)) continue
    for (const [role, s] of Object.entries(cat.params.scales)) {
      if (isRec(s) && typeof s.unit === 'string' && SWAP_UNIT[s.unit]) {
        cat.params.scales[role] = { ...s, unit: SWAP_UNIT[s.unit] }
        return { args: dag, note: `${role} labelled ${SWAP_UNIT[s.unit]} instead of ${s.unit}` }
      }
    }
  }
  for (const read of nodesOf(dag, 'raster.read')) {
    if (typeof read.params.unit === 'string' && SWAP_UNIT[read.params.unit]) {
      read.params.unit = SWAP_UNIT[read.params.unit]
      return { args: dag, note: `${read.id} labelled ${read.params.unit}` }
    }
  }
  return null
}
