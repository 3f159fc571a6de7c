/**
 * The rules backbone's answer writer: templates filled from the verified history alone (paper B.3 without a
 * model). It reads the accepted workflow observation according to the DAG's output operator — a decision.select
 * choice, a scalar, a trend table, or a per-date series to count or search — and writes the answer in the task's
 * format, with the caveats and gaps stated beside it. Without a verified observation it names what is missing and
 * gives no value.
 */
import type { AnswerInput, AnswerWriter, FinalAnswer } from '../answer'
import type { ObservationEntry } from '../verified-history'
import { type ActionNode, type Rec, dagOf, isRec, nodeRecords, num } from '../../tools/execute/evidence-reader'
import { nearestOption } from '../../task/options'
import type { Comparison, RecipeInputs } from './recipe-inputs'
import { storedUnitOf } from './skills/named-variable'
import { sceneAnswer } from './skills/perception'
import { planTask } from './rules-planner'
import { countNoun } from '../../domain/count-noun'
import { fmt, unitWord as unitText, valueText } from './answer-format'
import { maskConditionWords } from './condition-words'
import { isIndicator } from '../../verify/provenance/statistic-chain'
import { leftOut } from './left-out'

export { fmt }

/** What the compiled plan computes, in plain words ("median of TVDI ... pooled"), when the compiler planned the task. */
function computedWords(task: AnswerInput['task']): string | null {
  try {
    const plan = planTask(task)
    return plan.skill?.id === 'compiled-spec' && plan.workflow?.ok ? plan.workflow.describe : null
  } catch {
    return null
  }
}

/** How the compiled or recipe plan says its observation is read (a date of an extreme, a scalar ...), when known. */
function planRead(task: AnswerInput['task']): { kind: string; which?: string } | null {
  try {
    const plan = planTask(task)
    return plan.workflow?.ok ? (plan.workflow.read as { kind: string; which?: string }) : null
  } catch {
    return null
  }
}

/** The recipes' view of the task's spec (the one reading of the question), for reading a series the plan did not describe. */
function viewOf(task: AnswerInput['task']): RecipeInputs | null {
  try {
    return planTask(task).view
  } catch {
    return null
  }
}

/**
 * A value kept as stored (`dn`) is stated in the physical unit its layer's name implies (night-time lights in
 * nW/cm2/sr, precipitation in mm, FRP in MW, built volume in m3), when the DAG reads exactly one such layer.
 */
function statedUnit(unit: string | null, entry: ObservationEntry): string | null {
  if (unit !== 'dn' && unit !== null) return unit
  const roles = new Set(
    dagOf(entry.action.args)
      .nodes.filter((n) => n.op === 'raster.read' && typeof n.params.role === 'string')
      .map((n) => String(n.params.role)),
  )
  const units = new Set([...roles].map((r) => storedUnitOf(r)))
  const only = units.size === 1 ? [...units][0] : null
  return only ?? unit
}

function scalarOf(v: unknown): { value: number; unit: string | null } | null {
  if (typeof v === 'number' && Number.isFinite(v)) return { value: v, unit: null }
  if (isRec(v) && num(v.value) !== undefined) return { value: v.value as number, unit: typeof v.unit === 'string' ? v.unit : null }
  return null
}

interface SeriesItem {
  date: string
  value: number
}

function seriesOf(v: unknown): SeriesItem[] {
  const list = Array.isArray(v) ? v : isRec(v) ? (v.points ?? v.items ?? v.series ?? v.values) : null
  if (!Array.isArray(list)) return []
  return list
    .filter(isRec)
    .filter((x) => x.valid !== false && num(x.value) !== undefined)
    .map((x) => ({ date: String(x.date ?? x.id ?? ''), value: x.value as number }))
}

const compare = (a: number, op: Comparison, b: number) => (op === '>' ? a > b : op === '>=' ? a >= b : op === '<' ? a < b : a <= b)

/** The value a decision.select chose from: the record of its input node in the evidence. */
function decisionInput(entry: ObservationEntry): { value: number; unit: string | null } | null {
  const { nodes, output } = dagOf(entry.action.args)
  const pick = nodes.find((n) => n.id === output)
  const input = pick ? Object.values(pick.inputs).find((v) => typeof v === 'string' && v.startsWith('@')) : undefined
  if (typeof input !== 'string') return null
  const rec = nodeRecords(entry.evidence.intermediate).get(input.slice(1).split('.')[0])
  const field = typeof pick?.params.field === 'string' ? pick.params.field : null
  if (field && rec) return scalarOf(isRec(rec.value) ? rec.value[field] : rec[field])
  return scalarOf(rec?.value) ?? scalarOf(rec)
}

const STAT_WORDS: Record<string, string> = {
  mean: 'mean',
  median: 'median',
  std: 'standard deviation',
  min: 'minimum',
  max: 'maximum',
  sum: 'sum',
  count: 'number of pixels',
}

/**
 * What a spec-statistics DAG computed, in words read from its own nodes (the statistic per date, the region, the
 * mask), so the answer names the quantity it states: "the median per date (mean over the dates) in the north half".
 */
function computedQuantity(entry: ObservationEntry): string | null {
  const { nodes } = dagOf(entry.action.args)
  // The per-date reduction: the compiler's `per_date` (one selection), or a recipe's `<stat>_per_date`.
  const per = nodes.find((n) => /(?:^|_)per_date$/.test(n.id) && (n.op === 'raster.batch_reduce' || n.op === 'spatial.query'))
  if (!per) return null
  // Quantities derived from the per-date values (a range, a variance, an area, a comparison of two selections or
  // periods, a statistic over monthly or seasonal means) are not the per-date statistic: their words come from the
  // compiler's own description instead.
  if (
    nodes.some(
      (n) => /^(?:range|variance|area|difference|abs_difference|ratio|percent_change|over_steps)(?:_|$)/.test(n.id) || /_(?:first|second|all)$/.test(n.id),
    )
  )
    return null
  const stat = String(per.params.stat ?? 'mean')
  const pooledShare = nodes.some((n) => n.id === 'pooled_share')
  const pooled = pooledShare || nodes.some((n) => n.id === 'pooled_mean')
  const share = pooledShare || (nodes.some((n) => n.id === 'selected' && isIndicator(n)) && stat === 'mean')
  const word = share ? 'share' : pooled ? 'mean' : (STAT_WORDS[stat] ?? (/^p\d/.test(stat) ? `${stat.slice(1)}th percentile` : stat))
  const g = isRec(per.params.geometry) ? per.params.geometry : null
  const region =
    g?.type === 'part'
      ? ` in the ${String(g.part)} ${/^(?:north|south)(?:east|west)$/.test(String(g.part)) ? 'quadrant' : 'half'} of the image`
      : g?.type === 'bbox'
        ? ` inside the box [${(g.bbox as number[]).join(', ')}]`
        : ''
  const mask = nodes.find((n) => n.id === 'masked' || n.id === 'selected')
  // The expression's names stand for layers: write the layers' names instead (v -> TVDI, m1 -> NDVI).
  const layer = (input: string) => {
    const ref = mask?.inputs[input]
    // A written formula's node is named formula_<its name> (compile-scope.ts): the name, as the question wrote it.
    return typeof ref === 'string'
      ? ref
          .replace(/^@/, '')
          .replace(/^formula_(?!formula$)/, '')
          .toUpperCase()
      : input
  }
  const condition = mask && typeof mask.params.expr === 'string' ? maskConditionWords(mask.params.expr, layer) : null
  const rec = nodeRecords(entry.evidence.intermediate).get(per.id)
  const dates = isRec(rec) && Array.isArray(rec.points) ? rec.points.length : 0
  const acrossStat = nodes.find((n) => n.id === 'over_dates')?.params.stat
  const selection = condition ? ` ${share ? 'of the valid pixels with' : stat === 'count' ? 'with' : 'of the pixels with'} ${condition}` : ''
  // Another statistic over the per-date values leads ("the median over 20 dates of the per-date mean"): the value
  // is that statistic's, not the per-date one's.
  if (!pooled && dates > 1 && typeof acrossStat === 'string' && acrossStat !== 'mean' && !(acrossStat === stat && (stat === 'max' || stat === 'min')))
    return `${STAT_WORDS[acrossStat] ?? acrossStat} over ${dates} dates of the per-date ${word}${selection}${region}`
  const over = pooled ? ', over the pixels of all dates together' : dates > 1 && acrossStat === 'mean' ? ` (per date, averaged over ${dates} dates)` : ''
  return `${word}${selection}${region}${over}`
}

/** What every answer written from one observation shares: where it came from, what it misses, and its closing words. */
interface Written {
  task: AnswerInput['task']
  entry: ObservationEntry
  /** The observation named in the explanation ("the verified execute observation (call 3)"). */
  source: string
  /** The gaps and the caveats, stated beside the answer. */
  missing: string[]
  /** What the compiled plan computes, in plain words, when the compiler planned the task. */
  computed: string | null
  /** A sentence followed by what was computed, the limits of the evidence and what is not verified. */
  tail: (text: string) => string
}

/** The value read from an observation so far, with its words, as the readers below fill it in. */
interface Reading {
  value: number | null
  unit: string | null
  what: string
  /** The unit a slope is written in ("K per year"), shown beside it; the option matching keeps the value's own. */
  slopeUnit: string | null
}

export class TemplateAnswerWriter implements AnswerWriter {
  async write({ task, history, gaps }: AnswerInput): Promise<FinalAnswer> {
    const entry = [...history.observations()]
      .reverse()
      .find((e) => e.action.tool === 'execute' || e.action.tool === 'measure' || e.config.coarse === 'perceive:scene')
    if (!entry) return noObservation(task, gaps)
    const w = writtenFrom(task, entry, gaps)
    const view = viewOf(task)
    const { nodes, output } = dagOf(entry.action.args)
    const outOp = nodes.find((n) => n.id === output)?.op ?? entry.config.coarse.split(':')[1]
    const obs = entry.observation

    // A scene class from perceive: the option naming that class, or none.
    if (entry.config.coarse === 'perceive:scene') return sceneChoice(w, obs)
    // A decision.select observation: the choice is itself verified.
    if (outOp === 'decision.select' && isRec(obs) && typeof obs.choice === 'string') return decisionChoice(w, obs.choice, obs.value)

    const reading: Reading = { value: null, unit: null, what: '', slopeUnit: null }
    const answered = readObservation(w, reading, outOp, nodes, view, obs)
    if (answered) return answered
    // A statistic over all dates (timeseries.aggregate by 'all') is one value; so is one over a single date, which
    // comes back as a one-point series.
    if (reading.value === null) readScalar(w, reading, obs)
    return valueAnswer(w, reading)
  }
}

/** The answer when no tool observation was verified: no value, and the gaps as the reason. */
function noObservation(task: AnswerInput['task'], gaps: string[]): FinalAnswer {
  const why = gaps.length ? gaps.join('; ') : 'no tool observation was made'
  return {
    answer: task.format === 'choice' ? 'No option is supported by verified evidence' : 'Not determined',
    explanation: `No verified observation supports an answer: ${why.replace(/[.\s]+$/, '')}.`,
    choice: null,
    value: null,
    unit: null,
    basis: [],
    missing: gaps,
  }
}

/** What the answers from this observation share: its source, what is missing, and the closing sentences. */
function writtenFrom(task: AnswerInput['task'], entry: ObservationEntry, gaps: string[]): Written {
  const caveats = entry.caveats
  const missing = [...gaps, ...caveats]
  const computed = computedWords(task)
  const gone = leftOut(entry)
  const tail = (text: string) =>
    [
      text,
      task.corrections?.length ? `Read as corrected: ${task.corrections.map((c) => `'${c.meant}' for '${c.written}'`).join(', ')}.` : '',
      computed ? `Computed: ${computed}${gone.length ? `; ${gone.join('; ')} left out` : ''}.` : '',
      caveats.length ? `Limits of the evidence: ${caveats.join('; ')}.` : '',
      gaps.length ? `Not verified: ${gaps.join('; ')}.` : '',
    ]
      .filter(Boolean)
      .join(' ')
  const source = `the verified ${entry.action.tool} observation (call ${entry.call})`
  return { task, entry, source, missing, computed, tail }
}

/** A scene class from perceive: the option naming that class, or the class itself (none for a choice task). */
function sceneChoice(w: Written, obs: unknown): FinalAnswer {
  const { task, entry, source, missing, tail } = w
  const s = sceneAnswer(obs, task.options)
  const what = `the scene was classified as '${s.className ?? 'unknown'}'${s.confidence !== null ? ` (confidence ${s.confidence.toFixed(2)})` : ''}`
  if (s.letter)
    return {
      answer: s.letter,
      explanation: tail(`${s.letter}: ${what}, from ${source}.`),
      choice: s.letter,
      value: null,
      unit: null,
      basis: [entry.call],
      missing,
    }
  return {
    answer: task.format === 'choice' ? 'No option is supported by verified evidence' : (s.className ?? 'Not determined'),
    explanation: tail(`${what[0].toUpperCase()}${what.slice(1)}, from ${source}.`),
    choice: null,
    value: null,
    unit: null,
    basis: [entry.call],
    missing,
  }
}

/** The option a decision.select chose, with the computed value it chose from (or the option value it names). */
function decisionChoice(w: Written, choice: string, optionValue: unknown): FinalAnswer {
  const { task, entry, source, missing, tail } = w
  const letter = choice.trim().charAt(0).toUpperCase()
  const option = task.options.find((o) => o.letter === letter)
  const computed = decisionInput(entry)
  if (computed) computed.unit = statedUnit(computed.unit, entry)
  const support = computed ? `the computed value is ${fmt(computed.value)}${unitText(computed.unit)}` : `the nearest option value is ${String(optionValue)}`
  return {
    answer: letter,
    explanation: tail(`${letter}${option ? ` (${option.text})` : ''}: ${support}, nearest to this option, from ${source}.`),
    choice: letter,
    value: computed?.value ?? num(optionValue) ?? null,
    unit: computed?.unit ?? null,
    basis: [entry.call],
    missing,
  }
}

/** The option a value or date points to, with what was computed (value and unit as they stand when called). */
function chosen(w: Written, reading: Reading, o: { letter: string; text: string }): FinalAnswer {
  return {
    answer: o.letter,
    explanation: w.tail(`${o.letter} (${o.text}): ${reading.what}, from ${w.source}.`),
    choice: o.letter,
    value: reading.value,
    unit: reading.unit,
    basis: [w.entry.call],
    missing: w.missing,
  }
}

/**
 * Reads the observation by the DAG's output operator (a trend, a count of dates, a per-date series) into the
 * reading; returns the answer when the reading already settles it (an option or a date), else null.
 */
function readObservation(w: Written, reading: Reading, outOp: string, nodes: ActionNode[], view: RecipeInputs | null, obs: unknown): FinalAnswer | null {
  if (outOp === 'timeseries.trend' && isRec(obs)) return readTrend(w, reading, obs, nodes)
  if (outOp === 'timeseries.count' && isRec(obs) && num(obs.value) !== undefined) {
    reading.value = obs.value as number
    reading.unit = 'days'
    reading.what = `${reading.value} ${reading.value === 1 ? 'date meets' : 'dates meet'} the condition`
    return null
  }
  // Changes from one date to the next (timeseries.steps) are each dated by the later of the two.
  const step = outOp === 'timeseries.steps' ? (nodes.find((n) => n.op === outOp)?.params.sign === 'drop' ? 'drop' : 'change') : undefined
  if (step || outOp === 'raster.batch_reduce' || outOp === 'threshold_fraction' || outOp === 'spatial.query' || outOp === 'timeseries.aggregate')
    return readSeries(w, reading, obs, view, step)
  return null
}

/** Reads a trend's slope and its unit per step of time; a choice task with no trend takes the option saying so. */
function readTrend(w: Written, reading: Reading, obs: Rec, nodes: ActionNode[]): FinalAnswer | null {
  const value = num(obs.slope) ?? null
  reading.value = value
  const p = num(obs.p)
  const direction = obs.trend === 1 ? 'increasing' : obs.trend === -1 ? 'decreasing' : 'no significant'
  const grouped = nodes.find((n) => n.op === 'timeseries.aggregate' && n.params.by !== 'all')?.params.by
  const trendNode = nodes.find((n) => n.op === 'timeseries.trend')
  const ols = trendNode?.params.method === 'ols'
  // The slope is per unit of the trend's time axis: decimal years, months, days, or one step of the series (an index).
  const axis = trendNode?.params.time
  const per = axis === 'years' ? 'year' : axis === 'months' ? 'month' : axis === 'days' ? 'day' : typeof grouped === 'string' ? grouped : 'date'
  const base = statedUnit(typeof obs.unit === 'string' ? obs.unit : null, w.entry)
  reading.slopeUnit = `${base && base !== 'dimensionless' ? `${unitText(base).trim()} ` : ''}per ${per}`
  reading.what = `${ols ? 'Least-squares' : 'Sen'} slope ${value === null ? 'unknown' : fmt(value)} per ${per} (${direction} trend${p !== undefined ? `, Mann-Kendall p = ${p.toFixed(3)}` : ''})`
  if (w.task.format === 'choice' && obs.trend === 0) {
    const none = w.task.options.find((o) => /no (?:significant )?trend|not significant/i.test(o.text))
    if (none) return chosen(w, reading, none)
  }
  return null
}

/**
 * Reads a per-date series: the dates meeting the condition when dates are counted, else the series' highest (or
 * lowest) value; a date of an extreme is answered here with the date, or the option naming it.
 */
function readSeries(w: Written, reading: Reading, obs: unknown, view: RecipeInputs | null, step?: 'drop' | 'change'): FinalAnswer | null {
  const { task, entry, source, missing, computed, tail } = w
  const series = seriesOf(obs)
  const t = view?.areaFraction ?? view?.thresholds.find((x) => x.unit !== 'percent')
  if (view?.statistic === 'count_dates' && t) {
    const hits = series.filter((s) => compare(s.value, t.op, t.value))
    reading.value = hits.length
    reading.unit = 'days'
    reading.what = `${hits.length} of ${series.length} verified dates meet the condition (${t.op} ${t.value})${hits.length ? `: ${hits.map((h) => h.date).join(', ')}` : ''}`
    return null
  }
  if (series.length === 0) return null
  const read = planRead(task)
  const lowest = read?.kind === 'series_extreme' ? read.which === 'min' : computed ? /is lowest/.test(computed) : view?.statistic === 'argmin_date'
  const best = series.reduce((a, b) => ((lowest ? b.value < a.value : b.value > a.value) ? b : a))
  reading.value = best.value
  const what = `${step ? `the largest ${step} from one date to the next` : `the ${lowest ? 'lowest' : 'highest'} mean`} is ${fmt(best.value)}${step ? ', to' : ' on'} ${best.date}`
  reading.what = what
  // A date of an extreme is answered with the date (the value is its support), or the option naming it.
  if (!(read?.kind === 'series_extreme' || view?.statistic === 'argmax_date' || view?.statistic === 'argmin_date')) return null
  const option = task.options.find((o) => o.text.includes(best.date))
  if (task.format === 'choice') {
    if (option) return chosen(w, reading, option)
    return {
      answer: 'No option is supported by verified evidence',
      explanation: tail(`No option names ${best.date}: ${what}.`),
      choice: null,
      value: reading.value,
      unit: reading.unit,
      basis: [entry.call],
      missing,
    }
  }
  return {
    answer: best.date,
    explanation: tail(`${what[0].toUpperCase()}${what.slice(1)}, from ${source}.`),
    choice: null,
    value: reading.value,
    unit: reading.unit,
    basis: [entry.call],
    missing,
  }
}

/** Reads one value: a scalar, or a series of one point, named by the quantity its DAG computed when known. */
function readScalar(w: Written, reading: Reading, obs: unknown): void {
  const { entry } = w
  const single = seriesOf(obs)
  const s = scalarOf(obs) ?? (single.length === 1 ? { value: single[0]!.value, unit: isRec(obs) && typeof obs.unit === 'string' ? obs.unit : null } : null)
  if (!s) return
  reading.value = s.value
  reading.unit = statedUnit(s.unit, entry)
  const quantity = computedQuantity(entry)
  const stated = valueText(s.value, reading.unit, countNoun(entry.action.tool, entry.action.args))
  reading.what = quantity ? `the ${quantity} is ${stated}` : `the computed value is ${stated}`
}

/** The answer from the value read: none readable, the nearest option (or none comparable), or the value with its unit. */
function valueAnswer(w: Written, reading: Reading): FinalAnswer {
  const { task, entry, source, missing, tail } = w
  const { value, unit, what, slopeUnit } = reading
  if (value === null) {
    return {
      answer: 'Not determined',
      explanation: tail(`The verified observation (call ${entry.call}) holds no value this template can read.`),
      choice: null,
      value: null,
      unit: null,
      basis: [entry.call],
      missing,
    }
  }
  if (task.format === 'choice') {
    const near = nearestOption(task.options, value, unit)
    if (near) return chosen(w, reading, near.option)
    return {
      answer: 'No option is supported by verified evidence',
      explanation: tail(`No option carries a number comparable with ${what}.`),
      choice: null,
      value,
      unit,
      basis: [entry.call],
      missing,
    }
  }
  const shown = slopeUnit ? `${fmt(value)} ${slopeUnit}` : valueText(value, unit, countNoun(entry.action.tool, entry.action.args))
  return {
    answer: shown,
    explanation: tail(`${what[0].toUpperCase()}${what.slice(1)}, from ${source}.`),
    choice: null,
    value,
    unit,
    basis: [entry.call],
    missing,
  }
}
