/**
 * The DAG an execute call runs (see main/tools/execute/README.md): nodes `{id, op, params, inputs}`, the `output`
 * node, optional `save` (extra raster nodes to write as GeoTIFF artifacts) and `base_dir` for relative paths.
 * This schema checks the shape only; compile.ts checks operators, parameters, links, cycles, types and units.
 */
import { z } from 'zod'

export const NodeId = z.string().regex(/^[A-Za-z][A-Za-z0-9_-]{0,63}$/, 'a node id starts with a letter and has up to 64 letters, digits, _ or -')

export const DagNode = z.strictObject({
  id: NodeId,
  op: z.string().min(1, 'op names an operator'),
  params: z.record(z.string(), z.unknown()).default({}),
  /** `"@id"` links to another node; a number is a literal scalar input. */
  inputs: z.record(z.string(), z.union([z.string(), z.number()])).default({}),
})
export type DagNode = z.infer<typeof DagNode>

export const Dag = z.strictObject({
  nodes: z.array(DagNode).min(1, 'a DAG needs at least one node').max(500, 'a DAG has at most 500 nodes'),
  output: NodeId,
  save: z.array(NodeId).max(20).optional(),
  base_dir: z.string().min(1).optional(),
})
export type Dag = z.infer<typeof Dag>
