/**
 * Edge-fit quality of a TVDI computation (the "edge-fit quality" check of DESIGN section 5): per date the execute
 * evidence reports the least-squares dry and wet edges over the NDVI bins. The NDVI-LST triangle behind TVDI
 * needs a dry edge that fits its bins reasonably and lies above the wet edge: crossed edges on most dates make the
 * result meaningless (on a few they are stated as a caveat), poor fits make it unreliable, and a dry edge that rises
 * with NDVI is stated as a caveat.
 */
import type { Strictness } from '../prior-lookup'
import { isRec, num, type Rec } from '../../tools/execute/evidence-reader'
import { pass, type Finding } from './finding'

const CHECK = 'edge_fit'
const MIN_MEDIAN_R2: Record<Strictness, number> = { normal: 0.3, strict: 0.5 }

interface Edge {
  intercept: number
  slope: number
  r2?: number
}

function edgeOf(v: unknown): Edge | null {
  if (!isRec(v)) return null
  const intercept = num(v.intercept)
  const slope = num(v.slope)
  return intercept === undefined || slope === undefined ? null : { intercept, slope, r2: num(v.r2) }
}

export function checkTvdiEdges(intermediate: Rec, strictness: Strictness): Finding[] {
  const products = isRec(intermediate.products) ? intermediate.products : null
  const list = products && Array.isArray(products.tvdi) ? products.tvdi.filter(isRec) : []
  const fitted = list
    .map((d) => ({ date: String(d.date ?? '?'), dry: edgeOf(d.dry_edge), wet: edgeOf(d.wet_edge) }))
    .filter((d): d is { date: string; dry: Edge; wet: Edge } => d.dry !== null && d.wet !== null)
  if (fitted.length === 0) return []
  const findings: Finding[] = []
  const crossed = fitted.filter((d) => d.dry.intercept + 0.5 * d.dry.slope <= d.wet.intercept + 0.5 * d.wet.slope)
  if (crossed.length > 0) {
    // One odd date in a long series is a limit to state; a majority of crossed triangles makes the result meaningless.
    const what = `the dry edge lies at or below the wet edge at NDVI 0.5 on ${crossed.map((d) => d.date).join(', ')}, where TVDI is degenerate`
    findings.push({ check: CHECK, severity: crossed.length * 2 > fitted.length ? 'reject' : 'caveat', message: what })
  }
  const r2 = fitted
    .map((d) => d.dry.r2)
    .filter((x): x is number => x !== undefined)
    .sort((a, b) => a - b)
  if (r2.length > 0) {
    const median = r2[Math.floor(r2.length / 2)]
    if (median < MIN_MEDIAN_R2[strictness]) {
      findings.push({
        check: CHECK,
        severity: 'request',
        key: CHECK,
        message: `the dry edges fit their NDVI bins poorly (median r² ${median.toFixed(2)}, at least ${MIN_MEDIAN_R2[strictness]} needed)`,
      })
    } else findings.push(pass(CHECK, `dry edges fitted over ${fitted.length} date(s), median r² ${median.toFixed(2)}`))
  }
  const rising = fitted.filter((d) => d.dry.slope >= 0)
  if (rising.length > 0)
    findings.push({
      check: CHECK,
      severity: 'caveat',
      message: `the dry edge rises with NDVI on ${rising.length} of ${fitted.length} date(s), an unusual NDVI-LST triangle`,
    })
  return findings
}
