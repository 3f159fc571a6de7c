import { describe, expect, it } from 'vitest'
import { EXECUTE_EVIDENCE } from '../../../main/tools/execute/evidence'
import type { EvidenceDeclaration, ToolResult } from '../../../main/tools/protocol'
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

/** What a measure tool of this test declares: count needs its boxes, area nothing beyond the result. */
const MEASURE: EvidenceDeclaration = {
  'measure:count': { source: ['backend'], intermediate: ['boxes'], validity: ['layer_status'] },
  'measure:area': { source: [], intermediate: [], validity: [] },
}
const none = { evidence: MEASURE }

describe('checkRules', () => {
  it('passes a complete ok result and lists every check it ran', () => {
    const r = checkRules('measure', result(), none)
    expect(r).toEqual({ passed: true, checked: ['well_formed', 'status', 'evidence', 'unit', 'geometry_contract', 'finite'] })
  })

  it('fails a non-ok status with the tool reason in the diagnosis', () => {
    const r = checkRules('measure', result({ status: 'insufficient', reason: 'no detector pack installed', observation: null }), none)
    expect(r.passed).toBe(false)
    if (!r.passed) {
      expect(r.rule).toBe('status')
      expect(r.diagnosis).toContain('no detector pack installed')
    }
  })

  it('names the missing required evidence field', () => {
    const r = checkRules('measure', result({ evidence: { source: { backend: 'x' }, intermediate: {}, validity: { layer_status: 'ok' } } }), none)
    expect(r).toMatchObject({ passed: false, rule: 'evidence' })
    if (!r.passed) expect(r.diagnosis).toContain('intermediate.boxes')
  })

  it('refuses metre-based measurement from approximate geometry', () => {
    const r = checkRules(
      'measure',
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
    expect(checkRules('measure', result({ observation: { value: 3, unit: 'furlongs' } }), none)).toMatchObject({ passed: false, rule: 'unit' })
    expect(checkRules('measure', result({ observation: { value: Number.NaN, unit: 'count' } }), none)).toMatchObject({ passed: false, rule: 'finite' })
  })

  it('takes ground units and their written forms from the geometry engine, and keeps them off approximate geometry', () => {
    const area = (unit: string, geometry: string) => result({
      observation: { value: 3, unit },
      evidence: { source: {}, intermediate: {}, validity: { geometry } },
      config: { tool: 'measure', coarse: 'measure:area', fine: 'measure:area|auto|regions' },
    })
    expect(checkRules('measure', area('km²', 'exact'), none)).toMatchObject({ passed: true })
    expect(checkRules('measure', area('acre', 'exact'), none)).toMatchObject({ passed: true })
    expect(checkRules('measure', area('acre', 'approximate'), none)).toMatchObject({ passed: false, rule: 'geometry_contract' })
  })

  it('accepts every unit the execute tool can declare (thermal inertia is in 1/K)', () => {
    for (const unit of Unit.options) {
      const outcome = checkRules('execute', executeOk(0.5, { unit }), { evidence: EXECUTE_EVIDENCE })
      expect([unit, outcome.passed]).toEqual([unit, true])
    }
  })

  it('fails a result that breaks the protocol instead of throwing', () => {
    expect(checkRules('measure', { status: 'ok' }, none)).toMatchObject({ passed: false, rule: 'well_formed' })
    expect(checkRules('measure', result({ status: 'error', observation: null }), none)).toMatchObject({ passed: false, rule: 'well_formed' })
  })

  it('fails closed when the tool declares no requirement for the configuration it returned', () => {
    // measure:length is declared nowhere, and there is no measure:* fallback: nothing says how to check it.
    const length = result({ config: { tool: 'measure', coarse: 'measure:length', fine: 'measure:length|auto|objects' } })
    const r = checkRules('measure', length, none)
    expect(r).toMatchObject({ passed: false, rule: 'evidence' })
    if (!r.passed) expect(r.diagnosis).toContain('declares no evidence requirement for measure:length')
    // A tool that declares nothing at all fails every result the same way.
    expect(checkRules('measure', result(), { evidence: undefined })).toMatchObject({ passed: false, rule: 'evidence' })
    // A tool-wide fallback covers the modes it names no specific entry for.
    expect(checkRules('measure', length, { evidence: { ...MEASURE, 'measure:*': { source: ['backend'], intermediate: [], validity: [] } } })).toMatchObject({ passed: true })
  })
})
