/**
 * The deterministic evidence policy judging real execute evidence (tiny GeoTIFFs, real execute tool) for questions
 * that name several periods or restrict a statistic to a masked area: dates between two named months must not be
 * averaged in, a named month without data must not pass as a caveat, and pixels a mask leaves out on purpose are
 * not "invalid" data.
 */
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { planTask } from '../../../main/agent/rules/rules-planner'
import { makeTask } from '../../../main/agent/task'
import { executeDag } from '../../../main/tools/execute/index'
import { ArtifactStore } from '../../../main/store/artifacts'
import { EvidencePolicyVerifier } from '../../../main/verify/evidence-policy'
import { tempDir } from '../../helpers/tmp'
import { writeTinyTiff } from '../engines/raster/tiny-tiff'

const geo = { originX: 1000, originY: 2000, sizeX: 10, sizeY: 10, epsg: 32633 }
const dirs: { cleanup: () => void }[] = []
afterAll(() => dirs.forEach((d) => d.cleanup()))

/** A folder of square layers (LST in MODIS DNs of 0.02 K, NDVI in DNs of 0.0001). */
function folder(layers: Record<string, number[]>): string {
  const t = tempDir('rsure-policy-')
  dirs.push(t)
  for (const [name, values] of Object.entries(layers)) {
    const side = Math.sqrt(values.length)
    const lst = name.endsWith('_LST.tif')
    writeTinyTiff(path.join(t.dir, name), {
      width: side,
      height: side,
      geo,
      bands: [values.map((v) => (lst ? v / 0.02 : Math.round(v / 0.0001)))],
      dtype: lst ? 'uint16' : 'int16',
    })
  }
  return t.dir
}

async function judge(question: string, dir: string, dag?: (planned: { nodes: { op: string; params: Record<string, unknown> }[] }) => unknown) {
  const plan = planTask(makeTask({ question, options: [], files: [dir] }))
  const wf = plan.workflow
  if (!wf?.ok || wf.tool !== 'execute') throw new Error('expected an execute workflow')
  const args = dag ? dag(wf.args as never) : wf.args
  const r = await executeDag(args, { artifacts: new ArtifactStore(path.join(dir, 'artifacts')) })
  expect(r.status).toBe('ok')
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
  return { verdict, value: (r.observation as { value?: number }).value, args: args as { nodes: { op: string; params: Record<string, unknown> }[] } }
}

const four = (k: number) => [k, k, k, k]

describe('the evidence policy on real execute evidence', () => {
  const Q = 'What was the mean LST in June and August 2023?'

  it('accepts the mean of two named months that leaves the month between them out', async () => {
    const dir = folder({
      'Basin_2023-06-10_LST.tif': four(300),
      'Basin_2023-06-26_LST.tif': four(302),
      'Basin_2023-07-12_LST.tif': four(340),
      'Basin_2023-08-13_LST.tif': four(304),
    })
    const { verdict, value, args } = await judge(Q, dir)
    const files = args.nodes[0].params.files as string[]
    expect(files.map((f) => path.basename(f))).toEqual(['Basin_2023-06-10_LST.tif', 'Basin_2023-06-26_LST.tif', 'Basin_2023-08-13_LST.tif'])
    expect(verdict.decision).toBe('accept')
    expect(value).toBeCloseTo(302, 6)
  })

  it('rejects a result that averaged in the month between the two named ones', async () => {
    const dir = folder({
      'Basin_2023-06-10_LST.tif': four(300),
      'Basin_2023-06-26_LST.tif': four(302),
      'Basin_2023-07-12_LST.tif': four(340),
      'Basin_2023-08-13_LST.tif': four(304),
    })
    // A plan that filters by the span only (as a model might write it) reads July too.
    const span = (planned: { nodes: { op: string; params: Record<string, unknown> }[] }) => ({
      ...planned,
      nodes: planned.nodes.map((n) => (n.op === 'asset.catalog' ? { ...n, params: { ...n.params, files: undefined, dir } } : n)),
    })
    const { verdict } = await judge(Q, dir, span)
    expect(verdict.decision).toBe('reject')
    expect(verdict.feedback).toContain('outside the requested periods (2023-07-12)')
  })

  it('asks for the data of a named month that has none instead of accepting with a caveat', async () => {
    const dir = folder({ 'Basin_2023-06-10_LST.tif': four(300), 'Basin_2023-06-26_LST.tif': four(302), 'Basin_2023-07-12_LST.tif': four(340) })
    const { verdict } = await judge(Q, dir)
    expect(verdict.decision).toBe('request_evidence')
    expect(verdict.feedback).toContain('no data for the requested period(s) 2023-08-01 to 2023-08-31')
  })

  it('does not count the pixels a mask leaves out on purpose as invalid data', async () => {
    // 25 pixels, one above 315 K: the mask keeps 4% of the image, below the 5% valid-pixel floor for data.
    const lst = Array.from({ length: 25 }, (_, i) => (i === 12 ? 320 : 300))
    const ndvi = Array.from({ length: 25 }, (_, i) => (i === 12 ? 0.1 : 0.6))
    const dir = folder({ 'Oasis_2020-07-01_LST.tif': lst, 'Oasis_2020-07-01_NDVI.tif': ndvi })
    const { verdict, value } = await judge('On July 1, 2020, what is the mean NDVI of the pixels with LST above 315 K?', dir)
    expect(value).toBeCloseTo(0.1, 6)
    expect(verdict.decision).toBe('accept')
    expect(verdict.feedback).not.toContain('are valid (at least')
  })

  it('still asks for evidence when the data itself is mostly invalid', async () => {
    // NDVI carries a nodata tag on 24 of 25 pixels: the read layer itself is 4% valid, upstream of any mask.
    const dir = folder({ 'Oasis_2020-07-01_LST.tif': Array.from({ length: 25 }, () => 320) })
    writeTinyTiff(path.join(dir, 'Oasis_2020-07-01_NDVI.tif'), {
      width: 5,
      height: 5,
      geo,
      dtype: 'int16',
      nodata: '-9999',
      bands: [Array.from({ length: 25 }, (_, i) => (i === 0 ? 5000 : -9999))],
    })
    const { verdict } = await judge('On July 1, 2020, what is the mean NDVI of the pixels with LST above 315 K?', dir)
    expect(verdict.decision).toBe('request_evidence')
    expect(verdict.feedback).toMatch(/only 4\.0% of the pixels of ndvi are valid/)
  })

  /** The planned call with its catalog keeping every file of `dir` (no date filter). */
  const unfilteredCatalog = (dir: string) => (planned: { nodes: { op: string; params: Record<string, unknown> }[] }) => ({
    ...planned,
    nodes: planned.nodes.map((n) => (n.op === 'asset.catalog' ? { ...n, params: { dir } } : n)),
  })

  it('rejects a result whose catalog read dates outside the one requested year', async () => {
    const dir = folder({ 'Urumqi_2018-12-19_LST.tif': four(250), 'Urumqi_2019-01-01_LST.tif': four(260), 'Urumqi_2019-01-17_LST.tif': four(262) })
    const unfiltered = unfilteredCatalog(dir)
    const { verdict } = await judge('What was the mean LST in January 2019?', dir, unfiltered)
    expect(verdict.decision).toBe('reject')
    expect(verdict.feedback).toContain('outside the requested periods (2018-12-19)')
    expect((await judge('What was the mean LST in January 2019?', dir)).verdict.decision).toBe('accept')
  })

  it('states a nearby date as a caveat when the question only places its period roughly', async () => {
    const dir = folder({ 'Lake_2023-06-10_LST.tif': four(300), 'Lake_2023-06-26_LST.tif': four(302), 'Lake_2023-07-01_LST.tif': four(304) })
    const unfiltered = unfilteredCatalog(dir)
    const { verdict } = await judge('What was the mean LST around June 2023?', dir, unfiltered)
    expect(verdict.decision).toBe('accept')
    expect(verdict.caveats.join(' ')).toContain('nearest available date(s) 2023-07-01')
  })
})
