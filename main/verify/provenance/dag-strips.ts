/**
 * Strips of rows that are added together cover their union. A true ground area on a Web Mercator grid counts the
 * kept pixels over bands of rows (spatial.query on grid fractions) and adds the counts, each weighted by its rows'
 * ground pixel area, in one math.expr (agent/rules/compile-area.ts). Read one by one, each strip is a part of the
 * image; added with positive weights, bands that share their columns and follow each other without gap or overlap
 * cover the band from the first's top to the last's bottom, which is the region the value is about.
 */
import { linkTarget, type ActionNode } from '../../tools/execute/evidence-reader'
import { parseExpr } from '../../engines/raster/expr'
import type { Expr } from '../../domain/expression'

export interface Band {
  rows: [number, number]
  cols: [number, number]
}

/** The input names of an expression that is a sum of inputs each with a positive weight (`0.5 * x0 + x1`), or null. */
function positiveSum(e: Expr): string[] | null {
  if (e.k === 'var') return [e.name]
  if (e.k !== 'bin') return null
  if (e.op === '+') {
    const a = positiveSum(e.a)
    const b = positiveSum(e.b)
    return a && b ? [...a, ...b] : null
  }
  if (e.op === '*') {
    const [n, v] = e.a.k === 'num' ? [e.a, e.b] : [e.b, e.a]
    return n.k === 'num' && n.v > 0 && v.k === 'var' ? [v.name] : null
  }
  return null
}

/** The grid band a spatial.query sums or counts (directly, or through a mean or sum over dates); null otherwise. */
function stripOf(id: string | null, byId: Map<string, ActionNode>): { node: string; band: Band } | null {
  let n = id ? byId.get(id) : undefined
  if (n?.op === 'timeseries.aggregate' && ['mean', 'sum'].includes(String(n.params.stat)) && (n.params.by ?? 'all') === 'all')
    n = byId.get(linkTarget(n.inputs.data) ?? '')
  if (!n || n.op !== 'spatial.query' || !['sum', 'count'].includes(String(n.params.stat))) return null
  const g = n.params.geometry as { type?: unknown; rows?: unknown; cols?: unknown } | undefined
  if (!g || g.type !== 'grid' || !Array.isArray(g.rows) || !Array.isArray(g.cols)) return null
  return { node: n.id, band: { rows: [Number(g.rows[0]), Number(g.rows[1])], cols: [Number(g.cols[0]), Number(g.cols[1])] } }
}

/**
 * Every math.expr that adds strips tiling one band: its node, the strips' query nodes, and the band they cover
 * together. Strips with other columns, gaps, overlaps or a weight that is not positive make no union.
 */
export function stripUnions(nodes: readonly ActionNode[]): { node: string; strips: Set<string>; band: Band }[] {
  const byId = new Map(nodes.map((n) => [n.id, n]))
  const out: { node: string; strips: Set<string>; band: Band }[] = []
  for (const n of nodes) {
    if (n.op !== 'math.expr' || typeof n.params.expr !== 'string') continue
    let names: string[] | null
    try {
      names = positiveSum(parseExpr(n.params.expr))
    } catch {
      names = null
    }
    if (!names || names.length < 2 || new Set(names).size !== names.length) continue
    const strips = names.map((name) => stripOf(linkTarget(n.inputs[name]), byId))
    if (strips.some((s) => s === null)) continue
    const sorted = (strips as { node: string; band: Band }[]).sort((a, b) => a.band.rows[0] - b.band.rows[0])
    const cols = sorted[0].band.cols
    const tiles = sorted.every((s, i) => s.band.cols[0] === cols[0] && s.band.cols[1] === cols[1] && (i === 0 || s.band.rows[0] === sorted[i - 1].band.rows[1]))
    if (!tiles) continue
    out.push({ node: n.id, strips: new Set(sorted.map((s) => s.node)), band: { rows: [sorted[0].band.rows[0], sorted[sorted.length - 1].band.rows[1]], cols } })
  }
  return out
}
