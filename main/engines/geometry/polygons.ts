/**
 * Vectorise a mask: the outline of every 8-connected component as polygons whose edges follow pixel edges, so the
 * polygon's area equals the pixel count exactly. Each in-pixel side facing an out-pixel becomes a directed unit
 * edge (interior on the right when y points down); edges are chained into rings; at a vertex where two pixels
 * touch only diagonally the walk turns towards the interior, so the rings touch there and never cross. Collinear
 * vertices are dropped. Rings with a positive shoelace sum (y down) are outer rings, negative ones holes; each hole
 * is assigned to the outer ring that contains it. Written by hand: no kept JS library traces raster outlines.
 */
import type { Mask } from './mask'

export type Ring = [number, number][]
/** One polygon: outer ring first, then holes; pixel coordinates (corners), closed (first = last). */
export type PolygonRings = Ring[]

// Directions: 0 right (+x), 1 down (+y), 2 left (-x), 3 up (-y).
const DX = [1, 0, -1, 0]
const DY = [0, 1, 0, -1]

export function signedArea(ring: Ring): number {
  let s = 0
  for (let i = 0; i + 1 < ring.length; i++) s += ring[i][0] * ring[i + 1][1] - ring[i + 1][0] * ring[i][1]
  return s / 2
}

/** Polygons of the pixels where the mask is on (one entry per outer ring). */
export function maskPolygons(mask: Mask): PolygonRings[] {
  const labels = new Int32Array(mask.data.length)
  for (let i = 0; i < labels.length; i++) labels[i] = mask.data[i] ? 1 : 0
  return labelPolygons(labels, mask.width, mask.height).get(1) ?? []
}

/**
 * Polygons of every label of a label raster (0 = background; regions of different labels must not touch, as the
 * 8-connected components of one mask never do) in one pass over the pixels: label -> one entry per
 * outer ring (a component touching another only at a corner gives two).
 */
export function labelPolygons(labels: Int32Array, w: number, h: number): Map<number, PolygonRings[]> {
  const W = w + 1
  const lab = (x: number, y: number) => (x >= 0 && y >= 0 && x < w && y < h ? labels[y * w + x] : 0)
  // Outgoing edges per vertex, as direction + 1 in two slots. Components of one label raster never share a vertex
  // with an edge of another label facing the same way, and a vertex has at most two outgoing edges.
  const slotA = new Uint8Array(W * (h + 1))
  const slotB = new Uint8Array(W * (h + 1))
  const add = (x: number, y: number, d: number) => {
    const k = y * W + x
    if (slotA[k] === 0) slotA[k] = d + 1
    else if (slotB[k] === 0) slotB[k] = d + 1
    else throw new RangeError('labelPolygons needs labels whose regions do not touch at corners (e.g. 8-connected components)')
  }
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const id = labels[y * w + x]
      if (!id) continue
      if (lab(x, y - 1) !== id) add(x, y, 0) // top side, left to right
      if (lab(x + 1, y) !== id) add(x + 1, y, 1) // right side, downwards
      if (lab(x, y + 1) !== id) add(x + 1, y + 1, 2) // bottom side, right to left
      if (lab(x - 1, y) !== id) add(x, y + 1, 3) // left side, upwards
    }
  }
  // The label of the pixel on the right of an edge leaving (x, y) in direction d.
  const rightOf = (x: number, y: number, d: number) => (d === 0 ? lab(x, y) : d === 1 ? lab(x - 1, y) : d === 2 ? lab(x - 1, y - 1) : lab(x, y - 1))
  const take = (k: number, want: number[]): number => {
    for (const d of want) {
      if (slotA[k] === d + 1) {
        slotA[k] = slotB[k]
        slotB[k] = 0
        return d
      }
      if (slotB[k] === d + 1) {
        slotB[k] = 0
        return d
      }
    }
    return -1
  }
  const rings = new Map<number, Ring[]>()
  for (let k = 0; k < slotA.length; k++) {
    while (slotA[k] !== 0) {
      const sx = k % W
      const sy = (k - sx) / W
      let d = take(k, [slotA[k] - 1])
      const id = rightOf(sx, sy, d)
      let x = sx
      let y = sy
      const ring: Ring = [[x, y]]
      for (;;) {
        x += DX[d]
        y += DY[d]
        if (x === sx && y === sy) break
        // Prefer a right turn (towards the interior), then straight, then left.
        const next = take(y * W + x, [(d + 1) % 4, d, (d + 3) % 4])
        if (next < 0) break
        if (next !== d) ring.push([x, y])
        d = next
      }
      ring.push([ring[0][0], ring[0][1]])
      if (ring.length >= 4) {
        const list = rings.get(id)
        if (list) list.push(ring)
        else rings.set(id, [ring])
      }
    }
  }
  const result = new Map<number, PolygonRings[]>()
  for (const [id, list] of rings) result.set(id, assemble(list))
  return result
}

function ringBox(r: Ring): [number, number, number, number] {
  let x1 = Infinity
  let y1 = Infinity
  let x2 = -Infinity
  let y2 = -Infinity
  for (const [x, y] of r) {
    if (x < x1) x1 = x
    if (x > x2) x2 = x
    if (y < y1) y1 = y
    if (y > y2) y2 = y
  }
  return [x1, y1, x2, y2]
}

/** Outer rings (positive area) with their holes (negative area) assigned to the smallest outer ring holding them. */
function assemble(rings: Ring[]): PolygonRings[] {
  const areas = rings.map(signedArea)
  const outers = rings.filter((_, i) => areas[i] > 0)
  const holes = rings.filter((_, i) => areas[i] < 0)
  const polys: PolygonRings[] = outers.map((r) => [r])
  if (polys.length === 1) {
    polys[0].push(...holes)
    return polys
  }
  // Candidate outer rings for a hole, smallest first, with their bounding boxes for a quick rejection and, built on
  // first use, the x of their vertical edges per pixel row (every edge is axis-aligned on the pixel grid, so a
  // horizontal ray from a point meets only the vertical edges of its row).
  const cands = outers
    .map((r, i) => ({ ring: r, poly: polys[i], area: signedArea(r), box: ringBox(r), rows: null as Map<number, number[]> | null }))
    .sort((p, q) => p.area - q.area)
  const rowsOf = (r: Ring) => {
    const rows = new Map<number, number[]>()
    for (let i = 0; i + 1 < r.length; i++) {
      const [x0, y0] = r[i]
      const [x1, y1] = r[i + 1]
      if (x0 !== x1) continue
      for (let y = Math.min(y0, y1); y < Math.max(y0, y1); y++) {
        const list = rows.get(y)
        if (list) list.push(x0)
        else rows.set(y, [x0])
      }
    }
    return rows
  }
  for (const hole of holes) {
    // A point inside the hole: the first edge's midpoint, a quarter pixel towards the hole (edges have their
    // in-pixel on the right, y down: right of (ex, ey) is (-ey, ex), so the hole lies on the left).
    const [a, b] = [hole[0], hole[1]]
    const ex = Math.sign(b[0] - a[0])
    const ey = Math.sign(b[1] - a[1])
    const px = (a[0] + b[0]) / 2 + ey * 0.25
    const py = (a[1] + b[1]) / 2 - ex * 0.25
    for (const c of cands) {
      if (px < c.box[0] || px > c.box[2] || py < c.box[1] || py > c.box[3]) continue
      c.rows ??= rowsOf(c.ring)
      let crossings = 0
      for (const x of c.rows.get(Math.floor(py)) ?? []) if (x > px) crossings++
      if (crossings % 2 === 1) {
        c.poly.push(hole)
        break
      }
    }
  }
  return polys
}
