/**
 * The pixel conditions of an execute observation against the question's (part of the provenance check,
 * check-provenance.ts): each asked condition must be applied by a mask of the DAG on the same variable, comparison
 * and threshold (a threshold written in °C or °F may be applied in kelvin); a share taken among some pixels must
 * drop the others from its denominator, not count them.
 */
import { UNITS } from '../../domain/lexicon'
import type { Finding } from '../policy/finding'
import { pass } from '../policy/finding'
import { describeCondition, type AskedCondition } from '../question-reader/conditions'
import type { AskedStatistic } from '../question-reader/statistic'
import type { DagCondition } from './dag-conditions'
import { num, type ActionNode } from '../../tools/execute/evidence-reader'

const same = (a: number, b: number) => Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b))
/** A threshold written in one temperature unit and applied in the other. */
const sameTemperature = (a: number, b: number) => same(a, b) || same(a + 273.15, b) || same(a - 273.15, b)

/** A threshold the question writes in a temperature unit, in kelvin by the lexicon's conversion; null in any other unit. */
function kelvinOf(value: number, unit: string | undefined): number | null {
  const u = UNITS.find((x) => x.key === unit && x.quantity === 'temperature')
  return u ? value * u.scale + u.offset : null
}

/**
 * The pixels a condition keeps, as a comparison: "not above 0.5" keeps those below 0.5 (the bound itself is not
 * told apart), "not between" stays a between that keeps the outside.
 */
function kept(op: '>' | '<' | 'between', negated: boolean | undefined): { op: '>' | '<' | 'between'; negated: boolean } {
  if (op === 'between') return { op, negated: !!negated }
  return { op: negated ? (op === '>' ? '<' : '>') : op, negated: false }
}

function conditionMatches(q: AskedCondition, d: DagCondition): boolean {
  const a = kept(q.op, q.negated)
  const b = kept(d.cmp, d.negated)
  // "Outside 290-310 K" kept as the inside (a negation dropped) is another set of pixels.
  if (a.op !== b.op || a.negated !== b.negated) return false
  // "Strictly between 285 and 290 K" kept with its ends counts the pixels on them too.
  if (a.op === 'between' && !a.negated && q.inclusive === false && d.inclusive !== false) return false
  // "below 100 °F" applied to kelvin data as 310.93 K: the asked unit converts the asked threshold.
  const inK = (v: number, dv: number) => {
    const k = kelvinOf(v, q.unit)
    return k !== null && same(k, dv)
  }
  if (q.op === 'between')
    return (
      (sameTemperature(q.low!, d.low!) && sameTemperature(q.high!, d.high!) && same(q.high! - q.low!, d.high! - d.low!)) ||
      (inK(q.low!, d.low!) && inK(q.high!, d.high!))
    )
  return sameTemperature(q.value!, d.value!) || inK(q.value!, d.value!)
}

function describeDag(d: DagCondition): string {
  return describeCondition({
    variable: d.variable ?? 'a value',
    op: d.cmp,
    value: d.value,
    low: d.low,
    high: d.high,
    negated: d.negated,
    inclusive: d.inclusive,
    layer: d.layer,
  })
}

/**
 * A comparison a yes/no question makes of its result ("Was the mean NDVI below 0.2?") applied as a mask: the value is
 * then the mean of the pixels below 0.2, which reads as "yes" whatever the mean is.
 */
export function checkComparedResults(compared: AskedCondition[], found: DagCondition[]): Finding[] {
  return compared.flatMap((q) => {
    const mask = found.find((d) => d.variable === q.variable && conditionMatches(q, d))
    if (!mask) return []
    return [
      {
        check: 'provenance_mask',
        severity: 'reject' as const,
        message: `the question compares its result with ${describeCondition(q)} (a yes or no), but the mask '${mask.node}' keeps only the pixels of ${describeDag(mask)}: the value is then of those pixels, not the one compared`,
      },
    ]
  })
}

export function checkConditions(asked: AskedCondition[], found: DagCondition[]): Finding[] {
  const findings: Finding[] = []
  for (const q of asked) {
    // A no-data flag tests the layer the question names ("a valid LST"), not another layer's missing pixels.
    const onVar = found.filter((d) => d.variable === q.variable && (q.variable !== 'nodata' || !q.layer || d.layer === q.layer))
    if (onVar.some((d) => conditionMatches(q, d))) {
      findings.push(pass('provenance_mask', `the mask '${onVar.find((d) => conditionMatches(q, d))!.node}' keeps ${describeCondition(q)}`))
      continue
    }
    const unnamed = found.filter((d) => d.variable === null && conditionMatches(q, d))
    if (unnamed.length > 0) {
      findings.push({
        check: 'provenance_mask',
        severity: 'request',
        key: 'mask_variable',
        message: `the mask '${unnamed[0].node}' applies the threshold of ${describeCondition(q)}, but the verifier cannot tell which variable it tests`,
      })
      continue
    }
    findings.push({
      check: 'provenance_mask',
      severity: 'reject',
      message: onVar.length
        ? `the question keeps only pixels with ${describeCondition(q)} but the observation's mask '${onVar[0].node}' keeps ${describeDag(onVar[0])}`
        : `the question keeps only pixels with ${describeCondition(q)} but the observation applies no such condition on ${q.variable.toUpperCase()}`,
    })
  }
  return findings
}

/**
 * A share taken among some pixels ("among the pixels with NDVI > 0.3, the share with TVDI > 0.8"): the observation
 * must drop the other pixels (a mask) for the pixels it is taken among, and count the rest (an indicator). With both
 * conditions counted, the share is of all valid pixels (3.70 % for 8.23 %), a different question.
 */
export function checkPopulation(asked: AskedCondition[], found: DagCondition[], statistics: AskedStatistic[]): Finding[] {
  // Of a count or a mean, the pixels taken among are simply the pixels kept: only a share has a denominator.
  if (!asked.some((c) => c.population) || !statistics.some((s) => s.kind === 'fraction')) return []
  const findings: Finding[] = []
  for (const q of asked) {
    const on = found.filter((d) => d.variable === q.variable && conditionMatches(q, d))
    const want = q.population ? 'mask' : 'criterion'
    if (on.length === 0 || on.some((d) => d.role === want || d.role === undefined)) continue
    findings.push({
      check: 'provenance_mask',
      severity: 'reject',
      message: q.population
        ? `the question asks for a share among the pixels with ${describeCondition(q)}, but the observation counts ${describeCondition(q)} as part of what the share counts (node '${on[0].node}'): a share of all valid pixels`
        : `the question asks for the share of the pixels with ${describeCondition(q)}, but the observation drops the pixels without it before counting (node '${on[0].node}')`,
    })
  }
  return findings.length ? findings : [pass('provenance_mask', 'the share is taken among the pixels the question names')]
}

/**
 * The criterion of each count of dates (`timeseries.count`) against the one the question states ("how many dates have
 * a mean NDVI of 0.25 or more"): a count that keeps its dates by another comparison or threshold (the pixel range
 * "0 to 1" taken as the dates' criterion, 23 dates for 8) answers another question.
 */
export function checkDateCriteria(asked: AskedCondition[], nodes: readonly ActionNode[]): Finding[] {
  if (asked.length === 0) return []
  const findings: Finding[] = []
  for (const n of nodes.filter((x) => x.op === 'timeseries.count')) {
    const op = typeof n.params.op === 'string' ? n.params.op : ''
    const d: DagCondition =
      op === 'between' || op === 'outside'
        ? {
            node: n.id,
            op: n.op,
            variable: null,
            cmp: 'between',
            low: num(n.params.low),
            high: num(n.params.high),
            ...(op === 'outside' ? { negated: true } : {}),
          }
        : { node: n.id, op: n.op, variable: null, cmp: op.startsWith('>') ? '>' : '<', value: num(n.params.value) }
    const met = asked.find((q) => conditionMatches(q, d))
    findings.push(
      met
        ? pass('provenance_mask', `the count '${n.id}' keeps the dates with ${describeCondition(met)}`)
        : {
            check: 'provenance_mask',
            severity: 'reject',
            message: `the question counts the dates with ${asked.map(describeCondition).join(' and ')}, but the count '${n.id}' keeps those with ${describeCondition({ ...d, variable: asked[0].variable, op: d.cmp })}`,
          },
    )
  }
  return findings
}
