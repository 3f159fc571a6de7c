/**
 * Small edits on an execute DAG (main/tools/execute/README.md) for fault injection: find nodes by operator, read
 * and change their parameters, list a catalog folder. Every edit works on a copy; the caller's DAG is left alone.
 */
import fs from 'node:fs'
import path from 'node:path'

export interface DagNode {
  id: string
  op: string
  params: Record<string, unknown>
  inputs: Record<string, unknown>
}

export interface Dag {
  nodes: DagNode[]
  output: string
  base_dir?: string
  [key: string]: unknown
}

export const isRec = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v)

/** A copy of the arguments as a DAG, or null when they are not one. */
export function asDag(args: unknown): Dag | null {
  if (!isRec(args) || !Array.isArray(args.nodes) || typeof args.output !== 'string') return null
  const copy = structuredClone(args) as Dag
  for (const n of copy.nodes) {
    if (!isRec(n) || typeof n.op !== 'string') return null
    n.params = isRec(n.params) ? n.params : {}
    n.inputs = isRec(n.inputs) ? n.inputs : {}
  }
  return copy
}

export const nodesOf = (dag: Dag, ...ops: string[]) => dag.nodes.filter((n) => ops.includes(n.op))

/** The node a link such as `@catalog` or `@catalog.x` names. */
export function linked(dag: Dag, link: unknown): DagNode | undefined {
  if (typeof link !== 'string' || !link.startsWith('@')) return undefined
  const id = link.slice(1).split('.')[0]
  return dag.nodes.find((n) => n.id === id)
}

/** The folder a catalog lists, resolved against the DAG's base_dir. */
export function catalogDir(dag: Dag, node: DagNode): string | null {
  if (typeof node.params.dir !== 'string') return null
  return path.resolve(dag.base_dir ?? process.cwd(), node.params.dir)
}

const DATE = /(\d{4})[-_]?(\d{2})[-_]?(\d{2})/

/** The date a file name carries (YYYY-MM-DD, YYYY_MM_DD or YYYYMMDD), as YYYY-MM-DD. */
export function dateInName(name: string): string | null {
  const m = DATE.exec(path.basename(name))
  return m ? `${m[1]}-${m[2]}-${m[3]}` : null
}

/** The dated files a catalog node would see, with their dates, inside its start/end when it has them. */
export function catalogFiles(dag: Dag, node: DagNode): { file: string; date: string }[] {
  const listed = Array.isArray(node.params.files)
    ? (node.params.files as unknown[]).filter((f): f is string => typeof f === 'string').map((f) => path.resolve(dag.base_dir ?? process.cwd(), f))
    : (() => {
        const dir = catalogDir(dag, node)
        return dir && fs.existsSync(dir) ? fs.readdirSync(dir).map((f) => path.join(dir, f)) : []
      })()
  const start = typeof node.params.start === 'string' ? node.params.start : '0000-00-00'
  const end = typeof node.params.end === 'string' ? node.params.end : '9999-99-99'
  return listed
    .map((file) => ({ file, date: dateInName(file) }))
    .filter((f): f is { file: string; date: string } => f.date !== null && f.date >= start && f.date <= end)
}

/** The first raster file a read node draws from: its own path, or the first file of its catalog. */
export function firstRasterOf(dag: Dag, read: DagNode): string | null {
  if (typeof read.params.path === 'string') return path.resolve(dag.base_dir ?? process.cwd(), read.params.path)
  const cat = linked(dag, read.inputs.data)
  if (!cat || cat.op !== 'asset.catalog') return null
  const dated = catalogFiles(dag, cat).map((f) => f.file)
  const dir = catalogDir(dag, cat)
  const all = dated.length ? dated : dir && fs.existsSync(dir) ? fs.readdirSync(dir).map((f) => path.join(dir, f)) : []
  const role = typeof read.params.role === 'string' ? read.params.role.toLowerCase() : ''
  const tifs = all.filter((f) => /\.tiff?$/i.test(f)).sort()
  return tifs.find((f) => role && path.basename(f).toLowerCase().includes(role)) ?? tifs[0] ?? null
}

/** Shift a YYYY-MM-DD date by whole months (day clamped to the month's length). */
export function shiftMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number)
  const total = y * 12 + (m - 1) + months
  const ny = Math.floor(total / 12)
  const nm = (total % 12) + 1
  const last = new Date(Date.UTC(ny, nm, 0)).getUTCDate()
  return `${String(ny).padStart(4, '0')}-${String(nm).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`
}
