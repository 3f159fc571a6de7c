/**
 * The verifier's provenance check on real execute evidence (tiny GeoTIFFs, the real execute tool): for each
 * question of issue 8's table, a DAG computing a different quantity (the mean for a median, the whole image for a
 * half, no mask, a share for a count, the whole year for a quarter, kelvin for Celsius) is rejected with a diagnosis
 * naming the part that does not match (or, for a wrong statistic, sent to the route that recomputes just that node,
 * whose follow-up is judged again), and a DAG computing the asked quantity is accepted with the value an
 * independent computation in the test gives.
 */
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { ArtifactStore } from '../../../main/store/artifacts'
import { executeDag } from '../../../main/tools/execute/index'
import { EvidencePolicyVerifier } from '../../../main/verify/evidence-policy'
import { routeFor } from '../../../main/verify/evidence-routes'
import { tempDir } from '../../helpers/tmp'
import { writeTinyTiff } from '../engines/raster/tiny-tiff'

const geo = { originX: 500000, originY: 4000000, sizeX: 30, sizeY: 30, epsg: 32633 }
const dirs: { cleanup: () => void }[] = []
afterAll(() => dirs.forEach((d) => d.cleanup()))

const W = 6
const H = 4
/** LST (K) and NDVI per pixel for one date: a north-south gradient in LST, NDVI varying by column. */
const lstOf = (d: number) => Array.from({ length: W * H }, (_, i) => 290 + d * 2 + Math.floor(i / W) * 5 + (i % W))
const ndviOf = () => Array.from({ length: W * H }, (_, i) => 0.1 * (i % W) + 0.05)

const DATES = ['2019-01-15', '2019-02-15', '2019-03-15', '2019-06-15', '2019-09-15']

function folder(): string {
  const t = tempDir('rsure-prov-')
  dirs.push(t)
  DATES.forEach((date, d) => {
    writeTinyTiff(path.join(t.dir, `Basin_${date}_LST.tif`), { width: W, height: H, geo, dtype: 'float32', bands: [lstOf(d)] })
    writeTinyTiff(path.join(t.dir, `Basin_${date}_NDVI.tif`), { width: W, height: H, geo, dtype: 'float32', bands: [ndviOf()] })
  })
  return t.dir
}
const dir = folder()

type Node = { id: string; op: string; params?: Record<string, unknown>; inputs?: Record<string, string | number> }

/** A DAG over the folder's LST (and NDVI) collection, ending in `tail`. */
function dag(tail: Node[], opts: { start?: string; end?: string; lstRead?: Record<string, unknown> } = {}) {
  const nodes: Node[] = [
    { id: 'cat', op: 'asset.catalog', params: { dir, start: opts.start ?? '2019-01-01', end: opts.end ?? '2019-12-31' } },
    { id: 'lst', op: 'raster.read', params: { role: 'LST', unit: 'K', ...opts.lstRead }, inputs: { data: '@cat' } },
    { id: 'ndvi', op: 'raster.read', params: { role: 'NDVI', unit: 'dimensionless' }, inputs: { data: '@cat' } },
    ...tail,
  ]
  return { nodes, output: tail.at(-1)!.id }
}

/** The yearly mean of the per-date means of LST kept by a mask `expr` over v (NDVI) and t (LST). */
const maskedYearMean = (expr: string) =>
  dag([
    { id: 'm', op: 'raster.algebra', params: { expr }, inputs: { v: '@ndvi', t: '@lst' } },
    { id: 'daily', op: 'raster.batch_reduce', params: { stat: 'mean' }, inputs: { data: '@m' } },
    { id: 'year', op: 'timeseries.aggregate', params: { by: 'all', stat: 'mean' }, inputs: { data: '@daily' } },
  ])

async function judge(question: string, args: unknown) {
  const r = await executeDag(args, { artifacts: new ArtifactStore(path.join(dir, 'artifacts')) })
  expect(r.status, r.reason).toBe('ok')
  const verdict = await new EvidencePolicyVerifier().verify({
    images: [],
    question,
    options: [],
    taskType: 'environmental_assessment',
    action: { tool: 'execute', args },
    status: r.status,
    observation: r.observation,
    evidence: r.evidence,
    config: r.config,
    prior: null,
  })
  return { verdict, value: (r.observation as { value?: number }).value }
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b)
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2
}
const std = (xs: number[]) => Math.sqrt(mean(xs.map((x) => (x - mean(xs)) ** 2)))

/** The per-date `stat` of LST, then the mean over the dates. */
const perDate = (stat: string): Node[] => [
  { id: 'daily', op: 'raster.batch_reduce', params: { stat }, inputs: { data: '@lst' } },
  { id: 'year', op: 'timeseries.aggregate', params: { by: 'all', stat: 'mean' }, inputs: { data: '@daily' } },
]

describe('provenance: the statistic asked', () => {
  it('asks for the median when the mean is computed, naming both, and accepts the routed follow-up', async () => {
    const q = 'What was the median LST in 2019?'
    const first = dag(perDate('mean'))
    const { verdict } = await judge(q, first)
    expect(verdict.decision).toBe('request_evidence')
    expect(verdict.feedback).toContain("the question asks for the median but the observation's statistic node 'year' computes the mean over dates")
    // The route recomputes the statistic over the pixels (the per-date node), nothing else.
    expect(verdict.needed).toEqual(['route:statistic@daily=median'])
    const routed = routeFor(verdict.needed, first)!.args
    const again = await judge(q, routed)
    expect(again.verdict.decision, again.verdict.feedback).toBe('accept')
    expect(again.value).toBeCloseTo(mean(DATES.map((_, d) => median(lstOf(d)))), 6)
  })

  it('accepts the mean of the per-date medians, equal to an independent computation', async () => {
    const { verdict, value } = await judge('What was the median LST in 2019?', dag(perDate('median')))
    expect(verdict.decision).toBe('accept')
    expect(value).toBeCloseTo(mean(DATES.map((_, d) => median(lstOf(d)))), 6)
  })

  it('rejects the mean when the standard deviation is asked, and accepts the standard deviation', async () => {
    const q = 'What was the standard deviation of LST on 2019-06-15?'
    const single = (stat: string) => dag(perDate(stat), { start: '2019-06-15', end: '2019-06-15' })
    const wrong = await judge(q, single('mean'))
    expect(wrong.verdict.decision).toBe('request_evidence')
    expect(wrong.verdict.feedback).toContain(
      "asks for the standard deviation but the observation's statistic node 'year' computes the mean over dates (of the mean)",
    )
    // Over one date, a standard deviation over the dates would be 0: the route takes it over the pixels.
    expect(wrong.verdict.needed).toEqual(['route:statistic@daily=std'])
    const routed = await judge(q, routeFor(wrong.verdict.needed, single('mean'))!.args)
    expect(routed.verdict.decision, routed.verdict.feedback).toBe('accept')
    expect(routed.value).toBeCloseTo(std(lstOf(3)), 6)
    const right = await judge(q, single('std'))
    expect(right.verdict.feedback).not.toContain('asks for the standard deviation but')
    expect(right.verdict.decision, right.verdict.feedback).toBe('accept')
    expect(right.value).toBeCloseTo(std(lstOf(3)), 6)
  })

  it('rejects the maximum over dates of per-date means when the maximum is asked, and accepts per-date maxima', async () => {
    const q = 'What was the maximum LST on 2019-06-15?'
    const one = { start: '2019-06-15', end: '2019-06-15' }
    const chain = (inner: string): Node[] => [
      { id: 'daily', op: 'raster.batch_reduce', params: { stat: inner }, inputs: { data: '@lst' } },
      { id: 'top', op: 'timeseries.aggregate', params: { by: 'all', stat: 'max' }, inputs: { data: '@daily' } },
    ]
    const wrong = await judge(q, dag(chain('mean'), one))
    expect(wrong.verdict.decision).toBe('request_evidence')
    expect(wrong.verdict.needed).toEqual(['route:statistic@daily=max'])
    expect(wrong.verdict.feedback).toContain('the question asks for the maximum of the pixels but the observation takes')
    expect(wrong.value).toBeCloseTo(mean(lstOf(3)), 6)
    const right = await judge(q, dag(chain('max'), one))
    expect(right.verdict.decision, right.verdict.feedback).toBe('accept')
    expect(right.value).toBeCloseTo(Math.max(...lstOf(3)), 6)
  })

  it('rejects a share of pixels when the number of pixels is asked', async () => {
    const q = 'How many pixels had LST above 300 K on 2019-06-15?'
    const share = {
      nodes: [
        { id: 'lst', op: 'raster.read', params: { path: path.join(dir, 'Basin_2019-06-15_LST.tif'), unit: 'K' } },
        { id: 'f', op: 'threshold_fraction', params: { op: '>', value: 300, as: 'percent' }, inputs: { data: '@lst' } },
      ],
      output: 'f',
    }
    const { verdict } = await judge(q, share)
    expect(verdict.decision).toBe('reject')
    expect(verdict.feedback).toContain(
      "the question asks for the number of pixels but the observation's statistic node 'f' computes the fraction (or percentage) of pixels",
    )
    expect(verdict.feedback).toContain('the question asks for a count')
    const count = {
      nodes: [
        { id: 'lst', op: 'raster.read', params: { path: path.join(dir, 'Basin_2019-06-15_LST.tif'), unit: 'K' } },
        { id: 'hot', op: 'raster.algebra', params: { expr: 'where(t > 300, t, 0/0)' }, inputs: { t: '@lst' } },
        { id: 's', op: 'raster.summarize', params: { stats: ['count'] }, inputs: { data: '@hot' } },
        { id: 'n', op: 'math.get', params: { key: 'count' }, inputs: { data: '@s' } },
      ],
      output: 'n',
    }
    const right = await judge(q, count)
    expect(right.verdict.feedback).not.toContain('asks for the number of pixels but')
    expect(right.value).toBe(lstOf(3).filter((v) => v > 300).length)
  })
})

describe('provenance: masks, region, period and unit', () => {
  const Q_MASK = 'What was the mean LST for pixels with NDVI between 0.2 and 0.5 in 2019?'

  it('rejects a mean that ignores the NDVI range and accepts the masked one', async () => {
    const plain = await judge(Q_MASK, dag(perDate('mean')))
    expect(plain.verdict.decision).toBe('reject')
    expect(plain.verdict.feedback).toContain(
      'the question keeps only pixels with NDVI between 0.2 and 0.5 but the observation applies no such condition on NDVI',
    )

    const masked = maskedYearMean('where(v >= 0.2 && v <= 0.5, t, 0/0)')
    const right = await judge(Q_MASK, masked)
    expect(right.verdict.decision).toBe('accept')
    const nd = ndviOf()
    expect(right.value).toBeCloseTo(mean(DATES.map((_, d) => mean(lstOf(d).filter((_, i) => nd[i] >= 0.2 && nd[i] <= 0.5)))), 6)

    const other = maskedYearMean('where(v > 0.3, t, 0/0)')
    const wrong = await judge(Q_MASK, other)
    expect(wrong.verdict.decision).toBe('reject')
    expect(wrong.verdict.feedback).toContain("but the observation's mask 'm' keeps NDVI above 0.3")
  })

  it('rejects the whole image for the northern half, and a southern window, and accepts the northern one', async () => {
    const q = 'What was the mean LST for the northern half of the image in 2019?'
    const whole = await judge(q, dag(perDate('mean')))
    expect(whole.verdict.decision).toBe('reject')
    expect(whole.verdict.feedback).toContain('the question asks about the northern half but the observation covers the whole image')

    const south = await judge(q, dag(perDate('mean'), { lstRead: { window: { col: 0, row: 2, width: W, height: 2 } } }))
    expect(south.verdict.decision).toBe('reject')
    expect(south.verdict.feedback).toContain(
      "the question asks about the northern half but the observation's node 'lst' covers columns 0-6 and rows 2-4 of 6 x 4",
    )

    const north = await judge(q, dag(perDate('mean'), { lstRead: { window: { col: 0, row: 0, width: W, height: 2 } } }))
    expect(north.verdict.decision).toBe('accept')
    expect(north.value).toBeCloseTo(mean(DATES.map((_, d) => mean(lstOf(d).slice(0, 2 * W)))), 6)
  })

  it('rejects a whole year for the first quarter and for a written month range, and accepts the quarter', async () => {
    for (const q of ['What was the mean LST in the first quarter of 2019?', 'What was the mean LST between 03/2019 and 05/2019?']) {
      const { verdict } = await judge(q, dag(perDate('mean')))
      expect(verdict.decision, q).toBe('reject')
      expect(verdict.feedback, q).toMatch(/catalog 'cat' keeps only 2019-01-01 to 2019-12-31|outside the requested periods/)
    }
    const quarter = await judge('What was the mean LST in the first quarter of 2019?', dag(perDate('mean'), { end: '2019-03-31' }))
    expect(quarter.verdict.decision).toBe('accept')
    expect(quarter.value).toBeCloseTo(mean([0, 1, 2].map((d) => mean(lstOf(d)))), 6)
  })

  it('rejects kelvin when degrees Celsius are asked', async () => {
    const { verdict } = await judge('What was the mean LST in 2019 in degrees Celsius?', dag(perDate('mean')))
    expect(verdict.decision).toBe('reject')
    expect(verdict.feedback).toContain("the question asks for degrees Celsius ('in degrees Celsius') but the observation's output is in kelvin")
    const celsius = dag([...perDate('mean'), { id: 'c', op: 'math.expr', params: { expr: 'x - 273.15', unit: 'degC' }, inputs: { x: '@year' } }])
    const right = await judge('What was the mean LST in 2019 in degrees Celsius?', celsius)
    expect(right.verdict.decision).toBe('accept')
    expect(right.value).toBeCloseTo(mean(DATES.map((_, d) => mean(lstOf(d)))) - 273.15, 6)
  })

  it('asks for evidence instead of passing a place it cannot check', async () => {
    const { verdict } = await judge('What was the mean LST within 5 km of the river in 2019?', dag(perDate('mean')))
    expect(verdict.decision).toBe('request_evidence')
    expect(verdict.feedback).toContain("the verifier cannot check the place 'within 5 km of' against the observation")
    expect(verdict.needed).toContain('unchecked_phrase')
  })
})
