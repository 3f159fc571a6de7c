/**
 * The stages of the task reader (read-task.ts) that read what the quantity is about: the variables and bands the
 * question names, which of them is the subject (the one the statistic names, else the one its condition tests, else
 * the others in order), and a calibration asked of that subject.
 */
import { SET_ASIDE, VARIABLES as LEX_VARIABLES } from '../domain/lexicon'
import { alternation } from '../domain/spans/words'
import { all, variableNamed } from '../domain/spans'
import type { ConditionsRead } from './conditions'
import { allMatches, objectClass } from './read-words'
import type { Reading } from './reading'
import { fillExclusions } from './restated'
import type { Condition, Statistic, TaskSpec } from './spec'
import { VARIABLES } from './vocabulary'

const SET_ASIDE_RE = new RegExp(`\\b(?:${alternation(SET_ASIDE)})\\b`, 'gi')

/** A variable or band named in the question, with its place and its key. */
export interface VariableHit {
  at: number
  end: number
  key: string
}

/** What the subject stage needs from the stages before it. */
export interface SubjectsInput {
  read: ConditionsRead
  /** The conditions of the spec; a condition that names no variable is given the subject's here. */
  conditions: Condition[]
  statistic: Statistic | null
  objects: RegExpMatchArray | null
}

/**
 * The subjects, main one first: the variable a condition tests when a share, count or area is asked of it, then
 * the variables in the order `subjectOrder` puts them. A band number picks the thermal band a brightness
 * temperature is of, and the objects counted come first. A condition that names no variable is about the subject.
 */
export function readSubjects(r: Reading, { read, conditions, statistic, objects }: SubjectsInput) {
  const { varHits, bandKeys } = variableHits(r)
  bandsCompared(r, read, conditions, varHits, bandKeys)
  const { ordered, afterAnyStat, maskVars } = subjectOrder(r, read, conditions, varHits, bandKeys)
  // A share, count or area is about the variable its condition tests ("the share where TVDI > 0.75": TVDI).
  // So is a question that asks nothing else about a variable it states a condition on ("identify nights when LST
  // dropped below 305 K").
  const counted =
    statistic === 'fraction' || statistic === 'count_pixels' || statistic === 'area' || statistic === 'count_dates' || (statistic === null && !afterAnyStat)
  const criterion = counted ? conditions.find((c) => c.variable !== null && c.unit !== 'percent')?.variable : undefined
  let subjects = [...new Set([...(criterion ? [criterion] : []), ...ordered])]
  // "The brightness temperature of band 11": the band says which thermal band the BT is of (a number over a generic
  // "thermal band"); band 10 is the BT the compiler takes by default, band 11 is `bt_b11`.
  if (subjects.includes('bt')) {
    const thermal = ['b10', 'b11', 'tir1', 'tir2'].filter((k) => bandKeys.has(k))
    const numbered = thermal.filter((k) => k.startsWith('b'))
    const which = numbered.length === 1 ? numbered[0] : thermal.length === 1 ? thermal[0] : null
    if (which) subjects = subjects.filter((k) => !thermal.includes(k)).map((k) => (k === 'bt' && (which === 'b11' || which === 'tir2') ? 'bt_b11' : k))
  }
  // A file's values as stored ("DN", "pixel value") beside a named variable or band restate how that one is read.
  if (subjects.length > 1 && subjects.includes('value')) {
    subjects = subjects.filter((k) => k !== 'value')
    for (const c of conditions) if (c.variable === 'value') c.variable = null
  }
  if (statistic === 'count_objects' && objects) subjects.unshift(objectClass(objects[1]))
  for (const c of conditions)
    if (c.variable === null && subjects.length > 0 && !(statistic === 'fraction' && c.unit === 'percent'))
      c.variable = subjects.find((s) => !maskVars.has(s)) ?? subjects[0]
  return { subjects, varHits, bandKeys }
}

/** What may stand between a band and its comparison ("NIR > 150", "band 5 is above 0.3", "green values over 90"). */
const BAND_TO_COMPARISON = /^\s*(?:(?:is|are|values?|dn|reflectance)\s+){0,2}$/i

/**
 * A condition that names no variable of the lexicon, written right after a band ("median green where NIR > 150"),
 * tests that band: it is the band's condition, not the subject's.
 */
function bandsCompared(r: Reading, read: ConditionsRead, conditions: Condition[], varHits: readonly VariableHit[], bandKeys: ReadonlySet<string>): void {
  for (const c of conditions) {
    if (c.variable !== null) continue
    const found = read.conditions.find((f) => f.value === c || f.value.text === c.text)
    const band = found && varHits.filter((h) => bandKeys.has(h.key) && h.end <= found.at && BAND_TO_COMPARISON.test(r.q.slice(h.end, found.at))).at(-1)
    if (band) c.variable = band.key
  }
}

/**
 * Every variable and band the question names, in the order written, each read as a subject. A name inside a
 * longer one ("vegetation index" in "enhanced vegetation index") is the longer one's; the bands of a stated band
 * order are not subjects.
 */
function variableHits(r: Reading): { varHits: VariableHit[]; bandKeys: Set<string> } {
  const { q, lex, spans, use } = r
  // Bands named as variables ("the red band", "band 4") are the span parser's; their keys are catalog roles or band numbers.
  // Bands named in the fill rule ("DN 0 in any of B3, B5, B10") are not subjects either.
  const bandHits = all(lex, 'band')
    .filter((h) => !spans.some((s) => (s.role === 'band order' || s.role === 'zero DN of the bands set aside') && h.at < s.end && h.end > s.at))
    .map((h) => ({ at: h.at, end: h.end, key: h.key }))
  const bandKeys = new Set(bandHits.map((h) => h.key))
  // "nodata excluded" restates what every statistic does (restated.ts): it names no variable.
  const exclusions = fillExclusions(q)
  const restates = (h: { at: number; end: number }) => exclusions.some((x) => h.at >= x.at && h.end <= x.end)
  // Names a band formula defines ("BI = ((SWIR1 + red) - ...)", "GCC = G / (R + G + B)") are variables too; a
  // lexicon name just before "(NAME =" or ", NAME =" is that name's long form ("Chlorophyll Index Green (CIG = NIR /
  // green - 1)", "the two-band EVI, EVI2 = ...").
  const formulaNames = new Set(all(lex, 'formula').map((f) => f.name))
  const defined = all(lex, 'variable')
    .filter((v) => formulaNames.has(v.key))
    .map((v) => ({ at: v.at, end: v.end, key: v.key }))
  // A name inside a longer variable span is that one's: the span parser reads a long form written right before an
  // index's short name as one span ("chlorophyll vegetation index c v i": spans/parse.ts widenLongForms).
  const widened = all(lex, 'variable').filter((v) => v.kind === 'index' && !variableNamed(v.text) && /\s/.test(v.text))
  const inLonger = (h: { at: number; end: number; key: string }) => widened.some((v) => v.key !== h.key && v.at <= h.at && h.end <= v.end)
  const longForm = (h: { at: number; end: number; key: string }) =>
    inLonger(h) ||
    defined.some(
      (d) =>
        d.key !== h.key && d.at >= h.end && /^[\s\w-]{0,40}[(,]\s*$/.test(q.slice(h.end, d.at)) && !/\b(?:for|of|in|on|over|at)\b/i.test(q.slice(h.end, d.at)),
    )
  const lexNamed = VARIABLES.flatMap((v) => allMatches(q, v.words).map((h) => ({ at: h.at, end: h.end, key: v.key }))).filter((h) => !restates(h))
  for (const h of lexNamed.filter(longForm)) use(h.at, h.end, "the formula's name, written out")
  for (const v of widened) use(v.at, v.end, "the index's name, written out")
  const named: VariableHit[] = [...lexNamed.filter((h) => !longForm(h)), ...defined.filter((d) => !VARIABLES.some((v) => v.key === d.key))]
  // A variable the span parser infers where none is named (a temperature asked "in K": domain/spans/refiners.ts).
  const inferred =
    named.length || bandHits.length
      ? []
      : all(lex, 'variable')
          .filter((h) => !restates(h))
          .map((h) => ({ at: h.at, end: h.end, key: h.key }))
  const allVarHits: VariableHit[] = [...named, ...bandHits, ...inferred]
  const varHits = allVarHits
    .filter((h) => !allVarHits.some((o) => o !== h && o.key !== h.key && o.at <= h.at && o.end >= h.end && o.end - o.at > h.end - h.at))
    .sort((a, b) => a.at - b.at)
  // An inferred variable's words are the unit's: the unit stage reads them.
  for (const h of varHits) if (!inferred.includes(h)) use(h.at, h.end, 'subject')
  return { varHits, bandKeys }
}

/**
 * The variables named, in the order they are candidates for the subject (with repeats; the caller keeps the first
 * of each). Also reads "versus" between two inputs of a derived variable as the axes of its method.
 */
/** What may stand between a variable and its own comparison ("LST > 300", "LST of 310 K", "LST values above 300 K"). */
/** The key of a checklist line naming the layer asked ("- layer: ", "variable = "), right before the variable. */
const SUBJECT_KEY = /(?:^|[\s•*-])(?:layer|variable|quantity)\s*[:=]\s*(?:the\s+)?$/i
const JOINED_TO_THRESHOLD = /^\s{0,3}$|^\s*(?:(?:of|is|are|values?|readings?)\s+){1,2}$/i

function subjectOrder(r: Reading, read: ConditionsRead, conditions: readonly Condition[], varHits: readonly VariableHit[], bandKeys: ReadonlySet<string>) {
  const { q, lex, spans, use } = r
  // The subject is the variable the asked statistic names ("the mean LST"); failing that, the variable any statistic
  // word names ("compute the mean LST for each image ... the trend of the annual averages"); then the others in order.
  // A variable named with what it is derived from is the subject, not its inputs ("using NDVI and LST, calculate
  // TVDI"), and a phenomenon named with an index that measures it is read through the index ("snow cover changes
  // using NDSI"): the lexicon says which (`inputs`, `indicatedBy`).
  const statSpan = spans.find((s) => s.role === 'statistic')
  // A variable written just before its own comparison ("ndvi mean where LST>310K"), or inside it ("with TVDI between
  // 0.4 and 0.6"), is the condition's, not the statistic's.
  // ("LST of 310 K or more", "LST values above 300 K": the words that join a variable to its threshold count as right before.)
  const compared = (h: { at: number; end: number; key: string }) =>
    read.conditions.some(
      (c) => c.value.variable === h.key && ((c.at >= h.end && JOINED_TO_THRESHOLD.test(q.slice(h.end, c.at))) || (h.at >= c.at && h.end <= c.end)),
    )
  // Within its clause: "the vegetation average; the NDWI is only there to mask them" names no NDWI average.
  // "mean NDVI between 0 and 1": a variable written against the statistic that opens its own range is still what the
  // statistic is of (the range restricts it).
  const opensOwn = (h: VariableHit, end: number) =>
    h.at - end <= 8 && /^\s*(?:of\s+)?(?:the\s+)?$/i.test(q.slice(end, h.at)) && read.conditions.some((c) => c.value.variable === h.key && c.at === h.at)
  const namedBy = (at: number, end: number) =>
    varHits.find(
      (h) =>
        h.at >= end &&
        h.at - end <= 40 &&
        // A list's next item ("... mean of the per-date means - dates without LST are skipped") is another clause too.
        !/[.;?!]|\s[-–—•*]\s/.test(q.slice(end, h.at)) &&
        (opensOwn(h, end) || (!compared(h) && !spans.some((s) => s.role === 'condition' && h.at < s.end && h.end > s.at))),
    )
  const afterStat = statSpan ? namedBy(statSpan.at, statSpan.end) : undefined
  const afterAnyStat =
    afterStat ??
    all(lex, 'statistic')
      .map((x) => namedBy(x.at, x.end))
      .find(Boolean)
  const named = new Set(varHits.map((h) => h.key))
  // A variable named only in its own comparison is a mask: its inputs are not demoted ("ndvi mean where LST>310K").
  const derivedNamed = new Set(varHits.filter((h) => !compared(h)).map((h) => h.key))
  const inputsOfNamed = new Set(LEX_VARIABLES.filter((v) => derivedNamed.has(v.key) && v.kind !== 'qa_class').flatMap((v) => [...(v.inputs ?? [])]))
  const indicated = new Set(LEX_VARIABLES.filter((v) => (v.indicatedBy ?? []).some((i) => named.has(i))).map((v) => v.key))
  // A band is the subject only when the statistic names it or no other variable is named ("NDVI from bands 4 and
  // 5", "the brightness temperature of band 10": the band is an input).
  const otherNamed = varHits.some((h) => !bandKeys.has(h.key))
  const secondary = (k: string) => (inputsOfNamed.has(k) && afterStat?.key !== k) || indicated.has(k) || (bandKeys.has(k) && otherNamed && afterStat?.key !== k)
  // "a scatter plot of NDVI versus LST for each day" in a TVDI question: two inputs of the derived variable set
  // against each other are the axes of the method that derives it, not two quantities to compare.
  for (const h of allMatches(q, /\b(?:versus|vs\.?|against)(?=\s)/i)) {
    const before = varHits.filter((v) => v.end <= h.at && h.at - v.end <= 2).at(-1)
    const after = varHits.find((v) => v.at >= h.end && v.at - h.end <= 2)
    if (before && after && before.key !== after.key && inputsOfNamed.has(before.key) && inputsOfNamed.has(after.key))
      use(h.at, h.end, 'axes of the method (inputs of the derived variable)')
  }
  const maskVars = new Set(conditions.map((c) => c.variable))
  // "the NDVI mean, not the NDWI", "NDVI rather than EVI": a variable set aside is not what the statistic is of.
  const setAside = new Set(
    varHits.filter((h) => /\b(?:not|rather\s+than|instead\s+of)\s+(?:the\s+)?$/i.test(q.slice(Math.max(0, h.at - 20), h.at))).map((h) => h.key),
  )
  for (const k of setAsideInWords(r, varHits, maskVars)) setAside.add(k)
  const asSubject = (h: VariableHit | undefined) => (h && setAside.has(h.key) ? varHits.find((o) => !setAside.has(o.key)) : h)
  // A checklist that names the layer ("- layer: NDVI", "variable = LST") says what the statistic is of.
  const keyed = varHits.find((h) => SUBJECT_KEY.test(q.slice(Math.max(0, h.at - 24), h.at)))
  const ordered = [
    asSubject(keyed),
    asSubject(afterStat),
    asSubject(afterAnyStat),
    ...varHits.filter((h) => !setAside.has(h.key) && !maskVars.has(h.key) && !secondary(h.key)),
    ...varHits.filter((h) => !secondary(h.key)),
    ...varHits,
  ]
    .filter((h): h is VariableHit => h !== undefined && !indicated.has(h.key))
    .map((h) => h.key)
  return { ordered, afterAnyStat, maskVars }
}

/**
 * "NDVI was already covered in last week's report, so leave it aside.": the variables named before a set-aside
 * phrase in its sentence (lexicon SET_ASIDE). The phrase is read only when none of them is the variable of a
 * condition (a variable tested by a mask and set aside is left to block).
 */
function setAsideInWords(r: Reading, varHits: readonly VariableHit[], maskVars: ReadonlySet<string | null>): string[] {
  const { q, use } = r
  const out: string[] = []
  for (const h of allMatches(q, SET_ASIDE_RE)) {
    const start = Math.max(q.slice(0, h.at).search(/[.;?!][^.;?!]*$/) + 1, 0)
    const keys = varHits.filter((v) => v.at >= start && v.end <= h.at).map((v) => v.key)
    // A QA class set aside ("clouds are there, ignore it") may ask to mask it: left to block.
    const qa = (k: string) => LEX_VARIABLES.some((v) => v.key === k && v.kind === 'qa_class')
    if (keys.length === 0 || keys.some((k) => maskVars.has(k) || qa(k))) continue
    use(h.at, h.end, 'a variable set aside')
    out.push(...keys)
  }
  return out
}

/**
 * A calibration asked of a band subject ("the TOA reflectance of the red band"); without one a band is as stored.
 * One asked of an index ("NDVI (from TOA reflectance)", "toa ndvi") says what the index is computed from.
 */
export function readCalibration(r: Reading, subjects: readonly string[], bandKeys: ReadonlySet<string>): TaskSpec['calibration'] {
  const { lex, use } = r
  let calibration: TaskSpec['calibration']
  const subjectKind = LEX_VARIABLES.find((v) => v.key === subjects[0])?.kind
  if (subjects.length > 0 && (bandKeys.has(subjects[0]) || subjectKind === 'index')) {
    const cal = all(lex, 'calibration').sort((a, b) => b.end - b.at - (a.end - a.at))[0]
    if (cal) {
      calibration = cal.key
      for (const c of all(lex, 'calibration')) use(c.at, c.end, 'calibration')
    }
  }
  return calibration
}
