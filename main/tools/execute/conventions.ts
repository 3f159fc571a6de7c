/**
 * The statistical conventions of the reducing operators, stated in the evidence next to the product formulas, so
 * a reader can tell which of the common definitions a number follows (they differ between numpy, R, Excel and
 * pymannkendall, and an answer can hinge on them).
 *
 * Sources: percentiles - Hyndman & Fan 1996 definition 7 (numpy.percentile default 'linear'); standard deviation -
 * numpy.std ddof; Mann-Kendall - Mann 1945, Kendall 1975 with the tie-corrected variance and continuity
 * correction (as pymannkendall.original_test); Sen 1968 slope, Conover 1980 intercept; rasterisation - GDAL
 * GDALdllImageFilledPolygon (centre rule).
 */

const PERCENTILE = 'percentiles and median by linear interpolation between closest ranks (Hyndman & Fan type 7, numpy default)'
const std = (ddof: number) =>
  ddof === 1
    ? 'std is the sample standard deviation (ddof 1, divides by n - 1)'
    : 'std is the population standard deviation (ddof 0, divides by n; numpy default)'

/** The convention text of one operator with its parsed params, or null when it has none worth stating. */
export function operatorConvention(op: string, params: Record<string, unknown>): string | null {
  switch (op) {
    case 'raster.summarize':
      return `over valid (non-NaN) pixels; ${PERCENTILE}; ${std(Number(params.ddof ?? 0))}; valid_fraction = valid / all pixels of the grid`
    case 'raster.batch_reduce':
      return `per asset over its valid pixels; ${PERCENTILE}; ${std(0)}; valid_fraction = valid / all pixels`
    case 'raster.pooled_reduce':
      return `over the valid pixels of every asset together as one sample (not per asset); ${PERCENTILE}, exact (radix selection over histogram passes of the float64 values, no sampling); ${std(0)} of the pooled pixels (per-asset count, mean and M2 merged by Chan's parallel combination); variance = std squared`
    case 'threshold_fraction':
      return `numerator: valid pixels meeting the condition${params.op === 'between' ? ' (low <= x <= high, both inclusive)' : ''}; denominator: valid (non-NaN) pixels, not all pixels`
    case 'spatial.query':
      return `a pixel is inside a bbox/polygon when its centre is (even-odd rule, ties as gdal_rasterize without ALL_TOUCHED); a point takes the pixel containing it; a part (half or quadrant) holds the pixels whose centre lies in it, north = top rows of a north-up grid, and an odd middle row or column (centre on the line) belongs to the bottom or right half, so the halves share out every pixel; outside: true takes every other pixel of the grid (the complement); ${PERCENTILE}; ${std(0)}`
    case 'timeseries.aggregate':
      return `calendar groups in chronological order; seasons DJF/MAM/JJA/SON with December counted in the next year's DJF; ${PERCENTILE}; ${std(0)}`
    case 'timeseries.steps':
      return `one step per pair of consecutive points with a value (points without one skipped), dated by the later point; ${params.sign === 'drop' ? 'earlier minus later (a drop is positive)' : 'later minus earlier (a drop is negative)'}`
    case 'timeseries.trend':
      return (
        `Sen slope = median of pairwise slopes (y_j - y_i)/(t_j - t_i), intercept = median(y - slope*t); time axis '${String(params.time ?? 'index')}'; ` +
        `Mann-Kendall S with tie-corrected Var(S) = [n(n-1)(2n+5) - sum t(t-1)(2t+5)]/18, continuity-corrected z = (S - sign S)/sqrt(Var S), ` +
        `two-sided p; tau = S/(n(n-1)/2) (tau-a); trend when p < ${String(params.alpha ?? 0.05)}`
      )
    default:
      return null
  }
}
