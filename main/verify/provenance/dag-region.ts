/**
 * Which part of the image an execute result covers, from the DAG and its evidence: the window of each read
 * against the file's size (band_mapping evidence), pixel boxes and polygons of `spatial.query` and of a pooled
 * reduction restricted to an area, and any later operator's `window` in the same {col,row,width,height} form.
 * Fractions of the image, so a "northern half" can be compared whatever the image size.
 */
import { isRec, num, upstream, type ActionNode, type Rec } from '../../tools/execute/evidence-reader'
import { partNamed, type Part } from '../question-reader/region'

/** `outside`: the observation covers the pixels outside the area (its complement), not the area. */
export type DagRegion = (
  | { node: string; kind: 'part'; part: Part; cols: [number, number]; rows: [number, number]; size: { width: number; height: number } }
  | { node: string; kind: 'polygon' | 'point' | 'unsized' }
  /** A box in map units: its corners and the CRS they are written in (absent = the file's own). */
  | { node: string; kind: 'map_box'; bbox: [number, number, number, number] | null; srs?: string }
) & { outside?: true }

interface Win {
  col: number
  row: number
  width: number
  height: number
}

function windowOf(v: unknown): Win | null {
  if (!isRec(v)) return null
  const [col, row, width, height] = [num(v.col), num(v.row), num(v.width), num(v.height)]
  return col !== undefined && row !== undefined && width !== undefined && height !== undefined ? { col, row, width, height } : null
}

/** Every file size the reads recorded (one per read node, or per asset of a collection). */
function fileSizes(bandMapping: Rec): Map<string, { width: number; height: number }> {
  const out = new Map<string, { width: number; height: number }>()
  for (const [id, rec] of Object.entries(bandMapping)) {
    const first = Array.isArray(rec) ? rec[0] : rec
    if (isRec(first) && isRec(first.file_size)) {
      const w = num(first.file_size.width)
      const h = num(first.file_size.height)
      if (w && h) out.set(id, { width: w, height: h })
    }
  }
  return out
}

function part(node: string, w: Win, size: { width: number; height: number }): DagRegion {
  return {
    node,
    kind: 'part',
    size,
    cols: [w.col, w.col + w.width],
    rows: [w.row, w.row + w.height],
    part: { x0: w.col / size.width, x1: (w.col + w.width) / size.width, y0: w.row / size.height, y1: (w.row + w.height) / size.height },
  }
}

/** The spatial restrictions on the way to the output; empty when every read covers its whole file. */
export function dagRegions(nodes: readonly ActionNode[], output: string | null, source: Rec): DagRegion[] {
  const feeding = output ? upstream([...nodes], output) : new Set(nodes.map((n) => n.id))
  const sizes = fileSizes(isRec(source.band_mapping) ? source.band_mapping : {})
  const anySize = sizes.values().next().value as { width: number; height: number } | undefined
  const out: DagRegion[] = []
  for (const n of nodes) {
    if (!feeding.has(n.id)) continue
    const before = out.length
    const size = sizes.get(n.id) ?? anySize
    const w = windowOf(n.params.window) ?? windowOf(n.params.region)
    if (w) {
      const full = size && w.col === 0 && w.row === 0 && w.width === size.width && w.height === size.height
      if (!full) out.push(size ? part(n.id, w, size) : { node: n.id, kind: 'unsized' })
      continue
    }
    if ((n.op === 'spatial.query' || n.op === 'raster.pooled_reduce') && isRec(n.params.geometry)) {
      const g = n.params.geometry
      const crs = g.crs ?? n.params.crs ?? 'map'
      const named = g.type === 'part' && typeof g.part === 'string' ? partNamed(g.part) : null
      if (named && size) {
        const w = { col: Math.round(named.x0 * size.width), row: Math.round(named.y0 * size.height), width: 0, height: 0 }
        w.width = Math.round(named.x1 * size.width) - w.col
        w.height = Math.round(named.y1 * size.height) - w.row
        out.push(part(n.id, w, size))
      } else if (g.type === 'part') out.push({ node: n.id, kind: 'unsized' })
      else if (g.type === 'grid' && Array.isArray(g.rows) && Array.isArray(g.cols)) {
        // Rows and columns as fractions of the grid: [0, 1) x [0, 1) holds every pixel centre and restricts nothing.
        const [r0, r1] = g.rows.map(Number)
        const [c0, c1] = g.cols.map(Number)
        if (r0 <= 0 && c0 <= 0 && r1 >= 1 && c1 >= 1) continue
        if (size) {
          const w = { col: Math.round(c0 * size.width), row: Math.round(r0 * size.height), width: 0, height: 0 }
          w.width = Math.round(c1 * size.width) - w.col
          w.height = Math.round(r1 * size.height) - w.row
          out.push(part(n.id, w, size))
        } else out.push({ node: n.id, kind: 'unsized' })
      } else if (g.type === 'point') out.push({ node: n.id, kind: 'point' })
      else if (g.type === 'polygon') out.push({ node: n.id, kind: 'polygon' })
      else if (g.type === 'bbox' && Array.isArray(g.bbox) && crs === 'pixel' && size) {
        // Clipped to the image: a box that holds every pixel centre restricts nothing.
        const [x0, y0, x1, y1] = g.bbox.map(Number)
        const col = Math.max(0, Math.min(x0, x1))
        const row = Math.max(0, Math.min(y0, y1))
        const w = { col, row, width: Math.min(size.width, Math.max(x0, x1)) - col, height: Math.min(size.height, Math.max(y0, y1)) - row }
        if (w.col > 0 || w.row > 0 || w.width < size.width || w.height < size.height) out.push(part(n.id, w, size))
      } else if (g.type === 'bbox') {
        const b = Array.isArray(g.bbox) && g.bbox.length === 4 ? (g.bbox.map(Number) as [number, number, number, number]) : null
        out.push({ node: n.id, kind: 'map_box', bbox: b, ...(typeof g.srs === 'string' ? { srs: g.srs } : {}) })
      } else out.push({ node: n.id, kind: 'unsized' })
      if (g.outside === true) for (const r of out.slice(before)) r.outside = true
    }
  }
  return out
}
