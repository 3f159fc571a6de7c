import { describe, expect, it } from 'vitest'
import { registerEvidenceSchema, type ToolResult } from '../../../main/tools/protocol'
import { canonicalCall } from '../../../main/verify/canonical-args'
import { checkRules } from '../../../main/verify/rule-checks'
import { Unit } from '../../../main/engines/raster/units'
import { executeOk } from '../agent/doubles'

function result(over: Partial<ToolResult> = {}): ToolResult {
  return {
    status: 'ok',
    observation: { value: 12, unit: 'count' },
    evidence: { source: { backend: 'det-1' }, intermediate: { boxes: [] }, validity: { layer_status: 'ok' } },
    artifacts: [],
    config: { tool: 'measure', coarse: 'measure:count', fine: 'measure:count|auto|objects' },
    ...over,
  }
}

const none = { previousCalls: new Set<string>() }

describe('checkRules', () => {
  registerEvidenceSchema('measure:count', { source: ['backend'], intermediate: ['boxes'], validity: ['layer_status'] })
  registerEvidenceSchema('measure:area', { source: [], intermediate: [], validity: [] })

  it('passes a complete ok result and lists every check it ran', () => {
    const r = checkRules('measure', { a: 1 }, result(), none)
    expect(r).toEqual({ passed: true, checked: ['novelty', 'well_formed', 'status', 'evidence', 'unit', 'geometry_contract', 'finite'] })
  })

  it('fails a non-ok status with the tool reason in the diagnosis', () => {
    const r = checkRules('measure', {}, result({ status: 'insufficient', reason: 'no detector pack installed', observation: null }), none)
    expect(r.passed).toBe(false)
    if (!r.passed) {
      expect(r.rule).toBe('status')
      expect(r.diagnosis).toContain('no detector pack installed')
    }
  })

  it('names the missing required evidence field', () => {
    const r = checkRules('measure', {}, result({ evidence: { source: { backend: 'x' }, intermediate: {}, validity: { layer_status: 'ok' } } }), none)
    expect(r).toMatchObject({ passed: false, rule: 'evidence' })
    if (!r.passed) expect(r.diagnosis).toContain('intermediate.boxes')
  })

  it('refuses metre-based measurement from approximate geometry', () => {
    const r = checkRules(
      'measure',
      {},
      result({
        observation: { value: 1200, unit: 'm2' },
        evidence: { source: {}, intermediate: {}, validity: { geometry: 'approximate' } },
        config: { tool: 'measure', coarse: 'measure:area', fine: 'measure:area|vlm|regions' },
      }),
      none,
    )
    expect(r).toMatchObject({ passed: false, rule: 'geometry_contract' })
  })

  it('fails an unknown unit and non-finite numbers', () => {
    expect(checkRules('measure', {}, result({ observation: { value: 3, unit: 'furlongs' } }), none)).toMatchObject({ passed: false, rule: 'unit' })
    expect(checkRules('measure', {}, result({ observation: { value: Number.NaN, unit: 'count' } }), none)).toMatchObject({ passed: false, rule: 'finite' })
  })

  it('accepts every unit the execute tool can declare (thermal inertia is in 1/K)', () => {
    for (const unit of Unit.options) {
      const outcome = checkRules('execute', { u: unit }, executeOk(0.5, { unit }), { previousCalls: new Set() })
      expect([unit, outcome.passed]).toEqual([unit, true])
    }
  })

  it('fails a result that breaks the protocol instead of throwing', () => {
    expect(checkRules('measure', {}, { status: 'ok' }, none)).toMatchObject({ passed: false, rule: 'well_formed' })
    expect(checkRules('measure', {}, result({ status: 'error', observation: null }), none)).toMatchObject({ passed: false, rule: 'well_formed' })
  })

  it('refuses a canonical repeat of an earlier call', () => {
    const previous = new Set([canonicalCall('measure', { spec: { metric: 'count' }, sources: [] })])
    const r = checkRules('measure', { sources: [], spec: { metric: 'count' } }, result(), { previousCalls: previous })
    expect(r).toMatchObject({ passed: false, rule: 'novelty' })
  })
})
