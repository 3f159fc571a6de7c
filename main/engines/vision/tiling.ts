/**
 * Tiling of large images: square tiles of `size` source pixels sharing `overlap` pixels with their neighbours
 * (DOTA practice: 1024 with a 200 px overlap), the last row/column aligned to the image's far edge so every pixel is
 * covered and no tile hangs outside. An image no larger than a tile is one tile.
 */

export interface Tile {
  index: number
  x: number
  y: number
  width: number
  height: number
}

export interface TileGrid {
  tiles: Tile[]
  cols: number
  rows: number
  size: number
  overlap: number
}

function starts(extent: number, size: number, overlap: number): number[] {
  if (extent <= size) return [0]
  const step = size - overlap
  const out: number[] = []
  for (let p = 0; p + size < extent; p += step) out.push(p)
  out.push(extent - size)
  return out
}

export function tileGrid(width: number, height: number, size: number, overlap: number): TileGrid {
  if (!(size > 0) || !(overlap >= 0) || overlap >= size)
    throw new Error(`tile size ${size} with overlap ${overlap} is impossible: the overlap must be smaller than the tile`)
  const xs = starts(width, size, overlap)
  const ys = starts(height, size, overlap)
  const tiles: Tile[] = []
  for (const y of ys) for (const x of xs) tiles.push({ index: tiles.length, x, y, width: Math.min(size, width), height: Math.min(size, height) })
  return { tiles, cols: xs.length, rows: ys.length, size, overlap }
}

/** Fraction of the image's pixels that lie in at least one tile (1 for a grid from tileGrid). */
export function tileCoverage(tiles: Tile[], width: number, height: number): number {
  const colsCovered = new Uint8Array(width)
  const rowsCovered = new Uint8Array(height)
  for (const t of tiles) {
    colsCovered.fill(1, t.x, Math.min(width, t.x + t.width))
    rowsCovered.fill(1, t.y, Math.min(height, t.y + t.height))
  }
  // Tiles form a full grid of their x and y starts, so coverage is the product of the covered column and row shares.
  const c = colsCovered.reduce((a, b) => a + b, 0) / width
  const r = rowsCovered.reduce((a, b) => a + b, 0) / height
  return c * r
}
