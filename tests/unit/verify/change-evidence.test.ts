/**
 * The verifier reads the content evidence of a real change result (perceive on the LEVIR-CD pair): the
 * co-registration score, the threshold method and the changed-area share. A co-registered pair is accepted (its
 * registration stated as not judgeable where the dates share little structure); a copy shifted here by 8 px is
 * refused by the engine; and evidence that reports a clear shift is rejected by the verifier on its own.
 */
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { ArtifactStore } from '../../../main/store/artifacts'
import { measure } from '../../../main/tools/measure/index'
import { perceiveWithLayers } from '../../../main/tools/perceive/index'
import { EvidencePolicyVerifier } from '../../../main/verify/evidence-policy'
import { shared, tempDir } from '../../helpers/tmp'

const tmp = tempDir('rsure-change-ev-')
afterAll(() => tmp.cleanup())
const ctx = { artifacts: new ArtifactStore(path.join(tmp.dir, 'artifacts')) }
const LEVIR = (part: string) => shared('fixtures', 'levircd', part, 'test_2_0000_0000.png')
const Q = 'Which areas changed between the two images?'

async function verify(r: Awaited<ReturnType<typeof perceiveWithLayers>>['result']) {
  return new EvidencePolicyVerifier().verify({
    images: [], question: Q, options: [], taskType: 'change_detection', action: { tool: 'perceive', args: { mode: 'change' } },
    status: r.status, observation: r.observation, evidence: r.evidence, config: r.config, prior: null,
  })
}

describe('change evidence checked by the verifier', () => {
  it('accepts the co-registered LEVIR-CD pair, stating the registration, threshold method and changed share', { timeout: 60_000 }, async () => {
    const r = (await perceiveWithLayers({ mode: 'change', image_paths: [LEVIR('A'), LEVIR('B')], target_groups: { change: ['change'] } }, ctx)).result
    expect(r.status, r.reason).toBe('ok')
    const reg = r.evidence.validity.registration as { misregistered: boolean; search_px: number }
    expect(reg.misregistered).toBe(false)
    const v = await verify(r)
    expect(v.decision).toBe('accept')
    expect(v.caveats.join(' ')).toMatch(/too little structure for their co-registration to be judged/)
    expect(v.feedback).toMatch(/% of the valid pixels changed \(threshold otsu\)/)

    // The same evidence as another engine might report it, with a clear 8 px shift: rejected, both numbers named.
    const shifted = { ...r, evidence: { ...r.evidence, validity: { ...r.evidence.validity, registration: { best_shift_px: [8, 0], correlation_at_zero: 0.14, best_correlation: 0.97 } } } }
    const bad = await verify(shifted)
    expect(bad.decision).toBe('reject')
    expect(bad.feedback).toContain('shifted by (8, 0) px (gradient correlation 0.97 there, 0.14 unshifted)')
  })

  it('refuses a copy shifted by 8 px before any mask is drawn', { timeout: 60_000 }, async () => {
    const sharp = (await import('sharp')).default
    const moved = path.join(tmp.dir, 'moved8.png')
    await sharp(LEVIR('A')).extract({ left: 8, top: 0, width: 248, height: 256 }).extend({ right: 8, extendWith: 'mirror' }).toFile(moved)
    const r = (await perceiveWithLayers({ mode: 'change', image_paths: [LEVIR('A'), moved] }, ctx)).result
    expect(r.status).toBe('insufficient')
    expect(r.reason).toMatch(/shifted by \(-8, 0\) px/)
  })
  it('reads the change evidence of a measure over a change source: registration, threshold method, changed share', { timeout: 60_000 }, async () => {
    const args = { sources: [{ id: 'pair', mode: 'change', image_paths: [LEVIR('A'), LEVIR('B')], target_groups: { change: ['changed area'] }, backend: 'auto' }], spec: { metric: 'percentage', subject: 'change', denominator: 'valid_pixels', output_unit: '%' } }
    const r = await measure(args, ctx)
    expect(r.status, r.reason).toBe('ok')
    const v = await new EvidencePolicyVerifier().verify({
      images: [], question: 'What share of the area changed between the two images?', options: [], taskType: 'change_detection', action: { tool: 'measure', args },
      status: r.status, observation: r.observation, evidence: r.evidence, config: r.config, prior: null,
    })
    expect(v.decision, v.feedback).toBe('accept')
    expect(v.caveats.join(' ')).toMatch(/too little structure for their co-registration to be judged/)
    // The share the verifier states is numerator / denominator of the measure's own pixel counts.
    const { numerator, denominator } = r.evidence.intermediate as { numerator: number; denominator: number }
    expect(v.feedback).toContain(`${((100 * numerator) / denominator).toFixed(1)}% of the valid pixels changed (threshold otsu)`)
  })
})
