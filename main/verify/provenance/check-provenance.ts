/**
 * Provenance check of an execute observation against the question (DESIGN section 5): does the DAG that produced
 * it compute the statistic asked, under the conditions asked, over the part of the image asked, in the unit asked,
 * pooled as asked? The question is read by the verifier's own reader (../question-reader), the DAG by the readers
 * here. A disagreement rejects the observation with a diagnosis naming the part that does not match; a demand the
 * verifier cannot check against this DAG asks for evidence instead of passing. (Periods and the dates used are
 * checked by policy/temporal-coverage.ts with the same question reader.)
 */
import { dagOf, isRec, type ActionNode, type Rec } from '../../tools/execute/evidence-reader'
import type { Evidence } from '../../tools/protocol'
import type { Finding } from '../policy/finding'
import { pass } from '../policy/finding'
import { readQuestion, type QuestionDemands } from '../question-reader/index'
import { describePart, type AskedRegion } from '../question-reader/region'
import { describeStatistic, type AskedStatistic, type StatisticKind } from '../question-reader/statistic'
import { describeUnit } from '../question-reader/unit'
import { checkComparedResults, checkConditions, checkDateCriteria, checkPopulation } from './check-conditions'
import { checkFormulas } from './check-formulas'
import { checkOrder } from './check-order'
import { checkMethods, checkSlopeTime } from './check-methods'
import { checkSubject, statisticSubjects, type StatisticSubject } from './check-subject'
import { dagConditions, type DagCondition } from './dag-conditions'
import { dagRegions, type DagRegion } from './dag-region'
import { DagVariables } from './dag-variables'
import { describeStep, statisticChain, type StatisticStep } from './statistic-chain'
import { checkSteps } from './check-steps'

export interface ExecuteProvenance {
  statistics: StatisticStep[]
  /** The variable each statistic over pixels is of. */
  subjects: StatisticSubject[]
  conditions: DagCondition[]
  regions: DagRegion[]
  unit: string | null
  /** The DAG's nodes, for the checks that read them whole (band formulas). */
  nodes: readonly ActionNode[]
}

/** What an execute action computed, read from its DAG and evidence. */
export function readProvenance(action: unknown, evidence: Evidence, observation: unknown): ExecuteProvenance {
  const { nodes, output } = dagOf(action)
  const vars = new DagVariables(nodes)
  const statistics = statisticChain(nodes, output)
  return {
    statistics,
    subjects: statisticSubjects(statistics, nodes, vars),
    conditions: dagConditions(nodes, output, vars),
    regions: dagRegions(nodes, output, evidence.source),
    unit: outputUnit(evidence, observation, output),
    nodes,
  }
}

/** The unit of the value the observation reports: the output's, or for a choice the unit of the value it compared. */
function outputUnit(evidence: Evidence, observation: unknown, output: string | null): string | null {
  const ops = isRec(evidence.source.operators) ? evidence.source.operators : {}
  const out = output && isRec(ops[output]) ? (ops[output] as Rec) : null
  if (out && out.op === 'decision.select' && isRec(out.inputs)) {
    const data = typeof out.inputs.data === 'string' ? out.inputs.data.slice(1).split('.')[0] : null
    const src = data && isRec(ops[data]) ? (ops[data] as Rec) : null
    if (src && typeof src.unit === 'string') return src.unit
  }
  if (isRec(observation) && typeof observation.unit === 'string') return observation.unit
  const declared = isRec(evidence.validity.output) ? evidence.validity.output.unit : undefined
  return typeof declared === 'string' ? declared : out && typeof out.unit === 'string' ? out.unit : null
}

const same = (a: number, b: number) => Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b))

function matchesStep(asked: AskedStatistic, s: StatisticStep): boolean {
  if (asked.kind !== s.kind) return false
  return asked.kind !== 'percentile' || (s.p !== undefined && same(asked.p ?? Number.NaN, s.p))
}

/** Statistics that, taken anywhere in the chain, make a value something other than a plain mean. */
const NOT_A_MEAN: StatisticKind[] = ['median', 'percentile', 'std', 'variance', 'min', 'max', 'sum']

/**
 * Whether multiple-choice options differ in one number only (the rest of their numbers equal in every option):
 * "Annual Mean TVDI: 0.7123, Min: 0.0000, Max: 1.0000" against "... 0.6897, Min: 0.0000, Max: 1.0000". Then one
 * quantity decides the choice, and a statistic the question also names but every option states alike does not.
 */
export function optionsDifferInOneNumber(options: readonly string[]): boolean {
  if (options.length < 2) return false
  const numbers = options.map((o) => (o.match(/-?\d+(?:\.\d+)?/g) ?? []).map(Number))
  const n = numbers[0].length
  if (n < 2 || numbers.some((x) => x.length !== n)) return false
  let differing = 0
  for (let i = 0; i < n; i++) if (numbers.some((x) => x[i] !== numbers[0][i])) differing++
  return differing === 1
}

/** Statistics a reducing node can be set to by name (the route rewrites its `stat`, or its one summary statistic). */
const ROUTABLE = new Set(['mean', 'median', 'max', 'min', 'std', 'sum'])

/**
 * The targeted request that settles a wrong statistic: the named nodes recomputed with the statistic the question
 * asks (`route:statistic@<node>=<stat>,...`); none when the asked statistic is not one a node takes by name.
 */
function statisticRoute(steps: StatisticStep[], want: string): { route?: string } {
  const nodes = steps.filter((s) => s.kind !== 'other' && s.stat !== want)
  if (!ROUTABLE.has(want) || nodes.length === 0) return {}
  // A maximum and a minimum side by side make a range: set both to one statistic and their difference is 0, a
  // number that answers nothing. No route then; the diagnosis stands.
  if (nodes.some((s) => s.kind === 'max') && nodes.some((s) => s.kind === 'min')) return {}
  return { route: `route:statistic@${[...new Set(nodes.map((s) => s.node))].map((n) => `${n}=${want}`).join(',')}` }
}

/**
 * The nodes a statistic route recomputes when the asked statistic is missing from the chain: an extreme is an
 * extreme all the way down (the maximum of per-date maxima is the maximum of the pixels); any other statistic is
 * taken over the pixels, by the step that reduces them (a standard deviation over the dates of one date's mean
 * would be 0), or by the outer step when no step reduces pixels.
 */
function routeTargets(chain: StatisticStep[], want: string): StatisticStep[] {
  if (want === 'max' || want === 'min') return chain.filter((s) => s.kind !== 'other')
  const pixels = chain.find((s) => s.over !== 'dates' && s.kind !== 'other')
  return [pixels ?? chain[0]]
}

function checkStatistic(asked: AskedStatistic[], chain: StatisticStep[], options: readonly string[] = []): Finding[] {
  if (asked.length === 0) return [pass('provenance_statistic', 'the question names no statistic')]
  if (chain.length === 0) {
    return [
      {
        check: 'provenance_statistic',
        severity: 'request',
        key: 'statistic_node',
        message: `the question asks for the ${asked.map(describeStatistic).join(' and ')}, but no node of the DAG computes a statistic the verifier can read`,
      },
    ]
  }
  // Dates are counted either by a count over dates or, from per-date values the observation reports (no reduction
  // over dates), by the answer: both show the dates one by one.
  const perDateValues = !chain.some((s) => s.over === 'dates')
  const missing = asked.filter((a) => !chain.some((s) => matchesStep(a, s)) && !(a.kind === 'date_count' && perDateValues))
  // A mean asked alone is a mean all the way down: a mean of per-date medians (or maxima...) is another quantity,
  // even though a 'mean' node sits at the top of the chain.
  const onlyMean = asked.every((a) => a.kind === 'mean')
  const extra = onlyMean ? chain.filter((s) => s.kind !== 'other' && NOT_A_MEAN.includes(s.kind)) : []
  if (missing.length === 0 && extra.length > 0) {
    return [
      {
        check: 'provenance_statistic',
        severity: 'reject',
        ...statisticRoute(extra, 'mean'),
        message: `the question asks for the mean but the observation also takes ${extra.map((s) => `${describeStep(s)} (node '${s.node}')`).join(', ')}, which is not asked`,
      },
    ]
  }
  // An extreme asked alone ("the maximum value of the red band") is an extreme of pixels: the maximum over dates of
  // per-date means is another quantity (a wrong statistic hidden under a 'max' at the top of the chain).
  const onlyExtreme = asked.every((a) => a.kind === 'max' || a.kind === 'min')
  const averaged = onlyExtreme ? chain.filter((s) => s.over !== 'dates' && (s.kind === 'mean' || s.kind === 'median')) : []
  if (missing.length === 0 && averaged.length > 0) {
    return [
      {
        check: 'provenance_statistic',
        severity: 'reject',
        ...(asked.length === 1 ? statisticRoute(averaged, asked[0].kind) : {}),
        message: `the question asks for the ${asked.map(describeStatistic).join(' and ')} of the pixels but the observation takes ${averaged.map((s) => `${describeStep(s)} (node '${s.node}')`).join(', ')} first`,
      },
    ]
  }
  if (missing.length === 0)
    return [pass('provenance_statistic', `statistic node(s) ${chain.map((s) => `'${s.node}' (${s.stat})`).join(', ')} compute what is asked`)]
  const outer = chain[0]
  // Several statistics asked ("the mean, minimum and maximum"), the observation computes one of them, and the
  // options differ only in one number: the statistics not computed are stated alike in every option, so they cannot
  // change the choice; the answer says they were not computed.
  const matched = asked.filter((a) => !missing.includes(a))
  if (matched.length > 0 && optionsDifferInOneNumber(options)) {
    return [
      pass(
        'provenance_statistic',
        `statistic node(s) ${chain.map((s) => `'${s.node}' (${s.stat})`).join(', ')} compute the ${matched.map(describeStatistic).join(' and ')}, the one quantity in which the options differ`,
      ),
      {
        check: 'provenance_statistic',
        severity: 'caveat',
        message: `the ${missing.map(describeStatistic).join(' and ')} the question also asks for were not computed; every option states the same value for them`,
      },
    ]
  }
  return [
    {
      check: 'provenance_statistic',
      severity: 'reject',
      ...(asked.length === 1 && missing.length === 1 ? statisticRoute(routeTargets(chain, missing[0].kind), missing[0].kind) : {}),
      message: `the question asks for the ${missing.map(describeStatistic).join(' and ')} but the observation's statistic node '${outer.node}' computes ${describeStep(outer)}${chain.length > 1 ? ` (of ${chain.slice(1).map(describeStep).join(', ')})` : ''}`,
    },
  ]
}

const near = (a: number, b: number, size: number) => Math.abs(a - b) * size <= 1

/** The finding for an observation over the area when the pixels outside it were asked, or the other way round. */
function otherSide(asked: AskedRegion, want: string, r: DagRegion): Finding {
  return {
    check: 'provenance_region',
    severity: 'reject',
    message: asked.outside
      ? `the question asks about ${want} but the observation covers the area itself (node '${r.node}'), not the pixels outside it`
      : `the question asks about ${want} but the observation covers the pixels outside an area (node '${r.node}')`,
  }
}

function checkRegion(asked: AskedRegion | null, restricted: DagRegion[]): Finding[] {
  let found = restricted
  if (!asked) {
    const parts = found.filter((r) => r.kind !== 'point')
    // A question that names no part asks about the whole image: a value over a window answers another question.
    return parts.length
      ? [
          {
            check: 'provenance_region',
            severity: 'reject',
            route: `route:whole-image@${[...new Set(parts.map((r) => r.node))].join(',')}`,
            message: `the question names no part of the image but the observation covers only part of it (node '${parts[0].node}')`,
          },
        ]
      : []
  }
  const want = asked.kind === 'part' ? `${asked.outside ? 'the pixels outside ' : ''}${describePart(asked.part)}` : asked.words
  if (found.length === 0)
    return [{ check: 'provenance_region', severity: 'reject', message: `the question asks about ${want} but the observation covers the whole image` }]
  // The pixels outside an area and the area itself are different pixels: the side must match before the extent.
  const sameSide = found.filter((r) => (r.outside ?? false) === (asked.outside ?? false))
  if (sameSide.length === 0) return [otherSide(asked, want, found[0])]
  found = sameSide
  if (asked.kind === 'polygon') {
    return found.some((r) => r.kind === 'polygon')
      ? [pass('provenance_region', `a polygon query restricts the value (the polygon's source is not checked against ${asked.file})`)]
      : [
          {
            check: 'provenance_region',
            severity: 'reject',
            message: `the question asks about the polygon in ${asked.file} but the observation restricts no polygon`,
          },
        ]
  }
  // A box asked in map units (lon/lat, EPSG:3857, UTM ...): the observation's box must have the same corners in the same CRS.
  const boxes = found.filter((r): r is Extract<DagRegion, { kind: 'map_box' }> => r.kind === 'map_box')
  if (asked.kind === 'box' && asked.bbox && boxes.length > 0) {
    const sameBox = (r: (typeof boxes)[number]) => r.bbox !== null && r.bbox.every((v, i) => same(v, asked.bbox![i])) && (r.srs ?? null) === (asked.srs ?? null)
    const hit = boxes.find(sameBox)
    if (hit) return [pass('provenance_region', `node '${hit.node}' restricts the box ${want} (${hit.srs ?? "the file's CRS"})`)]
    const r = boxes[0]
    return [
      {
        check: 'provenance_region',
        severity: 'reject',
        message: `the question asks about ${want} but the observation's box at '${r.node}' is ${r.bbox ? `[${r.bbox.join(', ')}]` : 'unstated'} in ${r.srs ?? "the file's CRS"}`,
      },
    ]
  }
  const sized = found.filter((r): r is Extract<DagRegion, { kind: 'part' }> => r.kind === 'part')
  if (sized.length === 0)
    return [
      {
        check: 'provenance_region',
        severity: 'request',
        key: 'region_extent',
        message: `the observation restricts the image at '${found[0].node}', but the verifier cannot tell in pixels whether that is ${want}`,
      },
    ]
  for (const r of sized) {
    const ok =
      asked.kind === 'part'
        ? near(r.part.x0, asked.part.x0, r.size.width) &&
          near(r.part.x1, asked.part.x1, r.size.width) &&
          near(r.part.y0, asked.part.y0, r.size.height) &&
          near(r.part.y1, asked.part.y1, r.size.height)
        : (!asked.cols || (Math.abs(r.cols[0] - asked.cols[0]) <= 1 && Math.abs(r.cols[1] - asked.cols[1]) <= 1)) &&
          (!asked.rows || (Math.abs(r.rows[0] - asked.rows[0]) <= 1 && Math.abs(r.rows[1] - asked.rows[1]) <= 1))
    if (ok) return [pass('provenance_region', `node '${r.node}' covers ${want} (columns ${r.cols[0]}-${r.cols[1]}, rows ${r.rows[0]}-${r.rows[1]})`)]
  }
  const r = sized[0]
  return [
    {
      check: 'provenance_region',
      severity: 'reject',
      message: `the question asks about ${want} but the observation's node '${r.node}' covers columns ${r.cols[0]}-${r.cols[1]} and rows ${r.rows[0]}-${r.rows[1]} of ${r.size.width} x ${r.size.height}`,
    },
  ]
}

/** Units the question may ask for that an execute output can be in, and the output units that satisfy each. */
const UNIT_FITS: Record<string, string[]> = {
  degC: ['degC'],
  degF: ['degF'],
  K: ['K'],
  percent: ['percent'],
  fraction: ['dimensionless'],
  count: ['count'],
  // Areas: the node that multiplies a pixel count by the pixel's ground area states the unit it converted to.
  m2: ['m2'],
  ha: ['ha'],
  km2: ['km2'],
  acre: ['acre'],
  mi2: ['mi2'],
  ft2: ['ft2'],
}

function checkUnit(demands: QuestionDemands, unit: string | null): Finding[] {
  const asked = demands.unit
  if (!asked) return []
  const fits = UNIT_FITS[asked.unit]
  if (!fits)
    return [
      {
        check: 'provenance_unit',
        severity: 'request',
        key: 'unit',
        message: `the question asks for ${describeUnit(asked.unit)}, which an execute result does not carry`,
      },
    ]
  if (unit === null)
    return [
      {
        check: 'provenance_unit',
        severity: 'request',
        key: 'unit',
        message: `the question asks for ${describeUnit(asked.unit)} but the observation states no unit`,
      },
    ]
  if (fits.includes(unit)) return [pass('provenance_unit', `the output is in ${describeUnit(unit)}`)]
  return [
    {
      check: 'provenance_unit',
      severity: 'reject',
      message: `the question asks for ${describeUnit(asked.unit)} ('${asked.words}') but the observation's output is in ${describeUnit(unit)}`,
    },
  ]
}

function checkPooling(demands: QuestionDemands, chain: StatisticStep[]): Finding[] {
  if (!demands.pooling) return []
  const perDate = chain.some((s) => s.over === 'dates') && chain.some((s) => s.over === 'pixels' || s.over === 'region')
  const pooled = chain.some((s) => s.over === 'pooled')
  if (demands.pooling === 'pooled' && !pooled) {
    return [
      {
        check: 'provenance_pooling',
        severity: 'reject',
        message: perDate
          ? 'the question asks for a statistic over the pooled pixels of all dates but the observation combines per-date statistics'
          : 'the question asks for a statistic over the pooled pixels of all dates but no node of the observation pools them',
      },
    ]
  }
  if (demands.pooling === 'per_date' && !perDate) {
    return [
      {
        check: 'provenance_pooling',
        severity: 'reject',
        message: 'the question asks for a statistic of per-date values but the observation does not compute one value per date first',
      },
    ]
  }
  return [pass('provenance_pooling', demands.pooling === 'pooled' ? 'pixels of all dates pooled' : 'per-date values combined')]
}

/**
 * The order of the statistics, where the question states it ("the median of the per-date means"): the step over
 * each date's pixels takes the one statistic and the step over the dates the other. Asking for the median of daily
 * means and getting the mean of daily medians names both statistics, so the statistic check alone passes it.
 */
function checkStatisticOrder(demands: QuestionDemands, chain: StatisticStep[]): Finding[] {
  const order = demands.order
  const dates = chain.filter((s) => s.over === 'dates')
  const pixels = chain.filter((s) => s.over === 'pixels' || s.over === 'region')
  if (!order || !dates.length || !pixels.length) return []
  const asked = `the ${describeStatistic({ kind: order.dates })} over the dates of each date's ${describeStatistic({ kind: order.pixels })} ('${order.words}')`
  // Several chains (a range: the maximum and the minimum over the dates of the per-date means) each take one.
  if (pixels.some((s) => s.kind === order.pixels) && dates.some((s) => s.kind === order.dates)) return [pass('provenance_statistic', `${asked}, as asked`)]
  return [
    {
      check: 'provenance_statistic',
      severity: 'reject',
      message: `the question asks for ${asked}, but the observation takes ${pixels.map((s) => `${describeStep(s)} of each date (node '${s.node}')`).join(', ')} and ${dates.map((s) => `${describeStep(s)} (node '${s.node}')`).join(', ')}`,
    },
  ]
}

/** Every provenance finding for an execute observation. */
/**
 * "Valid pixels" asked of a count the engine takes of each date's pixels ("the date with the most valid LST
 * pixels"): the count is of the valid pixels already, so no mask need state it.
 */
function countsValid(c: { variable: string; negated?: boolean }, steps: readonly StatisticStep[]): boolean {
  return c.variable === 'nodata' && c.negated === true && steps.some((s) => s.over === 'pixels' && s.stat === 'count')
}

/**
 * The subject written out and then defined by a formula right after it ("the two-band EVI, EVI2 = 2.5 (NIR - red) /
 * ...", "the Chlorophyll Index Green (CIG = NIR / green - 1)"): the formula's name is what the statistic is of.
 */
function namedByFormula(question: string, demands: QuestionDemands): QuestionDemands['subject'] {
  const asked = demands.subject
  if (!asked) return null
  const at = question.indexOf(asked.words)
  if (at < 0) return null
  const after = question.slice(at + asked.words.length, at + asked.words.length + 50)
  const f = demands.formulas.find((x) => x.name !== 'formula' && new RegExp(`^[\\s\\w-]{0,40}[(,]\\s*${x.name}\\s*[=:]`, 'i').test(after))
  return f ? { ...asked, variable: f.name } : null
}

export function checkProvenance(question: string, action: unknown, evidence: Evidence, observation: unknown, options: readonly string[] = []): Finding[] {
  const demands = readQuestion(question)
  const prov0 = readProvenance(action, evidence, observation)
  // With steps, the statistic checks hold the chain below them (each date's statistic); the extreme words of
  // "the largest drop" are the steps'.
  const stepped = checkSteps(demands.steps, prov0.statistics)
  const prov = { ...prov0, statistics: stepped.below }
  const asked = stepped.extremesAbove ? demands.statistics.filter((a) => a.kind !== 'max' && a.kind !== 'min') : demands.statistics
  return [
    ...stepped.findings,
    ...checkStatistic(asked, prov.statistics, options),
    ...checkSubject(namedByFormula(question, demands) ?? demands.subject, prov.subjects),
    ...checkConditions(
      demands.conditions.filter((c) => !countsValid(c, prov.statistics)),
      prov.conditions,
    ),
    ...checkPopulation(demands.conditions, prov.conditions, demands.statistics),
    ...checkDateCriteria(demands.dateCriteria, prov.nodes),
    ...checkComparedResults(demands.comparedResults, prov.conditions),
    ...checkRegion(demands.region, prov.regions),
    ...checkUnit(demands, prov.unit),
    ...checkPooling(demands, prov.statistics),
    ...checkStatisticOrder(demands, prov.statistics),
    ...checkMethods(demands, evidence),
    ...checkSlopeTime(demands, evidence),
    ...checkFormulas(demands.formulas, prov.nodes),
    ...checkOrder(question, prov.nodes),
    ...demands.unchecked.map((u): Finding => ({
      check: 'provenance_unchecked',
      severity: 'request',
      key: 'unchecked_phrase',
      message: `the verifier cannot check ${u} against the observation`,
    })),
  ]
}
