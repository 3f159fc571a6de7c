/**
 * One deadline per ask (RSURE_ASK_TIMEOUT_S, default 1800 s): a clock that starts when the run starts and, when it
 * passes, aborts the run's signal with one sentence. Everything the run does listens to that signal: the model calls
 * of every role (each also has its own per-call deadline, RSURE_MODEL_TIMEOUT_S, across its retries and its stream)
 * and the tools (the loop stops waiting at once; execute terminates its raster workers, perceive its model call). So
 * a model that never answers, streams forever or answers each call just in time, and a tool that runs for hours,
 * all end the run within the deadline, stored as failed with that sentence.
 */
/** Default deadline of one ask: 30 minutes, room for a CPU-only 7B model over a full run of 10 tool calls with their verdicts. */
export const DEFAULT_ASK_TIMEOUT_MS = 1_800_000

/** A positive number of seconds from the environment, as ms; undefined when unset; one sentence when not a number. */
export function envSeconds(name: 'RSURE_MODEL_TIMEOUT_S' | 'RSURE_ASK_TIMEOUT_S', env: NodeJS.ProcessEnv = process.env): number | undefined {
  const raw = env[name]
  if (raw === undefined || raw.trim() === '') return undefined
  const s = Number(raw)
  if (!(s > 0) || !Number.isFinite(s)) throw new Error(`${name} takes a positive number of seconds (got '${raw}').`)
  return s * 1000
}

/** The run passed its deadline; the message is the one sentence the run is stored with. */
export class RunDeadlineError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'RunDeadlineError'
  }
}

export interface RunDeadline {
  /** Aborts when the caller's signal does (a cancel) or when the deadline passes (reason: a RunDeadlineError). */
  signal: AbortSignal
  /** The deadline, ms. */
  ms: number
  /** Stops the clock (the run ended). */
  clear(): void
}

/** The deadline of a run in ms: given, else RSURE_ASK_TIMEOUT_S (a value that is not seconds is refused in one sentence), else the default. */
export function askDeadlineMs(given?: number, env: NodeJS.ProcessEnv = process.env): number {
  return given ?? envSeconds('RSURE_ASK_TIMEOUT_S', env) ?? DEFAULT_ASK_TIMEOUT_MS
}

/**
 * Starts a run's clock. `doing()` says, when the deadline passes, what the run was doing ("the execute tool was
 * running", "it waited on the model"), for the sentence.
 */
export function startRunDeadline(ms: number, doing: () => string, signal?: AbortSignal): RunDeadline {
  const clock = new AbortController()
  const seconds = Number((ms / 1000).toFixed(3))
  const timer = setTimeout(() => {
    clock.abort(
      new RunDeadlineError(
        `The run passed its deadline of ${seconds} s (RSURE_ASK_TIMEOUT_S) while ${doing()}, and was stopped: use a faster model or fewer or smaller files, or raise the deadline.`,
      ),
    )
  }, ms)
  timer.unref?.()
  return {
    signal: signal ? AbortSignal.any([signal, clock.signal]) : clock.signal,
    ms,
    clear: () => clearTimeout(timer),
  }
}
