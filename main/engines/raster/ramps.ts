/**
 * The colour ramps of one-band layers, as control points: pure data, so the tiles (tiles-style.ts) and the desk's
 * legends (renderer/src/map/legend.tsx) draw the same colours from one copy.
 */
export type Ramp = 'grey' | 'viridis' | 'ndvi'

/** Control points (position 0..1, r, g, b) of each ramp; colours between points are interpolated linearly. */
export const RAMPS: Record<Exclude<Ramp, 'grey'>, [number, number, number, number][]> = {
  // Matplotlib's viridis at five stops.
  viridis: [
    [0, 68, 1, 84],
    [0.25, 59, 82, 139],
    [0.5, 33, 145, 140],
    [0.75, 94, 201, 98],
    [1, 253, 231, 37],
  ],
  // Bare soil brown through yellow to dense-vegetation green.
  ndvi: [
    [0, 140, 81, 10],
    [0.35, 216, 179, 101],
    [0.5, 246, 232, 195],
    [0.65, 166, 217, 106],
    [1, 0, 104, 55],
  ],
}
