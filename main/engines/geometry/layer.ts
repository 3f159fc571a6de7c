/**
 * A geometry layer: what perceive hands to measure. Per-label masks on the source image's grid (regions and change
 * classes, rasterised objects), the object instances with their boxes/polygons and confidences, the valid-pixel
 * mask, and whether the geometry is exact (pixels of a raster method or a local model) or approximate (a
 * vision-language model's guesses, which may not feed metre-based metrics).
 */
import type { Grid } from '../raster/raster'
import type { GeometryFlag } from './flags'
import { emptyMask, fillBox, fillPolygon, type Mask } from './mask'
import type { Rect } from './shapes'

export type LayerKind = 'objects' | 'regions' | 'change'

export interface ObjectInstance {
  label: string
  confidence: number | null
  /** [x1, y1, x2, y2] in pixels of the source image. */
  box?: Rect
  /** Outer ring then holes, pixels of the source image. */
  polygon?: [number, number][][]
}

export interface GeometryLayer {
  kind: LayerKind
  grid: Grid
  geometry: GeometryFlag
  /** Union mask per label. Regions of one raster method are mutually exclusive; objects may overlap. */
  classes: Map<string, Mask>
  /** Object instances (kind 'objects'); empty for regions and change, whose instances are mask components. */
  objects: ObjectInstance[]
  /** Pixels with data; null = all pixels valid. */
  valid: Mask | null
}

/** Rasterise object instances into one union mask per label. */
export function objectClasses(width: number, height: number, objects: ObjectInstance[]): Map<string, Mask> {
  const out = new Map<string, Mask>()
  for (const o of objects) {
    let m = out.get(o.label)
    if (!m) out.set(o.label, (m = emptyMask(width, height)))
    if (o.polygon) fillPolygon(m, o.polygon)
    else if (o.box) fillBox(m, o.box)
  }
  return out
}
