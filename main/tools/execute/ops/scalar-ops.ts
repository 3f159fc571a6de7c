/**
 * Operators over numbers, series and tables, run on the calling thread (they are tiny): timeseries.aggregate,
 * timeseries.steps, timeseries.trend, math.*, decision.select.
 */
import { z } from 'zod'
import { compare } from '../../../engines/raster/compare'
import { evalScalar, parseExpr } from '../../../engines/raster/expr'
import { stat } from '../../../engines/raster/stats'
import { aggregate, olsFit, steps, timeAxis, trend } from '../../../engines/raster/timeseries'
import { Unit } from '../../../engines/raster/units'
import { parseOptions } from './decision'
import { roundHalfEven } from './round'
import type { ScalarOp } from './spec'
import { CompileError, expressionVariables, info, need, onlyInputs, type InferContext, type RuntimeValue } from './types'
import { errorMessage } from '../../../domain/errors'

const finite = z.number().refine(Number.isFinite, 'must be a finite number')
const AggStat = z.enum(['mean', 'median', 'min', 'max', 'sum', 'count', 'std'])

function insufficient(inputs: Record<string, RuntimeValue>): RuntimeValue | null {
  for (const [name, v] of Object.entries(inputs))
    if (v.type === 'insufficient') return { type: 'insufficient', reason: `input '${name}' has no value: ${v.reason}` }
  return null
}

// ---- timeseries.aggregate ------------------------------------------------------------------------------------

const AggregateParams = z.strictObject({ by: z.enum(['year', 'month', 'season', 'all']), stat: AggStat.default('mean') })

export const timeseriesAggregate: ScalarOp<z.infer<typeof AggregateParams>> = {
  op: 'timeseries.aggregate',
  kind: 'scalar',
  params: AggregateParams,
  detail: (p) => `${p.by}-${p.stat}`,
  infer(ctx, p) {
    onlyInputs(ctx, ['data'])
    const data = need(ctx, 'data', ['series'])
    const unit = p.stat === 'count' ? 'count' : data.info.unit
    return info(p.by === 'all' ? 'scalar' : 'series', unit)
  },
  run(p, inputs) {
    const bad = insufficient(inputs)
    if (bad) return bad
    const s = inputs.data as Extract<RuntimeValue, { type: 'series' }>
    if (s.points.length === 0) return { type: 'insufficient', reason: 'the series is empty' }
    const out = aggregate(s.points, p.by, p.stat)
    const unit = p.stat === 'count' ? 'count' : s.unit
    if (p.by === 'all') return { type: 'scalar', value: out[0].value, unit }
    return { type: 'series', points: out, unit }
  },
}

// ---- timeseries.count ----------------------------------------------------------------------------------------

const CountParams = z
  .strictObject({ op: z.enum(['>', '>=', '<', '<=', 'between', 'outside']), value: finite.optional(), low: finite.optional(), high: finite.optional() })
  .refine(
    (p) => (p.op === 'between' || p.op === 'outside' ? p.low !== undefined && p.high !== undefined && p.low <= p.high : p.value !== undefined),
    'give value for a comparison, or low <= high for a range',
  )

/** The points of a series meeting a comparison ("dates whose mean TVDI exceeds 0.7"): a count of dates. */
export const timeseriesCount: ScalarOp<z.infer<typeof CountParams>> = {
  op: 'timeseries.count',
  kind: 'scalar',
  params: CountParams,
  detail: (p) => p.op,
  infer(ctx) {
    onlyInputs(ctx, ['data'])
    need(ctx, 'data', ['series'])
    return info('scalar', 'count')
  },
  run(p, inputs) {
    const bad = insufficient(inputs)
    if (bad) return bad
    const s = inputs.data as Extract<RuntimeValue, { type: 'series' }>
    const pts = s.points.filter((x) => Boolean(x.valid) && Number.isFinite(x.value))
    if (pts.length === 0) return { type: 'insufficient', reason: 'the series has no valid point' }
    return { type: 'scalar', value: pts.filter((x) => compare(p.op, x.value, p)).length, unit: 'count' }
  },
}

// ---- timeseries.steps ----------------------------------------------------------------------------------------

const StepsParams = z.strictObject({
  /** `rise`: later minus earlier (drops negative); `drop`: earlier minus later (drops positive). */
  sign: z.enum(['rise', 'drop']).default('rise'),
})

/** Changes from one point of a series to the next ("the largest drop between consecutive acquisitions"). */
export const timeseriesSteps: ScalarOp<z.infer<typeof StepsParams>> = {
  op: 'timeseries.steps',
  kind: 'scalar',
  params: StepsParams,
  detail: (p) => p.sign,
  infer(ctx) {
    onlyInputs(ctx, ['data'])
    const data = need(ctx, 'data', ['series'])
    return info('series', data.info.unit)
  },
  run(p, inputs, node) {
    const bad = insufficient(inputs)
    if (bad) return bad
    const s = inputs.data as Extract<RuntimeValue, { type: 'series' }>
    const out = steps(s.points, p.sign)
    if (out.length === 0) return { type: 'insufficient', reason: `the series has fewer than 2 points with a value; node '${node}' needs 2 for a step` }
    return { type: 'series', points: out, unit: s.unit }
  },
}

// ---- timeseries.trend ----------------------------------------------------------------------------------------

const TrendParams = z.strictObject({
  alpha: z.number().gt(0, 'alpha lies strictly between 0 and 1').lt(1, 'alpha lies strictly between 0 and 1').default(0.05),
  /** The time axis: step index, decimal years, months (twelfths of a year) or days since the first point. */
  time: z.enum(['index', 'years', 'months', 'days']).default('index'),
  /** The length of the slope's unit of time in units of `time` ("per 16 days": days, 16; "per quarter": years, 0.25). */
  per: z.number().positive().default(1),
  min_points: z.number().int().min(3, 'a trend needs at least 3 points').default(3),
  /** `sen` (default): Theil-Sen slope/intercept; `ols`: least-squares slope/intercept plus `r2`. MK test fields either way. */
  method: z.enum(['sen', 'ols']).default('sen'),
})

export const timeseriesTrend: ScalarOp<z.infer<typeof TrendParams>> = {
  op: 'timeseries.trend',
  kind: 'scalar',
  params: TrendParams,
  detail: (p) => `${p.method}-mk-${p.time}${p.per === 1 ? '' : `-per-${p.per}`}`,
  infer(ctx) {
    onlyInputs(ctx, ['data'])
    const data = need(ctx, 'data', ['series'])
    return info('table', data.info.unit)
  },
  run(p, inputs, node) {
    const bad = insufficient(inputs)
    if (bad) return bad
    const s = inputs.data as Extract<RuntimeValue, { type: 'series' }>
    if (s.points.length < p.min_points)
      return { type: 'insufficient', reason: `the series has ${s.points.length} point(s); node '${node}' needs at least ${p.min_points}` }
    const t = timeAxis(s.points, p.time).map((v) => v / p.per)
    const y = s.points.map((x) => x.value)
    const r = trend(t, y, p.alpha)
    if (p.method === 'ols') return { type: 'table', values: { ...r, ...olsFit(t, y) }, unit: s.unit }
    return { type: 'table', values: { ...r }, unit: s.unit }
  },
}

// ---- math.* --------------------------------------------------------------------------------------------------

const UnitParam = z.strictObject({ unit: Unit.optional() })
const RoundParams = z.strictObject({ digits: z.number().int().min(0).max(15).default(4), unit: Unit.optional() })
const GetParams = z.strictObject({ key: z.string().min(1) })
const ExprParams = z.strictObject({ expr: z.string().min(1), unit: Unit.optional() })

function scalarsOf(ctx: InferContext, names: string[]) {
  return names.map((n) => need(ctx, n, ['scalar']))
}

/** The common unit of the inputs, or `given`; mixed units are reported as dimensionless. */
function sameUnit(units: (Unit | null)[], given?: Unit): Unit | null {
  if (given) return given
  const set = new Set(units)
  return set.size === 1 ? [...set][0] : 'dimensionless'
}

function num(v: RuntimeValue): number {
  return (v as Extract<RuntimeValue, { type: 'scalar' }>).value
}

function binary(op: string, f: (a: number, b: number) => number, unitRule: 'same' | 'ratio' | 'product'): ScalarOp<z.infer<typeof UnitParam>> {
  return {
    op,
    kind: 'scalar',
    params: UnitParam,
    detail: () => op.slice(5),
    infer(ctx, p) {
      onlyInputs(ctx, ['a', 'b'])
      const [a, b] = scalarsOf(ctx, ['a', 'b'])
      const ua = a.info.unit ?? 'dimensionless'
      const ub = b.info.unit ?? 'dimensionless'
      if (unitRule === 'same' && !p.unit && ua !== ub) {
        throw new CompileError(ctx.node, `node '${ctx.node}' adds or subtracts '${ua}' and '${ub}'; convert one first or state params.unit`)
      }
      // Units: sums keep the common unit; a product or ratio with a dimensionless factor keeps the other unit; a ratio
      // of like units is dimensionless; anything else needs params.unit (else it is reported as dimensionless).
      let unit: Unit
      if (unitRule === 'same') unit = ua
      else if (unitRule === 'ratio') unit = ua === ub ? 'dimensionless' : ub === 'dimensionless' ? ua : 'dimensionless'
      else unit = ua === 'dimensionless' ? ub : ub === 'dimensionless' ? ua : 'dimensionless'
      return info('scalar', p.unit ?? unit)
    },
    run(p, inputs, node) {
      const bad = insufficient(inputs)
      if (bad) return bad
      const v = f(num(inputs.a), num(inputs.b))
      if (!Number.isFinite(v)) return { type: 'insufficient', reason: `node '${node}' gives a non-finite result (${v})` }
      return { type: 'scalar', value: v, unit: p.unit ?? null }
    },
  }
}

function nary(op: string, f: (xs: number[]) => number): ScalarOp<z.infer<typeof UnitParam>> {
  return {
    op,
    kind: 'scalar',
    params: UnitParam,
    detail: () => op.slice(5),
    infer(ctx, p) {
      const names = Object.keys(ctx.inputs)
      if (names.length === 0) throw new CompileError(ctx.node, `node '${ctx.node}' needs at least one input`)
      const ins = scalarsOf(ctx, names)
      return info(
        'scalar',
        sameUnit(
          ins.map((i) => i.info.unit),
          p.unit,
        ),
      )
    },
    run(p, inputs) {
      const bad = insufficient(inputs)
      if (bad) return bad
      const vals = Object.values(inputs).map(num)
      return { type: 'scalar', value: f(vals), unit: p.unit ?? (Object.values(inputs)[0] as { unit: Unit | null }).unit }
    },
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a registry of specs with different parameter types; each validates its own
export const mathOps: ScalarOp<any>[] = [
  binary('math.add', (a, b) => a + b, 'same'),
  binary('math.subtract', (a, b) => a - b, 'same'),
  binary('math.multiply', (a, b) => a * b, 'product'),
  binary('math.divide', (a, b) => a / b, 'ratio'),
  nary('math.min', (xs) => Math.min(...xs)),
  nary('math.max', (xs) => Math.max(...xs)),
  nary('math.mean', (xs) => stat(xs, 'mean')),
  {
    op: 'math.abs',
    kind: 'scalar',
    params: UnitParam,
    detail: () => 'abs',
    infer(ctx, p) {
      onlyInputs(ctx, ['a'])
      return info('scalar', p.unit ?? need(ctx, 'a', ['scalar']).info.unit)
    },
    run: (p, inputs) => insufficient(inputs) ?? { type: 'scalar', value: Math.abs(num(inputs.a)), unit: p.unit ?? (inputs.a as { unit: Unit | null }).unit },
  } satisfies ScalarOp<z.infer<typeof UnitParam>>,
  {
    op: 'math.round',
    kind: 'scalar',
    params: RoundParams,
    detail: (p) => `round${p.digits}`,
    infer(ctx, p) {
      onlyInputs(ctx, ['a'])
      return info('scalar', p.unit ?? need(ctx, 'a', ['scalar']).info.unit)
    },
    run: (p, inputs) =>
      insufficient(inputs) ?? { type: 'scalar', value: roundHalfEven(num(inputs.a), p.digits), unit: p.unit ?? (inputs.a as { unit: Unit | null }).unit },
  } satisfies ScalarOp<z.infer<typeof RoundParams>>,
  {
    op: 'math.get',
    kind: 'scalar',
    params: GetParams,
    detail: (p) => p.key.replace(/\s+/g, '_'),
    infer(ctx, p) {
      onlyInputs(ctx, ['data'])
      const d = need(ctx, 'data', ['table', 'series'])
      const counts = ['count', 'n', 's', 'valid']
      // Keys of a timeseries.trend table that are statistics of the test, not values in the series' unit.
      const pure = ['valid_fraction', 'p', 'z', 'tau', 'trend', 'var_s', 'r2']
      const table = d.info.type === 'table'
      return info('scalar', table && counts.includes(p.key) ? 'count' : table && pure.includes(p.key) ? 'dimensionless' : d.info.unit)
    },
    run(p, inputs, node) {
      const bad = insufficient(inputs)
      if (bad) return bad
      const d = inputs.data
      if (d.type === 'table') {
        if (!(p.key in d.values))
          return { type: 'insufficient', reason: `node '${node}' asks for '${p.key}', which the table lacks (it has ${Object.keys(d.values).join(', ')})` }
        return { type: 'scalar', value: d.values[p.key], unit: d.unit }
      }
      const s = d as Extract<RuntimeValue, { type: 'series' }>
      const hit = s.points.find((x) => x.date === p.key || x.id === p.key)
      if (!hit) return { type: 'insufficient', reason: `node '${node}' asks for '${p.key}', which the series does not contain` }
      return { type: 'scalar', value: hit.value, unit: s.unit }
    },
  } satisfies ScalarOp<z.infer<typeof GetParams>>,
  {
    op: 'math.expr',
    kind: 'scalar',
    params: ExprParams,
    detail: () => 'expr',
    infer(ctx, p) {
      expressionVariables(ctx, p.expr) // refuses names that are not inputs
      const ins = scalarsOf(ctx, Object.keys(ctx.inputs))
      return info(
        'scalar',
        sameUnit(
          ins.map((i) => i.info.unit),
          p.unit,
        ),
      )
    },
    run(p, inputs, node) {
      const bad = insufficient(inputs)
      if (bad) return bad
      const vars: Record<string, number> = {}
      for (const [k, v] of Object.entries(inputs)) vars[k] = num(v)
      const v = evalScalar(parseExpr(p.expr), vars)
      if (v !== v) return { type: 'insufficient', reason: `node '${node}' expression gives no finite value` }
      return { type: 'scalar', value: v, unit: p.unit ?? (Object.values(inputs)[0] as { unit: Unit | null } | undefined)?.unit ?? 'dimensionless' }
    },
  } satisfies ScalarOp<z.infer<typeof ExprParams>>,
]

// ---- decision.select -----------------------------------------------------------------------------------------

const Options = z.union([
  z.string().min(1),
  z.array(z.string().min(1)).min(2, 'give at least two options'),
  z.array(z.strictObject({ label: z.string().min(1), value: finite })).min(2, 'give at least two options'),
])

const SelectParams = z.strictObject({
  options: Options,
  key: z.string().min(1).optional(),
  field: z.string().min(1).optional(),
  max_distance: z.number().min(0).optional(),
})

export const decisionSelect: ScalarOp<z.infer<typeof SelectParams>> = {
  op: 'decision.select',
  kind: 'scalar',
  params: SelectParams,
  detail: () => 'nearest',
  infer(ctx, p) {
    onlyInputs(ctx, ['data'])
    const d = need(ctx, 'data', ['scalar', 'table'])
    if (d.info.type === 'table' && !p.field)
      throw new CompileError(ctx.node, `node '${ctx.node}' compares a table, so it needs params.field (the statistic to compare)`)
    let opts
    try {
      opts = parseOptions(p.options, p.key)
    } catch (err) {
      throw new CompileError(ctx.node, `node '${ctx.node}': ${errorMessage(err)}`)
    }
    if (opts.length < 2) throw new CompileError(ctx.node, `node '${ctx.node}' needs at least two options to choose from`)
    if (new Set(opts.map((o) => o.label)).size !== opts.length) throw new CompileError(ctx.node, `node '${ctx.node}' has options with the same label`)
    return info('choice', d.info.unit)
  },
  run(p, inputs, node) {
    const bad = insufficient(inputs)
    if (bad) return bad
    const d = inputs.data
    let value: number
    if (d.type === 'table') {
      if (!(p.field! in d.values)) return { type: 'insufficient', reason: `node '${node}' compares '${p.field}', which the table lacks` }
      value = d.values[p.field!]
    } else value = num(d)
    const opts = parseOptions(p.options, p.key)
    const distances: Record<string, number> = {}
    let best = opts[0]
    for (const o of opts) {
      distances[o.label] = Math.abs(o.value - value)
      if (distances[o.label] < distances[best.label]) best = o
    }
    const sorted = Object.values(distances).sort((a, b) => a - b)
    if (sorted[0] === sorted[1])
      return { type: 'insufficient', reason: `node '${node}': the value ${value} is equally near two options, so none is supported over the other` }
    if (p.max_distance !== undefined && distances[best.label] > p.max_distance) {
      return {
        type: 'insufficient',
        reason: `node '${node}': the nearest option ${best.label} is ${distances[best.label]} away from ${value}, more than max_distance ${p.max_distance}`,
      }
    }
    return { type: 'choice', choice: best.label, value, option_value: best.value, distances }
  },
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a registry of specs with different parameter types; each validates its own
export const scalarOps: ScalarOp<any>[] = [timeseriesAggregate, timeseriesCount, timeseriesSteps, timeseriesTrend, ...mathOps, decisionSelect]
