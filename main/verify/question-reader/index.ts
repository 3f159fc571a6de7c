/**
 * The verifier's own reading of a question (DESIGN section 5): what an observation must show to answer it — the
 * statistic, the pixel conditions, the part of the image, the periods, the unit and the pooling — plus the phrases
 * it recognised as result-changing but could not turn into something checkable. Separate code from the planner's
 * task spec (main/task/, which verify may not import), so one misreading cannot pass both.
 */
import { readComparedResults, readConditions, readDateCriteria, type AskedCondition } from './conditions'
import { readFormulas, type AskedFormula } from './formulas'
import { readMethods, type AskedMethod } from './methods'
import { extractPeriods, type Period } from './periods'
import { readPooling, readStatisticOrder, type Pooling, type StatisticOrder } from './pooling'
import { readRegion, type AskedRegion } from './region'
import { readSlopeTime, type AskedSlopeTime } from './slope-time'
import { readStatistics, type AskedStatistic } from './statistic'
import { readSteps, type AskedSteps } from './steps'
import { readSubject, type AskedSubject } from './subject'
import { readUnit, type AskedUnit } from './unit'

export interface QuestionDemands {
  statistics: AskedStatistic[]
  /** The variable the value statistic is of, when the question says it next to the statistic. */
  subject: AskedSubject | null
  conditions: AskedCondition[]
  /** What each date must meet to be counted, when a count of dates is asked ("dates with a mean NDVI of 0.25 or more"). */
  dateCriteria: AskedCondition[]
  /** Comparisons a yes/no question makes of its result ("Was the mean NDVI below 0.2?"), which no mask may apply. */
  comparedResults: AskedCondition[]
  region: AskedRegion | null
  periods: Period[]
  unit: AskedUnit | null
  pooling: Pooling | null
  /** Which statistic is taken of each date's pixels and which over the per-date values, when the question says. */
  order: StatisticOrder | null
  /** Variables the question defines by a band formula, each to be computed as written. */
  formulas: AskedFormula[]
  /** Conventions named that a DAG parameter states (TVDI binning, trend estimator). */
  methods: AskedMethod[]
  /** The unit of time a slope is asked per, when one is said. */
  slopeTime: AskedSlopeTime | null
  /** Changes from one acquisition (or month) to the next, when asked. */
  steps: AskedSteps | null
  /** Phrases that could change the result but that the verifier cannot check, in words. */
  unchecked: string[]
}

export function readQuestion(question: string): QuestionDemands {
  const statistics = readStatistics(question)
  const conditions = readConditions(question)
  const region = readRegion(question)
  return {
    statistics: statistics.asked,
    subject: readSubject(question),
    conditions: conditions.asked,
    dateCriteria: readDateCriteria(question),
    comparedResults: readComparedResults(question),
    region: region.asked,
    periods: extractPeriods(question),
    unit: readUnit(question),
    pooling: readPooling(question)?.pooling ?? null,
    order: readStatisticOrder(question),
    formulas: readFormulas(question),
    methods: readMethods(question),
    slopeTime: readSlopeTime(question),
    steps: readSteps(question),
    unchecked: [...statistics.unchecked, ...conditions.unchecked, ...region.unchecked],
  }
}

export type {
  AskedSteps,
  AskedFormula,
  AskedSubject,
  AskedMethod,
  AskedSlopeTime,
  AskedCondition,
  AskedRegion,
  AskedStatistic,
  AskedUnit,
  Period,
  Pooling,
  StatisticOrder,
}
