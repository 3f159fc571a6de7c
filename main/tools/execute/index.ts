/**
 * The execute tool (DESIGN section 4): compiles a typed raster DAG (README.md in this folder), runs its pixel work
 * in the raster worker pool and returns one ToolResult whose evidence lets a verifier re-check each step.
 *
 * Fail-closed: a DAG that does not compile gives status 'error' with one sentence naming the node; a node that
 * has too few valid pixels (or an output that depends on one) gives 'insufficient' with the reason and no number.
 * Artifacts: the output node when it is a single raster, and the rasters listed in `save`, as float32 DEFLATE
 * GeoTIFFs with their georeferencing; collections are not written per asset (their per-asset statistics are in the
 * evidence), which keeps a 23-date run from writing 23 rasters nobody asked for.
 */
import { z } from 'zod'
import { RasterJobError } from '../../engines/raster/job/types'
import { sharedRasterPool, type RasterPool } from '../../engines/raster/worker/pool'
import { emptyEvidence, type Artifact, type ToolConfig, type ToolResult } from '../protocol'
import type { Tool, ToolContext } from '../tool'
import { compileDag, type CompiledDag } from './compile'
import { refusePaths } from './contained'
import { Dag } from './dag'
import { buildEvidence, EXECUTE_EVIDENCE, valueJson } from './evidence'
import { CompileError, type RuntimeValue } from './ops/types'
import { runCompiled, type RunState } from './run'
import { errorMessage } from '../../domain/errors'

export { Dag } from './dag'
export type { Dag as ExecuteDag } from './dag'

const DESCRIPTION = `Run a typed raster DAG over GeoTIFFs and return one verified-evidence observation.
Arguments: {nodes: [{id, op, params, inputs}], output, save?, base_dir?}; link inputs as "@<id>".
Operators: asset.catalog (folder -> dated assets with band roles; Landsat MTL, Sentinel-2, <place>_<date>_<VAR>.tif),
raster.read (path+band or catalog role), raster.algebra (expr), raster.product (normalized_difference,
brightness_temperature, single_channel_lst, multi_channel_lst, split_window_lst, ttm_lst, tes, pwv_band_ratio, tvdi,
day_night_temperature, apparent_thermal_inertia, pixel_area: m² of each pixel of a grid), raster.mask, raster.summarize (stats: [...]), raster.batch_reduce
(per-asset series), raster.pooled_reduce (one statistic over all assets' pixels together, optionally within a geometry), threshold_fraction, spatial.query, timeseries.aggregate, timeseries.trend (Sen + Mann-Kendall),
math.*, decision.select (nearest option). Use it for any number that must be computed from pixels.`

export interface ExecuteOptions {
  /** The raster worker pool; defaults to the process-wide pool sized to the cores. */
  pool?: RasterPool
  /** Folder for relative paths when the DAG has no base_dir (default: the working directory). */
  cwd?: string
}

/** What the config of a DAG that failed to compile reads from it (this boundary only): its output and its nodes' ids, ops and params, where they are there. */
const LooseNode = z
  .object({ id: z.unknown().optional(), op: z.unknown().optional(), params: z.unknown().optional() })
  .catch({ id: undefined, op: undefined, params: undefined })
const LooseDag = z.object({ output: z.unknown().optional(), nodes: z.array(LooseNode).catch([]) }).catch({ output: undefined, nodes: [] })

/** A raster.algebra node's `params.index`: the spectral index it declares it computes (e.g. 'NDVI'), or null. */
const DeclaredIndex = z.object({ index: z.string() })
const declaresIndex = (params: unknown) => DeclaredIndex.safeParse(params).success

function config(c: CompiledDag | null, raw: unknown): ToolConfig {
  if (!c) {
    const out = LooseDag.parse(raw)
    const nodes = out.nodes
    const product = nodes.find((n) => n.op === 'raster.product' || (n.op === 'raster.algebra' && declaresIndex(n.params)))
    const op = product ? 'raster.product' : nodes.find((n) => n.id === out.output)?.op
    const safe = typeof op === 'string' && /^[a-z._]+$/i.test(op) ? op : 'invalid'
    return { tool: 'execute', coarse: `execute:${safe}`, fine: `execute:${safe}|invalid` }
  }
  const d = definingNode(c)
  const n = c.nodes.get(d.id)!
  const detail =
    n.spec
      .detail(n.params)
      .replace(/[\s|]+/g, '_')
      .toLowerCase() || 'default'
  return { tool: 'execute', coarse: `execute:${d.key}`, fine: `execute:${d.key}|${detail}` }
}

/**
 * The node, and the operator key, by which the reliability prior knows an execute call (DESIGN section 6).
 * A DAG that derives a product is keyed `execute:raster.product|<product>` by its first product node, whatever
 * trails it (masks, reductions, aggregation, decision.select): the product is what the observation's reliability
 * mostly depends on, and it is how the published matrix (paper table E.1, e.g. environmental assessment x
 * execute:raster.product) counts such calls. A product node is a `raster.product` node or a `raster.algebra` node
 * that declares the spectral index it computes (`params.index`, e.g. NDVI written from the spyndex formula by the
 * spec compiler): both derive a named product from bands, so a recipe's normalized_difference and a compiled
 * DAG's NDVI expression meet in the same coarse cell (fine: `|normalized_difference`, `|ndvi`). Any other DAG is
 * keyed by its output node's operator (`execute:raster.summarize|mean`, `execute:timeseries.trend|...`).
 */
function definingNode(c: CompiledDag): { id: string; key: string } {
  const product = c.order.find((id) => {
    const n = c.nodes.get(id)!
    return n.node.op === 'raster.product' || (n.node.op === 'raster.algebra' && declaresIndex(n.params))
  })
  return product ? { id: product, key: 'raster.product' } : { id: c.output, key: c.nodes.get(c.output)!.node.op }
}

/**
 * The product a DAG derives (its defining raster.product node, or a raster.algebra declaring `params.index`) is
 * saved as a layer even when the DAG reduces it to a number and names no `save`, so the evidence shows the NDVI
 * the mean was taken over. Only a single raster or a collection of one item: a 23-date series would write 23
 * GeoTIFFs nobody asked for (a DAG lists those in `save`). The export shares the job of the reduction (one read).
 */
function withProductSaved(c: CompiledDag): CompiledDag {
  const d = definingNode(c)
  if (d.key !== 'raster.product' || d.id === c.output || c.save.includes(d.id)) return c
  const info = c.nodes.get(d.id)!.info
  const catalog = info.type === 'rasters' && info.domain ? c.nodes.get(info.domain)?.value : undefined
  const items = info.type === 'raster' ? 1 : catalog?.type === 'assets' ? catalog.catalog.assets.length : 0
  return items === 1 ? { ...c, save: [...c.save, d.id] } : c
}

function observation(c: CompiledDag, run: RunState, artifacts: Artifact[]): unknown {
  const out = c.nodes.get(c.output)!
  if (out.info.type === 'raster') {
    const r = run.rasterReports.get(c.output)?.[0]?.report
    return {
      unit: r?.unit,
      width: r?.width,
      height: r?.height,
      valid: r?.valid,
      total: r?.total,
      min: r?.min,
      max: r?.max,
      mean: r?.mean,
      artifact: artifacts.find((a) => a.kind === `raster:${c.output}`)?.path,
    }
  }
  if (out.info.type === 'rasters') {
    const items = run.itemResults.get(`${c.output}#summary`) ?? []
    return {
      unit: out.info.unit,
      items: items.map((x) => ({
        id: x.id,
        date: x.date,
        status: x.result.status,
        ...(x.result.status === 'ok' ? (x.result.value as Record<string, number>) : { reason: x.result.reason }),
      })),
    }
  }
  return valueJson(run.values.get(c.output) ?? out.value)
}

/** Run a DAG and build its ToolResult (see the module comment). Never throws for a bad DAG or bad data. */
export async function executeDag(raw: unknown, ctx: ToolContext, opts: ExecuteOptions = {}): Promise<ToolResult> {
  const pool = opts.pool ?? sharedRasterPool()
  pool.warm() // workers start while the DAG compiles (catalogs, headers)
  const refused = ctx.access ? refusePaths(raw, ctx.access, opts.cwd ?? process.cwd()) : null
  if (refused) {
    const evidence = emptyEvidence()
    evidence.validity = { node_status: { [refused.node]: 'error' }, failed_nodes: [refused] }
    return { status: 'error', reason: refused.reason, observation: null, evidence, artifacts: [], config: config(null, raw) }
  }
  let compiled: CompiledDag
  try {
    compiled = compileDag(raw, opts.cwd)
  } catch (err) {
    if (err instanceof CompileError) {
      const evidence = emptyEvidence()
      evidence.validity = { node_status: err.node ? { [err.node]: 'error' } : {}, failed_nodes: [{ node: err.node ?? '(dag)', reason: err.message }] }
      return { status: 'error', reason: err.message, observation: null, evidence, artifacts: [], config: config(null, raw) }
    }
    throw err
  }
  compiled = withProductSaved(compiled)
  const cfg = config(compiled, raw)
  let run: RunState
  try {
    run = await runCompiled(compiled, { pool, signal: ctx.signal, onProgress: ctx.onProgress })
  } catch (err) {
    const message = errorMessage(err)
    const cancelled = message === 'cancelled' || ctx.signal?.aborted
    const node = err instanceof RasterJobError ? err.node.replace(/#.*$/, '') : null
    const reason = cancelled ? 'cancelled' : /[.!?]$/.test(message) ? message.replace(/^node /, 'Node ') : `${message.replace(/^node /, 'Node ')}.`
    return { status: 'error', reason, observation: null, evidence: buildEvidence(compiled, null, { node, reason }), artifacts: [], config: cfg }
  }
  const artifacts: Artifact[] = run.exports.map((x) =>
    ctx.artifacts.save(x.bytes, {
      kind: `raster:${x.node}`,
      ext: 'tif',
      runId: ctx.runId ?? null,
      meta: { node: x.node, date: x.date, unit: compiled.nodes.get(x.node)!.info.unit },
    }),
  )
  const evidence = buildEvidence(compiled, run, null)
  const outValue: RuntimeValue | undefined = run.values.get(compiled.output)
  const outReport = run.rasterReports.get(compiled.output)
  const insufficient =
    outValue?.type === 'insufficient' ? outValue.reason : outReport && outReport.every((r) => r.report.status !== 'ok') ? outReport[0].report.reason : null
  if (insufficient) {
    return {
      status: 'insufficient',
      reason: `Output node '${compiled.output}' has no value: ${insufficient}`,
      observation: null,
      evidence,
      artifacts,
      config: cfg,
    }
  }
  return { status: 'ok', observation: observation(compiled, run, artifacts), evidence, artifacts, config: cfg }
}

export const executeTool: Tool<Dag, unknown> = {
  name: 'execute',
  description: DESCRIPTION,
  args: Dag,
  evidence: EXECUTE_EVIDENCE,
  run: (args, ctx) => executeDag(args, ctx),
}
