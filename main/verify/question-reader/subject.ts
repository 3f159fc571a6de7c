/**
 * The variable a question's value statistic is of, in the verifier's own reading: the variable written right after
 * the statistic word ("the mean LST", "the average of the land surface temperature"), else right before it ("LST
 * mean", "NDVI's median"), leaving out variables inside a condition ("over px with TVDI between 0.4 and 0.6") and
 * QA classes. Null when the question asks no value statistic or names no variable there: nothing is checked then.
 * The words come from the span parser (main/domain/spans); which of them is the subject is decided here, apart from
 * the planner's reader (main/task/read-subjects.ts).
 */
import { all, parseQuestion } from '../../domain/spans'
import { canonicalVariable } from './variables'

/** Statistics of a variable's values (not counts, shares or areas, which are of a condition's pixels). */
const VALUE_STATISTICS = new Set(['mean', 'median', 'std', 'variance', 'min', 'max', 'percentile', 'range'])

export interface AskedSubject {
  variable: string
  /** The words it was read from. */
  words: string
}

export function readSubject(question: string): AskedSubject | null {
  const parsed = parseQuestion(question)
  const q = parsed.text
  const stat = all(parsed.spans, 'statistic').find((s) => VALUE_STATISTICS.has(s.key))
  if (!stat) return null
  // A variable inside a condition, or written just before its own comparison ("LST>310K"), is the condition's.
  const conditions = all(parsed.spans, 'condition')
  const inCondition = (v: { at: number; end: number; key: string }) =>
    conditions.some((c) => (v.at < c.end && v.end > c.at) || (c.variable === v.key && c.at >= v.end && c.at - v.end <= 3))
  // "the NDVI mean, not the NDWI", "NDVI rather than EVI": a variable set aside is not the subject.
  const setAside = (v: { at: number }) => /\b(?:not|rather\s+than|instead\s+of)\s+(?:the\s+)?$/i.test(q.slice(Math.max(0, v.at - 20), v.at))
  // "TOA-reflectance NDVI": a calibration says what a variable is computed from; it is not the variable.
  const calibration = all(parsed.spans, 'calibration')
  const calibrating = (v: { at: number; end: number }) => calibration.some((c) => v.at < c.end && v.end > c.at)
  // "DN", "pixel value" name the values as stored, of whatever layer is meant: no variable to check.
  // No punctuation between, and no list bullet (a checklist's lines run together as one text: "means - dates without LST").
  const plain = (from: number, to: number) => !/[.;?!:,]|\s[-–—•*]\s/.test(q.slice(from, to))
  // "mean NDVI between 0 and 1": written against the statistic, a variable that opens its own range is the statistic's.
  const opensOwn = (v: { at: number; key: string }) =>
    v.at >= stat.end &&
    v.at - stat.end <= 8 &&
    /^\s*(?:of\s+)?(?:the\s+)?$/i.test(q.slice(stat.end, v.at)) &&
    conditions.some((c) => c.variable === v.key && c.at === v.at)
  const vars = all(parsed.spans, 'variable').filter(
    (v) => v.kind !== 'qa_class' && v.key !== 'value' && (opensOwn(v) || !inCondition(v)) && !setAside(v) && !calibrating(v),
  )
  const after = vars.find((v) => v.at >= stat.end && v.at - stat.end <= 40 && plain(stat.end, v.at))
  const before = vars.filter((v) => v.end <= stat.at && stat.at - v.end <= 12 && plain(v.end, stat.at)).at(-1)
  // Written against the statistic ("mean NDVI", "mean of the LST", "NDVI mean"), the nearer one; else the one after.
  const close = (gap: number) => gap <= 8
  const hit = after && close(after.at - stat.end) ? after : before && close(stat.at - before.end) ? before : (after ?? before)
  if (!hit) return null
  const variable = canonicalVariable(hit.key.replace(/_/g, ' ')) ?? hit.key
  return { variable, words: q.slice(Math.min(hit.at, stat.at), Math.max(hit.end, stat.end)) }
}
