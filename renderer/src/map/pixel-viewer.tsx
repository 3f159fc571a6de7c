/**
 * A plain photo (PNG/JPEG, or a TIFF without georeference) in its own pixel coordinates, with the same overlays as
 * the map: the observations of the current run that were made on this image. Zoom with the buttons, + / - keys or
 * the wheel; drag (or arrow keys) to pan.
 */
import { useMemo, useRef, useState } from 'react'
import type { FileEntry, RsureApi } from '../../../preload/contract'
import { OverlayImage } from '../evidence/image-overlay'
import { useFilePicture } from '../evidence/use-image'
import { drawablesOf, emptyDrawables, gsdOf, sourceImages, type Drawables } from '../model/observation'
import type { CallView } from '../model/run-model'

export function drawablesOnFile(file: FileEntry, calls: CallView[]): Drawables {
  const out = emptyDrawables()
  for (const c of calls) {
    if (!sourceImages(c).some((p) => p === file.path || p.split(/[\\/]/).pop() === file.name)) continue
    const d = drawablesOf(c.result)
    out.boxes.push(...d.boxes)
    out.polygons.push(...d.polygons)
    out.points.push(...d.points)
    out.lines.push(...d.lines)
    out.texts.push(...d.texts)
  }
  return out
}

export function PixelViewer(props: { api: RsureApi; file: FileEntry; calls: CallView[] }) {
  const { api, file, calls } = props
  const pic = useFilePicture(api, file, 2048)
  const [zoom, setZoom] = useState(1)
  const [pan, setPan] = useState<[number, number]>([0, 0])
  const drag = useRef<{ x: number; y: number; pan: [number, number] } | null>(null)
  const d = useMemo(() => drawablesOnFile(file, calls), [file, calls])
  const gsd = calls.map((c) => gsdOf(c, c.result)).find((g) => g !== null) ?? null
  const zoomBy = (f: number) => setZoom((z) => Math.max(1, Math.min(16, z * f)))
  const ok = pic && !(pic instanceof Error) ? pic : null
  return (
    <div
      className="pixel-viewer"
      data-testid="pixel-viewer"
      tabIndex={0}
      aria-label={`${file.name} in pixel coordinates`}
      onWheel={(e) => zoomBy(e.deltaY < 0 ? 1.25 : 0.8)}
      onKeyDown={(e) => {
        if (e.key === '+' || e.key === '=') zoomBy(1.25)
        else if (e.key === '-') zoomBy(0.8)
        else if (e.key.startsWith('Arrow')) {
          const step = 40
          setPan(([x, y]) => [x + (e.key === 'ArrowLeft' ? step : e.key === 'ArrowRight' ? -step : 0), y + (e.key === 'ArrowUp' ? step : e.key === 'ArrowDown' ? -step : 0)])
        } else return
        e.preventDefault()
      }}
      onPointerDown={(e) => (drag.current = { x: e.clientX, y: e.clientY, pan })}
      onPointerMove={(e) => drag.current && setPan([drag.current.pan[0] + e.clientX - drag.current.x, drag.current.pan[1] + e.clientY - drag.current.y])}
      onPointerUp={() => (drag.current = null)}
      onPointerLeave={() => (drag.current = null)}
    >
      <div className="zoom-box" style={{ transform: `translate(${pan[0]}px, ${pan[1]}px) scale(${zoom})` }}>
        {pic instanceof Error ? (
          <p className="error">{pic.message}</p>
        ) : (
          <OverlayImage src={ok?.url ?? null} width={ok?.width ?? file.info?.width ?? 512} height={ok?.height ?? file.info?.height ?? 512} drawables={d} gsd={gsd} label={file.name} />
        )}
      </div>
      <div className="zoom-buttons">
        <button type="button" onClick={() => zoomBy(1.25)} aria-label="zoom in">
          +
        </button>
        <button type="button" onClick={() => zoomBy(0.8)} aria-label="zoom out">
          −
        </button>
        <button type="button" onClick={() => (setZoom(1), setPan([0, 0]))} aria-label="fit">
          ⤢
        </button>
      </div>
    </div>
  )
}
