/**
 * A targeted evidence request ends on new evidence even when the planner cannot produce the route (issue 16).
 *
 * A planner that keeps misreading the question (a persistent planner fault of the fault suite: every planned call is
 * windowed to the central quarter, or reduced by the median) turns its follow-up back into the call the verifier
 * questioned. Before, that follow-up failed the novelty rule three times, the request was abandoned at K_max and the
 * run ended without an answer. Now the loop runs the route the verifier named in place of the repeat, and its result
 * is verified again: the request ends in accept (or reject) on that new evidence.
 *
 * The right value is the fixtures README's TOA NDVI mean (computed there with GDAL and numpy, not by this code).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createRulesBackbone } from '../../main/agent/rules/rules-backbone'
import { runAgent } from '../../main/agent/run-agent'
import { makeTask } from '../../main/agent/task'
import { ToolRegistry } from '../../main/agent/tool-registry'
import { newFaultLog, withPlannerFault } from '../../main/eval/faults/wrap'
import { FaultSpecSchema } from '../../main/eval/suite'
import { executeTool } from '../../main/tools/execute/index'
import type { Tool } from '../../main/tools/tool'
import { shared } from '../helpers/tmp'
import { memoryStores, type StoreBundle } from '../unit/agent/doubles'

/** ../shared/fixtures/README.md: NDVI on TOA reflectance, B4 > 0 and B5 > 0 (n = 46100). */
const TOA_NDVI_MEAN = 0.31255227473382297
const SCENE = shared('fixtures', 'landsat8_L1TP_016037_20170813')

let stores: StoreBundle
beforeAll(() => {
  stores = memoryStores()
})
afterAll(() => stores.cleanup())

type Step = { kind: string; payload: unknown }
const ofKind = <T>(steps: Step[], kind: string) => steps.filter((s) => s.kind === kind).map((s) => s.payload as T)

async function misread(kind: string) {
  const spec = FaultSpecSchema.parse({ kind, calls: 'all' })
  const log = newFaultLog(spec)
  const backbone = withPlannerFault(createRulesBackbone(), spec, log)
  const r = await runAgent(
    makeTask({ question: 'What is the mean NDVI of this Landsat scene?', files: [SCENE] }),
    { verify: true, prior: false },
    { backbone, registry: new ToolRegistry([executeTool as Tool<unknown, unknown>]), artifacts: stores.artifacts, runs: stores.runs },
  )
  return { r, log, steps: r.trajectory as Step[] }
}

describe('a follow-up the planner turns back into a repeat', () => {
  for (const kind of ['wrong-region', 'wrong-statistic']) {
    it(`${kind} on every planned call: the route the verifier named is computed and ends the request`, async () => {
      const { r, log, steps } = await misread(kind)
      expect(log.corrupted.length).toBeGreaterThan(1)
      const verdicts = ofKind<{ call: number; decision: string; needed: string[] }>(steps, 'verdict')
      expect(verdicts[0].decision).toBe('request_evidence')
      expect(verdicts[0].needed.some((k) => k.startsWith('route:'))).toBe(true)
      const followUps = ofKind<{ call: number; followUp: boolean; purpose: string | null }>(steps, 'tool_call').filter((c) => c.followUp)
      expect(followUps.length).toBeGreaterThan(0)
      // The follow-up ran (no novelty failure) and its verdict decided the request.
      const novelty = ofKind<{ call: number; rule?: string }>(steps, 'rule_check').filter((c) => c.rule === 'novelty')
      expect(novelty.map((c) => c.call)).not.toContain(followUps[0].call)
      const decided = verdicts.find((v) => v.call === followUps[0].call)
      expect(decided?.decision, JSON.stringify(verdicts)).toMatch(/^(accept|reject)$/)
      expect(followUps[0].purpose).toMatch(/repeat/)
      expect(ofKind(steps, 'give_up')).toHaveLength(0)
      expect(r.answer.value).toBeCloseTo(TOA_NDVI_MEAN, 6)
    }, 120_000)
  }
})
