/**
 * Builds execute DAGs in the format of main/tools/execute/README.md: nodes `{id, op, params, inputs}` linked by
 * `"@id"`, an `output` node, an optional `base_dir`. Ids are made readable and unique. The shape is the execute
 * tool's own schema (tools/execute/dag.ts), so planner and compiler cannot drift apart.
 */
import type { Dag, DagNode } from '../../tools/execute/dag'

export type { Dag, DagNode }

export class DagBuilder {
  private readonly nodes: DagNode[] = []

  /** Add a node; returns its `@id` reference for use in later inputs. */
  add(id: string, op: string, params: Record<string, unknown> = {}, inputs: Record<string, string | number> = {}): string {
    let unique = id
    for (let i = 2; this.nodes.some((n) => n.id === unique); i++) unique = `${id}_${i}`
    this.nodes.push({ id: unique, op, params, inputs })
    return `@${unique}`
  }

  /** The DAG with `output` as its answer; `save` lists raster nodes to write as layers (GeoTIFF artifacts). */
  build(output: string, baseDir?: string, save: string[] = []): Dag {
    const id = output.startsWith('@') ? output.slice(1) : output
    if (!this.nodes.some((n) => n.id === id)) throw new Error(`The DAG has no node '${id}' to output.`)
    const saved = save.map((s) => (s.startsWith('@') ? s.slice(1) : s)).filter((s) => s !== id)
    const dag: Dag = baseDir ? { base_dir: baseDir, nodes: this.nodes, output: id } : { nodes: this.nodes, output: id }
    return saved.length ? { ...dag, save: saved } : dag
  }
}
