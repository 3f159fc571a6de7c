/**
 * The verifier reads a `raster.pooled_reduce` node as the pooled statistic it names: it accepts the pooled median
 * (p90, std) for a question that pools every pixel, and still rejects a per-date median averaged when pooling was
 * asked, a pooled median when per-date values were asked, and a pooled statistic of another kind. DAGs come from
 * the spec compiler (no pixels are read).
 */
import { describe, expect, it } from 'vitest'
import { planTask } from '../../../main/agent/rules/rules-planner'
import { checkProvenance } from '../../../main/verify/provenance/check-provenance'
import { statisticChain } from '../../../main/verify/provenance/statistic-chain'
import type { Evidence } from '../../../main/tools/protocol'

const DIR = '/work/shared/benchmarks/earthbench-q46/files'
const POOL = 'Pooling every valid pixel of the July 2019 acquisitions into one sample'
// Phrasings the verifier's own question reader (question-reader/pooling.ts) reads as pooled and as per date.
const POOLED_MEDIAN = 'What is the median LST over all valid pixels of all dates of July 2019, pooled?'
const PER_DATE_MEDIAN = 'What is the mean of the per-date medians of LST in July 2019?'

type Node = { id: string; op: string; params: Record<string, unknown>; inputs: Record<string, string> }
function dagOf(question: string): { nodes: Node[]; output: string } {
  const plan = planTask({ question, options: [], images: [], files: [DIR] } as never)
  expect(plan.refusal).toBeNull()
  const wf = plan.workflow
  if (!wf || !wf.ok || wf.tool !== 'execute') throw new Error('no workflow')
  return wf.args as never
}

const evidence = { source: {}, intermediate: {}, validity: {} } as unknown as Evidence
const findings = (question: string, dag: unknown, unit = 'K') => checkProvenance(question, dag, evidence, { value: 300, unit })
const rejects = (fs: ReturnType<typeof findings>, check: string) => fs.filter((f) => f.check === check && f.severity === 'reject')

describe('provenance of pooled statistics', () => {
  it('the compiled DAG pools in one node, read as the pooled median', () => {
    const dag = dagOf(POOLED_MEDIAN)
    expect(dag.nodes.map((n) => n.op)).toEqual(['asset.catalog', 'raster.read', 'raster.pooled_reduce'])
    expect(statisticChain(dag.nodes, dag.output)).toEqual([
      { node: 'pooled_median', op: 'raster.pooled_reduce', stat: 'median', over: 'pooled', kind: 'median' },
    ])
    const fs = findings(POOLED_MEDIAN, dag)
    expect(fs.filter((f) => f.severity === 'reject')).toEqual([])
    expect(fs.some((f) => f.check === 'provenance_pooling' && f.severity === 'pass')).toBe(true)
  })

  it('a percentile and a std asked pooled are accepted as such', () => {
    const p90 = 'What is the pooled 90th percentile of LST over all pixels of all dates of July 2019?'
    expect(statisticChain(dagOf(p90).nodes, dagOf(p90).output)[0]).toMatchObject({ kind: 'percentile', p: 90, over: 'pooled' })
    expect(findings(p90, dagOf(p90)).filter((f) => f.severity === 'reject')).toEqual([])
    const std = 'What is the pooled standard deviation of LST over all pixels of all dates of July 2019?'
    expect(findings(std, dagOf(std)).filter((f) => f.severity === 'reject')).toEqual([])
  })

  it('a per-date median averaged is rejected when pooling was asked', () => {
    const perDate = dagOf(PER_DATE_MEDIAN)
    expect(perDate.nodes.some((n) => n.op === 'raster.pooled_reduce')).toBe(false)
    expect(rejects(findings(POOLED_MEDIAN, perDate), 'provenance_pooling')).toHaveLength(1)
  })

  it('a pooled median is rejected when per-date values were asked', () => {
    expect(rejects(findings(PER_DATE_MEDIAN, dagOf(POOLED_MEDIAN)), 'provenance_pooling')).toHaveLength(1)
    expect(findings(PER_DATE_MEDIAN, dagOf(PER_DATE_MEDIAN)).filter((f) => f.severity === 'reject')).toEqual([])
  })

  it('a pooled statistic of another kind is rejected', () => {
    const std = dagOf(`${POOL}, what is the standard deviation of land surface temperature in kelvin?`)
    expect(rejects(findings(POOLED_MEDIAN, std), 'provenance_statistic')).toHaveLength(1)
    const p90 = dagOf(`${POOL}, what is the 90th percentile of land surface temperature in kelvin?`)
    expect(rejects(findings(POOLED_MEDIAN, p90), 'provenance_statistic')).toHaveLength(1)
  })
})
