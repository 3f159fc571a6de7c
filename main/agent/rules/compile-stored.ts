/**
 * How the question says the files are stored (spec.stored: "LST = DN × 0.02 K", "NDVI nodata -32768"), against how
 * the compiler reads them: a scale must be the one the series convention applies (SERIES_SCALES), a fill value the
 * convention's fill (or Landsat's DN 0). What agrees is applied as stated, so a file whose nodata tag is missing is
 * still read right; what disagrees is refused naming both, since reading the files another way than the analyst
 * believes they are stored would answer from other values than the ones meant.
 */
import type { TaskSpec } from '../../task/spec'
import { SERIES_SCALES } from './compile-scope'
import { Refusal } from './compile-words'
import { pickRole, type InputFiles } from './input-files'

const same = (a: number, b: number) => Math.abs(a - b) <= 1e-9 * Math.max(Math.abs(a), Math.abs(b))

/** The role a stored-value rule is said of: its variable's layer, else the one series layer the files hold. */
function roleOf(variable: string | null, spec: TaskSpec, inputs: InputFiles): string | null {
  const candidates = variable ? [variable] : [...spec.subjects, ...spec.conditions.map((c) => c.variable ?? '')]
  for (const v of candidates) {
    const r = v ? pickRole(inputs, v.toUpperCase()) : null
    if (r && SERIES_SCALES[r.toUpperCase()]) return r.toUpperCase()
  }
  if (variable) return pickRole(inputs, variable.toUpperCase())?.toUpperCase() ?? null
  const series = [...inputs.roles].filter((r) => SERIES_SCALES[r])
  return series.length === 1 ? series[0] : null
}

/** The fill values to read as missing, by role; refuses a stated scale or fill the files are not stored with. */
export function statedNodata(spec: TaskSpec, inputs: InputFiles, landsat: boolean): Record<string, number> {
  const out: Record<string, number> = {}
  for (const rule of spec.stored ?? []) {
    const role = roleOf(rule.variable, spec, inputs)
    const conv = role ? SERIES_SCALES[role] : undefined
    const what = (rule.variable ?? role ?? 'the layer').toUpperCase()
    if (rule.factor !== undefined) {
      if (!conv)
        throw new Refusal(
          rule.text,
          `the files hold no ${what} layer stored as scaled integers whose scale the reader knows, to check the scale stated against`,
        )
      if (!same(rule.factor, conv.scale) || (rule.unit && rule.unit !== conv.unit))
        throw new Refusal(
          rule.text,
          `the files' ${what} is stored as DN × ${conv.scale}${conv.unit === 'K' ? ' K' : ''} (the Earth-Bench series convention), not as the question states; correct the scale, or leave it out`,
        )
    }
    if (rule.nodata !== undefined) {
      // Landsat Level-1 bands: DN 0 is fill, which the catalog reads as missing already.
      if (landsat && rule.nodata === 0 && !conv) continue
      if (conv && rule.nodata !== conv.nodata)
        throw new Refusal(rule.text, `the files mark ${what}'s missing pixels with ${conv.nodata}, not ${rule.nodata}; say which value is the fill`)
      if (!conv && !role) throw new Refusal(rule.text, 'the question does not say which layer this fill value is of')
      if (role) out[role] = rule.nodata
    }
  }
  return out
}
