/**
 * Fault kinds on hand-made DAGs (each changes exactly what it names, on a copy, or returns null when the call has
 * nothing to corrupt), the result faults on a detection result, and the wrappers: the tool wrapper corrupts the
 * first invocation it can and logs it; the planner wrapper changes the planned call itself.
 */
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import type { Backbone } from '../../../main/agent/backbone'
import { UsageMeter } from '../../../main/agent/model'
import { ToolRegistry } from '../../../main/agent/tool-registry'
import { faultKind, FAULT_KINDS } from '../../../main/eval/faults/kinds'
import { newFaultLog, withPlannerFault, withToolFault } from '../../../main/eval/faults/wrap'
import { FaultSpecSchema, type FaultSpec } from '../../../main/eval/suite'
import type { ToolResult } from '../../../main/tools/protocol'
import type { Tool } from '../../../main/tools/tool'
import { tempDir } from '../../helpers/tmp'
import { writeTinyTiff } from '../engines/raster/tiny-tiff'

const tmp = tempDir('rsure-eval-faults-')
afterAll(() => tmp.cleanup())

const node = (id: string, op: string, params: Record<string, unknown> = {}, inputs: Record<string, unknown> = {}) => ({ id, op, params, inputs })

function seriesDag() {
  return {
    nodes: [
      node('catalog', 'asset.catalog', { dir: tmp.dir, start: '2019-06-01', end: '2019-08-31', scales: { LST: { scale: 0.02, unit: 'K' } } }),
      node('lst', 'raster.read', { role: 'LST' }, { data: '@catalog' }),
      node('daily', 'raster.batch_reduce', { stat: 'mean' }, { data: '@lst' }),
      node('hot', 'threshold_fraction', { op: '>', value: 0.3, as: 'percent' }, { data: '@lst' }),
      node('masked', 'raster.algebra', { expr: 'where(lst > 300, lst, 0/0)' }, { lst: '@lst' }),
      node('overall', 'timeseries.aggregate', { by: 'all', stat: 'mean' }, { data: '@daily' }),
    ],
    output: 'overall',
  }
}

const corrupt = async (id: string, args: unknown) => (await faultKind(id).corrupt!(args)) as { args: ReturnType<typeof seriesDag>; note: string } | null
const find = (dag: ReturnType<typeof seriesDag>, id: string) => dag.nodes.find((n) => n.id === id)!

describe('fault kinds on an execute DAG', () => {
  for (const d of ['2019-06-10', '2019-06-26', '2019-07-12', '2019-07-28', '2019-09-14']) fs.writeFileSync(path.join(tmp.dir, `X_${d}_LST.tif`), '')

  it("data faults change the catalog or reads, never the caller's DAG", async () => {
    const dag = seriesDag()
    const before = JSON.stringify(dag)
    expect(find((await corrupt('wrong-band', dag))!.args, 'catalog').params.role_bands).toEqual({ LST: 'NDVI' })
    // The scale is lost where LST is read (node params win over the file's tag and the catalog's convention), so the
    // fault takes effect on files that tag their scale; the catalog keeps the caller's convention.
    const dropped = (await corrupt('scale-dropped', dag))!.args
    expect(find(dropped, 'catalog').params.scales).toEqual({ LST: { scale: 0.02, unit: 'K' } })
    expect(find(dropped, 'lst').params).toMatchObject({ role: 'LST', scale: 1, offset: 0, unit: 'K' })
    expect(find((await corrupt('units-mislabelled', dag))!.args, 'catalog').params.scales).toEqual({ LST: { scale: 0.02, unit: 'degC' } })
    expect(find((await corrupt('nodata-leak', dag))!.args, 'lst').params.nodata).toBe('none')
    const masked = (await corrupt('mask-wrong-class', dag))!.args
    expect(find(masked, 'hot').params.op).toBe('<=')
    expect(JSON.stringify(dag)).toBe(before)
  })

  it('dates-missing keeps the first half of the dates inside the period, listed as files', async () => {
    const cat = find((await corrupt('dates-missing', seriesDag()))!.args, 'catalog')
    expect(cat.params.dir).toBeUndefined()
    expect((cat.params.files as string[]).map((f) => path.basename(f)).sort()).toEqual(['X_2019-06-10_LST.tif', 'X_2019-06-26_LST.tif'])
  })

  it('misreadings change the statistic, the period, the threshold', async () => {
    expect(find((await corrupt('wrong-statistic', seriesDag()))!.args, 'daily').params.stat).toBe('median')
    const period = find((await corrupt('wrong-period', seriesDag()))!.args, 'catalog').params
    expect([period.start, period.end]).toEqual(['2019-07-01', '2019-09-30'])
    expect(find((await corrupt('wrong-mask', seriesDag()))!.args, 'hot').params.value).toBe(0.4)
    const noFraction = seriesDag()
    noFraction.nodes = noFraction.nodes.filter((n) => n.id !== 'hot')
    expect(find((await corrupt('wrong-mask', noFraction))!.args, 'masked').params.expr).toBe('where(lst > 310, lst, 0/0)')
    expect(find((await corrupt('mask-wrong-class', noFraction))!.args, 'masked').params.expr).toBe('where(lst <= 300, lst, 0/0)')
  })

  it('wrong-region windows every read to the central quarter of the file it reads', async () => {
    const file = path.join(tmp.dir, 'one.tif')
    writeTinyTiff(file, { width: 8, height: 6, bands: [new Array(48).fill(1)], dtype: 'uint16' })
    const dag = { nodes: [node('b', 'raster.read', { path: file, band: 1 }), node('s', 'raster.summarize', { stats: ['mean'] }, { data: '@b' })], output: 's' }
    const out = (await corrupt('wrong-region', dag))!.args
    expect(find(out, 'b').params.window).toEqual({ col: 2, row: 1, width: 4, height: 3 })
  })

  it('returns null when the call has no target', async () => {
    const plain = { nodes: [node('v', 'math.add', {}, { a: 1, b: 2 })], output: 'v' }
    for (const id of [
      'wrong-band',
      'scale-dropped',
      'dates-missing',
      'nodata-leak',
      'mask-wrong-class',
      'units-mislabelled',
      'wrong-statistic',
      'wrong-period',
      'wrong-mask',
      'wrong-region',
    ]) {
      expect(await corrupt(id, plain), id).toBeNull()
    }
    expect(await faultKind('wrong-gsd').corrupt!({ sources: [{ gsd: 0.5 }] })).toEqual({ args: { sources: [{ gsd: 1 }] }, note: 'gsd doubled in 1 place(s)' })
    expect(() => faultKind('nope')).toThrow(/Unknown fault kind 'nope'/)
    expect(new Set(FAULT_KINDS.map((k) => k.id)).size).toBe(FAULT_KINDS.length)
  })
})

describe('result faults on detections', () => {
  const boxes = Array.from({ length: 6 }, (_, i) => ({ box: [i, i, i + 1, i + 1], score: 0.9 }))
  const result: ToolResult = {
    status: 'ok',
    observation: { count: 6, value: 6 },
    evidence: { source: {}, intermediate: { detections: structuredClone(boxes), count: 6 }, validity: {} },
    artifacts: [],
    config: { tool: 'measure', coarse: 'measure:count', fine: 'measure:count|auto|objects' },
  }
  it('drops every third detection and keeps counts and evidence consistent', () => {
    const out = faultKind('detections-dropped').corruptResult!(result)!
    expect(out.observation).toEqual({ count: 4, value: 4 })
    expect(out.evidence.intermediate).toMatchObject({ count: 4 })
    expect((out.evidence.intermediate.detections as unknown[]).length).toBe(4)
    expect((result.evidence.intermediate.detections as unknown[]).length).toBe(6)
  })
  it('duplicates every third detection', () => {
    const out = faultKind('detections-duplicated').corruptResult!(result)!
    expect(out.observation).toEqual({ count: 8, value: 8 })
  })
})

describe('fault wrappers', () => {
  const calls: unknown[] = []
  const tool: Tool<unknown, unknown> = {
    name: 'execute',
    description: 'double',
    args: z.unknown(),
    evidence: {},
    run: async (args) => {
      calls.push(args)
      return {
        status: 'ok',
        observation: { value: 1 },
        evidence: { source: {}, intermediate: {}, validity: {} },
        artifacts: [],
        config: { tool: 'execute', coarse: 'execute:x', fine: 'x' },
      }
    },
  }

  /** Three invocations through the tool fault: one with no target (an empty DAG), then the same read twice. */
  async function threeCalls(spec: FaultSpec) {
    calls.length = 0
    const log = newFaultLog(spec)
    const reg = withToolFault(new ToolRegistry([tool]), spec, log)
    const dag = { nodes: [node('r', 'raster.read', { path: 'x.tif' })], output: 'r' }
    const ctx = {} as Parameters<Tool['run']>[1]
    for (const args of [{ nodes: [], output: 'x' }, dag, dag]) await reg.get('execute')!.run(args, ctx)
    const readParams = calls.slice(1).map((c) => (c as typeof dag).nodes[0].params)
    calls.length = 0
    return { log, readParams }
  }

  it('faults are persistent by default: every invocation with a target is corrupted', async () => {
    const spec = FaultSpecSchema.parse({ kind: 'nodata-leak' })
    expect(spec.calls).toBe('all')
    const { log, readParams } = await threeCalls(spec)
    expect(log.corrupted).toEqual([2, 3])
    expect(readParams).toEqual([
      { path: 'x.tif', nodata: 'none' },
      { path: 'x.tif', nodata: 'none' },
    ])
  })

  it("the tool wrapper with calls 'first' corrupts the first invocation with a target, once", async () => {
    const { log, readParams } = await threeCalls(FaultSpecSchema.parse({ kind: 'nodata-leak', calls: 'first' }))
    expect(log.corrupted).toEqual([2])
    expect(readParams).toEqual([{ path: 'x.tif', nodata: 'none' }, { path: 'x.tif' }])
  })

  it('the planner wrapper changes the planned call and logs its arguments', async () => {
    const spec = FaultSpecSchema.parse({ kind: 'wrong-statistic' })
    const log = newFaultLog(spec)
    const dag = { nodes: [node('d', 'raster.batch_reduce', { stat: 'max' })], output: 'd' }
    const backbone = {
      id: 'rules',
      planner: { next: async () => ({ kind: 'calls' as const, calls: [{ tool: 'execute', args: dag }] }) },
      verifier: { name: 'v', verify: async () => ({ decision: 'accept' as const, feedback: 'ok', needed: [], caveats: [] }) },
      writer: { write: async () => ({ answer: '', explanation: '', choice: null, value: null, unit: null, basis: [], missing: [] }) },
      meter: new UsageMeter(),
      close: async () => {},
    } as unknown as Backbone
    const wrapped = withPlannerFault(backbone, spec, log)
    const step = await wrapped.planner.next({} as never)
    expect(step.kind === 'calls' && (step.calls[0].args as typeof dag).nodes[0].params.stat).toBe('mean')
    expect(log.corruptedArgs).toEqual([JSON.stringify((step as { calls: { args: unknown }[] }).calls[0].args)])
    expect(dag.nodes[0].params.stat).toBe('max')
    // A tool fault leaves the planner alone, a planner fault leaves the registry alone.
    expect(withPlannerFault(backbone, FaultSpecSchema.parse({ kind: 'nodata-leak' }), log)).toBe(backbone)
    const reg = new ToolRegistry([tool])
    expect(withToolFault(reg, spec, log)).toBe(reg)
  })
})
