/**
 * Quality checks of perceive and measure results, for the deterministic policy: the layer status, the detector's
 * confidence level and spread, the quality of fitted edges (e.g. the TVDI dry/wet edges or a scale bar), and class
 * coverage. They read the evidence fields DESIGN section 3 names; absent fields on a counting or detection result
 * are treated as missing evidence, not as a pass.
 */
import type { Strictness } from '../prior-lookup'
import { isRec, num, type Rec } from '../../tools/execute/evidence-reader'
import { pass, type Finding } from './finding'

const MIN_MEDIAN_CONFIDENCE: Record<Strictness, number> = { normal: 0.35, strict: 0.5 }
const MIN_EDGE_R2: Record<Strictness, number> = { normal: 0.5, strict: 0.7 }

/** Confidence scores in the intermediate evidence: `confidences`, or `score`/`confidence` of detections/boxes. */
function confidences(intermediate: Rec): number[] {
  const out: number[] = []
  if (Array.isArray(intermediate.confidences)) for (const c of intermediate.confidences) if (num(c) !== undefined) out.push(c as number)
  for (const key of ['detections', 'boxes', 'objects', 'polygons']) {
    const list = intermediate[key]
    if (!Array.isArray(list)) continue
    for (const d of list) if (isRec(d)) {
      const c = num(d.confidence) ?? num(d.score)
      if (c !== undefined) out.push(c)
    }
  }
  return out
}

export function checkPerception(coarse: string, intermediate: Rec, validity: Rec, strictness: Strictness): Finding[] {
  const findings: Finding[] = []
  const status = validity.layer_status
  if (typeof status === 'string' && status !== 'ok') findings.push({ check: 'layer_status', severity: 'reject', message: `the layer status is '${status}'` })

  const detecting = /objects|count/.test(coarse)
  const conf = confidences(intermediate)
  if (conf.length > 0) {
    const sorted = [...conf].sort((a, b) => a - b)
    const median = sorted[Math.floor(sorted.length / 2)]
    const low = conf.filter((c) => c < 0.3).length / conf.length
    if (median < MIN_MEDIAN_CONFIDENCE[strictness]) {
      findings.push({ check: 'confidence', severity: 'request', key: 'confidence', message: `median detection confidence ${median.toFixed(2)} is below ${MIN_MEDIAN_CONFIDENCE[strictness]}` })
    } else if (low > 0.3) {
      findings.push({ check: 'confidence', severity: 'caveat', message: `${(low * 100).toFixed(0)}% of the detections have confidence below 0.3` })
    } else findings.push(pass('confidence', `median confidence ${median.toFixed(2)} over ${conf.length} detections`))
  } else if (detecting && num(intermediate.count) !== 0) {
    findings.push({ check: 'confidence', severity: 'request', key: 'confidence', message: 'the detections carry no confidence scores' })
  }

  const edge = isRec(intermediate.edge_fit) ? num(intermediate.edge_fit.r2) : num(intermediate.edge_fit_r2)
  if (edge !== undefined) {
    if (edge < MIN_EDGE_R2[strictness]) findings.push({ check: 'edge_fit', severity: 'request', key: 'edge_fit', message: `the fitted edge has r² ${edge.toFixed(2)}, below ${MIN_EDGE_R2[strictness]}` })
    else findings.push(pass('edge_fit', `edge fit r² ${edge.toFixed(2)}`))
  }

  const coverage = num(validity.class_coverage)
  if (coverage !== undefined && coverage < 0.5) findings.push({ check: 'class_coverage', severity: 'caveat', message: `the label space covers only ${(coverage * 100).toFixed(0)}% of the image` })
  return findings.length ? findings : [pass('perception', 'no quality issue found in the evidence')]
}
