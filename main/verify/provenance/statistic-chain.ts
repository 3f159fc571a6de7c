/**
 * The statistics an execute DAG computes on the way to its output, read from the DAG: from the output node back
 * through choices, key picks and scalar arithmetic to every reducing node (summaries, per-date reductions,
 * aggregations over dates, region queries, threshold fractions, trends). Each step says which statistic it computes
 * and over what (the pixels of one raster, the dates of a series, a region), so the verifier can say which node
 * computes what when it does not match the question.
 */
import { linkTarget, type ActionNode } from '../../tools/execute/evidence-reader'
import { describeStatistic, type StatisticKind } from '../question-reader/statistic'
import { parseExpr } from '../../engines/raster/expr'
import { isDropped, type Expr } from '../../domain/expression'

export interface StatisticStep {
  node: string
  op: string
  kind: StatisticKind | 'other'
  p?: number
  /** What the statistic runs over. */
  over: 'pixels' | 'dates' | 'region' | 'pooled'
  /** The statistic as the DAG names it (`mean`, `p90`, `valid_fraction`...). */
  stat: string
}

/** A step in words: "the maximum over dates", "'drop' over dates". */
export function describeStep(s: StatisticStep): string {
  const what = s.kind === 'other' ? `'${s.stat}'` : `the ${describeStatistic({ kind: s.kind, p: s.p })}`
  const over = s.over === 'dates' ? ' over dates' : s.over === 'region' ? ' over a region' : s.over === 'pooled' ? ' over the pooled pixels' : ''
  return `${what}${over}`
}

/** Operators that hand a value through (picking, rounding, converting units) without computing a statistic. */
const THROUGH = new Set([
  'decision.select',
  'math.get',
  'math.round',
  'math.abs',
  'math.expr',
  'math.multiply',
  'math.divide',
  'math.add',
  'math.subtract',
  'math.min',
  'math.max',
  'math.mean',
])

/** A statistic name of the engine as a statistic of the question's vocabulary. */
export function kindOfStat(stat: string, over: StatisticStep['over']): { kind: StatisticKind | 'other'; p?: number } {
  const s = stat.toLowerCase()
  const pct = /^(?:p|percentile_?)(\d{1,2}(?:\.\d+)?)$/.exec(s)
  if (pct) return { kind: 'percentile', p: Number(pct[1]) }
  switch (s) {
    case 'mean':
    case 'average':
      return { kind: 'mean' }
    case 'median':
      return { kind: 'median' }
    case 'std':
      return { kind: 'std' }
    case 'var':
    case 'variance':
      return { kind: 'variance' }
    case 'min':
      return { kind: 'min' }
    case 'max':
      return { kind: 'max' }
    case 'sum':
      return { kind: 'sum' }
    case 'count':
      return { kind: over === 'dates' ? 'date_count' : 'pixel_count' }
    case 'valid_fraction':
    case 'fraction':
    case 'percent':
      return { kind: 'fraction' }
    default:
      return { kind: 'other' }
  }
}

const LOGICAL = new Set(['>', '>=', '<', '<=', '==', '!=', '&&', '||'])
const isNum = (e: Expr, v?: number) => e.k === 'num' && (v === undefined || e.v === v)

/** Whether every value an expression can take is 0, 1 or NaN: a comparison, or `where` choosing among such values. */
function zeroOne(e: Expr): boolean {
  if (isNum(e, 0) || isNum(e, 1)) return true
  if (isDropped(e)) return true
  if (e.k === 'bin') return LOGICAL.has(e.op)
  if (e.k === 'un') return e.op === '!'
  if (e.k === 'call' && e.fn === 'where' && e.args.length === 3) return zeroOne(e.args[1]) && zeroOne(e.args[2])
  return false
}

/**
 * A raster.algebra node whose values are 1 where a condition holds and 0 elsewhere (NaN where the data is):
 * `where(isnan(v), 0/0, where(v < 290 || v > 310, 1, 0))`, `where(v > t, 1, 0)`; its mean is the share of pixels
 * meeting the condition. Read from the expression tree, so any condition counts, not only one comparison.
 */
export function isIndicator(n: ActionNode): boolean {
  if (n.op !== 'raster.algebra' || typeof n.params.expr !== 'string') return false
  try {
    const e = parseExpr(n.params.expr)
    return e.k === 'call' && e.fn === 'where' && zeroOne(e)
  } catch {
    return false
  }
}

function step(n: ActionNode, stat: string, over: StatisticStep['over']): StatisticStep {
  return { node: n.id, op: n.op, stat, over, ...kindOfStat(stat, over) }
}

/** The layer a pooled division reduces (the input of its per-date sums). */
function pooledInput(n: ActionNode, byId: Map<string, ActionNode>): ActionNode | null {
  const agg = byId.get(linkTarget(n.inputs.a) ?? '')
  const red = agg ? byId.get(linkTarget(Object.values(agg.inputs)[0]) ?? '') : undefined
  return red ? (byId.get(linkTarget(red.inputs.data) ?? '') ?? null) : null
}

/** Whether a division is sum(per-date sums) / sum(per-date counts) of one input: a mean of the pooled pixels. */
function pooledMeanOf(n: ActionNode, byId: Map<string, ActionNode>): boolean {
  const over = (link: unknown, perDate: string): string | null => {
    const agg = byId.get(linkTarget(link) ?? '')
    if (!agg || agg.op !== 'timeseries.aggregate' || agg.params.stat !== 'sum' || (agg.params.by ?? 'all') !== 'all') return null
    const red = byId.get(linkTarget(Object.values(agg.inputs)[0]) ?? '')
    if (!red || red.op !== 'raster.batch_reduce' || red.params.stat !== perDate) return null
    return linkTarget(Object.values(red.inputs)[0])
  }
  const sums = over(n.inputs.a, 'sum')
  const counts = over(n.inputs.b, 'count')
  return sums !== null && sums === counts
}

/** The reducing steps from the output back to the rasters, outermost first. */
/**
 * The step of an operator over a series: a count of the dates meeting a comparison (of the per-date statistic
 * below), changes from one point to the next (no statistic; the chain goes on below them), or a trend.
 */
function seriesStep(node: string, op: string, p: Record<string, unknown>): StatisticStep {
  if (op === 'timeseries.count') return { node, op, kind: 'date_count', over: 'dates', stat: 'count' }
  if (op === 'timeseries.steps') return { node, op, kind: 'other', over: 'dates', stat: String(p.sign ?? 'rise') }
  return { node, op, kind: 'trend', over: 'dates', stat: String(p.method ?? 'sen') }
}

export function statisticChain(nodes: readonly ActionNode[], output: string | null): StatisticStep[] {
  const byId = new Map(nodes.map((n) => [n.id, n]))
  const steps: StatisticStep[] = []
  const seen = new Set<string>()
  const visit = (id: string | null, key: string | null) => {
    if (!id || seen.has(id)) return
    seen.add(id)
    const n = byId.get(id)
    if (!n) return
    const links = Object.values(n.inputs)
      .map(linkTarget)
      .filter((t): t is string => t !== null)
    const p = n.params
    // The pooled mean: the sum over dates of per-date pixel sums, divided by the sum over dates of per-date counts of
    // the same data, is the mean of every valid pixel of every date taken together.
    if (n.op === 'math.divide' && pooledMeanOf(n, byId)) {
      // Of a 0/1 indicator, the pooled mean is the pooled share of the pixels meeting its condition.
      const share = pooledInput(n, byId)
      steps.push(
        share && isIndicator(share)
          ? { node: n.id, op: n.op, kind: 'fraction', over: 'pooled', stat: 'pooled fraction' }
          : { node: n.id, op: n.op, kind: 'mean', over: 'pooled', stat: 'pooled mean' },
      )
      return
    }
    if (THROUGH.has(n.op)) {
      const picked = typeof p.field === 'string' ? p.field : typeof p.key === 'string' && n.op === 'math.get' ? p.key : key
      for (const t of links) visit(t, picked)
      return
    }
    switch (n.op) {
      case 'raster.summarize': {
        const stats = Array.isArray(p.stats) ? p.stats.map(String) : []
        const chosen = key && stats.includes(key) ? [key] : stats
        for (const s of chosen) steps.push(step(n, s, 'pixels'))
        return
      }
      case 'raster.batch_reduce': {
        // The per-date mean of a 0/1 indicator is each date's share of the pixels meeting its condition.
        const input = links.map((t) => byId.get(t)).find(Boolean)
        if (String(p.stat ?? 'mean') === 'mean' && input && isIndicator(input)) {
          steps.push({ node: n.id, op: n.op, kind: 'fraction', over: 'pixels', stat: 'fraction' })
          return
        }
        steps.push(step(n, String(p.stat ?? 'mean'), 'pixels'))
        return
      }
      case 'timeseries.aggregate':
        steps.push(step(n, String(p.stat ?? 'mean'), 'dates'))
        for (const t of links) visit(t, null)
        return
      case 'timeseries.count':
      case 'timeseries.steps':
      case 'timeseries.trend':
        steps.push(seriesStep(n.id, n.op, p))
        for (const t of links) visit(t, null)
        return
      case 'spatial.query': {
        // The whole-grid mean of a 0/1 indicator (the second route of a threshold share) is the share itself.
        const input = links.map((t) => byId.get(t)).find(Boolean)
        if (String(p.stat ?? 'mean') === 'mean' && input && isIndicator(input)) {
          steps.push({ node: n.id, op: n.op, kind: 'fraction', over: 'pixels', stat: 'fraction' })
          return
        }
        steps.push(step(n, String(p.stat ?? 'mean'), 'region'))
        return
      }
      case 'threshold_fraction':
        steps.push(p.as === 'count' ? step(n, 'count', 'pixels') : { node: n.id, op: n.op, kind: 'fraction', over: 'pixels', stat: String(p.as ?? 'fraction') })
        return
      default:
        // An operator added later that names its statistic in `stat` (pooled reductions, windowed statistics).
        if (typeof p.stat === 'string') {
          const pooled = /pool/i.test(n.op) || p.pool === true || p.pooling === 'pooled'
          steps.push(step(n, p.stat, pooled ? 'pooled' : 'pixels'))
          if (!pooled) for (const t of links) visit(t, null)
        } else if (Array.isArray(p.stats)) {
          for (const s of p.stats.map(String)) steps.push(step(n, s, 'pixels'))
        }
    }
  }
  visit(output, null)
  return steps
}
