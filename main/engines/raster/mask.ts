/**
 * `raster.mask`: turn pixels invalid (NaN) by value list, range, or QA bit fields, counting what each rule
 * dropped so the evidence can show the quality mask.
 *
 * QA bit fields (e.g. Landsat QA_PIXEL, USGS Collection-2 Level-1 QA band definition): bits `first`..`last`
 * (inclusive, bit 0 = least significant) read as an unsigned integer; a pixel whose field value is in `reject`
 * is dropped. QA values are read raw (unscaled); a NaN QA pixel (fill) drops the pixel too.
 */
import { difference } from './compare'

export interface QaRule {
  first: number
  last: number
  reject: number[]
}

export interface MaskParams {
  nodata?: number[]
  valid_range?: [number, number]
  min?: number
  max?: number
  qa_bits?: QaRule[]
}

export interface MaskOutcome {
  data: Float64Array
  /** Pixels dropped by each rule (a pixel is counted under the first rule that drops it). */
  dropped: Record<string, number>
}

export function applyMask(data: Float64Array, p: MaskParams, qa?: Float64Array, alloc: (n: number) => Float64Array = (n) => new Float64Array(n)): MaskOutcome {
  const out = alloc(data.length)
  out.set(data)
  const dropped: Record<string, number> = { already_invalid: 0, nodata: 0, range: 0, qa: 0 }
  const nodata = new Set(p.nodata ?? [])
  const lo = Math.max(p.valid_range?.[0] ?? -Infinity, p.min ?? -Infinity)
  const hi = Math.min(p.valid_range?.[1] ?? Infinity, p.max ?? Infinity)
  const rules = (p.qa_bits ?? []).map((r) => ({ shift: r.first, mask: 2 ** (r.last - r.first + 1) - 1, reject: new Set(r.reject) }))
  const qaSource = qa ?? data
  for (let i = 0; i < out.length; i++) {
    const v = out[i]
    if (v !== v) {
      dropped.already_invalid++
      continue
    }
    if (nodata.size && nodata.has(v)) {
      out[i] = NaN
      dropped.nodata++
      continue
    }
    if (difference(v, lo) < 0 || difference(v, hi) > 0) {
      out[i] = NaN
      dropped.range++
      continue
    }
    if (rules.length) {
      const q = qaSource[i]
      if (q !== q) {
        out[i] = NaN
        dropped.qa++
        continue
      }
      const bits = Math.round(q)
      for (const r of rules) {
        // Division instead of >>> so QA words wider than 31 bits stay exact.
        const field = Math.floor(bits / 2 ** r.shift) % (r.mask + 1)
        if (r.reject.has(field)) {
          out[i] = NaN
          dropped.qa++
          break
        }
      }
    }
  }
  return { data: out, dropped }
}
