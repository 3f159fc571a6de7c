/**
 * `ask.*` and `runs.*` channels: start and cancel runs over the session's files, and the run history (list,
 * search, reopen with the full stored trajectory, delete, feedback on the answer or one observation).
 */
import fs from 'node:fs'
import path from 'node:path'
import type { z } from 'zod'
import type { FileEntry, RunDetail, RunSummary } from '../../../preload/contract'
import { makeTask, parseOptions } from '../../agent/task'
import { reliability } from '../../prior/store'
import type { RunRecord } from '../../store/runs'
import type { IpcDeps } from '../deps'
import { notFound, RsureError } from '../errors'
import type { Handlers } from '../router'
import { runLayers } from '../run-layers'
import { toRunStep } from '../run-steps'
import { needServices } from './need'
import { currentBackbone } from './settings'

export function summary(r: RunRecord): RunSummary {
  return {
    id: r.id,
    question: r.question,
    options: r.options,
    taskType: r.taskType,
    status: r.status,
    answer: r.answer,
    backbone: typeof r.settings.backbone === 'string' ? r.settings.backbone : null,
    startedAt: r.startedAt,
    finishedAt: r.finishedAt,
    metrics: r.metrics,
  }
}

/** Pictures are what the question looks at; rasters are the data it computes over (TaskSpec images / files). */
function splitInputs(files: FileEntry[]): { images: string[]; files: string[] } {
  const out = { images: [] as string[], files: [] as string[] }
  for (const f of files) {
    if (f.info?.kind === 'image') out.images.push(f.path)
    else if (f.info?.kind === 'raster') out.files.push(f.path)
  }
  return { images: out.images, files: asSceneFolder(out.files) }
}

/**
 * A Landsat scene's rasters, when they are every raster of one folder and that folder holds the scene's
 * `_MTL.txt` (a dropped scene's upload folder, see uploads.ts, or the scene's own folder), are given as the folder,
 * as `rsure ask --files DIR` does: the catalog then reads the MTL beside the bands and calibrates them.
 */
function asSceneFolder(files: string[]): string[] {
  if (files.length < 2) return files
  const dir = path.dirname(files[0])
  if (!files.every((f) => path.dirname(f) === dir)) return files
  let names: string[]
  try {
    names = fs.readdirSync(dir)
  } catch {
    return files
  }
  if (!names.some((n) => /_MTL\.txt$/i.test(n))) return files
  const rasters = names.filter((n) => /\.(tif|tiff)$/i.test(n)).map((n) => path.join(dir, n))
  const chosen = new Set(files)
  return rasters.length === chosen.size && rasters.every((r) => chosen.has(r)) ? [dir] : files
}

function getRun(deps: IpcDeps, runId: string): RunRecord {
  const run = needServices(deps).runs.getRun(runId)
  if (!run) throw notFound('run', runId, 'it may have been deleted; pick one from the history')
  return run
}

/** A stored run as the desk reopens it: settings, every step, derived layers and the marks given. */
export async function runDetail(deps: IpcDeps, runId: string): Promise<z.infer<typeof RunDetail>> {
  const services = needServices(deps)
  const run = getRun(deps, runId)
  const steps = services.runs.trajectory(runId)
  const feedback = services.prior
    .recordsForRun(runId)
    .filter((r) => r.source === 'feedback')
    .map((r) => ({ stepSeq: r.step_seq ?? null, correct: r.valid, note: r.note ?? null, configs: [r.fine] }))
  return {
    run: { ...summary(run), settings: run.settings, inputs: run.inputs, error: run.error },
    steps: steps.map((s) => toRunStep(runId, s)),
    layers: await runLayers(services, runId, steps),
    feedback,
  }
}

export function runHandlers(deps: IpcDeps): Handlers {
  return {
    'ask.start': async (req) => {
      await deps.ready
      needServices(deps)
      const chosen = req.fileIds.length
        ? req.fileIds.map((id) => {
            const f = deps.files.get(id)
            if (!f) throw notFound('file', id, 'add it again')
            if (!f.info) throw new RsureError('unsupported-file', f.error ?? `'${f.name}' cannot be read, so it cannot be asked about.`)
            return f
          })
        : deps.files.list().filter((f) => f.info)
      let options
      try {
        options = req.options.trim() ? parseOptions(req.options) : []
      } catch (err) {
        throw new RsureError('invalid-request', (err as Error).message)
      }
      const task = makeTask({ question: req.question, options, ...splitInputs(chosen) })
      const backbone = req.backbone ?? currentBackbone(deps)
      const switches = { verify: req.switches.verify, prior: req.switches.prior, backbone, sessionId: deps.session.id }
      // forceChoice reaches the agent as one of its switches (main/agent/run-agent.ts reads it where supported).
      if (req.switches.forceChoice) Object.assign(switches, { forceChoice: true })
      const runId = await deps.live.start(task, switches, req.ref ?? null)
      return { runId }
    },
    'ask.cancel': ({ runId }) => ({ cancelled: deps.live.cancel(runId) }),

    'runs.list': ({ query, status, limit, offset }) => {
      const { runs, total } = needServices(deps).runs.searchRuns({ query, status, limit, offset })
      return { runs: runs.map(summary), total }
    },
    'runs.get': ({ runId }) => runDetail(deps, runId),
    'runs.delete': ({ runId }) => {
      if (deps.live.has(runId)) throw new RsureError('failed', `Run ${runId} is still running; cancel it before deleting it.`)
      const deleted = needServices(deps).runs.deleteRun(runId)
      if (deleted) deps.hub.emit('run.deleted', { runId })
      return { deleted }
    },
    'runs.layers': async ({ runId }) => {
      const services = needServices(deps)
      getRun(deps, runId)
      return { layers: await runLayers(services, runId, services.runs.trajectory(runId)) }
    },
    'runs.feedback': ({ runId, correct, stepSeq, note }) => {
      const { prior } = needServices(deps)
      const run = getRun(deps, runId)
      if (run.status === 'running') throw new RsureError('failed', `Run ${runId} is still running; mark it once it has an answer.`)
      let touched: { taskType: string; fine: string[] }
      let records: number
      if (correct === null) {
        const before = prior.recordsForRun(runId).filter((r) => r.source === 'feedback' && (stepSeq === undefined || r.step_seq === stepSeq))
        records = prior.clearFeedback(runId, stepSeq)
        touched = { taskType: before[0]?.task_type ?? run.taskType ?? '', fine: before.map((r) => r.fine) }
      } else {
        try {
          const out = prior.feedback({ runId, correct, stepSeq, note })
          records = out.records
          touched = { taskType: out.taskType, fine: out.configs }
        } catch (err) {
          throw new RsureError('failed', (err as Error).message)
        }
      }
      const cells = [...new Set(touched.fine)].flatMap((fine) =>
        (['fine', 'coarse'] as const).map((level) => {
          const config = level === 'fine' ? fine : fine.split('|')[0]
          const c = prior.cell(touched.taskType, level, config)
          return {
            taskType: touched.taskType,
            level,
            config,
            tool: config.split(':')[0],
            n: c.n,
            n_valid: c.n_valid,
            r_hat: reliability(c.n, c.n_valid),
            source: c.source,
            usable: c.n >= prior.nMin,
          }
        }),
      )
      return { records, cells }
    },
  }
}
