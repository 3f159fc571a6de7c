/**
 * A plain photo (PNG/JPEG, or a TIFF without georeference) in its own pixel coordinates, with the same overlays as
 * the map: the observations of the current run that were made on this image, and the run's saved layers in pixel
 * coordinates (changed regions of a pair, class regions) listed with a checkbox each. For a pair of pictures of the
 * same size (a change question's T1 and T2, or any other picture of the session chosen as the comparison), a swipe
 * shows T1 | T2. Zoom with the buttons, + / - keys or the wheel; drag (or arrow keys) to pan.
 */
import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type PointerEvent, type RefObject, type WheelEvent } from 'react'
import type { DerivedLayer, FileEntry, RsureApi } from '../../../preload/contract'
import { fileLabel, middleEllipsis, twinSuffix } from '../components/short-name'
import { callSourceFiles } from '../evidence/evidence-visual'
import { OverlayImage } from '../evidence/image-overlay'
import { Swipe } from '../evidence/swipe'
import { useFilePicture } from '../evidence/use-image'
import { isChangeCall, usePixelGeoJsons } from '../evidence/pixel-layers'
import { drawablesOf, drawablesOfGeoJson, emptyDrawables, gsdOf, sourceImages, type Drawables } from '../model/observation'
import type { CallView } from '../model/run-model'

export function drawablesOnFile(file: FileEntry, calls: CallView[]): Drawables {
  const out = emptyDrawables()
  for (const c of calls) {
    if (!sourceImages(c).some((p) => p === file.path || p.split(/[\\/]/).pop() === file.name)) continue
    merge(out, drawablesOf(c.result))
  }
  return out
}

function merge(out: Drawables, d: Drawables): void {
  out.boxes.push(...d.boxes)
  out.polygons.push(...d.polygons)
  out.points.push(...d.points)
  out.lines.push(...d.lines)
  out.texts.push(...d.texts)
}

/** A run's saved layer drawn over a picture in its pixel coordinates. */
export interface PixelLayer {
  layer: DerivedLayer
  call: CallView
  /** The pictures its call read, in the call's order (T1, T2 for a change pair). */
  sources: FileEntry[]
}

/** The run's pixel-space GeoJSON layers whose call read `file`. */
export function pixelLayersOf(file: FileEntry, files: FileEntry[], layers: DerivedLayer[], calls: CallView[]): PixelLayer[] {
  const out: PixelLayer[] = []
  for (const l of layers) {
    if (l.georeference !== 'pixel' || l.format !== 'geojson' || !l.available || l.call === null) continue
    const call = calls.find((c) => c.call === l.call)
    if (!call) continue
    const sources = callSourceFiles(files, call)
    if (sources.some((f) => f.id === file.id)) out.push({ layer: l, call, sources })
  }
  return out
}

const verdictWord = (c: CallView) => (c.verdict?.decision === 'accept' ? 'accepted' : c.verdict ? 'not accepted' : 'not verified')

type Pan = [number, number]

/** Zoom (1..16) and pan of the picture: the wheel, + / - keys, arrow keys and a drag move it. */
function usePanZoom() {
  const [zoom, setZoom] = useState(1)
  const [pan, setPan] = useState<Pan>([0, 0])
  const drag = useRef<{ x: number; y: number; pan: Pan } | null>(null)
  const zoomBy = (f: number) => setZoom((z) => Math.max(1, Math.min(16, z * f)))
  const handlers = {
    onWheel: (e: WheelEvent) => zoomBy(e.deltaY < 0 ? 1.25 : 0.8),
    onKeyDown: (e: KeyboardEvent) => {
      if (e.key === '+' || e.key === '=') zoomBy(1.25)
      else if (e.key === '-') zoomBy(0.8)
      else if (e.key.startsWith('Arrow')) {
        const step = 40
        setPan(([x, y]) => [
          x + (e.key === 'ArrowLeft' ? step : e.key === 'ArrowRight' ? -step : 0),
          y + (e.key === 'ArrowUp' ? step : e.key === 'ArrowDown' ? -step : 0),
        ])
      } else return
      e.preventDefault()
    },
    onPointerDown: (e: PointerEvent) => {
      // The swipe's slider is dragged, not the picture.
      if ((e.target as HTMLElement).closest('input')) return
      drag.current = { x: e.clientX, y: e.clientY, pan }
    },
    onPointerMove: (e: PointerEvent) =>
      drag.current && setPan([drag.current.pan[0] + e.clientX - drag.current.x, drag.current.pan[1] + e.clientY - drag.current.y]),
    onPointerUp: () => (drag.current = null),
    onPointerLeave: () => (drag.current = null),
  }
  const fit = () => (setZoom(1), setPan([0, 0]))
  return { zoom, pan, zoomBy, fit, handlers }
}

/** The room a box has (its client size), followed as it is resized. */
function useRoom(box: RefObject<HTMLDivElement | null>): { w: number; h: number } | null {
  const [room, setRoom] = useState<{ w: number; h: number } | null>(null)
  useEffect(() => {
    const el = box.current
    if (!el) return
    const ro = new ResizeObserver(() => setRoom({ w: el.clientWidth, h: el.clientHeight }))
    ro.observe(el)
    return () => ro.disconnect()
  }, [box])
  return room
}

/** The pair to swipe: the change call's two pictures (in its order), else this one and a same-size picture chosen. */
function swipePair(file: FileEntry, files: FileEntry[], pixelLayers: PixelLayer[], compareId: string | null) {
  const size = (f: FileEntry) => `${f.info?.width}x${f.info?.height}`
  const pair = pixelLayers.find((pl) => isChangeCall(pl.call) && pl.sources.length >= 2)?.sources ?? null
  const sameSize = files.filter((f) => f.id !== file.id && f.info?.kind !== 'raster' && !!f.info && size(f) === size(file))
  const partner = (compareId ? sameSize.find((f) => f.id === compareId) : null) ?? (pair ? pair.find((f) => f.id !== file.id) : null) ?? sameSize[0] ?? null
  const [t1, t2] = pair && partner && pair.some((f) => f.id === partner.id) ? [pair[0], pair[1]] : [file, partner]
  const choices = pair ? [...new Map([...pair, ...sameSize].filter((f) => f.id !== file.id).map((f) => [f.id, f])).values()] : sameSize
  return { partner, t1, t2, choices }
}

export function PixelViewer(props: { api: RsureApi; file: FileEntry; calls: CallView[]; allCalls?: CallView[]; layers?: DerivedLayer[]; files?: FileEntry[] }) {
  const { api, file, calls, allCalls = calls, layers = [], files = [file] } = props
  const pic = useFilePicture(api, file, 2048)
  const view = usePanZoom()
  const [hidden, setHidden] = useState<Set<string>>(new Set())
  // The room the picture has (the viewer's box less its padding and caption), so it is shown whole at its aspect.
  const box = useRef<HTMLDivElement>(null)
  const room = useRoom(box)
  const pixelLayers = useMemo(() => pixelLayersOf(file, files, layers, allCalls), [file, files, layers, allCalls])
  const geojsons = usePixelGeoJsons(
    api,
    useMemo(() => pixelLayers.map((pl) => pl.layer), [pixelLayers]),
  )
  const d = useMemo(() => {
    const out = drawablesOnFile(file, calls)
    for (const pl of pixelLayers) {
      const fc = geojsons.get(pl.layer.id)
      if (fc && !hidden.has(pl.layer.id)) merge(out, drawablesOfGeoJson(fc, isChangeCall(pl.call)))
    }
    return out
  }, [file, calls, pixelLayers, geojsons, hidden])
  const gsd = calls.map((c) => gsdOf(c, c.result)).find((g) => g !== null) ?? null
  const [compareId, setCompareId] = useState<string | null>(null)
  const [swipe, setSwipe] = useState(false)
  const { partner, t1, t2, choices } = swipePair(file, files, pixelLayers, compareId)
  const p1 = useFilePicture(api, swipe ? t1 : null, 2048)
  const p2 = useFilePicture(api, swipe && t2 ? t2 : null, 2048)
  const okOf = (p: ReturnType<typeof useFilePicture>) => (p && !(p instanceof Error) ? p : null)
  const w = okOf(pic)?.width ?? file.info?.width ?? 512
  const h = okOf(pic)?.height ?? file.info?.height ?? 512
  // Padding 12 px a side; the caption (and the swipe's slider) about 30 px.
  const fitWidth = room ? Math.min(room.w - 24, ((room.h - 24 - 34) * w) / h) : null
  return (
    <div className="pixel-wrap">
      <div ref={box} className="pixel-viewer" data-testid="pixel-viewer" tabIndex={0} aria-label={`${file.name} in pixel coordinates`} {...view.handlers}>
        <div className="zoom-box" style={{ transform: `translate(${view.pan[0]}px, ${view.pan[1]}px) scale(${view.zoom})` }}>
          {pic instanceof Error ? (
            <p className="error">{pic.message}</p>
          ) : swipe && t2 ? (
            <Swipe
              before={okOf(p1)?.url ?? null}
              after={okOf(p2)?.url ?? null}
              width={w}
              height={h}
              drawables={d}
              gsd={gsd}
              labels={[fileLabel(files, t1), fileLabel(files, t2)]}
              fitWidth={fitWidth}
            />
          ) : (
            <OverlayImage src={okOf(pic)?.url ?? null} width={w} height={h} drawables={d} gsd={gsd} label={fileLabel(files, file)} fitWidth={fitWidth} />
          )}
        </div>
        <ZoomButtons zoomBy={view.zoomBy} fit={view.fit} />
      </div>
      {(pixelLayers.length > 0 || partner) && (
        <aside className="layers-panel" aria-label="overlays of this picture">
          <h3>Overlays</h3>
          {partner && (
            <p className="swipe-controls">
              <label>
                <input type="checkbox" checked={swipe} onChange={(e) => setSwipe(e.target.checked)} data-testid="pixel-swipe" /> T1 | T2 swipe with
              </label>{' '}
              <select aria-label="picture to compare with" value={partner.id} onChange={(e) => setCompareId(e.target.value)}>
                {choices.map((f) => (
                  <option key={f.id} value={f.id}>
                    {middleEllipsis(f.name)}
                    {twinSuffix(files, f)}
                  </option>
                ))}
              </select>
            </p>
          )}
          <PixelLayerRows pixelLayers={pixelLayers} geojsons={geojsons} hidden={hidden} setHidden={setHidden} />
        </aside>
      )}
    </div>
  )
}

/** The picture's zoom in, zoom out and fit buttons. */
function ZoomButtons({ zoomBy, fit }: { zoomBy: (f: number) => void; fit: () => void }) {
  return (
    <div className="zoom-buttons">
      <button type="button" onClick={() => zoomBy(1.25)} aria-label="zoom in">
        +
      </button>
      <button type="button" onClick={() => zoomBy(0.8)} aria-label="zoom out">
        −
      </button>
      <button type="button" onClick={fit} aria-label="fit">
        ⤢
      </button>
    </div>
  )
}

/** The run's saved layers of this picture, a checkbox each, with their call, verdict and region count. */
function PixelLayerRows(props: {
  pixelLayers: PixelLayer[]
  geojsons: ReturnType<typeof usePixelGeoJsons>
  hidden: Set<string>
  setHidden: (change: (s: Set<string>) => Set<string>) => void
}) {
  const { pixelLayers, geojsons, hidden, setHidden } = props
  if (pixelLayers.length === 0) return null
  const toggle = (id: string, shown: boolean) =>
    setHidden((s) => {
      const next = new Set(s)
      if (shown) next.delete(id)
      else next.add(id)
      return next
    })
  return (
    <ul className="layer-list" data-testid="pixel-layers" aria-label="saved layers of this picture">
      {pixelLayers.map((pl) => {
        const fc = geojsons.get(pl.layer.id)
        const n = fc ? drawablesOfGeoJson(fc, false).polygons.length : null
        return (
          <li key={pl.layer.id} data-testid="pixel-layer-row" data-name={pl.layer.name}>
            <label className="layer-name" title={pl.layer.name}>
              <input
                type="checkbox"
                checked={!hidden.has(pl.layer.id)}
                onChange={(e) => toggle(pl.layer.id, e.target.checked)}
                aria-label={`show ${pl.layer.name}`}
              />{' '}
              {isChangeCall(pl.call) ? 'changed regions' : pl.layer.name}
              <span className="muted">
                {' '}
                · call #{pl.call.call} {pl.call.tool}, {verdictWord(pl.call)}
                {n !== null ? ` · ${n} region${n === 1 ? '' : 's'}` : ''}
              </span>
            </label>
          </li>
        )
      })}
    </ul>
  )
}
