/**
 * The rules backbone on our own phrasings of the families it was taught, end to end through `rsure ask` on the real
 * task 46 files (23 dates of MODIS-like LST and NDVI over Urumqi, 2019), with no model: a change between two named
 * months (checked against the two monthly means asked separately), the mean of NDVI over the pixels TVDI selects,
 * and a count of dates whose share of dry pixels passed a percentage stated after the share.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { main } from '../../main/cli/index'
import { FIXTURES, tempDir } from '../helpers/tmp'

const FILES = FIXTURES.Q46_FILES
const { dir, cleanup } = tempDir('rsure-families-')
const previous = process.env.RSURE_DATA_DIR
beforeAll(() => {
  process.env.RSURE_DATA_DIR = dir
})
afterAll(() => {
  if (previous === undefined) delete process.env.RSURE_DATA_DIR
  else process.env.RSURE_DATA_DIR = previous
  cleanup()
})

type Node = { id: string; op: string; params: Record<string, unknown> }

async function ask(question: string, options?: string) {
  let stdout = ''
  let stderr = ''
  const argv = ['ask', '--files', FILES, ...(options ? ['--options', options] : []), '--json', question]
  const code = await main(argv, { stdout: (t) => void (stdout += t), stderr: (t) => void (stderr += t), signal: new AbortController().signal })
  expect(stderr).toBe('')
  expect(code).toBe(0)
  const out = JSON.parse(stdout)
  expect(out.verified).toHaveLength(1)
  const obs = out.verified[0]
  expect(obs).toMatchObject({ status: 'accepted', action: { tool: 'execute' } })
  return { out, obs, nodes: obs.action.args.nodes as Node[] }
}

const catalogs = (nodes: Node[]) => nodes.filter((n) => n.op === 'asset.catalog').map((n) => [n.params.start, n.params.end])

describe('rules backbone families on the task 46 files', () => {
  it('answers a change between two named months that agrees with the two monthly means', { timeout: 300_000 }, async () => {
    const change = await ask('By how much did the mean TVDI change between March 2019 and August 2019?')
    expect(catalogs(change.nodes)).toEqual([
      ['2019-03-01', '2019-03-31'],
      ['2019-08-01', '2019-08-31'],
    ])
    const march = await ask('What was the mean TVDI in March 2019?')
    const august = await ask('What was the mean TVDI in August 2019?')
    expect(catalogs(march.nodes)).toEqual([['2019-03-01', '2019-03-31']])
    const value = (r: { obs: { observation: { value: number } } }) => r.obs.observation.value
    expect(value(change)).toBeCloseTo(value(august) - value(march), 9)
    // The answer writes the value rounded by at most 5e-7 of it (the one answer formatter's promise).
    expect(Math.abs(Number(change.out.answer) - value(change))).toBeLessThanOrEqual(5e-7 * Math.abs(value(change)))
  })

  it('averages NDVI over the pixels that TVDI marks as dry', { timeout: 300_000 }, async () => {
    const { obs, nodes } = await ask('Identify the pixels with TVDI above 0.7 in July 2019 and compute the mean NDVI of these pixels.')
    // The mask compares the TVDI layer with 0.7 and keeps the NDVI value (the compiler's names: v the subject, m1 the condition's layer).
    const masked = nodes.find((n) => n.op === 'raster.algebra') as (Node & { inputs: Record<string, string> }) | undefined
    const expr = String(masked?.params.expr)
    const name = Object.entries(masked?.inputs ?? {}).find(([, ref]) => nodes.find((n) => `@${n.id}` === ref)?.params.product === 'tvdi')?.[0]
    expect(name).toBeDefined()
    expect(expr.replace(/[()\s]/g, '')).toContain(`${name}>0.7`)
    expect(expr).toMatch(/^where\(.*, v, 0\/0\)$/)
    expect(catalogs(nodes)).toEqual([['2019-07-01', '2019-07-31']])
    // Dry pixels are sparsely vegetated: their NDVI is a valid index well below dense vegetation.
    expect(obs.observation.unit).toBe('dimensionless')
    expect(obs.observation.value).toBeGreaterThan(0)
    expect(obs.observation.value).toBeLessThan(0.5)
  })

  it('counts the dates whose share of dry pixels surpassed a stated percentage', { timeout: 300_000 }, async () => {
    const { out, obs, nodes } = await ask(
      'From April to June 2019, compute for each date the proportion of pixels with TVDI exceeding 0.7, then count how many times this proportion surpassed 40%.',
    )
    const perDate = nodes.find((n) => n.op === 'threshold_fraction')
    expect(perDate?.params).toMatchObject({ op: '>', value: 0.7, as: 'fraction' })
    expect(nodes.find((n) => n.op === 'timeseries.count')?.params).toMatchObject({ op: '>', value: 0.4 })
    // The per-date shares the count rests on, as the evidence records them: one point a date of April-June.
    const points = obs.evidence.intermediate.nodes[perDate!.id].points as { date: string; value: number; valid: number }[]
    expect(points.map((p) => p.date.slice(0, 7)).every((m) => m >= '2019-04' && m <= '2019-06')).toBe(true)
    const shares = points.filter((p) => p.valid > 0)
    expect(shares.length).toBeGreaterThan(0)
    expect(out.answer).toBe(`${shares.filter((p) => p.value > 0.4).length} ${shares.filter((p) => p.value > 0.4).length === 1 ? 'day' : 'days'}`)
  })
})
