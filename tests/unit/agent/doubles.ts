/**
 * Test doubles for the agent: tools with scripted results in the shapes the real tools return (execute evidence
 * as documented in main/tools/execute/README.md), and an in-memory store. Product code never uses these.
 */
import { z } from 'zod'
import { ArtifactStore } from '../../../main/store/artifacts'
import { openDatabase, type Db } from '../../../main/store/database'
import { RunStore } from '../../../main/store/runs'
import { EXECUTE_EVIDENCE } from '../../../main/tools/execute/evidence'
import type { EvidenceDeclaration, ToolResult } from '../../../main/tools/protocol'
import { RETRIEVE_EVIDENCE } from '../../../main/tools/retrieve/index'
import type { Tool } from '../../../main/tools/tool'
import { tempDir } from '../../helpers/tmp'

export interface StoreBundle {
  db: Db
  runs: RunStore
  artifacts: ArtifactStore
  cleanup(): void
}

export function memoryStores(): StoreBundle {
  const { dir, cleanup } = tempDir('rsure-agent-')
  const db = openDatabase({ file: `${dir}/rsure.sqlite` })
  return { db, runs: new RunStore(db), artifacts: new ArtifactStore(`${dir}/artifacts`, db), cleanup: () => (db.close(), cleanup()) }
}

/** An ok execute result for a scalar output, with complete evidence for `dates` (default: 23 dates of 2019). */
export function executeOk(value: number, opts: { dates?: string[]; validFraction?: number; unit?: string } = {}): ToolResult {
  const dates = opts.dates ?? Array.from({ length: 23 }, (_, i) => new Date(Date.UTC(2019, 0, 1 + 16 * i)).toISOString().slice(0, 10))
  const total = 1000
  const valid = Math.round(total * (opts.validFraction ?? 0.8))
  return {
    status: 'ok',
    observation: { value, unit: opts.unit ?? 'dimensionless' },
    evidence: {
      source: { operators: [{ id: 'tvdi', op: 'raster.product', params: { product: 'tvdi' } }], band_mapping: {}, engine: 'double' },
      intermediate: { nodes: { tvdi: { items: dates.map((date) => ({ date, valid, total })) }, overall: { value } } },
      validity: {
        node_status: { catalog: 'ok', tvdi: 'ok', overall: 'ok' },
        failed_nodes: [],
        temporal_coverage: { catalog: { requested: { start: '2019-01-01', end: '2019-12-31' }, dates } },
      },
    },
    artifacts: [],
    config: { tool: 'execute', coarse: 'execute:timeseries.aggregate', fine: 'execute:timeseries.aggregate|mean' },
  }
}

export interface ScriptedTool extends Tool<Record<string, unknown>, unknown> {
  calls: Record<string, unknown>[]
}

/**
 * A tool whose n-th call returns `results(args, n)`; records every call it really ran. It declares the evidence of
 * the real tool of that name (execute, retrieve) unless given its own; perceive and measure doubles declare none
 * unless given one, so their results fail closed as a real tool's would.
 */
export function scriptedTool(
  name: 'execute' | 'measure' | 'perceive' | 'retrieve',
  results: (args: Record<string, unknown>, n: number) => ToolResult | Promise<ToolResult>,
  evidence: EvidenceDeclaration = name === 'execute' ? EXECUTE_EVIDENCE : name === 'retrieve' ? RETRIEVE_EVIDENCE : {},
): ScriptedTool {
  const calls: Record<string, unknown>[] = []
  return {
    name,
    description: `${name} (test double)`,
    args: z.record(z.string(), z.unknown()),
    evidence,
    calls,
    async run(args) {
      calls.push(args)
      return results(args, calls.length - 1)
    },
  }
}
