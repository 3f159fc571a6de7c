/**
 * Provenance of the conventions a question names: TVDI binning, the trend estimator and the sun-elevation
 * correction of TOA reflectance, read by the verifier's own
 * question reader (question-reader/methods.ts), against the parameters the execute evidence says each operator ran
 * with (defaults filled, so an unstated default is checked too).
 */
import { isRec } from '../../tools/execute/evidence-reader'
import type { Evidence } from '../../tools/protocol'
import type { Finding } from '../policy/finding'
import { pass } from '../policy/finding'
import type { AskedSlopeTime, QuestionDemands } from '../question-reader/index'

/** A finding per convention named: passed when every operator it governs ran with it, else a rejection. */
export function checkMethods(demands: QuestionDemands, evidence: Evidence): Finding[] {
  if (demands.methods.length === 0) return []
  const ops = isRec(evidence.source.operators) ? Object.values(evidence.source.operators).filter(isRec) : []
  const findings: Finding[] = []
  for (const m of demands.methods) {
    const governs = (o: Record<string, unknown>) =>
      m.of === 'tvdi'
        ? o.op === 'raster.product' && isRec(o.params) && o.params.product === 'tvdi'
        : m.of === 'calibration'
          ? o.op === 'asset.catalog'
          : o.op === 'timeseries.trend'
    const params = ops.filter(governs).map((o) => (isRec(o.params) ? o.params[m.param] : undefined))
    if (params.length === 0) continue
    const other = params.find((v) => v !== m.value)
    findings.push(
      other === undefined
        ? pass('provenance_method', `'${m.words}' asked and computed (${m.param} ${m.value})`)
        : {
            check: 'provenance_method',
            severity: 'reject',
            message: `the question asks for '${m.words}' (${m.param} ${m.value}) but the observation ran with ${m.param} ${String(other)}`,
          },
    )
  }
  return findings
}

/**
 * The time axis a slope asked per a unit must run on (agent/rules/compile-reduce.ts states it as the trend's `time`
 * and `per`): per day or week in days (7 per week), per month in months, per quarter in years (0.25), per year in
 * years or a year index. A passed finding when every trend runs so, else a rejection naming both.
 */
export function checkSlopeTime(demands: QuestionDemands, evidence: Evidence): Finding[] {
  const asked = demands.slopeTime
  if (!asked) return []
  const ops = isRec(evidence.source.operators) ? Object.values(evidence.source.operators).filter(isRec) : []
  const trends = ops.filter((o) => o.op === 'timeseries.trend').map((o) => (isRec(o.params) ? o.params : {}))
  if (trends.length === 0) return []
  const want: Record<AskedSlopeTime['unit'], { time: readonly string[]; per: number }> = {
    day: { time: ['days'], per: asked.every },
    week: { time: ['days'], per: 7 * asked.every },
    month: { time: ['months'], per: asked.every },
    quarter: { time: ['years'], per: 0.25 * asked.every },
    year: { time: ['years', 'index'], per: asked.every },
  }
  const w = want[asked.unit]
  const wrong = trends.find((p) => !w.time.includes(String(p.time ?? 'years')) || Math.abs(Number(p.per ?? 1) - w.per) > 1e-9)
  return [
    wrong === undefined
      ? pass(
          'provenance_method',
          `the slope is per ${asked.every > 1 ? `${asked.every} ` : ''}${asked.unit}${asked.every > 1 ? 's' : ''}, as asked ('${asked.words}')`,
        )
      : {
          check: 'provenance_method',
          severity: 'reject',
          message: `the question asks for the slope '${asked.words}' but the trend ran on time ${String(wrong.time ?? 'years')} per ${String(wrong.per ?? 1)}`,
        },
  ]
}
