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

/**
 * Polygons of the pixels where `labels[i] === id` (or, with id omitted, where the mask is on). Returns one entry
 * per outer ring (a component touching another only at a corner gives two).
 */
export function maskPolygons(mask: Mask, labels?: Int32Array, id?: number): PolygonRings[] {
  const { width: w, height: h } = mask
  const on = (x: number, y: number) => x >= 0 && y >= 0 && x < w && y < h && (labels ? labels[y * w + x] === id : mask.data[y * w + x] === 1)
  const W = w + 1
  // Outgoing edges per vertex: up to two, stored as direction + 1 in two slots.
  const out = new Map<number, number[]>()
  const add = (x: number, y: number, d: number) => {
    const k = y * W + x
    const list = out.get(k)
    if (list) list.push(d)
    else out.set(k, [d])
  }
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      if (!on(x, y)) continue
      if (!on(x, y - 1)) add(x, y, 0) // top side, left to right
      if (!on(x + 1, y)) add(x + 1, y, 1) // right side, downwards
      if (!on(x, y + 1)) add(x + 1, y + 1, 2) // bottom side, right to left
      if (!on(x - 1, y)) add(x, y + 1, 3) // left side, upwards
    }
  }
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
        const k = y * W + x
        const list = out.get(k)
        if (!list || list.length === 0) break
        // Prefer a right turn (towards the interior), then straight, then left.
        const order = [(d + 1) % 4, d, (d + 3) % 4]
        let next = -1
        for (const cand of order) {
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
  const outers = rings.filter((r) => signedArea(r) > 0)
  const holes = rings.filter((r) => signedArea(r) < 0)
  const polys: PolygonRings[] = outers.map((r) => [r])
  for (const hole of holes) {
    // A point just inside the hole: the midpoint of its first edge, nudged to the hole's interior side.
    const [a, b] = [hole[0], hole[1]]
    const mx = (a[0] + b[0]) / 2
    const my = (a[1] + b[1]) / 2
    const ex = b[0] - a[0]
    const ey = b[1] - a[1]
    const len = Math.hypot(ex, ey) || 1
    // Every edge has its in-pixel on the right (y down: right of (ex, ey) is (-ey, ex)), so the hole is on the left.
    const probe: [number, number] = [mx + (ey / len) * 0.25, my - (ex / len) * 0.25]
    let best: PolygonRings | null = null
    let bestArea = Infinity
    for (const p of polys) {
      const area = signedArea(p[0])
      if (area < bestArea && inside(probe, p[0])) {
        best = p
        bestArea = area
      }
    }
    if (best) best.push(hole)
  }
  return polys
}
