/**
 * The passes of a `raster.pooled_reduce` node over its collection (engines/raster/pooled.ts): the first pass ran
 * with the other sinks of its group (one job per asset); its partials are combined here, and for a median or
 * percentile further passes run, one job per asset each with this sink alone, until the two ranks numpy's
 * linear percentile interpolates between are known exactly. Each pass reads every asset again, strip by strip, so
 * no asset's pixels (let alone all assets') are ever held at once: a pass keeps 65536 bins per job.
 */
import type { JobResult, JobSink, SinkResult } from '../../engines/raster/job/types'
import { combinePartials, isOrderStat, momentStat, percentileOf, PooledSelection, type PoolPartial, type PoolSinkSpec } from '../../engines/raster/pooled'
import type { RuntimeValue } from './ops/types'
import type { Unit } from '../../engines/raster/units'
import type { RunState } from './run'

/** What a pooled node's run reports beside its value (the evidence shows it). */
export interface PooledDetail {
  /** Valid pixels pooled, over every asset that gave a value. */
  pixels: number
  /** Histogram passes the selection took (0 for the moments' statistics). */
  passes: number
  /** The 0-based ranks interpolated between (order statistics). */
  ranks?: [number, number]
}

export interface PooledOutcome {
  value: RuntimeValue
  detail: PooledDetail | null
  skipped: { id: string; date: string | null; reason: string }[]
  perItem: { id: string; date: string | null; result: SinkResult }[]
}

/**
 * Finish a pooled node from its first pass's results (`first`, one per asset); `rerun` runs one more pass (the
 * sink with the given spec, one job per asset, results in asset order).
 */
export async function finishPooled(
  sink: JobSink & { spec: PoolSinkSpec },
  first: JobResult[],
  unit: Unit | null,
  rerun: (sink: JobSink) => Promise<JobResult[]>,
): Promise<PooledOutcome> {
  const skipped: PooledOutcome['skipped'] = []
  const perItem: PooledOutcome['perItem'] = []
  const used = new Set<string | null>()
  const partials = (results: JobResult[]): PoolPartial[] => {
    const out: PoolPartial[] = []
    for (const r of results) {
      const res = r.sinks[sink.id]
      if (res?.status === 'ok' && res.pool && used.has(r.item)) out.push(res.pool)
    }
    return out
  }
  for (const r of first) {
    const res = r.sinks[sink.id]
    perItem.push({
      id: r.item!,
      date: r.date,
      result: { status: res.status, ...(res.reason ? { reason: res.reason } : {}), valid: res.valid, total: res.total },
    })
    if (res.status === 'ok' && res.pool) used.add(r.item)
    else skipped.push({ id: r.item!, date: r.date, reason: res.reason ?? 'no value' })
  }
  const insufficient = (reason: string): PooledOutcome => ({ value: { type: 'insufficient', reason }, detail: null, skipped, perItem })
  if (used.size === 0) return insufficient(`no asset gave a value (${skipped.length} left out; first: ${skipped[0]?.reason ?? 'none'})`)
  const combined = combinePartials(partials(first))
  const spec = sink.spec
  if (combined.count < spec.min_valid)
    return insufficient(`only ${combined.count} valid pixels over the ${used.size} assets pooled; node '${sink.id}' needs at least ${spec.min_valid}`)
  if (!isOrderStat(spec.stat))
    return { value: { type: 'scalar', value: momentStat(combined, spec.stat), unit }, detail: { pixels: combined.count, passes: 0 }, skipped, perItem }

  const sel = new PooledSelection(combined.count, percentileOf(spec.stat))
  let next = sel.feed(combined.bins!)
  while (next) {
    const results = await rerun({ ...sink, spec: { ...spec, pass: next } })
    const again = combinePartials(partials(results))
    // Every pass sees the same pixels; a different count means a file changed under the run.
    if (again.count !== combined.count)
      throw new Error(
        `node '${sink.id}': a later pass counted ${again.count} valid pixels where the first counted ${combined.count}; the files changed during the run`,
      )
    next = sel.feed(again.bins!)
  }
  return {
    value: { type: 'scalar', value: sel.value(), unit },
    detail: { pixels: combined.count, passes: sel.passes, ranks: sel.ranks },
    skipped,
    perItem,
  }
}

/** Put a pooled node's outcome into the run's state: its value, the assets it left out, its pixels and passes. */
export function recordPooled(state: RunState, node: string, out: PooledOutcome): void {
  state.skippedItems.set(node, out.skipped)
  state.itemResults.set(node, out.perItem)
  if (out.detail) state.pooled.set(node, out.detail)
  state.values.set(node, out.value)
}
