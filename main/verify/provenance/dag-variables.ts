/**
 * Which quantity a DAG node holds, read from the DAG itself: the node id, the read role, the product, the file
 * name, following single inputs upstream until one of them names a variable of the verifier's vocabulary.
 */
import { linkTarget, type ActionNode } from '../../tools/execute/evidence-reader'
import { canonicalVariable } from '../question-reader/variables'
import { qaClassKept, type QaBitRule } from '../../domain/qa-bits'

/** Band roles of a normalized difference that make it a named index. */
const INDEX_ROLES: [string, string, string][] = [
  ['nir', 'red', 'ndvi'],
  ['green', 'nir', 'ndwi'],
  ['green', 'swir1', 'ndwi'],
  ['nir', 'swir2', 'nbr'],
]

/** 1 where its one input has no value, 0 elsewhere: the flag of that input's missing pixels. */
const isNodataFlag = (n: ActionNode) =>
  n.op === 'raster.algebra' && typeof n.params.expr === 'string' && /^where\(isnan\(\w+\),\s*1,\s*0\)$/.test(n.params.expr.trim())

export class DagVariables {
  private readonly byId: Map<string, ActionNode>

  constructor(nodes: readonly ActionNode[]) {
    this.byId = new Map(nodes.map((n) => [n.id, n]))
  }

  node(id: string): ActionNode | undefined {
    return this.byId.get(id)
  }

  /** The canonical variable node `id` holds, or null when nothing on its way up names one. */
  variableOf(id: string, seen = new Set<string>()): string | null {
    const n = this.byId.get(id)
    if (!n || seen.has(id)) return null
    seen.add(id)
    if (n.op === 'raster.product' && n.params.product === 'normalized_difference') {
      const a = this.roleOf(n.inputs.a)
      const b = this.roleOf(n.inputs.b)
      const named = INDEX_ROLES.find(([x, y]) => a === x && b === y)
      if (named) return named[2]
    }
    // A QA mask over data that holds no variable (a layer of ones) is the flag of the class its bits keep: the bits,
    // not the node's name, say which class. Over a variable's data (NDVI masked by the cloud bit) it holds that
    // variable; a mask that only drops fill pixels holds what its data holds.
    const rules = n.op === 'raster.mask' && Array.isArray(n.params.qa_bits) ? (n.params.qa_bits as QaBitRule[]) : null
    const masked = linkTarget(n.inputs.data)
    if (rules?.length === 1 && masked && this.variableOf(masked, new Set(seen)) === null) {
      const cls = qaClassKept(rules[0])
      if (cls && cls !== 'not fill') return cls
    }
    // A mask written as algebra ("where(m > 0.3, v, 0/0)") holds the values it keeps.
    const kept =
      n.op === 'raster.algebra' && typeof n.params.expr === 'string' ? /^where\(.*,\s*([A-Za-z_]\w*)\s*,\s*0\s*\/\s*0\s*\)$/.exec(n.params.expr.trim()) : null
    if (kept && linkTarget(n.inputs[kept[1]]) !== null) return this.variableOf(linkTarget(n.inputs[kept[1]])!, seen)
    // 1 where its one input has no value, 0 elsewhere: the flag of that layer's missing pixels.
    if (isNodataFlag(n)) return 'nodata'
    const names = [n.id, n.params.role, n.params.product, n.params.index, typeof n.params.path === 'string' ? n.params.path.split(/[\\/]/).at(-1) : undefined]
    for (const name of names) {
      const v = typeof name === 'string' ? canonicalVariable(name) : null
      if (v) return v
    }
    // Algebra that names the index it computes holds that index, known to the vocabulary or defined by the question ("GCC = G / (R + G + B)").
    if (n.op === 'raster.algebra' && typeof n.params.index === 'string') return n.params.index.toLowerCase()
    // A mask, a unit conversion or a read from a catalog holds what its one raster input holds.
    const links = Object.entries(n.inputs).filter(([, v]) => linkTarget(v) !== null)
    const data = links.find(([k]) => k === 'data') ?? (links.length === 1 ? links[0] : undefined)
    return data ? this.variableOf(linkTarget(data[1])!, seen) : null
  }

  /** The variable whose missing pixels the no-data flag `id` (1 where its one input has no value) flags, or null. */
  flaggedLayer(id: string): string | null {
    const n = this.byId.get(id)
    if (!n || !isNodataFlag(n)) return null
    const input = Object.values(n.inputs)
      .map(linkTarget)
      .find((t) => t !== null)
    return input ? this.variableOf(input) : null
  }

  private roleOf(link: unknown): string | null {
    const t = linkTarget(link)
    const n = t ? this.byId.get(t) : undefined
    if (!n) return null
    if (typeof n.params.role === 'string') return n.params.role.toLowerCase()
    const data = linkTarget(n.inputs.data)
    return data && n.op !== 'raster.read' ? this.roleOf(n.inputs.data) : null
  }
}
