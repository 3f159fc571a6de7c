/**
 * The map: maplibre-gl with the offline style, the session's georeferenced rasters at their true place (tiles through
 * the contract, see tile-protocol.ts), derived layers of a run as raster overlays and vector layers (GeoJSON) on
 * top. Layers are drawn bottom to top in the order given; a layer marked `basemap` always goes first.
 */
import {
  Map as MlMap,
  NavigationControl,
  ScaleControl,
  setWorkerUrl,
  type ErrorEvent as MlErrorEvent,
  type GeoJSONSource,
  type GeoJSONSourceSpecification,
} from 'maplibre-gl'
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url'
import 'maplibre-gl/dist/maplibre-gl.css'
import { useEffect, useRef, useState } from 'react'
import type { LayerRef, RsureApi, TileStyle } from '../../../preload/contract'
import { layerKey, useLayerInfos, type LayerInfo } from './layer-info'
import { offlineStyle } from './offline-style'
import { releaseBackground, useBackgroundHeld } from '../model/background-gate'
import { registerTileProtocol, tileTemplate } from './tile-protocol'

setWorkerUrl(workerUrl)

export interface MapLayerSpec {
  key: string
  ref: LayerRef
  name: string
  visible: boolean
  /** 0..1 */
  opacity: number
  style: TileStyle
  basemap?: boolean
  /** A class mask: its 0 pixels transparent, its classes in this colour ('#rrggbb'). */
  mask?: string
}

export interface MapVector {
  key: string
  data: GeoJSON.FeatureCollection
  color: string
  visible: boolean
}

type Bounds = [number, number, number, number]

function unionBounds(list: Bounds[]): Bounds | null {
  if (!list.length) return null
  return list.reduce((a, b) => [Math.min(a[0], b[0]), Math.min(a[1], b[1]), Math.max(a[2], b[2]), Math.max(a[3], b[3])])
}

function meets(a: Bounds, b: Bounds): boolean {
  return a[0] <= b[2] && b[0] <= a[2] && a[1] <= b[3] && b[1] <= a[3]
}

/**
 * The layers by place: boxes that overlap, or lie within one box's size of each other, are one place. Returned
 * with the place of the last box (the last added layer) first, each as the union of its boxes.
 */
export function places(list: Bounds[]): Bounds[] {
  const left = [...list]
  const out: Bounds[] = []
  while (left.length) {
    let box = left.pop()!
    for (let grew = true; grew;) {
      grew = false
      const m = Math.max(box[2] - box[0], box[3] - box[1], 0.01)
      const near: Bounds = [box[0] - m, box[1] - m, box[2] + m, box[3] + m]
      for (let i = left.length - 1; i >= 0; i--) {
        if (meets(near, left[i])) {
          box = unionBounds([box, left[i]])!
          left.splice(i, 1)
          grew = true
        }
      }
    }
    out.push(box)
  }
  return out
}

function themeBackground(): string {
  const v = getComputedStyle(document.documentElement).getPropertyValue('--map-bg').trim()
  return v || '#9aa3ad'
}

export function MapView(props: {
  api: RsureApi
  layers: MapLayerSpec[]
  vectors?: MapVector[]
  fitKey?: string
  label: string
  testId?: string
  zoomTo?: { key: string; n: number } | null
  /** A click on the map, at this longitude/latitude (the identify tool). */
  onMapClick?: (lon: number, lat: number) => void
  /** The desk's map: its tiles are background work that waits while a question runs (model/background-gate.ts). */
  background?: boolean
}) {
  const { api, layers, vectors = [], fitKey = '', label, testId = 'map', zoomTo = null, onMapClick, background = false } = props
  const held = useBackgroundHeld() && background
  const clickRef = useRef(onMapClick)
  clickRef.current = onMapClick
  const container = useRef<HTMLDivElement>(null)
  const mapRef = useRef<MlMap | null>(null)
  const urls = useRef(new Map<string, string>())
  /** The data last handed to each GeoJSON source. */
  const vectorData = useRef(new Map<string, unknown>())
  const fitted = useRef<string | null>(null)
  const [ready, setReady] = useState(false)
  const [error, setError] = useState<string | null>(null)
  /** In how many separate places the layers lie (the map fits the last added one's). */
  const [placeCount, setPlaces] = useState(0)
  const infos = useLayerInfos(
    api,
    layers.map((l) => l.ref),
  )

  useEffect(() => {
    registerTileProtocol(api)
    const map = new MlMap({
      container: container.current!,
      style: offlineStyle(themeBackground()),
      center: [0, 0],
      zoom: 1,
      attributionControl: false,
      maplibreLogo: false,
      renderWorldCopies: false,
      fadeDuration: 0,
      canvasContextAttributes: { preserveDrawingBuffer: true },
    })
    map.addControl(new NavigationControl({ showCompass: false }), 'top-right')
    map.addControl(new ScaleControl({ unit: 'metric', maxWidth: 120 }), 'bottom-left')
    map.on('load', () => setReady(true))
    map.on('click', (e) => clickRef.current?.(e.lngLat.lng, e.lngLat.lat))
    // The analyst moving the map wants to see it now: its waiting tiles go ahead (a fit by the desk has no event).
    map.on('movestart', (e: { originalEvent?: unknown }) => e.originalEvent && releaseBackground())
    map.on('error', (e: MlErrorEvent) => setError(e.error?.message ?? 'The map could not draw a layer.'))
    // For tests and assistive tools: when the map last finished drawing, and how many raster layers it showed.
    map.on('idle', () => {
      const shown = (map.getStyle().layers ?? []).filter((l) => l.id.startsWith('img-') && map.getLayoutProperty(l.id, 'visibility') !== 'none').length
      container.current?.setAttribute('data-rasters', String(shown))
      container.current?.setAttribute('data-idle', String(Date.now()))
      const c = map.getCenter()
      const b = map.getBounds()
      container.current?.setAttribute(
        'data-view',
        JSON.stringify({ zoom: map.getZoom(), lon: c.lng, lat: c.lat, bounds: [b.getWest(), b.getSouth(), b.getEast(), b.getNorth()] }),
      )
    })
    // Follow the light/dark theme with the neutral background.
    const themeWatch = new MutationObserver(() => map.getLayer('background') && map.setPaintProperty('background', 'background-color', themeBackground()))
    themeWatch.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] })
    mapRef.current = map
    urls.current = new Map()
    vectorData.current = new Map()
    return () => {
      themeWatch.disconnect()
      map.remove()
      mapRef.current = null
      setReady(false)
    }
  }, [api])

  useEffect(() => {
    const map = mapRef.current
    if (!map || !ready) return
    const ordered = [...layers.filter((l) => l.basemap), ...layers.filter((l) => !l.basemap)]
    const wanted = new Set<string>()
    /** The managed layers bottom to top, as they should be stacked. */
    const order: string[] = []
    for (const l of ordered) {
      const info = infos.get(layerKey(l.ref))
      if (!info || info instanceof Error || !info.bounds) continue
      const id = `img-${l.key}`
      wanted.add(id)
      const url = tileTemplate(l.ref, l.style, l.mask, background)
      if (urls.current.get(id) !== url && map.getSource(id)) {
        map.removeLayer(id)
        map.removeSource(id)
      }
      if (!map.getSource(id)) {
        map.addSource(id, { type: 'raster', tiles: [url], tileSize: 256, bounds: info.bounds, minzoom: 0, maxzoom: Math.max(info.maxZoom, 1) })
        map.addLayer({ id, type: 'raster', source: id, paint: { 'raster-resampling': 'nearest', 'raster-fade-duration': 0 } })
        urls.current.set(id, url)
      }
      map.setPaintProperty(id, 'raster-opacity', l.opacity)
      map.setLayoutProperty(id, 'visibility', l.visible ? 'visible' : 'none')
      order.push(id)
    }
    for (const v of vectors) {
      const id = `vec-${v.key}`
      wanted.add(id)
      const src = map.getSource(id) as GeoJSONSource | undefined
      if (src) {
        // Only new data is handed over: setData re-tiles the whole collection and redraws the map.
        if (vectorData.current.get(id) !== v.data) src.setData(v.data)
      } else {
        map.addSource(id, { type: 'geojson', data: v.data } satisfies GeoJSONSourceSpecification)
        map.addLayer({
          id: `${id}-fill`,
          type: 'fill',
          source: id,
          filter: ['==', ['geometry-type'], 'Polygon'],
          paint: { 'fill-color': v.color, 'fill-opacity': 0.25 },
        })
        map.addLayer({ id: `${id}-line`, type: 'line', source: id, paint: { 'line-color': v.color, 'line-width': 2 } })
        map.addLayer({
          id: `${id}-pt`,
          type: 'circle',
          source: id,
          filter: ['==', ['geometry-type'], 'Point'],
          paint: { 'circle-color': v.color, 'circle-radius': 4 },
        })
      }
      vectorData.current.set(id, v.data)
      for (const suffix of ['-fill', '-line', '-pt']) {
        map.setLayoutProperty(`${id}${suffix}`, 'visibility', v.visible ? 'visible' : 'none')
        order.push(`${id}${suffix}`)
      }
    }
    for (const layer of map.getStyle().layers ?? []) {
      const base = layer.id.replace(/-(fill|line|pt)$/, '')
      if ((layer.id.startsWith('img-') || layer.id.startsWith('vec-')) && !wanted.has(layer.id.startsWith('vec-') ? base : layer.id)) map.removeLayer(layer.id)
    }
    for (const id of Object.keys(map.getStyle().sources ?? {})) {
      if (!wanted.has(id)) {
        map.removeSource(id)
        urls.current.delete(id)
        vectorData.current.delete(id)
      }
    }
    // Restack only when the order changed: moving a layer marks the style changed and redraws every layer, and this
    // effect runs on each render of the desk (a run's progress re-renders it ten times a second).
    const stacked = (map.getStyle().layers ?? []).map((l) => l.id).filter((id) => id.startsWith('img-') || id.startsWith('vec-'))
    if (stacked.join('|') !== order.join('|')) for (const id of order) map.moveLayer(id)
    // Fit to the place of the last layer (the last added): the layers described so far that lie with it, so a
    // session over two far-apart places (Xinjiang and South Carolina) is not fitted at 3000 km with each layer a dot;
    // the others are one click away (zoom to layer). Refit while more descriptions arrive and widen that place (the
    // first one described is not the whole place), never again for the same layers and box.
    const all = places(
      layers.flatMap((l) => {
        const info = infos.get(layerKey(l.ref))
        return info && !(info instanceof Error) && info.bounds && !l.basemap ? [info.bounds as Bounds] : []
      }),
    )
    setPlaces(all.length)
    const lastDescribed = [...layers].reverse().find((l) => {
      const info = infos.get(layerKey(l.ref))
      return !l.basemap && info && !(info instanceof Error) && info.bounds
    })
    const lastInfo = lastDescribed ? (infos.get(layerKey(lastDescribed.ref)) as LayerInfo) : null
    const b = lastInfo?.bounds ? (all.find((p) => meets(p, lastInfo.bounds as Bounds)) ?? null) : null
    const fitNow = `${fitKey}|${b ? b.map((x) => x.toFixed(5)).join() : ''}`
    if (b && fitted.current !== fitNow) {
      map.fitBounds([b[0], b[1], b[2], b[3]], { padding: 24, duration: 0 })
      fitted.current = fitNow
    }
  }, [ready, layers, vectors, infos, fitKey, background])

  // Zoom to one layer (the layer list's ⤢ button): its bounds fill the map.
  useEffect(() => {
    const map = mapRef.current
    if (!map || !ready || !zoomTo) return
    const l = layers.find((x) => x.key === zoomTo.key)
    const info = l ? infos.get(layerKey(l.ref)) : undefined
    if (info && !(info instanceof Error) && info.bounds)
      map.fitBounds([info.bounds[0], info.bounds[1], info.bounds[2], info.bounds[3]], { padding: 24, duration: 0 })
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [zoomTo, ready])

  const problems = [
    ...(error ? [error] : []),
    ...layers.flatMap((l) => {
      const info = infos.get(layerKey(l.ref))
      return info instanceof Error ? [`${l.name}: ${info.message}`] : []
    }),
  ]
  return (
    <div className="map-wrap">
      <div ref={container} className="map" data-testid={testId} data-places={placeCount} role="region" aria-label={label} />
      {placeCount > 1 && (
        <p className="map-places muted" data-testid="map-places">
          The layers lie in {placeCount} places; the map shows the last added one. ⤢ in the layer list zooms to the others.
        </p>
      )}
      {held && (
        <p className="map-places muted" data-testid="map-waits">
          New tiles wait while the question runs; move the map to draw them now.
        </p>
      )}
      <MapNotice problems={problems} onDismiss={() => setError(null)} />
    </div>
  )
}

/**
 * What the map could not draw, as one line under the map (never over it): the first problem and how many more, the
 * whole list in its tooltip, and a button that dismisses it until a new problem appears.
 */
function MapNotice({ problems, onDismiss }: { problems: string[]; onDismiss: () => void }) {
  const [dismissed, setDismissed] = useState<string>('')
  const text = problems.join(' ')
  if (!problems.length || dismissed === text) return null
  const more = problems.length > 1 ? ` (and ${problems.length - 1} more)` : ''
  return (
    <p className="map-notice" role="status" data-testid="map-notice" title={problems.join('\n')}>
      <span className="one-line">
        {problems[0]}
        {more}
      </span>
      <button
        type="button"
        className="ghost"
        aria-label="dismiss the map's message"
        onClick={() => {
          setDismissed(text)
          onDismiss()
        }}
      >
        ✕
      </button>
    </p>
  )
}

export type { LayerInfo }
