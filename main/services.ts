/**
 * THE composition root (DESIGN section 2): the CLI, the IPC router (desktop window and `rsure serve`), the bench and
 * the evaluation harness all call these services. It opens the data folder's database once and hands the stores,
 * the installed tools and a backbone to the agent through its context (never as globals).
 *
 * `ask(task, switches, signal, onEvent)` runs the verified agent once and reports each stored trajectory step, the
 * tools' progress and the run id as they happen; `exec` runs one execute DAG; `prior`, `runs` and `artifacts` are
 * the stores behind them.
 */
import type { Backbone } from './agent/backbone'
import { installedTools } from './agent/installed-tools'
import { backboneVlm, createBackbone, parseBackbone, type BackboneSpec } from './agent/llm/backbone-spec'
import { perceptionBackends } from './agent/perception-backends'
import { runAgent, type AgentResult, type AgentSwitches } from './agent/run-agent'
import type { TaskSpec } from './agent/task'
import type { ToolRegistry } from './agent/tool-registry'
import { verifierImages } from './agent/verifier-images'
import { PriorStore } from './prior/store'
import { ArtifactStore } from './store/artifacts'
import { openDatabase, type Db } from './store/database'
import { dataPaths, defaultDataDir, type DataPaths } from './store/paths'
import { RunStore, type TrajectoryStep } from './store/runs'
import { executeDag } from './tools/execute'
import type { ToolResult } from './tools/protocol'
import type { Progress } from './tools/tool'
import { isRecord } from './domain/json'

/** How one run is made: the agent's switches (verify, prior, and any the agent adds) plus the backbone. */
export type AskSwitches = AgentSwitches & {
  /** `rules` (default), a parsed spec, or a `--backbone` string such as `openai:URL#MODEL`. */
  backbone?: BackboneSpec | string
  /** The session the run belongs to (the desk's workspace); null for runs from the CLI. */
  sessionId?: string | null
}

/** What a caller hears while a run goes on; every event carries the run id. */
export type AskEvent =
  | { type: 'started'; runId: string }
  | { type: 'step'; runId: string; step: TrajectoryStep }
  /** `call`: the tool call in progress (1-based), when one is. */
  | { type: 'progress'; runId: string | null; call: number | null; progress: Progress }

/** For the evaluation harness and tests: replace the tools (fault injection) or the backbone of one run. */
export interface AskHooks {
  /** The tools of this run, e.g. the installed ones with one wrapped by a known fault. */
  registry?: (installed: ToolRegistry) => ToolRegistry | Promise<ToolRegistry>
  /** A backbone to use instead of building one from `switches.backbone`; the caller closes it. */
  backbone?: Backbone
}

export interface Services {
  paths: DataPaths
  db: Db
  runs: RunStore
  artifacts: ArtifactStore
  /** The task-tool reliability prior (seeded from the published matrix on first use). */
  prior: PriorStore
  /** The tools installed in this build. */
  tools(): Promise<ToolRegistry>
  /** Answer one task with the verified agent; the run and its trajectory are stored. Rejects when cancelled. */
  ask(task: TaskSpec, switches: AskSwitches, signal?: AbortSignal, onEvent?: (event: AskEvent) => void, hooks?: AskHooks): Promise<AgentResult>
  /** Run one execute DAG (its relative paths against `base_dir`, else the working folder). */
  exec(dag: unknown, signal?: AbortSignal, onProgress?: (p: Progress) => void): Promise<ToolResult>
  close(): void
}

export interface ServicesOptions {
  /** Data folder; defaults to RSURE_DATA_DIR or the platform's per-user folder. */
  dataDir?: string
  /** How the database is opened (tests). */
  openDb?: (file: string) => Db
}

/** The backbone a switch names; throws one sentence when the string is not understood. */
export function backboneSpecOf(choice: AskSwitches['backbone']): BackboneSpec {
  if (choice === undefined) return { kind: 'rules' }
  return typeof choice === 'string' ? parseBackbone(choice) : choice
}

export function openServices(opts: ServicesOptions = {}): Services {
  const paths = dataPaths(opts.dataDir ?? defaultDataDir())
  const db = (opts.openDb ?? ((file: string) => openDatabase({ file })))(paths.database)
  const runs = new RunStore(db)
  runs.markInterrupted()
  const artifacts = new ArtifactStore(paths.artifacts, db)
  const prior = new PriorStore(db)

  async function ask(task: TaskSpec, switches: AskSwitches, signal?: AbortSignal, onEvent?: (e: AskEvent) => void, hooks: AskHooks = {}): Promise<AgentResult> {
    const { backbone: choice, sessionId, ...agentSwitches } = switches
    const spec = backboneSpecOf(choice)
    // perceive sees through RSURE_VLM, else through an openai backbone's own model (a vision-model backbone); its
    // model packs are those of this data folder (`rsure serve --data-dir`, Settings' model packs), not the default one.
    const backends = perceptionBackends(process.env, { dataDir: paths.root })
    const installed = await installedTools({ ...backends, vlm: backends.vlm ?? backboneVlm(spec, { apiKey: process.env.RSURE_OPENAI_API_KEY }) })
    const registry = hooks.registry ? await hooks.registry(installed) : installed
    const backbone = hooks.backbone ?? createBackbone(spec, registry, { apiKey: process.env.RSURE_OPENAI_API_KEY })
    let runId: string | null = null
    let call: number | null = null
    const observed = runs.observed({
      sessionId: sessionId ?? null,
      created: (id) => {
        runId = id
        onEvent?.({ type: 'started', runId: id })
      },
      step: (id, step) => {
        if (step.kind === 'tool_call') call = numberField(step.payload, 'call')
        onEvent?.({ type: 'step', runId: id, step })
      },
    })
    try {
      return await runAgent(
        task,
        agentSwitches,
        {
          backbone,
          registry,
          artifacts,
          runs: observed,
          prior,
          // The deterministic policy reads evidence only; a model verifier also sees the images with the evidence drawn.
          verifierImages: backbone.id === 'rules' ? undefined : verifierImages,
          onProgress: onEvent ? (progress) => onEvent({ type: 'progress', runId, call, progress }) : undefined,
        },
        signal,
      )
    } finally {
      if (!hooks.backbone) await backbone.close()
    }
  }

  return {
    paths,
    db,
    runs,
    artifacts,
    prior,
    tools: installedTools,
    ask,
    exec: (dag, signal, onProgress) => executeDag(dag, { artifacts, signal, onProgress }),
    close: () => db.close(),
  }
}

function numberField(payload: unknown, key: string): number | null {
  const v = isRecord(payload) ? payload[key] : undefined
  return typeof v === 'number' && Number.isInteger(v) ? v : null
}
