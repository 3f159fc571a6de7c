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

function inside(pt: [number, number], ring: Ring): boolean {
  let c = false
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i]
    const [xj, yj] = ring[j]
    if (yi > pt[1] !== yj > pt[1] && pt[0] < xi + ((pt[1] - yi) / (yj - yi)) * (xj - xi)) c = !c
  }
  return c
}

/** Polygons of the pixels where the mask is on (one entry per outer ring). */
export function maskPolygons(mask: Mask): PolygonRings[] {
  const labels = new Int32Array(mask.data.length)
  for (let i = 0; i < labels.length; i++) labels[i] = mask.data[i] ? 1 : 0
  return labelPolygons(labels, mask.width, mask.height).get(1) ?? []
}

/**
 * Polygons of every label of a label raster (0 = background) in one pass over the pixels: label -> one entry per
 * outer ring (a component touching another only at a corner gives two).
 */
export function labelPolygons(labels: Int32Array, w: number, h: number): Map<number, PolygonRings[]> {
  const W = w + 1
  const lab = (x: number, y: number) => (x >= 0 && y >= 0 && x < w && y < h ? labels[y * w + x] : 0)
  // Outgoing edges per label and vertex (a vertex has at most two of one label).
  const edges = new Map<number, Map<number, number[]>>()
  const add = (id: number, x: number, y: number, d: number) => {
    let out = edges.get(id)
    if (!out) edges.set(id, (out = new Map()))
    const k = y * W + x
    const list = out.get(k)
    if (list) list.push(d)
    else out.set(k, [d])
  }
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const id = labels[y * w + x]
      if (!id) continue
      if (lab(x, y - 1) !== id) add(id, x, y, 0) // top side, left to right
      if (lab(x + 1, y) !== id) add(id, x + 1, y, 1) // right side, downwards
      if (lab(x, y + 1) !== id) add(id, x + 1, y + 1, 2) // bottom side, right to left
      if (lab(x - 1, y) !== id) add(id, x, y + 1, 3) // left side, upwards
    }
  }
  const result = new Map<number, PolygonRings[]>()
  for (const [id, out] of edges) result.set(id, chain(out, W))
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

function chain(out: Map<number, number[]>, W: number): PolygonRings[] {
  const rings: Ring[] = []
  for (const [startKey, startList] of out) {
    while (startList.length > 0) {
      let x = startKey % W
      let y = (startKey - x) / W
      const sx = x
      const sy = y
      let d = startList.pop()!
      const ring: Ring = [[x, y]]
      for (;;) {
        x += DX[d]
        y += DY[d]
        if (x === sx && y === sy) break
        const list = out.get(y * W + x)
        if (!list || list.length === 0) break
        // Prefer a right turn (towards the interior), then straight, then left.
        let next = -1
        for (const cand of [(d + 1) % 4, d, (d + 3) % 4]) {
          const at = list.indexOf(cand)
          if (at >= 0) {
            next = cand
            list.splice(at, 1)
            break
          }
        }
        if (next < 0) break
        if (next !== d) ring.push([x, y])
        d = next
      }
      ring.push([ring[0][0], ring[0][1]])
      if (ring.length >= 4) rings.push(ring)
    }
  }
  const areas = rings.map(signedArea)
  const outers = rings.filter((_, i) => areas[i] > 0)
  const holes = rings.filter((_, i) => areas[i] < 0)
  const polys: PolygonRings[] = outers.map((r) => [r])
  if (polys.length === 1) {
    polys[0].push(...holes)
    return polys
  }
  // Candidate outer rings for a hole, smallest first, with their bounding boxes for a quick rejection.
  const cands = outers
    .map((r, i) => ({ poly: polys[i], area: signedArea(r), box: ringBox(r) }))
    .sort((p, q) => p.area - q.area)
  for (const hole of holes) {
    // A point just inside the hole: the midpoint of its first edge, nudged to the hole's side.
    const [a, b] = [hole[0], hole[1]]
    const mx = (a[0] + b[0]) / 2
    const my = (a[1] + b[1]) / 2
    const ex = b[0] - a[0]
    const ey = b[1] - a[1]
    const len = Math.hypot(ex, ey) || 1
    // Every edge has its in-pixel on the right (y down: right of (ex, ey) is (-ey, ex)), so the hole is on the left.
    const probe: [number, number] = [mx + (ey / len) * 0.25, my - (ex / len) * 0.25]
    for (const c of cands) {
      if (probe[0] < c.box[0] || probe[0] > c.box[2] || probe[1] < c.box[1] || probe[1] > c.box[3]) continue
      if (inside(probe, c.poly[0])) {
        c.poly.push(hole)
        break
      }
    }
  }
  return polys
}
