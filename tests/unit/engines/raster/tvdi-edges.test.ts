/**
 * TVDI's dry and wet edges against an independent computation written the way the numpy reference writes it
 * (bench/tvdi_numpy_gdal.py): a validity mask, linspace edges, one membership test per bin over every valid pixel,
 * per-bin max/min LST, least-squares lines. The engine finds the edges in fewer passes (fine NDVI cells, resolved
 * exactly where a cell straddles a bin edge); these cases cover NDVI stored as scaled integers (a cell never
 * straddles), continuous NDVI (many cells straddle), a last bin closed or open, and pixels repeating their
 * neighbour's NDVI.
 */
import { describe, expect, it } from 'vitest'
import { PRODUCTS } from '../../../../main/engines/raster/products'
import { leastSquares } from '../../../helpers/independent-stats'
import { seededRandom } from '../../../helpers/seeded-random'

const random = seededRandom

interface Reference {
  valid: number
  edges: { dry: [number, number]; wet: [number, number] } | null
  index: Float64Array
}

/** The reference: masks and per-bin membership tests, no shortcut (what numpy's reference does). */
function reference(ndvi: Float64Array, lst: Float64Array, bins: number, closed: boolean): Reference {
  const valid: number[] = []
  for (let i = 0; i < ndvi.length; i++) if (ndvi[i] >= 0 && ndvi[i] <= 1 && lst[i] > 0) valid.push(i)
  const nv = valid.map((i) => ndvi[i])
  const lo = Math.min(...nv)
  const hi = Math.max(...nv)
  const step = (hi - lo) / bins
  const edges = Array.from({ length: bins + 1 }, (_, k) => (k === bins ? hi : lo + k * step))
  const centres: number[] = []
  const dry: number[] = []
  const wet: number[] = []
  for (let b = 0; b < bins; b++) {
    const members = valid.filter((i) => ndvi[i] >= edges[b] && (ndvi[i] < edges[b + 1] || (closed && b === bins - 1)))
    if (members.length === 0) continue
    centres.push((edges[b] + edges[b + 1]) / 2)
    dry.push(Math.max(...members.map((i) => lst[i])))
    wet.push(Math.min(...members.map((i) => lst[i])))
  }
  const index = new Float64Array(ndvi.length).fill(NaN)
  if (centres.length < 2) return { valid: valid.length, edges: null, index }
  const [ad, bd] = leastSquares(centres, dry)
  const [aw, bw] = leastSquares(centres, wet)
  for (const i of valid) {
    const w = aw + bw * ndvi[i]
    const den = ad + bd * ndvi[i] - w || 1e-6
    index[i] = Math.min(1, Math.max(0, (lst[i] - w) / den))
  }
  return { valid: valid.length, edges: { dry: [ad, bd], wet: [aw, bw] }, index }
}

/**
 * NDVI in [-0.1, 1.05] (some out of range; `narrow`: within 0.3 +- 0.0002, so one fine cell spans several bins),
 * LST in K with some zeros (fill), hotter where NDVI is low.
 */
function scene(n: number, seed: number, quantized: boolean, runs: boolean, narrow = false): { ndvi: Float64Array; lst: Float64Array } {
  const r = random(seed)
  const ndvi = new Float64Array(n)
  const lst = new Float64Array(n)
  for (let i = 0; i < n; i++) {
    let v = narrow ? 0.2998 + 0.0004 * r() : -0.1 + 1.15 * r()
    if (quantized) v = Math.round(v / 0.0001) * 0.0001
    ndvi[i] = runs && i > 0 && r() < 0.5 ? ndvi[i - 1] : v
    lst[i] = r() < 0.05 ? 0 : 330 - (narrow ? 50000 * (ndvi[i] - 0.3) : 25 * ndvi[i]) + 15 * (r() - 0.5)
  }
  return { ndvi, lst }
}

function engine(ndvi: Float64Array, lst: Float64Array, bins: number, closed: boolean) {
  const def = PRODUCTS.get('tvdi')!
  const p = def.params.parse({ bins, min_pixels: Math.min(10, ndvi.length), last_bin: closed ? 'closed' : 'open' })
  return def.compute({ ndvi: { data: ndvi, unit: 'dimensionless' }, lst: { data: Float64Array.from(lst), unit: 'K' } }, p, ndvi.length)
}

describe('tvdi edges against a per-bin mask reference', () => {
  const cases = [
    { name: 'NDVI as scaled integers (0.0001 steps)', quantized: true, runs: false, bins: 100, closed: false },
    { name: 'continuous NDVI', quantized: false, runs: false, bins: 100, closed: false },
    { name: 'continuous NDVI in a narrow range, cells straddling bin edges', quantized: false, runs: false, bins: 100, closed: false, narrow: true },
    { name: 'the same, last bin closed, with repeats', quantized: false, runs: true, bins: 30, closed: true, narrow: true },
    { name: 'continuous NDVI, last bin closed', quantized: false, runs: true, bins: 7, closed: true },
    { name: 'scaled integers repeated by neighbours, last bin closed', quantized: true, runs: true, bins: 100, closed: true },
  ]
  for (const [k, c] of cases.entries()) {
    it(c.name, () => {
      const { ndvi, lst } = scene(20000, 11 + k, c.quantized, c.runs, 'narrow' in c && c.narrow)
      const want = reference(ndvi, lst, c.bins, c.closed)
      const got = engine(ndvi, lst, c.bins, c.closed)
      const d = got.details as { valid_pixels: number; dry_edge: { intercept: number; slope: number }; wet_edge: { intercept: number; slope: number } }
      expect(d.valid_pixels).toBe(want.valid)
      expect(want.edges).not.toBeNull()
      expect(d.dry_edge.intercept).toBeCloseTo(want.edges!.dry[0], 9)
      expect(d.dry_edge.slope).toBeCloseTo(want.edges!.dry[1], 9)
      expect(d.wet_edge.intercept).toBeCloseTo(want.edges!.wet[0], 9)
      expect(d.wet_edge.slope).toBeCloseTo(want.edges!.wet[1], 9)
      let mismatches = 0
      for (let i = 0; i < ndvi.length; i++) {
        const a = got.data![i]
        const b = want.index[i]
        if (Number.isNaN(a) !== Number.isNaN(b) || (!Number.isNaN(b) && Math.abs(a - b) > 1e-9)) mismatches++
      }
      expect(mismatches).toBe(0)
    })
  }

  it('one NDVI value at the top of the range falls in the last bin only when it is closed', () => {
    // All pixels but one share a cell near 0; the maximum 1.0 sits alone in the top cell.
    const ndvi = Float64Array.from([0, 0.1, 0.2, 0.3, 0.4, 1, 1])
    const lst = Float64Array.from([320, 318, 316, 314, 312, 340, 341])
    const open = engine(ndvi, lst, 4, false).details as { dry_edge: { slope: number } }
    const closed = engine(ndvi, lst, 4, true).details as { dry_edge: { slope: number } }
    const refOpen = reference(ndvi, lst, 4, false).edges!
    const refClosed = reference(ndvi, lst, 4, true).edges!
    expect(open.dry_edge.slope).toBeCloseTo(refOpen.dry[1], 9)
    expect(closed.dry_edge.slope).toBeCloseTo(refClosed.dry[1], 9)
    expect(refOpen.dry[1]).not.toBeCloseTo(refClosed.dry[1], 3)
  })
})
