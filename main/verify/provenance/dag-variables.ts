/**
 * Which quantity a DAG node holds, read from the DAG itself: the node id, the read role, the product, the file
 * name, following single inputs upstream until one of them names a variable of the verifier's vocabulary.
 */
import { linkTarget, type ActionNode } from '../../tools/execute/evidence-reader'
import { canonicalVariable } from '../question-reader/variables'

/** Band roles of a normalized difference that make it a named index. */
const INDEX_ROLES: [string, string, string][] = [
  ['nir', 'red', 'ndvi'],
  ['green', 'nir', 'ndwi'],
  ['green', 'swir1', 'ndwi'],
  ['nir', 'swir2', 'nbr'],
]

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
    const names = [n.id, n.params.role, n.params.product, typeof n.params.path === 'string' ? n.params.path.split(/[\\/]/).at(-1) : undefined]
    for (const name of names) {
      const v = typeof name === 'string' ? canonicalVariable(name) : null
      if (v) return v
    }
    // A mask, a unit conversion or a read from a catalog holds what its one raster input holds.
    const links = Object.entries(n.inputs).filter(([, v]) => linkTarget(v) !== null)
    const data = links.find(([k]) => k === 'data') ?? (links.length === 1 ? links[0] : undefined)
    return data ? this.variableOf(linkTarget(data[1])!, seen) : null
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
