/**
 * Quality checks of an execute result: failed or insufficient nodes, the valid-pixel fraction of the layers that
 * fed the output, dates left out of batch reductions, the physical range of the output, and how clearly a
 * decision.select result separates the nearest option from the next.
 */
import type { Strictness } from '../prior-lookup'
import { dagOf, isRec, nodeRecords, num, upstream, validCounts, type ActionNode, type Rec } from '../../tools/execute/evidence-reader'
import { pass, type Finding } from './finding'

/** Minimum valid-pixel fraction of a layer feeding the output. */
const MIN_VALID: Record<Strictness, number> = { normal: 0.05, strict: 0.2 }
/** Largest share of items a batch reduction may leave out before the result needs more evidence. */
const MAX_LEFT_OUT: Record<Strictness, number> = { normal: 0.5, strict: 0.25 }

export function checkNodes(validity: Rec): Finding[] {
  const failed = Array.isArray(validity.failed_nodes) ? validity.failed_nodes : isRec(validity.failed_nodes) ? Object.keys(validity.failed_nodes) : []
  if (failed.length > 0) return [{ check: 'node_status', severity: 'reject', message: `node(s) ${failed.map(String).join(', ')} failed` }]
  const status = isRec(validity.node_status) ? validity.node_status : null
  if (!status) return [{ check: 'node_status', severity: 'request', key: 'node_status', message: 'the result does not report the status of its nodes' }]
  // 'partial': a collection node where some items gave no value; how many is judged by the left-out check.
  const bad = Object.entries(status).filter(([, s]) => s !== 'ok' && s !== 'skipped' && s !== 'partial')
  if (bad.length > 0)
    return [
      {
        check: 'node_status',
        severity: 'request',
        key: 'node_status',
        message: `node(s) ${bad.map(([id, s]) => `${id} (${String(s)})`).join(', ')} did not finish ok`,
      },
    ]
  const partial = Object.entries(status)
    .filter(([, s]) => s === 'partial')
    .map(([id]) => id)
  return [pass('node_status', `${Object.keys(status).length} node(s) ok${partial.length ? ` (${partial.join(', ')} partial: some dates gave no value)` : ''}`)]
}

/**
 * Nodes that leave pixels out on purpose — `where(condition, value, 0/0)` masks and QA classes (`raster.mask` by QA
 * bits: "high cirrus confidence" keeps 4.9 % of the Landsat fixture) — and every node computed from them: their
 * invalid pixels are the area the question excluded, not missing data, so the valid-pixel floor does not apply (an
 * empty mask still shows up as a date left out, or as an insufficient output).
 */
function masked(nodes: ActionNode[]): Set<string> {
  const masks = nodes.filter(
    (n) =>
      (n.op === 'raster.algebra' && typeof n.params.expr === 'string' && /\bwhere\s*\(/.test(n.params.expr) && /0\s*\/\s*0|\bnan\b/i.test(n.params.expr)) ||
      (n.op === 'raster.mask' && Array.isArray(n.params.qa_bits) && n.params.qa_bits.length > 0),
  )
  const out = new Set<string>()
  for (const n of nodes) if (masks.some((m) => upstream(nodes, n.id).has(m.id))) out.add(n.id)
  return out
}

export function checkValidPixels(action: unknown, intermediate: Rec, strictness: Strictness): Finding[] {
  const { nodes, output } = dagOf(action)
  const feeding = output ? upstream(nodes, output) : new Set(nodes.map((n) => n.id))
  for (const id of masked(nodes)) feeding.delete(id)
  const records = nodeRecords(intermediate)
  // Pooled over a collection's items: an empty date is the left-out check's business, not a reason to doubt the rest.
  let worst: { id: string; fraction: number } | null = null
  let seen = 0
  for (const [id, rec] of records) {
    if (!feeding.has(id)) continue
    const counts = validCounts(rec)
    if (counts.length === 0) continue
    seen += 1
    const valid = counts.reduce((n, c) => n + c.valid, 0)
    const total = counts.reduce((n, c) => n + c.total, 0)
    const f = valid / total
    if (!worst || f < worst.fraction) worst = { id, fraction: f }
  }
  if (!worst) return [pass('valid_pixels', seen === 0 ? 'no pixel counts to check' : 'all layers have valid pixels')]
  const min = MIN_VALID[strictness]
  if (worst.fraction < min) {
    // Between the normal and the strict bar the low coverage is a property of the data no follow-up can change: a
    // low prior asks for corroboration (corroboration.ts) instead, and the coverage is stated with the answer.
    if (strictness === 'strict' && worst.fraction >= MIN_VALID.normal) {
      return [{ check: 'valid_pixels', severity: 'caveat', message: `only ${(worst.fraction * 100).toFixed(1)}% of the pixels of ${worst.id} are valid` }]
    }
    return [
      {
        check: 'valid_pixels',
        severity: 'request',
        key: 'valid_pixels',
        message: `only ${(worst.fraction * 100).toFixed(1)}% of the pixels of ${worst.id} are valid (at least ${min * 100}% needed)`,
      },
    ]
  }
  return [pass('valid_pixels', `lowest valid-pixel fraction ${(worst.fraction * 100).toFixed(1)}% (${worst.id})`)]
}

/** Dates a batch reduction left out (too few valid pixels); `totalItems` is the number of dates catalogued. */
export function checkLeftOut(validity: Rec, totalItems: number, strictness: Strictness): Finding[] {
  const left = validity.insufficient_items
  if (left === undefined) return [pass('left_out', 'no items reported left out')]
  const findings: Finding[] = []
  const entries: [string, unknown][] = isRec(left) ? Object.entries(left) : [['batch', left]]
  for (const [id, items] of entries) {
    const n = Array.isArray(items) ? items.length : (num(items) ?? 0)
    if (n === 0) continue
    // The step is named only when several steps left dates out (its id is the plan's, not the analyst's, word).
    const what = `${n} of ${totalItems || '?'} dates gave no value${entries.length > 1 ? ` at step '${id}'` : ''} and were left out`
    if (totalItems > 0 && n / totalItems > MAX_LEFT_OUT[strictness])
      findings.push({ check: 'left_out', severity: 'request', key: 'valid_items', message: what })
    else findings.push({ check: 'left_out', severity: 'caveat', message: what })
  }
  return findings.length ? findings : [pass('left_out', 'no items left out')]
}

/** Products whose values are bounded: a value outside the bounds means a broken computation. */
const BOUNDED: Record<string, [number, number]> = { tvdi: [0, 1], percent: [0, 100], fraction: [0, 1] }

export function checkOutputRange(action: unknown, observation: unknown): Finding[] {
  const { nodes, output } = dagOf(action)
  const out = nodes.find((n) => n.id === output)
  if (!out) return []
  const products = nodes.filter((n) => n.op === 'raster.product').map((n) => String(n.params.product))
  let bounds: [number, number] | undefined
  if (out.op === 'threshold_fraction' || (out.op === 'timeseries.aggregate' && nodes.some((n) => n.op === 'threshold_fraction'))) {
    const as = nodes.find((n) => n.op === 'threshold_fraction')?.params.as
    bounds = as === 'percent' ? BOUNDED.percent : BOUNDED.fraction
  } else if (out.op === 'timeseries.aggregate' && products.length === 1 && products[0] === 'tvdi' && !nodes.some((n) => n.op === 'raster.algebra')) {
    bounds = BOUNDED.tvdi
  }
  if (!bounds) return []
  const value = typeof observation === 'number' ? observation : isRec(observation) ? num(observation.value) : undefined
  if (value === undefined) return []
  if (value < bounds[0] || value > bounds[1]) {
    return [{ check: 'output_range', severity: 'reject', message: `the output ${value} lies outside the possible range ${bounds[0]} to ${bounds[1]}` }]
  }
  return [pass('output_range', `output within ${bounds[0]} to ${bounds[1]}`)]
}

export function checkDecisionMargin(observation: unknown): Finding[] {
  if (!isRec(observation) || observation.choice === undefined) return []
  const d = observation.distances
  const values = (Array.isArray(d) ? d.map((x) => (isRec(x) ? num(x.distance) : num(x))) : isRec(d) ? Object.values(d).map(num) : []).filter(
    (x): x is number => x !== undefined,
  )
  if (values.length < 2) return []
  const sorted = [...values].sort((a, b) => a - b)
  const [first, second] = sorted
  // The value lies outside the options by more than they spread: no option describes it (a unit or scale slip,
  // e.g. a temperature in kelvin matched against options in degrees Celsius).
  const spread = sorted.at(-1)! - first
  if (spread > 0 && first > spread) {
    return [
      {
        check: 'decision_margin',
        severity: 'reject',
        message: `the value is ${first.toPrecision(3)} from the nearest option, farther than the options lie from each other (${spread.toPrecision(3)}): no option describes it`,
      },
    ]
  }
  if (second === 0 || first / second > 0.5) {
    return [
      {
        check: 'decision_margin',
        severity: 'caveat',
        message: `the value lies nearly as close to another option (distances ${first.toPrecision(3)} and ${second.toPrecision(3)})`,
      },
    ]
  }
  return [pass('decision_margin', `nearest option ${first.toPrecision(3)} away, next ${second.toPrecision(3)}`)]
}
