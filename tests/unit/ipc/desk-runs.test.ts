/**
 * The desk's run channels end to end on the real rules backbone and Landsat fixture: ask.start streams every
 * trajectory step as run.step (plan, tool call with its arguments, rule check, prior, verdict, answer) and ends
 * with run.finished; ask.cancel stops a run through its AbortSignal; the history finds, reopens (also after a
 * restart of the host) and deletes runs; feedback changes the prior's n and n_valid.
 */
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { EventName, RunStep } from '../../../preload/contract'
import { createIpcHost, type IpcHost } from '../../../main/ipc'
import { shared, tempDir } from '../../helpers/tmp'

const L = shared('fixtures', 'landsat8_L1TP_016037_20170813', 'LC08_L1TP_016037_20170813_20170814_01_RT')
const QUESTION = 'What is the mean NDVI of this scene?'

let tmp: { dir: string; cleanup: () => void }
let host: IpcHost
const events: { event: EventName; payload: Record<string, unknown> }[] = []
let fileIds: string[] = []

function open(): IpcHost {
  const h = createIpcHost({ version: '0.0.1', dataDir: path.join(tmp.dir, 'data'), previews: 'inline' })
  h.hub.subscribe((event, payload) => events.push({ event, payload: payload as Record<string, unknown> }))
  return h
}

/** Resolves with the run.finished payload of a run. */
function finished(runId: string): Promise<Record<string, unknown>> {
  return new Promise((resolve) => {
    const check = () => {
      const e = events.find((x) => x.event === 'run.finished' && x.payload.runId === runId)
      if (e) resolve(e.payload)
      else setTimeout(check, 20)
    }
    check()
  })
}

const stepsOf = (runId: string) => events.filter((e) => e.event === 'run.step' && e.payload.runId === runId).map((e) => e.payload as unknown as RunStep)

beforeAll(async () => {
  tmp = tempDir()
  host = open()
  const added = await host.router.call('files.add', { paths: [`${L}_B4.TIF`, `${L}_B5.TIF`] })
  fileIds = added.added.map((f) => f.id)
})
afterAll(async () => {
  await host.close()
  tmp.cleanup()
})

describe('runs from the desk', () => {
  let runId = ''

  it('streams the run as it happens and stores it', async () => {
    const { runId: id } = await host.router.call('ask.start', { question: QUESTION, fileIds, backbone: { kind: 'rules' }, ref: 'q1' })
    runId = id
    const end = await finished(runId)
    expect(end).toMatchObject({ status: 'finished', error: null })
    expect(events.find((e) => e.event === 'run.started' && e.payload.runId === runId)?.payload).toMatchObject({ ref: 'q1', question: QUESTION })
    const steps = stepsOf(runId)
    const kinds = steps.map((s) => s.kind)
    expect(kinds.slice(0, 3)).toEqual(['task', 'plan', 'tool_call'])
    for (const k of ['tool_result', 'rule_check', 'prior', 'verdict', 'answer']) expect(kinds).toContain(k)
    expect(steps.map((s) => s.seq)).toEqual(steps.map((_, i) => i))
    const call = steps.find((s) => s.kind === 'tool_call')!
    expect(call).toMatchObject({ schema_version: 2, call: 1, payload: { tool: 'execute', followUp: false } })
    expect(JSON.stringify(call.kind === 'tool_call' && call.payload.args)).toContain('B5.TIF')
    const verdict = steps.find((s) => s.kind === 'verdict')!
    expect(verdict).toMatchObject({ call: 1, payload: { decision: 'accept' } })
    const answer = steps.find((s) => s.kind === 'answer')
    expect(answer?.kind === 'answer' && answer.payload.value).toBeGreaterThan(-1)
    expect(answer?.kind === 'answer' && answer.payload.basis).toEqual([1])
    expect(end.answer).toBe(answer?.kind === 'answer' ? answer.payload.answer : null)
  })

  it('lists, searches and reopens the run with the same steps it streamed', async () => {
    const all = await host.router.call('runs.list', {})
    expect(all.runs.map((r) => r.id)).toContain(runId)
    const hit = await host.router.call('runs.list', { query: 'mean ndvi' })
    expect(hit.runs.map((r) => r.id)).toEqual([runId])
    expect((await host.router.call('runs.list', { query: 'tvdi' })).total).toBe(0)
    const detail = await host.router.call('runs.get', { runId })
    expect(detail.run).toMatchObject({ id: runId, status: 'finished', backbone: 'rules' })
    const live = stepsOf(runId)
    expect(detail.steps.map((s) => [s.seq, s.kind, s.call])).toEqual(live.map((s) => [s.seq, s.kind, s.call]))
    expect(detail.steps.map((s) => s.payload)).toEqual(live.map((s) => s.payload))
  })

  it('reopens the full trajectory after a restart of the host', async () => {
    const before = await host.router.call('runs.get', { runId })
    await host.close()
    host = open()
    const after = await host.router.call('runs.get', { runId })
    expect(after.steps).toEqual(before.steps)
    expect(after.run.answer).toBe(before.run.answer)
  })

  it('marks the answer right or wrong and the prior counts change; withdrawing restores them', async () => {
    const detail = await host.router.call('runs.get', { runId })
    const prior = detail.steps.find((s) => s.kind === 'prior')
    const coarse = prior?.kind === 'prior' ? prior.payload.config!.coarse : ''
    const taskType = detail.run.taskType!
    const cellOf = async () => (await host.router.call('prior.matrix', { level: 'coarse', taskType })).cells.find((c) => c.config === coarse)
    const n0 = (await cellOf())?.n ?? 0
    const v0 = (await cellOf())?.n_valid ?? 0
    const right = await host.router.call('runs.feedback', { runId, correct: true })
    expect(right.records).toBe(1)
    expect(right.cells.find((c) => c.level === 'coarse')).toMatchObject({ config: coarse, n: n0 + 1, n_valid: v0 + 1 })
    expect(await cellOf()).toMatchObject({ n: n0 + 1, n_valid: v0 + 1 })
    const wrong = await host.router.call('runs.feedback', { runId, correct: false, stepSeq: prior!.seq })
    expect(wrong.cells.find((c) => c.level === 'coarse')).toMatchObject({ n: n0 + 1, n_valid: v0 })
    expect((await host.router.call('runs.get', { runId })).feedback).toEqual([expect.objectContaining({ correct: false })])
    await host.router.call('runs.feedback', { runId, correct: null })
    expect(await cellOf()).toMatchObject({ n: n0, n_valid: v0 })
  })

  it('cancels a running run through its signal', async () => {
    const cancelOnCall = host.hub.subscribe((event, payload) => {
      const p = payload as { runId: string; kind?: string }
      if (event === 'run.step' && p.kind === 'tool_call') void host.router.call('ask.cancel', { runId: p.runId })
    })
    const { runId: id } = await host.router.call('ask.start', { question: QUESTION, fileIds })
    const end = await finished(id)
    cancelOnCall()
    expect(end).toMatchObject({ status: 'cancelled' })
    const kinds = stepsOf(id).map((s) => s.kind)
    expect(kinds).not.toContain('answer')
    expect(stepsOf(id).at(-1)).toMatchObject({ kind: 'error', payload: { cancelled: true } })
    expect(await host.router.call('ask.cancel', { runId: id })).toEqual({ cancelled: false })
  })

  it('answers Earth-Bench task 46 with B over a folder, with progress from execute as it reads each date', async () => {
    const { added } = await host.router.call('files.add', { paths: [shared('benchmarks', 'earthbench-q46', 'files')] })
    const { runId: id } = await host.router.call('ask.start', {
      question: 'What was the mean of the daily TVDI means near Urumqi in 2019?',
      options: 'A. 0.7123  B. 0.6897  C. 0.6543  D. 0.7245',
      fileIds: added.map((f) => f.id),
    })
    expect(await finished(id)).toMatchObject({ status: 'finished', answer: 'B' })
    const progress = events.filter((e) => e.event === 'run.progress' && e.payload.runId === id).map((e) => e.payload as { call: number; done: number; total: number; fraction: number })
    expect(progress.length).toBeGreaterThan(1)
    expect(progress.every((p) => p.call === 1 && p.fraction >= 0 && p.fraction <= 1 && Math.abs(p.fraction - p.done / p.total) < 1e-12)).toBe(true)
    expect(progress.at(-1)!.fraction).toBe(1)
    const accepted = stepsOf(id).find((s) => s.kind === 'verdict')
    expect(accepted).toMatchObject({ call: 1, payload: { decision: 'accept' } })
    // 23 dates of LST and NDVI: about 20 s on an idle 2-core machine, several times that when it is shared.
  }, 400_000)

  it('deletes a run and tells every window', async () => {
    expect(await host.router.call('runs.delete', { runId })).toEqual({ deleted: true })
    expect(events.some((e) => e.event === 'run.deleted' && e.payload.runId === runId)).toBe(true)
    const r = await host.router.dispatch('runs.get', { runId }, { transport: 'ipc' })
    expect(r).toMatchObject({ ok: false, error: { code: 'not-found' } })
    expect(await host.router.call('runs.delete', { runId })).toEqual({ deleted: false })
  })
})
