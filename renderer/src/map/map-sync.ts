/**
 * What MapView does to its maplibre map, in named steps: make the map with its controls and watchers; bring its
 * raster and vector sources in line with the layers asked for; drop the rest; stack them in order; and fit the
 * place of the last added layer. Each step is a plain function of the map and what it is given.
 */
import {
  Map as MlMap,
  NavigationControl,
  ScaleControl,
  type ErrorEvent as MlErrorEvent,
  type GeoJSONSource,
  type GeoJSONSourceSpecification,
} from 'maplibre-gl'
import { layerKey, type LayerInfo } from './layer-info'
import { offlineStyle } from './offline-style'
import { releaseBackground } from '../model/background-gate'
import { tileTemplate } from './tile-protocol'
import type { LayerRef, TileStyle } from '../../../preload/contract'

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

export type Bounds = [number, number, number, number]
export type Infos = Map<string, LayerInfo | Error>

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

export function themeBackground(): string {
  const v = getComputedStyle(document.documentElement).getPropertyValue('--map-bg').trim()
  return v || '#9aa3ad'
}

/** For tests and assistive tools: when the map last finished drawing, how many raster layers it showed, its view. */
function markIdle(map: MlMap, el: HTMLElement | null): void {
  const shown = (map.getStyle().layers ?? []).filter((l) => l.id.startsWith('img-') && map.getLayoutProperty(l.id, 'visibility') !== 'none').length
  el?.setAttribute('data-rasters', String(shown))
  el?.setAttribute('data-idle', String(Date.now()))
  const c = map.getCenter()
  const b = map.getBounds()
  el?.setAttribute('data-view', JSON.stringify({ zoom: map.getZoom(), lon: c.lng, lat: c.lat, bounds: [b.getWest(), b.getSouth(), b.getEast(), b.getNorth()] }))
}

/** The map in its container, with zoom buttons, a scale, the theme's background, and the events MapView listens to. */
export function createMap(
  container: HTMLDivElement,
  on: { ready: () => void; click: (lon: number, lat: number) => void; error: (message: string) => void },
): { map: MlMap; dispose: () => void } {
  const map = new MlMap({
    container,
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
  map.on('load', on.ready)
  map.on('click', (e) => on.click(e.lngLat.lng, e.lngLat.lat))
  // The analyst moving the map wants to see it now: its waiting tiles go ahead (a fit by the desk has no event).
  map.on('movestart', (e: { originalEvent?: unknown }) => e.originalEvent && releaseBackground())
  map.on('error', (e: MlErrorEvent) => on.error(e.error?.message ?? 'The map could not draw a layer.'))
  map.on('idle', () => markIdle(map, container))
  // Follow the light/dark theme with the neutral background.
  const themeWatch = new MutationObserver(() => map.getLayer('background') && map.setPaintProperty('background', 'background-color', themeBackground()))
  themeWatch.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] })
  return {
    map,
    dispose: () => {
      themeWatch.disconnect()
      map.remove()
    },
  }
}

/** Each described raster layer as a tile source at its opacity and visibility (basemap first); its ids bottom to top. */
export function syncRasters(map: MlMap, layers: MapLayerSpec[], infos: Infos, urls: Map<string, string>, background: boolean): string[] {
  const ordered = [...layers.filter((l) => l.basemap), ...layers.filter((l) => !l.basemap)]
  const order: string[] = []
  for (const l of ordered) {
    const info = infos.get(layerKey(l.ref))
    if (!info || info instanceof Error || !info.bounds) continue
    const id = `img-${l.key}`
    const url = tileTemplate(l.ref, l.style, l.mask, background)
    if (urls.get(id) !== url && map.getSource(id)) {
      map.removeLayer(id)
      map.removeSource(id)
    }
    if (!map.getSource(id)) {
      map.addSource(id, { type: 'raster', tiles: [url], tileSize: 256, bounds: info.bounds, minzoom: 0, maxzoom: Math.max(info.maxZoom, 1) })
      map.addLayer({ id, type: 'raster', source: id, paint: { 'raster-resampling': 'nearest', 'raster-fade-duration': 0 } })
      urls.set(id, url)
    }
    map.setPaintProperty(id, 'raster-opacity', l.opacity)
    map.setLayoutProperty(id, 'visibility', l.visible ? 'visible' : 'none')
    order.push(id)
  }
  return order
}

/** A vector source drawn as fill, outline and points, in one colour. */
function addVector(map: MlMap, id: string, v: MapVector): void {
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

/** Each vector layer as a GeoJSON source (new data handed over only when it changed); its style layer ids in order. */
export function syncVectors(map: MlMap, vectors: MapVector[], handed: Map<string, unknown>): { sources: string[]; order: string[] } {
  const sources: string[] = []
  const order: string[] = []
  for (const v of vectors) {
    const id = `vec-${v.key}`
    sources.push(id)
    const src = map.getSource<GeoJSONSource>(id)
    // Only new data is handed over: setData re-tiles the whole collection and redraws the map.
    if (src) {
      if (handed.get(id) !== v.data) src.setData(v.data)
    } else addVector(map, id, v)
    handed.set(id, v.data)
    for (const suffix of ['-fill', '-line', '-pt']) {
      map.setLayoutProperty(`${id}${suffix}`, 'visibility', v.visible ? 'visible' : 'none')
      order.push(`${id}${suffix}`)
    }
  }
  return { sources, order }
}

/** Drops the managed layers and sources not wanted any more (and what was remembered of them). */
export function pruneLayers(map: MlMap, wanted: Set<string>, urls: Map<string, string>, handed: Map<string, unknown>): void {
  for (const layer of map.getStyle().layers ?? []) {
    const base = layer.id.replace(/-(fill|line|pt)$/, '')
    if ((layer.id.startsWith('img-') || layer.id.startsWith('vec-')) && !wanted.has(layer.id.startsWith('vec-') ? base : layer.id)) map.removeLayer(layer.id)
  }
  for (const id of Object.keys(map.getStyle().sources ?? {})) {
    if (!wanted.has(id)) {
      map.removeSource(id)
      urls.delete(id)
      handed.delete(id)
    }
  }
}

/**
 * Restacks only when the order changed: moving a layer marks the style changed and redraws every layer, and the
 * sync runs on each render of the desk (a run's progress re-renders it ten times a second).
 */
export function restack(map: MlMap, order: string[]): void {
  const stacked = (map.getStyle().layers ?? []).map((l) => l.id).filter((id) => id.startsWith('img-') || id.startsWith('vec-'))
  if (stacked.join('|') !== order.join('|')) for (const id of order) map.moveLayer(id)
}

/**
 * The place of the last described layer (the last added) and how many places the layers lie in: the layers
 * described so far that lie with it, so a session over two far-apart places (Xinjiang and South Carolina) is not
 * fitted at 3000 km with each layer a dot; the others are one click away (zoom to layer).
 */
export function lastPlace(layers: MapLayerSpec[], infos: Infos): { box: Bounds | null; count: number } {
  const boundsOf = (l: MapLayerSpec): Bounds | null => {
    const info = infos.get(layerKey(l.ref))
    return !l.basemap && info && !(info instanceof Error) && info.bounds ? (info.bounds as Bounds) : null
  }
  const all = places(
    layers.flatMap((l) => {
      const b = boundsOf(l)
      return b ? [b] : []
    }),
  )
  const last =
    [...layers]
      .reverse()
      .map(boundsOf)
      .find((b) => b !== null) ?? null
  return { box: last ? (all.find((p) => meets(p, last)) ?? null) : null, count: all.length }
}

/** Fits the map to one layer's bounds (the layer list's zoom to layer); nothing when the layer is not described. */
export function zoomToLayer(map: MlMap, layers: MapLayerSpec[], infos: Infos, key: string): void {
  const l = layers.find((x) => x.key === key)
  const info = l ? infos.get(layerKey(l.ref)) : undefined
  if (info && !(info instanceof Error) && info.bounds)
    map.fitBounds([info.bounds[0], info.bounds[1], info.bounds[2], info.bounds[3]], { padding: 24, duration: 0 })
}
