/**
 * Injecting a known fault into one run (kinds.ts says where each fault enters and what its evidence shows):
 *
 * - a `tool` or `result` fault wraps the tool in the run's registry: the wrapper counts the tool's invocations,
 *   corrupts the first one it can (or every one, `calls: 'all'`) and logs which it corrupted;
 * - a `planner` fault wraps the backbone's planner: the first planned call it can corrupt (or every one) is changed
 *   before the loop records and runs it, as if the planner had misread the question.
 *
 * The log ties corruptions to tool invocations (the n-th time the tool ran), which the harness matches to the
 * trajectory's results in order. Execution still succeeds; the fault only makes the observation wrong.
 */
import type { Backbone } from '../../agent/backbone'
import type { Planner, PlannerStep } from '../../agent/loop-events'
import { ToolRegistry, type AnyTool } from '../../agent/tool-registry'
import type { FaultLog } from '../judge'
import type { FaultSpec } from '../suite'
import { faultKind, type FaultKind } from './kinds'

export interface FaultRecord extends FaultLog {
  corruptedArgs: string[]
  notes: string[]
}

export const newFaultLog = (spec: FaultSpec): FaultRecord => ({ kind: spec.kind, tool: spec.tool, corrupted: [], corruptedArgs: [], notes: [] })

/** The registry with `spec.tool` wrapped by the fault (unchanged when the tool is not installed or the fault is a planner's). */
export function withToolFault(installed: ToolRegistry, spec: FaultSpec, log: FaultRecord): ToolRegistry {
  const kind = faultKind(spec.kind)
  const target = installed.get(spec.tool)
  if (kind.point === 'planner' || kind.point === 'file' || kind.point === 'model' || !target) return installed
  const tools = installed.names().map((n) => installed.get(n) as AnyTool)
  return new ToolRegistry(tools.map((t) => (t.name === spec.tool ? wrapTool(t, kind, spec, log) : t)))
}

function wrapTool(tool: AnyTool, kind: FaultKind, spec: FaultSpec, log: FaultRecord): AnyTool {
  let invocations = 0
  const due = () => spec.calls === 'all' || log.corrupted.length === 0
  return {
    ...tool,
    async run(args, ctx) {
      invocations += 1
      const n = invocations
      if (kind.corrupt && due()) {
        const c = await kind.corrupt(args)
        if (c) {
          log.corrupted.push(n)
          log.notes.push(c.note)
          return tool.run(c.args, ctx)
        }
        return tool.run(args, ctx)
      }
      const result = await tool.run(args, ctx)
      if (kind.corruptResult && due()) {
        const changed = kind.corruptResult(result)
        if (changed) {
          log.corrupted.push(n)
          log.notes.push(`${kind.id} in the result`)
          return changed
        }
      }
      return result
    },
  }
}

/**
 * The backbone with its planner wrapped by a misreading fault. The log keeps the corrupted arguments, so the harness
 * finds the call in the trajectory whatever the loop did with the calls before it.
 */
export function withPlannerFault(backbone: Backbone, spec: FaultSpec, log: FaultRecord): Backbone {
  const kind = faultKind(spec.kind)
  if (kind.point !== 'planner' || !kind.corrupt) return backbone
  const corrupt = kind.corrupt
  let planned = 0
  const inner = backbone.planner
  const planner: Planner = {
    async next(view, signal): Promise<PlannerStep> {
      const step = await inner.next(view, signal)
      if (step.kind !== 'calls') return step
      const calls = []
      for (const call of step.calls) {
        if (call.tool !== spec.tool) {
          calls.push(call)
          continue
        }
        planned += 1
        if (spec.calls === 'all' || log.corrupted.length === 0) {
          const c = await corrupt(call.args)
          if (c) {
            log.corrupted.push(planned)
            log.corruptedArgs.push(JSON.stringify(c.args))
            log.notes.push(c.note)
            calls.push({ ...call, args: c.args })
            continue
          }
        }
        calls.push(call)
      }
      return { ...step, calls }
    },
  }
  return {
    id: backbone.id,
    planner,
    verifier: backbone.verifier,
    writer: backbone.writer,
    meter: backbone.meter,
    classifyFallback: backbone.classifyFallback?.bind(backbone),
    close: () => backbone.close(),
  }
}
