/**
 * The last check on a sink's result: a statistic that came out NaN or infinite while its pixels were valid (a sum
 * of float64 values near 1.7e308 overflows) is not a value, so it becomes an error naming the node instead of an
 * "ok" whose number JSON would print as null.
 */
import { RasterJobError, type SinkResult } from './types'

export function checkFinite(sink: string, r: SinkResult): SinkResult {
  if (r.status !== 'ok' || r.value === undefined) return r
  const values = typeof r.value === 'number' ? { value: r.value } : r.value
  const bad = Object.entries(values).filter(([, v]) => !Number.isFinite(v))
  if (bad.length === 0) return r
  const names = bad.map(([k]) => k).join(', ')
  throw new RasterJobError(
    sink,
    `node '${sink}' computed a non-finite ${names} from ${r.valid ?? 'its'} valid pixels (float64 overflow: the values are too large to sum); rescale the layer first (params.scale on the read)`,
  )
}
