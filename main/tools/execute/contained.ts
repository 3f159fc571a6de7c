/**
 * The containment check of an execute DAG (tools/access.ts), made before it compiles: compiling builds catalogs
 * (lists folders) and opens file headers, so a path outside the analyst's inputs must be refused before that. Every
 * path a node names is checked: raster.read params.path, asset.catalog params.dir and params.files, resolved
 * against the DAG's base_dir as the compiler resolves them.
 */
import path from 'node:path'
import type { FileAccess } from '../access'

interface RawNode {
  id?: unknown
  op?: unknown
  params?: Record<string, unknown>
}

/** The first refusal for a DAG's paths, as one sentence, or null when every path may be read. */
export function refusePaths(raw: unknown, access: FileAccess, cwd: string): { node: string; reason: string } | null {
  const dag = (raw ?? {}) as { nodes?: unknown; base_dir?: unknown }
  const base = path.resolve(cwd, typeof dag.base_dir === 'string' ? dag.base_dir : '.')
  const nodes = Array.isArray(dag.nodes) ? (dag.nodes as RawNode[]) : []
  for (const n of nodes) {
    const id = typeof n?.id === 'string' ? n.id : '(unnamed)'
    const p = n?.params ?? {}
    const named: [string, unknown][] = []
    if (n?.op === 'raster.read') named.push(['params.path', p.path])
    if (n?.op === 'asset.catalog') {
      named.push(['params.dir', p.dir])
      if (Array.isArray(p.files)) p.files.forEach((f, i) => named.push([`params.files[${i}]`, f]))
    }
    for (const [what, v] of named) {
      if (typeof v !== 'string') continue
      const abs = path.resolve(base, v)
      if (!access.allows(abs)) {
        return {
          node: id,
          reason: `Node '${id}' ${what} names '${v}', which is not among the files and folders added to this question; a plan may read only the analyst's inputs and run artifacts.`,
        }
      }
    }
  }
  return null
}
