/**
 * `runs.exportReport`: the run's self-contained HTML report (report/report-html.ts) with its evidence images, or
 * that report printed to PDF by this host's printer (Electron's printToPDF in the app, Chromium in browser mode).
 */
import fs from 'node:fs'
import path from 'node:path'
import type { IpcDeps } from '../deps'
import { RAMPS } from '../../engines/raster/ramps'
import { RsureError } from '../errors'
import { artifactFile } from '../layer-files'
import { reportHtml, type ReportImage } from '../report/report-html'
import type { Handlers } from '../router'
import { runDetail } from './runs'

/** Longest side of an evidence image in the report, in pixels. */
const IMAGE_SIZE = 720
/** Input images shown at most (a 23-date series would drown the report). */
const MAX_INPUTS = 4

/** The grey ramp as control points, black to white (the other ramps are the tiles' own, engines/raster/ramps.ts). */
const GREY: [number, number, number, number][] = [
  [0, 0, 0, 0],
  [1, 255, 255, 255],
]

async function picture(
  deps: IpcDeps,
  file: string,
  title: string,
  caption: string,
  ramp: 'grey' | 'viridis',
  unit: string | null = null,
): Promise<ReportImage | null> {
  try {
    const g = await deps.tiles.geometry(file)
    const s = Math.min(1, IMAGE_SIZE / Math.max(g.width, g.height))
    const outWidth = Math.max(1, Math.round(g.width * s))
    const outHeight = Math.max(1, Math.round(g.height * s))
    const style = g.style.bands.length === 1 ? { ramp } : {}
    const t = await deps.tiles.tile(file, { kind: 'pixel', x: 0, y: 0, width: g.width, height: g.height, outWidth, outHeight }, style)
    if (g.ranges.length !== 1) return { title, png: t.png, caption: `${caption} ${g.width} x ${g.height} px.` }
    const [low, high] = [Number(g.ranges[0].min.toPrecision(4)), Number(g.ranges[0].max.toPrecision(4))]
    const legend = { stops: ramp === 'grey' ? GREY : RAMPS[ramp], low, high, unit }
    return { title, png: t.png, caption: `${caption} ${g.width} x ${g.height} px, values ${low} to ${high} (2-98 %).`, legend }
  } catch {
    return null
  }
}

export async function reportFor(deps: IpcDeps, runId: string): Promise<string> {
  const detail = await runDetail(deps, runId)
  const images: ReportImage[] = []
  for (const layer of detail.layers) {
    if (!layer.available || layer.format !== 'geotiff') continue
    const caption = `Derived layer (${layer.kind}) from call ${layer.call ?? '?'},`
    const im = await picture(deps, artifactFile(deps, layer.id).path, layer.name, caption, 'viridis', layer.unit)
    if (im) images.push(im)
  }
  const inputs = detail.run.inputs as { images?: unknown; files?: unknown }
  const paths = [...(Array.isArray(inputs.images) ? inputs.images : []), ...(Array.isArray(inputs.files) ? inputs.files : [])].filter(
    (p): p is string => typeof p === 'string' && fs.existsSync(p) && fs.statSync(p).isFile(),
  )
  for (const p of paths.slice(0, MAX_INPUTS)) {
    const im = await picture(deps, p, path.basename(p), 'Input image,', 'grey')
    if (im) images.push(im)
  }
  return reportHtml(detail, images)
}

export function reportHandlers(deps: IpcDeps): Handlers {
  return {
    'runs.exportReport': async ({ runId, format }) => {
      const html = await reportFor(deps, runId)
      const base = `rsure-report-${runId}`
      if (format === 'html') return { bytes: new Uint8Array(Buffer.from(html, 'utf8')), fileName: `${base}.html`, mime: 'text/html' }
      if (!deps.printPdf) throw new RsureError('failed', 'This window cannot print PDF; export the HTML report and print it from a browser.')
      return { bytes: await deps.printPdf(html), fileName: `${base}.pdf`, mime: 'application/pdf' }
    },
  }
}
