/**
 * One held-out question through the app's own ask service (main/services.ts) with the default rules backbone,
 * verification and prior on, as `rsure ask --files ... --json` would run it.
 */
import path from 'node:path'
import { makeTask, parseOptions } from '../../main/agent/task'
import type { Services } from '../../main/services'
import { SHARED_DIR, type AnswerSeen, type HeldoutQuestion } from './harness'

export async function askOne(services: Services, q: HeldoutQuestion, timeoutMs: number): Promise<AnswerSeen> {
  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(), timeoutMs)
  try {
    const task = makeTask({
      question: q.question,
      options: q.options ? parseOptions(q.options) : [],
      images: [],
      files: q.files.map((f) => path.resolve(SHARED_DIR, f)),
    })
    const result = await services.ask(task, { verify: true, prior: true, forceChoice: false, backbone: { kind: 'rules' } }, controller.signal)
    return {
      answer: String(result.answer.answer ?? ''),
      explanation: String(result.answer.explanation ?? ''),
      choice: result.answer.choice ?? null,
      missing: (result.answer.missing ?? []).map(String),
      verifiedObservations: result.verified.filter((e) => e.kind === 'observation').length,
    }
  } catch (err) {
    const msg = controller.signal.aborted ? `timed out after ${timeoutMs / 1000} s` : (err as Error).message
    return { answer: '', explanation: '', choice: null, missing: [], verifiedObservations: 0, error: msg }
  } finally {
    clearTimeout(timer)
  }
}
