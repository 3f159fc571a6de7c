/**
 * The evidence of an execute call (DESIGN section 3), built from the compiled DAG and the run:
 * - source: engine, each run node's operator and parameters (defaults filled), product formulas and conventions,
 *   the statistical convention of each reducing operator (percentile type, std ddof, denominators, trend test),
 *   the band mapping of every read (path, band, role, scale, offset, nodata and where each came from);
 * - intermediate: per-node outputs (numbers, tables and series inline; rasters as valid/total pixel counts with
 *   min/max/mean and a content profile (pixels at the extremes, constant rows, a fingerprint of read pixels), per
 *   asset for collections, and per-raster product details (e.g. TVDI edges per date);
 * - validity: node status, failed nodes, quality masks (pixels dropped per rule), temporal coverage of every
 *   catalog against its requested period, and the assets each collection reduction left out.
 */
import type { NodeReport } from '../../engines/raster/job/types'
import { PRODUCTS } from '../../engines/raster/products'
import type { Evidence, EvidenceDeclaration } from '../protocol'
import type { CompiledDag } from './compile'
import { operatorConvention } from './conventions'
import type { RuntimeValue } from './ops/types'
import type { RunState } from './run'
import type { PooledDetail } from './pooled-run'
import { asRecord } from '../../domain/json'

export const ENGINE = { name: 'rsure-raster', reader: 'lean TIFF reader, native zlib inflate', version: 1 } as const

/**
 * What every execute result must carry (declared on the tool, see `executeTool.evidence`): the engine, each run
 * node's operator, per-node outputs, node status and failed nodes; products add their formulas and band mapping;
 * collection reductions add the band mapping, the temporal coverage and the items they left out.
 */
export const EXECUTE_EVIDENCE: EvidenceDeclaration = {
  'execute:*': {
    source: ['engine', 'operators'],
    intermediate: ['nodes'],
    validity: ['node_status', 'failed_nodes'],
  },
  'execute:raster.product': {
    source: ['engine', 'operators', 'formulas', 'band_mapping'],
    intermediate: ['nodes'],
    validity: ['node_status', 'failed_nodes'],
  },
  'execute:raster.batch_reduce': {
    source: ['engine', 'operators', 'band_mapping'],
    intermediate: ['nodes'],
    validity: ['node_status', 'failed_nodes', 'temporal_coverage', 'insufficient_items'],
  },
}

const round = (v: number | undefined) => (v === undefined || !Number.isFinite(v) ? (v === undefined ? undefined : null) : Number(v.toPrecision(12)))

function rasterSummary(r: NodeReport) {
  return {
    status: r.status,
    ...(r.reason ? { reason: r.reason } : {}),
    unit: r.unit,
    valid: r.valid,
    total: r.total,
    min: round(r.min),
    max: round(r.max),
    mean: round(r.mean),
    ...(r.content ? { content: { ...r.content, ...(r.content.constant_value !== undefined ? { constant_value: round(r.content.constant_value) } : {}) } } : {}),
  }
}

/** A runtime value as it appears inline in the evidence and the observation. */
export function valueJson(v: RuntimeValue | undefined): unknown {
  if (!v) return undefined
  switch (v.type) {
    case 'scalar':
      return { value: v.value, unit: v.unit }
    case 'table':
      return { ...v.values, unit: v.unit }
    case 'series':
      return { unit: v.unit, points: v.points }
    case 'choice':
      return { choice: v.choice, value: v.value, option_value: v.option_value, distances: v.distances }
    case 'assets':
      return {
        count: v.catalog.assets.length,
        assets: v.catalog.assets.map((a) => ({
          id: a.id,
          date: a.date,
          sensor: a.sensor,
          roles: Object.keys(a.bands),
          ...(a.notes?.length ? { notes: a.notes } : {}),
        })),
        skipped: v.catalog.skipped,
      }
    case 'insufficient':
      return { insufficient: v.reason }
  }
}

/** A pooled statistic's run in the evidence: the pixels pooled, the histogram passes and the ranks selected. */
function pooledJson(d: PooledDetail) {
  return { pooled_pixels: d.pixels, passes: d.passes, ...(d.ranks ? { ranks: d.ranks } : {}) }
}

export function buildEvidence(c: CompiledDag, run: RunState | null, failure: { node: string | null; reason: string } | null): Evidence {
  const operators: Record<string, unknown> = {}
  const formulas: Record<string, unknown> = {}
  const bandMapping: Record<string, unknown> = {}
  const nodes: Record<string, unknown> = {}
  const products: Record<string, unknown> = {}
  const nodeStatus: Record<string, string> = {}
  const failed: { node: string; reason: string }[] = []
  const masks: Record<string, unknown> = {}
  const coverage: Record<string, unknown> = {}
  const insufficientItems: Record<string, unknown> = {}

  for (const id of c.order) {
    const n = c.nodes.get(id)!
    operators[id] = { op: n.node.op, params: n.params, inputs: n.node.inputs, type: n.info.type, unit: n.info.unit }
    if (n.node.op === 'raster.product') {
      const def = PRODUCTS.get(n.params.product)!
      const { product: _p, ...params } = n.params
      formulas[id] = { product: def.name, formula: def.formula(params), convention: def.convention(params), output_unit: n.info.unit }
    }
    if (n.node.op === 'raster.algebra') formulas[id] = { expression: n.params.expr, output_unit: n.info.unit }
    const convention = operatorConvention(n.node.op, n.params)
    if (convention) formulas[id] = { op: n.node.op, convention }
    const v = run?.values.get(id) ?? n.value
    if (v?.type === 'assets') coverage[id] = v.catalog.coverage
    const reports = run?.rasterReports.get(id)
    if (n.spec.kind === 'raster') {
      if (!reports?.length) {
        nodeStatus[id] = 'not_run'
        continue
      }
      const single = reports.length === 1 && reports[0].item === null
      if (single) {
        const r = reports[0].report
        nodes[id] = rasterSummary(r)
        if (r.band) bandMapping[id] = r.band
        if (r.dropped) masks[id] = r.dropped
        if (r.details) products[id] = r.details
        nodeStatus[id] = r.status
        if (r.status !== 'ok') failed.push({ node: id, reason: r.reason ?? 'no value' })
      } else {
        nodes[id] = { items: reports.map((x) => ({ id: x.item, date: x.date, ...rasterSummary(x.report) })) }
        const bands = reports.filter((x) => x.report.band).map((x) => ({ date: x.date, ...x.report.band }))
        if (bands.length) bandMapping[id] = bands
        const dropped = reports.filter((x) => x.report.dropped).map((x) => ({ date: x.date, ...x.report.dropped }))
        if (dropped.length) masks[id] = dropped
        const det = reports.filter((x) => x.report.details).map((x) => ({ date: x.date, ...x.report.details }))
        if (det.length) products[id] = det
        const bad = reports.filter((x) => x.report.status !== 'ok')
        nodeStatus[id] = bad.length === 0 ? 'ok' : bad.length === reports.length ? 'insufficient' : 'partial'
        if (bad.length === reports.length) failed.push({ node: id, reason: bad[0].report.reason ?? 'no value' })
      }
      continue
    }
    if (v) {
      nodes[id] = valueJson(v)
      nodeStatus[id] = v.type === 'insufficient' ? 'insufficient' : 'ok'
      if (v.type === 'insufficient') failed.push({ node: id, reason: v.reason })
    } else nodeStatus[id] = 'not_run'
    const skipped = run?.skippedItems.get(id)
    if (skipped) {
      insufficientItems[id] = skipped
      const items = run!.itemResults.get(id)!
      nodes[id] = { ...asRecord(nodes[id]), items_used: items.length - skipped.length, items_left_out: skipped.length }
    }
    if (run?.pooled.has(id)) nodes[id] = { ...asRecord(nodes[id]), ...pooledJson(run.pooled.get(id)!) }
  }
  if (failure) {
    failed.push({ node: failure.node ?? '(dag)', reason: failure.reason })
    if (failure.node) nodeStatus[failure.node] = 'error'
  }
  return {
    source: { engine: ENGINE, base_dir: c.baseDir, operators, formulas, band_mapping: bandMapping },
    intermediate: { nodes, products },
    validity: {
      node_status: nodeStatus,
      failed_nodes: failed,
      quality_masks: masks,
      temporal_coverage: coverage,
      insufficient_items: insufficientItems,
      output: { node: c.output, type: c.nodes.get(c.output)!.info.type, unit: c.nodes.get(c.output)!.info.unit },
    },
  }
}
