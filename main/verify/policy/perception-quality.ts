/**
 * Quality checks of perceive and measure results, for the deterministic policy. They read the evidence fields
 * DESIGN section 3 names; absent fields on a counting or detection result are treated as missing evidence, not as
 * a pass.
 * - layer status (an incomplete strict layer rejects), detection confidence level and spread, fitted-edge quality;
 * - geometry validity: degenerate or non-finite boxes reject; a box lying >= 80 % inside another of its class (one
 *   object detected twice) rejects; a metre-based measure from approximate geometry rejects;
 * - GSD source of a metre-based measure: none rejects, a caller-given GSD is a caveat (not read from the image);
 * - tile coverage below the whole image asks for the missing tiles;
 * - fractions whose numerator exceeds the denominator, or outside [0, 1] / [0, 100], reject;
 * - class separability, valid-pixel share, weakly bimodal Otsu thresholds and the known weakness of unsupervised
 *   change detection are caveats.
 */
import type { Strictness } from '../prior-lookup'
import { isRec, num, type Rec } from '../../tools/execute/evidence-reader'
import { checkChangeEvidence } from './change-evidence'
import { pass, type Finding } from './finding'

const MIN_MEDIAN_CONFIDENCE: Record<Strictness, number> = { normal: 0.35, strict: 0.5 }
const MIN_EDGE_R2: Record<Strictness, number> = { normal: 0.5, strict: 0.7 }
const MIN_TILE_COVERAGE: Record<Strictness, number> = { normal: 0.98, strict: 0.999 }
const METRE_UNITS = new Set(['m', 'km', 'cm', 'mm', 'mi', 'ft', 'nmi', 'm2', 'km2', 'ha', 'cm2', 'mi2', 'ft2', 'acre'])

/** Confidence scores in the intermediate evidence: `confidences`, or `score`/`confidence` of detections/boxes. */
function confidences(intermediate: Rec): number[] {
  const out: number[] = []
  if (Array.isArray(intermediate.confidences)) {
    for (const c of intermediate.confidences) if (num(c) !== undefined) out.push(c as number)
    return out
  }
  for (const key of ['detections', 'boxes', 'objects', 'polygons']) {
    const list = intermediate[key]
    if (!Array.isArray(list)) continue
    for (const d of list)
      if (isRec(d)) {
        const c = num(d.confidence) ?? num(d.score)
        if (c !== undefined) out.push(c)
      }
  }
  return out
}

/** Boxes [x1, y1, x2, y2] in the evidence (perceive's `boxes[].box`, measure's `boxes`). */
function boxes(intermediate: Rec): unknown[] {
  const list = intermediate.boxes
  if (!Array.isArray(list)) return []
  return list.map((b) => (isRec(b) ? b.box : b)).filter((b) => b !== null && b !== undefined)
}

function degenerate(box: unknown): boolean {
  if (!Array.isArray(box) || box.length !== 4 || box.some((v) => typeof v !== 'number' || !Number.isFinite(v))) return true
  return !(box[2] > box[0] && box[3] > box[1])
}

/** Share of the smaller box that lies inside the other. */
function containment(a: number[], b: number[]): number {
  const w = Math.min(a[2], b[2]) - Math.max(a[0], b[0])
  const h = Math.min(a[3], b[3]) - Math.max(a[1], b[1])
  if (w <= 0 || h <= 0) return 0
  const small = Math.min((a[2] - a[0]) * (a[3] - a[1]), (b[2] - b[0]) * (b[3] - b[1]))
  return small > 0 ? (w * h) / small : 0
}

/** A box lying this much inside another of the same class is the same object detected twice. */
export const DUPLICATE_CONTAINMENT = 0.8

/**
 * Detections of one class of which one lies almost wholly inside the other (>= 80 % of the smaller box): one object
 * counted twice, which non-maximum suppression at IoU 0.7 lets through when the two boxes differ in size. Real
 * objects of one class do not sit inside each other in an overhead image, so a count or area over such boxes is
 * wrong by the duplicates.
 */
export function duplicateDetections(intermediate: Rec): number {
  // Each entry with its class when the evidence gives one (perceive's `boxes[].class`/`label`; measure's bare boxes have none).
  const raw = Array.isArray(intermediate.boxes) ? intermediate.boxes : []
  const list = raw.map((b) => (isRec(b) ? b.box : b))
  const classes = raw.map((b) => (isRec(b) ? (typeof b.class === 'string' ? b.class : typeof b.label === 'string' ? b.label : null) : null))
  const dup = new Set<number>()
  for (let i = 0; i < list.length; i++) {
    for (let j = i + 1; j < list.length; j++) {
      const a = list[i]
      const b = list[j]
      if (degenerate(a) || degenerate(b) || classes[i] !== classes[j]) continue
      if (containment(a as number[], b as number[]) >= DUPLICATE_CONTAINMENT) dup.add(j)
    }
  }
  return dup.size
}

function checkGeometry(coarse: string, source: Rec, intermediate: Rec, validity: Rec): Finding[] {
  const out: Finding[] = []
  const bad = boxes(intermediate).filter(degenerate).length
  if (bad > 0) out.push({ check: 'geometry', severity: 'reject', message: `${bad} box(es) in the evidence are degenerate (no area or not finite)` })
  const dups = duplicateDetections(intermediate)
  if (dups > 0)
    out.push({
      check: 'duplicates',
      severity: 'reject',
      message: `${dups} detection(s) lie at least ${DUPLICATE_CONTAINMENT * 100} % inside another detection of the same class: the same object detected twice, so the ${coarse.startsWith('measure:') ? 'measurement' : 'observation'} counts it twice`,
    })
  if (coarse.startsWith('measure:')) {
    const unit = typeof source.unit === 'string' ? source.unit : ''
    if (METRE_UNITS.has(unit)) {
      const flags = isRec(validity.geometry) ? Object.entries(validity.geometry) : []
      const approx = flags.filter(([, f]) => f === 'approximate').map(([k]) => k)
      if (approx.length)
        out.push({
          check: 'geometry',
          severity: 'reject',
          message: `a measurement in ${unit} was computed from approximate geometry (source ${approx.join(', ')})`,
        })
      const gsd = source.gsd_source
      if (gsd === 'none' || gsd === undefined)
        out.push({ check: 'gsd_source', severity: 'reject', message: `a measurement in ${unit} has no ground sample distance behind it` })
      else if (gsd === 'argument')
        out.push({
          check: 'gsd_source',
          severity: 'caveat',
          message: `the ground sample distance (${String(source.gsd_m ?? '?')} m) was given by the caller, not read from the image's georeferencing`,
        })
      else out.push(pass('gsd_source', `ground units from the ${String(gsd)}`))
    }
  }
  return out
}

function checkCoverage(validity: Rec, intermediate: Rec, strictness: Strictness): Finding[] {
  const out: Finding[] = []
  const cov = num(validity.tile_coverage)
  if (cov !== undefined) {
    if (cov < MIN_TILE_COVERAGE[strictness])
      out.push({ check: 'tile_coverage', severity: 'request', key: 'tile_coverage', message: `the tiles covered ${(cov * 100).toFixed(1)}% of the image` })
    else out.push(pass('tile_coverage', 'the whole image was seen'))
  }
  const valid = num(intermediate.valid_pixels)
  const total = num(intermediate.total_pixels)
  if (valid !== undefined && total !== undefined && total > 0 && valid / total < 0.5) {
    out.push({ check: 'valid_pixels', severity: 'caveat', message: `only ${((valid / total) * 100).toFixed(0)}% of the image has data in every band` })
  }
  return out
}

function checkFraction(coarse: string, intermediate: Rec, observation: unknown): Finding[] {
  if (!/^measure:(fraction|percentage|overlap)$/.test(coarse)) return []
  const n = num(intermediate.numerator)
  const d = num(intermediate.denominator)
  const out: Finding[] = []
  if (n !== undefined && d !== undefined && (d <= 0 || n < 0 || n > d * (1 + 1e-9))) {
    out.push({ check: 'fraction', severity: 'reject', message: `the numerator ${n} and denominator ${d} do not form a share` })
  }
  const v = isRec(observation) ? num(observation.value) : undefined
  const unit = isRec(observation) ? observation.unit : undefined
  if (v !== undefined && (v < 0 || v > (unit === '%' ? 100 : 1) + 1e-9))
    out.push({ check: 'fraction', severity: 'reject', message: `a share of ${v}${unit === '%' ? ' %' : ''} is impossible` })
  return out
}

/** Caveats about the method itself: classes close in spectrum, unsupervised change masks, weak bimodality. */
function checkMethod(source: Rec, validity: Rec): Finding[] {
  const out: Finding[] = []
  if (typeof validity.class_separability === 'string' && validity.class_separability !== 'ok')
    out.push({ check: 'class_separability', severity: 'caveat', message: validity.class_separability })
  // Otsu's cut always splits the values in two; on values that are not clearly bimodal the split is weak.
  const thresholds: unknown[] = [source.threshold, ...(isRec(source.thresholds) ? Object.values(source.thresholds) : [])]
  for (const s of Array.isArray(source.sources) ? source.sources : []) {
    const p = isRec(s) && isRec(s.perceive) ? s.perceive : null
    if (p) thresholds.push(p.thresholds, ...(isRec(p.thresholds) ? Object.values(p.thresholds) : []))
  }
  const weak = thresholds.map((t) => (isRec(t) ? num(t.otsu_separability) : undefined)).filter((v): v is number => v !== undefined && v < 0.5)
  if (weak.length)
    out.push({
      check: 'threshold',
      severity: 'caveat',
      message: `an Otsu threshold was drawn on values that are only weakly bimodal (separability ${Math.min(...weak).toFixed(2)} of 1)`,
    })
  const backends = [source.backend, ...(Array.isArray(source.sources) ? source.sources.map((s) => (isRec(s) ? s.backend : null)) : [])]
  if (backends.some((b) => b === 'classical:cva')) {
    out.push({
      check: 'method',
      severity: 'caveat',
      message:
        'the change mask comes from unsupervised change vector analysis, which also marks seasonal and illumination change (about 0.2 F1 against the LEVIR-CD building-change labels)',
    })
  }
  return out
}

export function checkPerception(
  coarse: string,
  intermediate: Rec,
  validity: Rec,
  strictness: Strictness,
  source: Rec = {},
  observation: unknown = null,
): Finding[] {
  const findings: Finding[] = []
  const status = validity.layer_status
  if (typeof status === 'string' && status !== 'ok') findings.push({ check: 'layer_status', severity: 'reject', message: `the layer status is '${status}'` })

  const detecting =
    coarse === 'perceive:objects' ||
    (coarse === 'measure:count' && intermediate.instances === 'objects') ||
    (coarse === 'measure:count' && intermediate.instances === undefined)
  const conf = confidences(intermediate)
  if (conf.length > 0) {
    const sorted = [...conf].sort((a, b) => a - b)
    const median = sorted[Math.floor(sorted.length / 2)]
    const low = conf.filter((c) => c < 0.3).length / conf.length
    if (median < MIN_MEDIAN_CONFIDENCE[strictness]) {
      findings.push({
        check: 'confidence',
        severity: 'request',
        key: 'confidence',
        message: `median detection confidence ${median.toFixed(2)} is below ${MIN_MEDIAN_CONFIDENCE[strictness]}`,
      })
    } else if (low > 0.3) {
      findings.push({ check: 'confidence', severity: 'caveat', message: `${(low * 100).toFixed(0)}% of the detections have confidence below 0.3` })
    } else findings.push(pass('confidence', `median confidence ${median.toFixed(2)} over ${conf.length} detections`))
  } else if (detecting && num(intermediate.count) !== 0 && num(intermediate.numerator) !== 0) {
    findings.push({ check: 'confidence', severity: 'request', key: 'confidence', message: 'the detections carry no confidence scores' })
  }

  const edge = isRec(intermediate.edge_fit) ? num(intermediate.edge_fit.r2) : num(intermediate.edge_fit_r2)
  if (edge !== undefined) {
    if (edge < MIN_EDGE_R2[strictness])
      findings.push({
        check: 'edge_fit',
        severity: 'request',
        key: 'edge_fit',
        message: `the fitted edge has r² ${edge.toFixed(2)}, below ${MIN_EDGE_R2[strictness]}`,
      })
    else findings.push(pass('edge_fit', `edge fit r² ${edge.toFixed(2)}`))
  }

  const coverage = num(validity.class_coverage)
  if (coverage !== undefined && coverage < 0.5)
    findings.push({ check: 'class_coverage', severity: 'caveat', message: `the label space covers only ${(coverage * 100).toFixed(0)}% of the image` })
  findings.push(
    ...checkGeometry(coarse, source, intermediate, validity),
    ...checkCoverage(validity, intermediate, strictness),
    ...checkFraction(coarse, intermediate, observation),
    ...checkMethod(source, validity),
    ...checkChangeEvidence(coarse, source, intermediate, validity),
  )
  return findings.length ? findings : [pass('perception', 'no quality issue found in the evidence')]
}
