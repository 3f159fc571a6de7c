/**
 * Resolve measure's declared sources into geometry layers: run perceive on raw imagery, read a perceive layer file,
 * or draw a caller-declared extent. Each resolved source keeps what the evidence needs (backend, layer paths,
 * geometry flag, scale).
 */
import fs from 'node:fs'
import path from 'node:path'
import type { GeometryLayer } from '../../engines/geometry/layer'
import { emptyMask, fillBox } from '../../engines/geometry/mask'
import { readLayerTiff } from '../../engines/geometry/mask-tiff'
import { pixelScale, type PixelScale } from '../../engines/geometry/scale'
import { loadBandStack } from '../../engines/classical/band-stack'
import type { Artifact } from '../protocol'
import type { ToolContext } from '../tool'
import type { PerceiveBackends } from '../perceive/backends'
import { perceiveWithLayers } from '../perceive/index'
import type { MeasureSource } from './spec'
import { errorMessage } from '../../domain/errors'

export interface ResolvedSource {
  id: string
  mode: MeasureSource['mode']
  layer: GeometryLayer
  scale: PixelScale
  backend: string
  layerPaths: string[]
  artifacts: Artifact[]
  /** Perceive's evidence summary, when perceive ran. */
  perceive?: { backend: unknown; thresholds?: unknown; method?: unknown; config: string; registration?: unknown }
}

export class SourceError extends Error {
  constructor(
    message: string,
    readonly status: 'insufficient' | 'error',
  ) {
    super(message)
  }
}

export async function resolveSource(s: MeasureSource, ctx: ToolContext, backends: PerceiveBackends): Promise<ResolvedSource> {
  if (s.mode === 'extent') {
    const stack = await loadBandStack(s.image_paths!.length === 1 ? s.image_paths![0] : s.image_paths!).catch((err: Error) => {
      throw new SourceError(`Source '${s.id}': ${err.message}`, 'insufficient')
    })
    const { width, height } = stack.grid
    const [x1, y1, x2, y2] = s.bbox!
    if (!(x2 > x1 && y2 > y1) || x2 <= 0 || y2 <= 0 || x1 >= width || y1 >= height) {
      throw new SourceError(`Source '${s.id}': the extent [${s.bbox!.join(', ')}] does not cover any pixel of the ${width}x${height} image.`, 'error')
    }
    const m = emptyMask(width, height)
    fillBox(m, s.bbox!)
    const layer: GeometryLayer = { kind: 'regions', grid: stack.grid, geometry: 'exact', classes: new Map([[s.id, m]]), objects: [], valid: stack.valid }
    return { id: s.id, mode: s.mode, layer, scale: pixelScale(stack.grid, s.gsd), backend: 'declared extent', layerPaths: [], artifacts: [] }
  }
  if (s.layer) {
    if (!fs.existsSync(s.layer)) throw new SourceError(`Source '${s.id}': the layer file '${path.basename(s.layer)}' does not exist.`, 'error')
    let layer: GeometryLayer
    try {
      layer = await readLayerTiff(s.layer)
    } catch (err) {
      throw new SourceError(`Source '${s.id}': ${errorMessage(err)}`, 'error')
    }
    if (layer.kind !== s.mode) throw new SourceError(`Source '${s.id}' is declared as ${s.mode} but its layer file holds a ${layer.kind} layer.`, 'error')
    return { id: s.id, mode: s.mode, layer, scale: pixelScale(layer.grid, s.gsd), backend: 'layer file', layerPaths: [s.layer], artifacts: [] }
  }
  const out = await perceiveWithLayers(
    {
      mode: s.mode,
      image_paths: s.image_paths,
      target_groups: s.target_groups,
      gsd: s.gsd,
      backend: s.backend,
      view: s.view,
      thresholds: s.thresholds,
      band_roles: s.band_roles,
      objective: `layer for measure source ${s.id}`,
    },
    ctx,
    backends,
  )
  const r = out.result
  if (r.status !== 'ok' || out.layers.length === 0)
    throw new SourceError(`Source '${s.id}': ${r.reason ?? 'perceive returned no layer'}`, r.status === 'ok' ? 'error' : r.status)
  const layer = out.layers[0]
  const paths = r.artifacts.map((a) => a.path)
  return {
    id: s.id,
    mode: s.mode,
    layer,
    scale: pixelScale(layer.grid, s.gsd),
    backend: String(r.evidence.source.backend),
    layerPaths: paths,
    artifacts: r.artifacts,
    perceive: {
      backend: r.evidence.source.backend,
      thresholds: r.evidence.source.thresholds ?? r.evidence.source.threshold,
      method: r.evidence.source.method,
      config: r.config.fine,
      ...(r.evidence.validity.registration !== undefined ? { registration: r.evidence.validity.registration } : {}),
    },
  }
}
