/**
 * The weight-free backend of perceive: spectral-index regions of one multispectral image and change vector
 * analysis of a co-registered pair (main/engines/classical). Geometry from pixels is exact.
 */
import { countOn, type Mask } from '../../engines/geometry/mask'
import { connectedComponents } from '../../engines/geometry/components'
import type { GeometryLayer } from '../../engines/geometry/layer'
import { maskArea } from '../../engines/geometry/area'
import { describeScale, pixelScale } from '../../engines/geometry/scale'
import { loadBandStack, type BandStack } from '../../engines/classical/band-stack'
import { DEFAULT_CHANGE, detectChange } from '../../engines/classical/change'
import { regionClassOf, spectralRegions, type RegionClass } from '../../engines/classical/spectral-regions'
import type { PerceiveArgs } from './args'
import { gsdFor } from './args'

export const CLASSICAL_ENGINE = { name: 'rsure-classical', version: 1 } as const

/** Target groups -> region classes; null when some group names no class the indices can give. */
export function regionGroups(groups: Record<string, string[]>): Map<string, RegionClass> | null {
  const out = new Map<string, RegionClass>()
  for (const [id, prompts] of Object.entries(groups)) {
    const cls = regionClassOf(id.replace(/_/g, ' ')) ?? prompts.map(regionClassOf).find((c) => c !== null) ?? null
    if (!cls) return null
    out.set(id, cls)
  }
  return out
}

export interface ClassicalOutcome {
  layer: GeometryLayer
  stack: BandStack
  source: Record<string, unknown>
  intermediate: Record<string, unknown>
  validity: Record<string, unknown>
  /** Groups with no pixel (for the strict policy). */
  empty: string[]
  /** Why the bands cannot give a wanted class, per group. */
  unavailable: Record<string, string>
}

function layerStats(layer: GeometryLayer, gsd: number | undefined) {
  const scale = pixelScale(layer.grid, gsd)
  const valid = layer.valid ? countOn(layer.valid) : layer.grid.width * layer.grid.height
  const classes: Record<string, { pixels: number; fraction_of_valid: number | null; components: number; area_m2: number | null }> = {}
  for (const [label, m] of layer.classes) {
    const a = maskArea(m, scale, layer.valid)
    classes[label] = {
      pixels: a.pixels,
      fraction_of_valid: valid ? a.pixels / valid : null,
      components: connectedComponents(m, 8).components.length,
      area_m2: a.m2,
    }
  }
  return { scale, valid, classes }
}

export async function classicalRegions(args: PerceiveArgs, groups: Map<string, RegionClass>): Promise<ClassicalOutcome> {
  const stack = await loadBandStack(args.image_paths.length === 1 ? args.image_paths[0] : args.image_paths, { bandRoles: args.band_roles })
  const wanted = [...new Set(groups.values())]
  const thresholds: Partial<Record<RegionClass, number | 'otsu'>> = {}
  for (const [id, cls] of groups) {
    const t = args.thresholds?.[id] ?? args.thresholds?.[cls]
    if (t !== undefined) thresholds[cls] = t
  }
  const r = spectralRegions(stack, wanted, thresholds)
  const classes = new Map<string, Mask>()
  const unavailable: Record<string, string> = {}
  for (const [id, cls] of groups) {
    const m = r.classes.get(cls)
    if (m) classes.set(id, m)
    else unavailable[id] = r.unavailable[cls] ?? 'no index for this class'
  }
  const layer: GeometryLayer = { kind: 'regions', grid: stack.grid, geometry: 'exact', classes, objects: [], valid: stack.valid }
  const { scale, valid, classes: stats } = layerStats(layer, gsdFor(args, 0))
  return {
    layer,
    stack,
    source: {
      backend: 'classical:spectral-index',
      engine: CLASSICAL_ENGINE,
      method: 'normalised-difference indices with declared or Otsu thresholds; classes exclusive in the order water, vegetation, bare soil, built-up',
      thresholds: Object.fromEntries([...groups].map(([id, cls]) => [id, r.indices[cls] ?? null])),
      band_mapping: stack.source.band_mapping,
      sensor: stack.source.sensor ?? stack.source.kind,
      ...describeScale(scale),
    },
    intermediate: {
      pixel_counts: Object.fromEntries(Object.entries(stats).map(([k, v]) => [k, v.pixels])),
      classes: stats,
      valid_pixels: valid,
      total_pixels: stack.grid.width * stack.grid.height,
    },
    validity: {
      tile_coverage: 1,
      class_separability:
        groups.size > 1 && [...groups.values()].some((c) => c === 'built_up' || c === 'bare_soil')
          ? 'built-up and bare soil are spectrally close at these bands'
          : 'ok',
    },
    empty: [...classes].filter(([, m]) => countOn(m) === 0).map(([id]) => id),
    unavailable,
  }
}

export async function classicalChange(args: PerceiveArgs): Promise<ClassicalOutcome & { metrics: Record<string, unknown> }> {
  const [before, after] = await Promise.all(args.image_paths.map((p) => loadBandStack(p, { bandRoles: args.band_roles })))
  const t = args.thresholds?.change
  const params = { ...DEFAULT_CHANGE, ...(t !== undefined ? { threshold: t } : {}) }
  const r = detectChange(before, after, params)
  const label = Object.keys(args.target_groups ?? {})[0] ?? 'change'
  const layer: GeometryLayer = { kind: 'change', grid: before.grid, geometry: 'exact', classes: new Map([[label, r.mask]]), objects: [], valid: r.valid }
  const { scale, valid, classes: stats } = layerStats(layer, gsdFor(args, 0))
  return {
    layer,
    stack: before,
    source: {
      backend: 'classical:cva',
      engine: CLASSICAL_ENGINE,
      method: 'change vector analysis over standardised, box-smoothed bands (Malila 1980)',
      threshold: {
        value: r.threshold,
        method: r.thresholdMethod,
        ...(r.separability !== null ? { otsu_separability: r.separability } : {}),
        unit: 'standard deviations of the band differences (RMS over bands)',
      },
      parameters: {
        smooth_radius_px: params.smooth,
        morphology_radius_px: params.morph,
        min_component_px: params.minArea,
        registration_search_px: params.maxShift,
      },
      bands: r.bands,
      band_mapping: { before: before.source.band_mapping, after: after.source.band_mapping },
      ...describeScale(scale),
    },
    intermediate: {
      pixel_counts: { [label]: stats[label].pixels },
      classes: stats,
      valid_pixels: valid,
      total_pixels: before.grid.width * before.grid.height,
      cleanup: r.cleanup,
    },
    validity: { tile_coverage: 1, registration: r.registration, grid_check: before.grid.geoTransform ? 'same grid' : 'same size (no georeferencing)' },
    empty: countOn(r.mask) === 0 ? [label] : [],
    unavailable: {},
    metrics: {},
  }
}
