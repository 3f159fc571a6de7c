/**
 * The derived layers of a run: every artifact its tool results name (product rasters, masks, detections, changed
 * regions), with the call that made it, plus any artifact stored for the run that no step names. Each says whether
 * its file is still there and how it is placed: on the map (a georeferenced raster, or GeoJSON) or over its source
 * image (pixel coordinates).
 */
import fs from 'node:fs'
import path from 'node:path'
import type { DerivedLayer } from '../../preload/contract'
import { readRunEvent, resultOf } from '../domain/run-events'
import { layerWords } from '../domain/layers'
import { describeFile } from '../engines/raster/describe'
import type { Services } from '../services'
import type { TrajectoryStep } from '../store/runs'

const FORMATS: Record<string, DerivedLayer['format']> = {
  '.tif': 'geotiff',
  '.tiff': 'geotiff',
  '.geojson': 'geojson',
  '.json': 'geojson',
  '.png': 'png',
  '.jpg': 'jpeg',
  '.jpeg': 'jpeg',
}

interface Found {
  sha256: string
  kind: string
  path: string
  call: number | null
}

function fromSteps(runId: string, steps: readonly TrajectoryStep[]): Found[] {
  const out: Found[] = []
  for (const s of steps) {
    const event = readRunEvent(runId, s)
    if (event.kind !== 'tool_result') continue
    for (const a of resultOf(event)?.artifacts ?? []) {
      if (/^[0-9a-f]{64}$/.test(a.sha256)) out.push({ sha256: a.sha256, kind: a.kind, path: a.path, call: event.call })
    }
  }
  return out
}

async function georeferenceOf(file: string, format: DerivedLayer['format']): Promise<DerivedLayer['georeference']> {
  if (format === 'geojson') {
    // Geometry layers are saved twice: in pixel coordinates (coordinate_space "pixel") and in the source CRS.
    // The member follows the features when written, so the file's first and last 4 KiB are read.
    try {
      const fh = await fs.promises.open(file, 'r')
      try {
        const { size } = await fh.stat()
        const n = Math.min(size, 4096)
        const head = Buffer.alloc(n)
        const tail = Buffer.alloc(n)
        await fh.read(head, 0, n, 0)
        await fh.read(tail, 0, n, size - n)
        return /"coordinate_space"\s*:\s*"pixel"/.test(head.toString('utf8') + tail.toString('utf8')) ? 'pixel' : 'geographic'
      } finally {
        await fh.close()
      }
    } catch {
      return null
    }
  }
  if (format === 'png' || format === 'jpeg') return 'pixel'
  if (format !== 'geotiff') return null
  try {
    const info = await describeFile(file)
    return info.kind === 'raster' && info.geoTransform && info.crs ? 'geographic' : 'pixel'
  } catch {
    return null
  }
}

/**
 * A derived layer as the analyst is shown it: a perceive layer by what it holds and in which coordinates
 * (domain/layers.ts), an execute node by its id; with its call.
 */
export function layerName(kind: string, node: string | null, call: number | null): string {
  const what = layerWords(kind) ?? node
  return `${what} (call ${call ?? '?'})`
}

export async function runLayers(services: Services, runId: string, steps: readonly TrajectoryStep[]): Promise<DerivedLayer[]> {
  const found = fromSteps(runId, steps)
  const seen = new Set(found.map((f) => f.sha256))
  for (const a of services.runs.artifactsOf(runId)) if (!seen.has(a.sha256)) found.push({ sha256: a.sha256, kind: a.kind, path: a.path, call: null })
  const unique = new Map<string, Found>()
  for (const f of found) if (!unique.has(f.sha256)) unique.set(f.sha256, f)
  return Promise.all(
    [...unique.values()].map(async (f) => {
      const format = FORMATS[path.extname(f.path).toLowerCase()] ?? 'other'
      const stat = await fs.promises.stat(f.path).catch(() => null)
      const available = !!stat?.isFile()
      const meta = services.artifacts.record(f.sha256)?.meta ?? {}
      const node = typeof meta.node === 'string' ? meta.node : f.kind.includes(':') ? f.kind.slice(f.kind.indexOf(':') + 1) : null
      return {
        id: f.sha256,
        kind: f.kind,
        call: f.call,
        node,
        unit: typeof meta.unit === 'string' ? meta.unit : null,
        format,
        name: node ? layerName(f.kind, node, f.call) : `${f.kind} ${f.sha256.slice(0, 8)}`,
        bytes: stat?.size ?? null,
        available,
        georeference: available ? await georeferenceOf(f.path, format) : null,
      }
    }),
  )
}
