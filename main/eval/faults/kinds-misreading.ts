/**
 * Misreadings injected at the planner (kinds.ts): the planned call itself computes another statistic, period, mask
 * threshold or region than the question asks; call and evidence agree with each other.
 */
import { fromFile } from 'geotiff'
import fs from 'node:fs'
import path from 'node:path'
import { asDag, dateInName, firstRasterOf, nodesOf, shiftMonths } from './dag-edit'
import type { Corruption } from './kinds'

/** The statistic a misreading puts in place of the one planned. */
const OTHER_STAT: Record<string, string> = { mean: 'median', median: 'mean', max: 'mean', min: 'mean', std: 'mean', sum: 'mean' }

export async function wrongStatistic(args: unknown): Promise<Corruption | null> {
  const dag = asDag(args)
  if (!dag) return null
  for (const n of nodesOf(dag, 'raster.batch_reduce', 'spatial.query', 'timeseries.aggregate')) {
    const stat = typeof n.params.stat === 'string' ? n.params.stat : n.op === 'spatial.query' ? 'mean' : null
    if (stat && OTHER_STAT[stat]) {
      n.params.stat = OTHER_STAT[stat]
      return { args: dag, note: `${n.id}: ${OTHER_STAT[stat]} computed instead of ${stat}` }
    }
  }
  for (const n of nodesOf(dag, 'raster.summarize')) {
    const stats = Array.isArray(n.params.stats) ? (n.params.stats as unknown[]) : []
    const i = stats.findIndex((s) => typeof s === 'string' && OTHER_STAT[s])
    if (i < 0) continue
    // The wrong statistic is computed under the name the rest of the DAG reads.
    const from = stats[i] as string
    const to = OTHER_STAT[from]
    if (stats.includes(to)) continue
    stats[i] = to
    for (const m of dag.nodes) for (const key of ['field', 'key']) if (m.params[key] === from) m.params[key] = to
    return { args: dag, note: `${n.id}: ${to} computed instead of ${from}` }
  }
  return null
}

export async function wrongPeriod(args: unknown): Promise<Corruption | null> {
  const dag = asDag(args)
  if (!dag) return null
  for (const cat of nodesOf(dag, 'asset.catalog')) {
    if (typeof cat.params.start === 'string' && typeof cat.params.end === 'string') {
      cat.params.start = shiftMonths(cat.params.start, 1)
      cat.params.end = shiftMonths(cat.params.end, 1)
      // A planner that lists the period's files (the spec compiler does) would list the files of the period it
      // misread: the same layers from the same folders, dated in the shifted period.
      if (Array.isArray(cat.params.files)) {
        const listed = (cat.params.files as unknown[]).filter((f): f is string => typeof f === 'string')
        const stems = new Set(listed.map((f) => path.basename(f).replace(/\d{4}-?\d{2}-?\d{2}/, '<date>')))
        const dirs = [...new Set(listed.map((f) => path.dirname(f)))]
        const moved = dirs.flatMap((d) =>
          (fs.existsSync(d) ? fs.readdirSync(d) : [])
            .filter((f) => stems.has(f.replace(/\d{4}-?\d{2}-?\d{2}/, '<date>')))
            .filter((f) => {
              const date = dateInName(f)
              return date !== null && date >= (cat.params.start as string) && date <= (cat.params.end as string)
            })
            .sort()
            .map((f) => path.join(d, f)),
        )
        if (moved.length === 0) return null
        cat.params.files = moved
      }
      return { args: dag, note: `period read as ${cat.params.start} to ${cat.params.end}` }
    }
  }
  return null
}

/** A threshold read wrongly: the next round value up (0.3 -> 0.4, 300 -> 310). */
const shiftThreshold = (v: number) => (Math.abs(v) <= 1 ? Math.round((v + 0.1) * 1e6) / 1e6 : v + 10)

export async function wrongMask(args: unknown): Promise<Corruption | null> {
  const dag = asDag(args)
  if (!dag) return null
  for (const n of dag.nodes) {
    if (n.op === 'threshold_fraction' && typeof n.params.value === 'number') {
      n.params.value = shiftThreshold(n.params.value)
      return { args: dag, note: `${n.id}: threshold read as ${n.params.value}` }
    }
    if (n.op === 'raster.algebra' && typeof n.params.expr === 'string' && n.params.expr.includes('where(')) {
      const expr = n.params.expr
      const m = /(>=|<=|>|<)\s*(-?\d+(?:\.\d+)?)/.exec(expr.slice(expr.indexOf('where(')))
      if (!m) continue
      const at = expr.indexOf('where(') + m.index
      n.params.expr = `${expr.slice(0, at)}${m[1]} ${shiftThreshold(Number(m[2]))}${expr.slice(at + m[0].length)}`
      return { args: dag, note: `${n.id}: mask threshold read as ${shiftThreshold(Number(m[2]))}` }
    }
    if (n.op === 'raster.mask' && (typeof n.params.min === 'number' || typeof n.params.max === 'number')) {
      if (typeof n.params.min === 'number') n.params.min = shiftThreshold(n.params.min)
      else n.params.max = shiftThreshold(n.params.max as number)
      return { args: dag, note: `${n.id}: mask bound shifted` }
    }
  }
  return null
}

async function rasterSize(file: string): Promise<{ width: number; height: number } | null> {
  try {
    const tiff = await fromFile(file)
    const image = await tiff.getImage()
    const size = { width: image.getWidth(), height: image.getHeight() }
    await tiff.close()
    return size
  } catch {
    return null
  }
}

/** The question asks about the whole scene; the call computes over its central quarter only. */
export async function wrongRegion(args: unknown): Promise<Corruption | null> {
  const dag = asDag(args)
  if (!dag) return null
  const reads = nodesOf(dag, 'raster.read').filter((r) => r.params.window === undefined)
  if (reads.length === 0) return null
  let size: { width: number; height: number } | null = null
  for (const r of reads) {
    const file = firstRasterOf(dag, r)
    size = file ? await rasterSize(file) : null
    if (size) break
  }
  if (!size) return null
  const window = { col: Math.floor(size.width / 4), row: Math.floor(size.height / 4), width: Math.floor(size.width / 2), height: Math.floor(size.height / 2) }
  for (const r of reads) r.params.window = window
  return { args: dag, note: `computed over the window ${window.col},${window.row} ${window.width}x${window.height}` }
}
