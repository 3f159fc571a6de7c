/**
 * Changes from one point of a date series to the next (domain/spans/steps.ts), read into the spec's series: the
 * largest rise or drop, the mean change (drops negative), or the date of the largest rise or drop (dated by the
 * later point). What the words leave open, a direction or what is taken over the steps, is refused, naming it.
 */
import { all } from '../domain/spans'
import type { Reading } from './reading'
import type { Statistic, TaskSpec } from './spec'

/** The statistics a date's pixels are reduced by before the steps (the engine's per-date reductions). */
const PER_DATE: readonly Statistic[] = ['mean', 'median', 'min', 'max', 'std']

/**
 * The series and statistic of a question about steps, or null when it names none. `series` is what the earlier
 * stages read: a monthly series named beside the steps.
 */
export function readSteps(r: Reading, series: TaskSpec['series']): { series: NonNullable<TaskSpec['series']>; statistic: Statistic } | null {
  const xs = all(r.lex, 'steps')
  if (xs.length === 0) return null
  const x = xs[0]
  for (const s of xs) for (const w of [s, ...s.words]) r.use(w.at, w.end, 'steps')
  const text = x.text.trim()
  if (xs.some((s) => s.granularity !== x.granularity || s.direction !== x.direction || s.over !== x.over)) {
    r.refuse(text, 'two different changes from one point to the next (ask for one)')
    return null
  }
  if (x.direction === null || x.over === null || (x.direction === 'change' && x.over !== 'mean') || (x.direction !== 'change' && x.over === 'mean')) {
    r.refuse(
      text,
      'a change from one point of the series to the next without saying which of them is asked: the largest rise, the largest drop, the average change (drops negative), or the date of the largest rise or drop',
    )
    return null
  }
  // A series named beside the steps ("the monthly mean NDVI series") must step as they do.
  const granularity = x.granularity === 'monthly' ? 'monthly' : (series?.granularity ?? 'acquisition')
  if (granularity !== 'acquisition' && granularity !== 'monthly') {
    r.refuse(text, `changes from one ${x.granularity === 'monthly' ? 'month' : 'acquisition'} to the next over a ${series?.granularity} series`)
    return null
  }
  if (series && series.granularity !== granularity) {
    r.refuse(series.text, `a ${series.granularity} series beside changes from one ${granularity === 'monthly' ? 'month' : 'acquisition'} to the next`)
    return null
  }
  // The statistic of each date: the statistic words outside the steps' own ("the scene-mean LST"), one, or the mean.
  const named = [...new Set(all(r.lex, 'statistic').map((s) => s.key))]
  const perStep = series?.perStep ?? (named.length === 0 ? 'mean' : named.length === 1 && PER_DATE.includes(named[0]) ? named[0] : null)
  if (perStep === null) {
    r.refuse(
      text,
      `changes from one point to the next of ${named.length > 1 ? 'several statistics' : `the ${named[0]}`} of each date (say which one statistic of each date steps)`,
    )
    return null
  }
  return {
    series: {
      granularity,
      perStep,
      ...(series?.percentile !== undefined ? { percentile: series.percentile } : {}),
      text,
      steps: x.direction === 'drop' ? 'drop' : 'rise',
    },
    statistic: x.over === 'max' ? 'max' : x.over === 'mean' ? 'mean' : 'date_of_max',
  }
}
