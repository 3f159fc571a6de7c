/**
 * The runs this window shows: started here (steps streamed live through `run.*` events) or reopened from history
 * (`runs.get`). Each run is one RunView built by the same reducer either way, plus its progress, derived layers and
 * the analyst's marks.
 */
import { useCallback, useEffect, useRef, useState, type Dispatch, type SetStateAction } from 'react'
import type { BackboneChoice, DerivedLayer, EventOf, RsureApi } from '../../../preload/contract'
import { acceptedCalls, applyStep, buildRun, emptyRun, stopCalls, type RunStep, type RunView } from '../model/run-model'

export interface RunEntry {
  id: string
  view: RunView
  seen: Set<number>
  progress: { call: number | null; stage: string; fraction: number } | null
  layers: DerivedLayer[]
  /**
   * Call number of an observation -> the mark it holds. The prior keeps one mark per observation: a mark on the
   * answer is a mark on each accepted observation it rests on (prior/feedback.ts), so it is shown on them, and the
   * answer shows a mark when all of them hold the same one (answerMark).
   */
  marks: Map<number, boolean>
  /** n of each prior cell the last mark touched, to show the change. */
  lastCells: { config: string; taskType: string; n: number; n_valid: number; r_hat: number }[]
  metrics: Record<string, unknown> | null
}

type WireStep = EventOf<'run.step'>

/** A streamed step is already the reducer's typed RunEvent (read once, in main, by the versioned reader). */
export function toModelStep(s: WireStep): RunStep {
  return s
}

/** The answer's mark: the one every accepted observation holds, else none. */
export function answerMark(e: RunEntry): boolean | undefined {
  const calls = acceptedCalls(e.view).map((c) => e.marks.get(c.call))
  return calls.length > 0 && calls.every((m) => m === calls[0]) ? calls[0] : undefined
}

function newEntry(id: string): RunEntry {
  return { id, view: emptyRun(), seen: new Set(), progress: null, layers: [], marks: new Map(), lastCells: [], metrics: null }
}

export interface AskRequest {
  question: string
  options: string
  fileIds: string[]
  backbone: BackboneChoice
}

/** The marks after one on the answer (each accepted observation) or on the observation of one step. */
function withMarks(e: RunEntry, stepSeq: number | undefined, correct: boolean): Map<number, boolean> {
  const marks = new Map(e.marks)
  const calls = stepSeq === undefined ? acceptedCalls(e.view) : [...e.view.byCall.values()].filter((c) => c.stepSeq === stepSeq)
  for (const c of calls) marks.set(c.call, correct)
  return marks
}

/** A stored run as the desk shows it: its view from every stored step, its layers, the marks given, its metrics. */
async function readStoredRun(api: RsureApi, id: string): Promise<Pick<RunEntry, 'view' | 'seen' | 'layers' | 'marks' | 'metrics'>> {
  const d = await api.invoke('runs.get', { runId: id })
  const steps = d.steps.map(toModelStep)
  let view = buildRun(steps)
  if (d.run.status === 'interrupted' && view.status === 'running') view.status = 'failed'
  if (d.run.status === 'cancelled') view.status = 'cancelled'
  if (view.status !== 'running') view = stopCalls(view)
  // A stored mark names a step of its observation (its result); shown on that step's call.
  const callOf = new Map(steps.map((s) => [s.seq, s.call]))
  const marks = new Map<number, boolean>()
  for (const f of d.feedback) {
    const call = f.stepSeq === null ? null : callOf.get(f.stepSeq)
    if (typeof call === 'number') marks.set(call, f.correct)
  }
  return { view, seen: new Set(steps.map((s) => s.seq)), layers: d.layers, marks, metrics: d.run.metrics }
}

type Update = (id: string, change: (e: RunEntry) => RunEntry) => void
type SetThread = Dispatch<SetStateAction<string[]>>

/** Live runs: each `run.*` event applied to its run; a run this window started joins the thread. */
function useRunEvents(api: RsureApi, update: Update, loadLayers: (id: string) => void, refs: Set<string>, setThread: SetThread): void {
  useEffect(() => {
    const offs = [
      api.on('run.started', ({ runId, ref }) => {
        if (ref && refs.has(ref)) setThread((t) => (t.includes(runId) ? t : [...t, runId]))
        update(runId, (e) => e)
      }),
      api.on('run.step', (s) =>
        update(s.runId, (e) => {
          if (e.seen.has(s.seq)) return e
          const seen = new Set(e.seen).add(s.seq)
          return { ...e, seen, view: applyStep(e.view, toModelStep(s)) }
        }),
      ),
      api.on('run.progress', (p) =>
        update(p.runId, (e) => {
          // The bar shows whole percents: a step below one percent of the same stage changes nothing on screen.
          const was = e.progress
          if (was && was.call === p.call && was.stage === p.stage && Math.round(was.fraction * 100) === Math.round(p.fraction * 100)) return e
          return { ...e, progress: { call: p.call, stage: p.stage, fraction: p.fraction } }
        }),
      ),
      api.on('run.finished', (f) => {
        update(f.runId, (e) => {
          const status = f.status === 'finished' ? 'done' : f.status === 'cancelled' ? 'cancelled' : f.status === 'running' ? 'running' : 'failed'
          const view = {
            ...e.view,
            status,
            error: f.error && !e.view.error ? { message: f.error, cancelled: f.status === 'cancelled' } : e.view.error,
          } as const
          // A run that ended with calls still going (cancelled mid-call) leaves none of them "running…".
          return { ...e, progress: null, metrics: f.metrics, view: status === 'cancelled' || status === 'failed' ? stopCalls(view) : view }
        })
        loadLayers(f.runId)
      }),
      api.on('run.deleted', ({ runId }) => setThread((t) => t.filter((x) => x !== runId))),
    ]
    return () => offs.forEach((off) => off())
  }, [api, update, loadLayers, refs, setThread])
}

/**
 * The desk's thread survives a reload: its run ids are kept in this browser and reopened, in order, from the store
 * (a run deleted meanwhile is left out). Nothing is written until they are back, so a reload mid-way loses none.
 */
function useKeptThread(open: (id: string) => Promise<void>, thread: string[], setThread: SetThread): void {
  const saved = useRef<string[] | null>(readThread())
  const restoring = useRef(true)
  useEffect(() => {
    const ids = saved.current
    if (!ids) return
    saved.current = null
    void (async () => {
      for (const id of ids) await open(id)
      restoring.current = false
      setThread((t) => [...t])
    })()
  }, [open, setThread])
  useEffect(() => {
    if (!restoring.current) writeThread(thread)
  }, [thread])
}

export function useRuns(api: RsureApi, onError: (message: string) => void) {
  const [runs, setRuns] = useState<Map<string, RunEntry>>(new Map())
  const [thread, setThread] = useState<string[]>([])
  const refs = useRef(new Set<string>())

  const update = useCallback((id: string, change: (e: RunEntry) => RunEntry) => {
    setRuns((m) => {
      const before = m.get(id)
      const after = change(before ?? newEntry(id))
      // Nothing changed (a step seen already, progress the bar cannot show): no new state, no render of the desk.
      return before && after === before ? m : new Map(m).set(id, after)
    })
  }, [])

  const loadLayers = useCallback(
    (id: string) => {
      api.invoke('runs.layers', { runId: id }).then(
        (r) => update(id, (e) => ({ ...e, layers: r.layers })),
        () => undefined,
      )
    },
    [api, update],
  )

  useRunEvents(api, update, loadLayers, refs.current, setThread)

  const start = useCallback(
    async (req: AskRequest): Promise<string | null> => {
      const ref = `w${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`
      refs.current.add(ref)
      try {
        const { runId } = await api.invoke('ask.start', { question: req.question, options: req.options, fileIds: req.fileIds, backbone: req.backbone, ref })
        setThread((t) => (t.includes(runId) ? t : [...t, runId]))
        update(runId, (e) => (e.view.question ? e : { ...e, view: { ...e.view, question: req.question } }))
        return runId
      } catch (e) {
        onError((e as Error).message)
        return null
      }
    },
    [api, update, onError],
  )

  const cancel = useCallback((id: string) => api.invoke('ask.cancel', { runId: id }).catch((e: Error) => onError(e.message)), [api, onError])

  const open = useCallback(
    async (id: string) => {
      try {
        const stored = await readStoredRun(api, id)
        update(id, (e) => ({ ...e, ...stored }))
        setThread((t) => (t.includes(id) ? t : [...t, id]))
      } catch (e) {
        onError((e as Error).message)
      }
    },
    [api, update, onError],
  )

  /** Mark the answer (seq undefined) or the observation of one step right or wrong; returns the touched prior cells. */
  const mark = useCallback(
    async (id: string, correct: boolean, stepSeq?: number) => {
      try {
        const r = await api.invoke('runs.feedback', { runId: id, correct, ...(stepSeq === undefined ? {} : { stepSeq }) })
        update(id, (e) => ({
          ...e,
          marks: withMarks(e, stepSeq, correct),
          lastCells: r.cells.map((c) => ({ config: c.config, taskType: c.taskType, n: c.n, n_valid: c.n_valid, r_hat: c.r_hat })),
        }))
      } catch (e) {
        onError((e as Error).message)
      }
    },
    [api, update, onError],
  )

  const close = useCallback((id: string) => setThread((t) => t.filter((x) => x !== id)), [])

  /** Show exactly these runs, in this order (a named session opened): the others leave the thread. */
  const replace = useCallback(
    async (ids: string[]) => {
      setThread([])
      for (const id of ids) await open(id)
    },
    [open],
  )

  useKeptThread(open, thread, setThread)

  return { runs, thread, start, cancel, open, mark, close, replace }
}

const THREAD = 'rsure.thread.v1'

function readThread(): string[] {
  try {
    const v = JSON.parse(localStorage.getItem(THREAD) ?? '[]') as unknown
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string').slice(-50) : []
  } catch {
    return []
  }
}

function writeThread(ids: string[]): void {
  try {
    localStorage.setItem(THREAD, JSON.stringify(ids))
  } catch {
    // storage full or disabled: the thread lasts for this page only
  }
}
