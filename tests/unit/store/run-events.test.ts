/**
 * Stored trajectories carry the RunEvent schema version; a run stored before versions existed (schema 4 database,
 * payloads in the loop's old forms) is read through the versioned reader and comes back as current RunEvents.
 */
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { readRunEvent, RUN_EVENT_SCHEMA_VERSION } from '../../../main/domain/run-events'
import { openDatabase } from '../../../main/store/database'
import { migrations } from '../../../main/store/migrations'
import { RunStore } from '../../../main/store/runs'
import { tempDir } from '../../helpers/tmp'

const cleanups: (() => void)[] = []
afterEach(() => cleanups.splice(0).forEach((c) => c()))

const CONFIG = { tool: 'measure', coarse: 'measure:count', fine: 'measure:count|auto|objects' }

describe('stored run events', () => {
  it('writes the current schema version with every step and reads the steps back as typed events', () => {
    const runs = new RunStore(openDatabase({ file: ':memory:' }))
    const id = runs.createRun({ question: 'How many planes?' })
    runs.appendStep(id, 'tool_call', { call: 1, tool: 'measure', args: { metric: 'count' }, purpose: null, followUp: false })
    runs.appendStep(id, 'verdict', { call: 1, decision: 'accept', feedback: 'fine' })
    expect(runs.trajectory(id).map((s) => s.schemaVersion)).toEqual([RUN_EVENT_SCHEMA_VERSION, RUN_EVENT_SCHEMA_VERSION])
    const [call, verdict] = runs.events(id)
    expect(call).toMatchObject({ schema_version: 2, runId: id, seq: 0, call: 1, kind: 'tool_call', payload: { tool: 'measure' } })
    expect(verdict.kind === 'verdict' && verdict.payload).toEqual({ call: 1, decision: 'accept', feedback: 'fine', needed: [], caveats: [] })
  })

  it('upgrades a run stored before versions existed (old database, old payload forms)', () => {
    const t = tempDir()
    cleanups.push(t.cleanup)
    const file = path.join(t.dir, 'old.sqlite')
    // The database as the build before schema versions left it: migrations 1-4, steps without a version column.
    const old = openDatabase({ file, migrations: migrations.filter((m) => m.version <= 4) })
    old.prepare("INSERT INTO runs (id, question, inputs, settings) VALUES ('run-old-0001', 'How many planes?', '{}', '{}')").run()
    const insert = old.prepare('INSERT INTO trajectory_steps (run_id, seq, kind, payload) VALUES (?, ?, ?, ?)')
    insert.run('run-old-0001', 0, 'tool_call', JSON.stringify({ tool: 'measure', args: { metric: 'count' } }))
    // The ToolResult itself as the payload (no `result` wrapper, no call number).
    insert.run('run-old-0001', 1, 'tool_result', JSON.stringify({ status: 'ok', observation: { count: 3 }, evidence: { source: {}, intermediate: {}, validity: {} }, artifacts: [], config: CONFIG }))
    // A prior written before priors had levels: no estimate, shown as "no prior".
    insert.run('run-old-0001', 2, 'prior', JSON.stringify({ taskType: 'counting', config: CONFIG, prior: { r: 0.8 } }))
    insert.run('run-old-0001', 3, 'answer', JSON.stringify({ answer: '3', choice: null }))
    insert.run('run-old-0001', 4, 'note', JSON.stringify({ text: 'a kind this build does not know' }))
    old.close()

    const runs = new RunStore(openDatabase({ file }))
    expect(runs.trajectory('run-old-0001').map((s) => s.schemaVersion)).toEqual([1, 1, 1, 1, 1])
    const events = runs.events('run-old-0001')
    expect(events.map((e) => e.kind)).toEqual(['tool_call', 'tool_result', 'prior', 'answer', 'other'])
    expect(events.every((e) => e.schema_version === 2)).toBe(true)
    const result = events[1]
    expect(result.kind === 'tool_result' && result.payload.result).toEqual({ status: 'ok', observation: { count: 3 }, evidence: { source: {}, intermediate: {}, validity: {} }, artifacts: [], config: CONFIG })
    expect(events[2].kind === 'prior' && events[2].payload.prior).toBeNull()
    expect(events[3].kind === 'answer' && events[3].payload).toEqual({ answer: '3', choice: null, explanation: '', value: null, unit: null, basis: [], missing: [], grounded: true })
    expect(events[4]).toMatchObject({ kind: 'other', storedKind: 'note', payload: { text: 'a kind this build does not know' } })
  })

  it('never throws on a step it cannot read, and says why', () => {
    const bad = readRunEvent('run-x-0001', { seq: 0, kind: 'verdict', payload: { decision: 'maybe' }, schemaVersion: 2 })
    expect(bad.kind).toBe('other')
    expect(bad.kind === 'other' && bad.problem).toMatch(/decision/)
    const newer = readRunEvent('run-x-0001', { seq: 1, kind: 'verdict', payload: { decision: 'accept' }, schemaVersion: 9 })
    expect(newer.kind === 'other' && newer.problem).toMatch(/newer build/)
  })
})
