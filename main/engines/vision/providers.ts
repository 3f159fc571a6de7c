/**
 * Execution providers of ONNX Runtime, tried one at a time in the order cuda -> dml -> coreml -> cpu.
 *
 * ORT does not fall back at session creation (MODELS.md section 5): asking for ['cuda', 'cpu'] still throws when the
 * CUDA libraries are missing, and 'dml'/'coreml' throw "backend not found" off Windows/macOS. So each provider is tried
 * alone, a failure is recorded with its reason, and the next one is tried; CPU is always the last resort. The chosen
 * provider and every failed attempt go into the evidence.
 */
import type { InferenceSession } from 'onnxruntime-node'

export const PROVIDERS = ['cuda', 'dml', 'coreml', 'cpu'] as const
export type Provider = (typeof PROVIDERS)[number]
export const DEFAULT_PROVIDERS: Provider[] = [...PROVIDERS]

export interface ProviderAttempt {
  provider: Provider
  /** Why this provider could not create the session (first line of ORT's message). */
  error: string
}

export interface OpenedSession {
  session: InferenceSession
  provider: Provider
  attempts: ProviderAttempt[]
}

/** The providers to try: the wanted ones in order, duplicates dropped, 'cpu' appended when missing. */
export function providerOrder(wanted: readonly Provider[] = DEFAULT_PROVIDERS): Provider[] {
  const out: Provider[] = []
  for (const p of wanted) if (!out.includes(p)) out.push(p)
  if (!out.includes('cpu')) out.push('cpu')
  return out
}

function firstLine(err: unknown): string {
  const text = err instanceof Error ? err.message : String(err)
  return (
    text
      .split('\n')
      .map((l) => l.trim())
      .find((l) => l.length > 0) ?? 'unknown failure'
  )
}

/** Session options per provider: DirectML needs sequential execution without memory patterns. */
function optionsFor(provider: Provider, threads: number | undefined): InferenceSession.SessionOptions {
  const base: InferenceSession.SessionOptions = { executionProviders: [provider], graphOptimizationLevel: 'all' }
  // An unavailable accelerator is expected: keep ORT's own log quiet (fatal only); the attempt is recorded instead.
  if (provider !== 'cpu') base.logSeverityLevel = 4
  if (threads) base.intraOpNumThreads = threads
  if (provider === 'dml') return { ...base, enableMemPattern: false, executionMode: 'sequential' }
  return base
}

/**
 * Create a session for `file`, trying each provider alone in order. Throws (one sentence) only when even the CPU
 * provider fails, which means the file is not a usable ONNX graph.
 */
export async function openWithFallback(
  create: (file: string, options: InferenceSession.SessionOptions) => Promise<InferenceSession>,
  file: string,
  wanted: readonly Provider[] = DEFAULT_PROVIDERS,
  threads?: number,
): Promise<OpenedSession> {
  const attempts: ProviderAttempt[] = []
  for (const provider of providerOrder(wanted)) {
    try {
      const session = await create(file, optionsFor(provider, threads))
      return { session, provider, attempts }
    } catch (err) {
      attempts.push({ provider, error: firstLine(err) })
    }
  }
  const cpu = attempts.find((a) => a.provider === 'cpu')
  throw new Error(`ONNX Runtime could not load the model on any execution provider (CPU said: ${cpu?.error ?? 'no attempt'}).`)
}
