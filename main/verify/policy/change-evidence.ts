/**
 * The content evidence of a change mask (issue 16), checked by the verifier rather than trusted: the
 * co-registration score of the pair (engines/classical/change.ts), the threshold method, and the changed-area
 * statistics. A clearly shifted pair is rejected even if the engine let it through (older evidence, another engine);
 * a pair whose registration could not be judged, a weak threshold and an almost empty or almost full mask are
 * stated; a change result without registration evidence asks for it.
 */
import { isRec, num, type Rec } from '../../tools/execute/evidence-reader'
import { pass, type Finding } from './finding'

/** The registration rule of the change engine, restated from the numbers (REGISTRATION in change.ts). */
const ASSESSABLE = 0.3
const MARGIN = 0.1
const MIN_SHIFT = 3

function isChange(coarse: string, source: Rec): boolean {
  const backends = [source.backend, ...(Array.isArray(source.sources) ? source.sources.map((s) => (isRec(s) ? s.backend : null)) : [])]
  return coarse.includes('change') || backends.some((b) => b === 'classical:cva')
}

export function checkChangeEvidence(coarse: string, source: Rec, intermediate: Rec, validity: Rec): Finding[] {
  if (!isChange(coarse, source)) return []
  const out: Finding[] = []
  // A measure over a change source carries the perceive call's evidence per source (tools/measure/sources.ts).
  const nested = (Array.isArray(source.sources) ? source.sources : [])
    .map((s) => (isRec(s) && isRec(s.perceive) ? s.perceive : null))
    .filter((p): p is Rec => p !== null)
  const reg = isRec(validity.registration) ? validity.registration : (nested.map((p) => p.registration).find(isRec) ?? null)
  if (!reg) {
    out.push({
      check: 'registration',
      severity: 'request',
      key: 'registration',
      message: 'the change result carries no co-registration evidence for the pair (best shift and correlation); it cannot be told from misregistration',
    })
  } else {
    const shift = Array.isArray(reg.best_shift_px) ? reg.best_shift_px.map((v) => num(v) ?? 0) : [0, 0]
    const best = num(reg.best_correlation) ?? 0
    const zero = num(reg.correlation_at_zero) ?? 0
    const search = num(reg.search_px)
    const shifted = reg.misregistered === true || (best >= ASSESSABLE && Math.max(...shift.map(Math.abs)) >= MIN_SHIFT && best - zero >= MARGIN)
    if (shifted) {
      out.push({
        check: 'registration',
        severity: 'reject',
        message: `the two images look shifted by (${shift.join(', ')}) px (gradient correlation ${best.toFixed(2)} there, ${zero.toFixed(2)} unshifted): the mask marks misregistration, not change; co-register the pair first`,
      })
    } else if (reg.assessable === false || best < ASSESSABLE) {
      out.push({
        check: 'registration',
        severity: 'caveat',
        message: `the two dates share too little structure for their co-registration to be judged (best gradient correlation ${best.toFixed(2)}${search !== undefined ? ` within ±${search} px` : ''})`,
      })
    } else out.push(pass('registration', `co-registered: best shift (${shift.join(', ')}) px, correlation ${best.toFixed(2)}`))
  }
  const th = isRec(source.threshold) ? source.threshold : (nested.map((p) => p.thresholds).find(isRec) ?? null)
  if (!th || typeof th.method !== 'string')
    out.push({
      check: 'threshold_method',
      severity: 'request',
      key: 'threshold_method',
      message: 'the change result does not say how its threshold was chosen',
    })
  const measured = nested.length > 0 && num(intermediate.numerator) !== undefined
  const counts = measured
    ? [num(intermediate.numerator)!]
    : isRec(intermediate.pixel_counts)
      ? Object.values(intermediate.pixel_counts)
          .map(num)
          .filter((v): v is number => v !== undefined)
      : []
  const valid = measured ? num(intermediate.denominator) : num(intermediate.valid_pixels)
  if (counts.length && valid) {
    const share = counts.reduce((a, b) => a + b, 0) / valid
    if (share > 0.6)
      out.push({
        check: 'changed_area',
        severity: 'caveat',
        message: `${(share * 100).toFixed(0)}% of the valid pixels are marked changed: nearly the whole scene differs, so the mask does not single out a change`,
      })
    else out.push(pass('changed_area', `${(share * 100).toFixed(1)}% of the valid pixels changed (threshold ${th ? String(th.method) : 'unknown'})`))
  }
  return out
}
