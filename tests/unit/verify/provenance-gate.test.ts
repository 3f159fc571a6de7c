/**
 * Whatever verifier a backbone uses, the deterministic provenance and corroboration checks come first: a model
 * verifier that would accept anything never sees an observation of another quantity, nor one a low prior leaves
 * uncorroborated.
 */
import { describe, expect, it } from 'vitest'
import { ProvenanceGate } from '../../../main/verify/provenance-gate'
import type { SemanticVerifier, VerificationInput } from '../../../main/verify/verdict'
import { executeOk } from '../agent/doubles'

/** A verifier that accepts everything and counts how often it was asked. */
function yesMan(): SemanticVerifier & { asked: number } {
  const v = { name: 'always-yes', asked: 0, async verify() { v.asked++; return { decision: 'accept' as const, feedback: 'looks fine', needed: [], caveats: [] } } }
  return v
}

const dag = (stat: string) => ({
  nodes: [
    { id: 'cat', op: 'asset.catalog', params: { dir: '/data', start: '2019-01-01', end: '2019-12-31' } },
    { id: 'tvdi', op: 'raster.read', params: { role: 'TVDI' }, inputs: { data: '@cat' } },
    { id: 'daily', op: 'raster.batch_reduce', params: { stat }, inputs: { data: '@tvdi' } },
    { id: 'year', op: 'timeseries.aggregate', params: { by: 'all', stat: 'mean' }, inputs: { data: '@daily' } },
  ],
  output: 'year',
})

function input(question: string, stat: string, r_hat: number | null = null): VerificationInput {
  const r = executeOk(0.69)
  return {
    images: [], question, options: [], taskType: 'environmental_assessment', action: { tool: 'execute', args: dag(stat) },
    status: 'ok', observation: r.observation, evidence: r.evidence, config: r.config,
    prior: r_hat === null ? null : { r_hat, level: 'coarse', n: 30, n_valid: Math.round(30 * r_hat), source: 'test' },
  }
}

describe('ProvenanceGate', () => {
  it('rejects the mean for a median without asking the wrapped verifier', async () => {
    const inner = yesMan()
    const v = await new ProvenanceGate(inner).verify(input('What was the median TVDI in 2019?', 'mean'))
    expect(v.decision).toBe('reject')
    expect(v.feedback).toContain("the question asks for the median but the observation's statistic node 'year' computes the mean over dates")
    expect(inner.asked).toBe(0)
  })

  it('asks for corroboration under a low prior, and hands a matching observation to the wrapped verifier otherwise', async () => {
    const inner = yesMan()
    const gate = new ProvenanceGate(inner)
    const low = await gate.verify(input('What was the median TVDI in 2019?', 'median', 0.4))
    expect(low).toMatchObject({ decision: 'request_evidence', needed: ['corroboration'] })
    expect(inner.asked).toBe(0)
    const high = await gate.verify(input('What was the median TVDI in 2019?', 'median', 0.9))
    expect(high.decision).toBe('accept')
    expect(inner.asked).toBe(1)
  })
})
