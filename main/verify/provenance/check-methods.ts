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
import type { QuestionDemands } from '../question-reader/index'

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
