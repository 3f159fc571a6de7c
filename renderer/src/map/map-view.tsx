/**
 * The map: maplibre-gl with the offline style, the session's georeferenced rasters at their true place (tiles through
 * the contract, see tile-protocol.ts), derived layers of a run as raster overlays and vector layers (GeoJSON) on
 * top. Layers are drawn bottom to top in the order given; a layer marked `basemap` always goes first.
 */
import { setWorkerUrl, type Map as MlMap } from 'maplibre-gl'
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url'
import 'maplibre-gl/dist/maplibre-gl.css'
import { useEffect, useRef, useState } from 'react'
import type { RsureApi } from '../../../preload/contract'
import { layerKey, useLayerInfos, type LayerInfo } from './layer-info'
import { useBackgroundHeld } from '../model/background-gate'
import { registerTileProtocol } from './tile-protocol'
import { createMap, lastPlace, pruneLayers, restack, syncRasters, syncVectors, zoomToLayer, type Infos, type MapLayerSpec, type MapVector } from './map-sync'

export { places, type MapLayerSpec, type MapVector } from './map-sync'

setWorkerUrl(workerUrl)

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
    const made = createMap(container.current!, {
      ready: () => setReady(true),
      click: (lon, lat) => clickRef.current?.(lon, lat),
      error: (message) => setError(message),
    })
    mapRef.current = made.map
    urls.current = new Map()
    vectorData.current = new Map()
    return () => {
      made.dispose()
      mapRef.current = null
      setReady(false)
    }
  }, [api])

  useEffect(() => {
    const map = mapRef.current
    if (!map || !ready) return
    const rasters = syncRasters(map, layers, infos, urls.current, background)
    const vecs = syncVectors(map, vectors, vectorData.current)
    pruneLayers(map, new Set([...rasters, ...vecs.sources]), urls.current, vectorData.current)
    restack(map, [...rasters, ...vecs.order])
    // Fit to the place of the last added layer; refit while more descriptions arrive and widen that place (the first
    // one described is not the whole place), never again for the same layers and box.
    const place = lastPlace(layers, infos)
    setPlaces(place.count)
    const fitNow = `${fitKey}|${place.box ? place.box.map((x) => x.toFixed(5)).join() : ''}`
    if (place.box && fitted.current !== fitNow) {
      map.fitBounds([place.box[0], place.box[1], place.box[2], place.box[3]], { padding: 24, duration: 0 })
      fitted.current = fitNow
    }
  }, [ready, layers, vectors, infos, fitKey, background])

  // Zoom to one layer (the layer list's ⤢ button): its bounds fill the map.
  useEffect(() => {
    if (mapRef.current && ready && zoomTo) zoomToLayer(mapRef.current, layers, infos, zoomTo.key)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [zoomTo, ready])

  return (
    <div className="map-wrap">
      <div ref={container} className="map" data-testid={testId} data-places={placeCount} role="region" aria-label={label} />
      <MapNotes placeCount={placeCount} held={held} problems={problemsOf(error, layers, infos)} onDismiss={() => setError(null)} />
    </div>
  )
}

/** The map's own problem (a layer it could not draw) first, then each layer that could not be described. */
function problemsOf(error: string | null, layers: MapLayerSpec[], infos: Infos): string[] {
  return [
    ...(error ? [error] : []),
    ...layers.flatMap((l) => {
      const info = infos.get(layerKey(l.ref))
      return info instanceof Error ? [`${l.name}: ${info.message}`] : []
    }),
  ]
}

/** The lines under the map: in how many places the layers lie, whether tiles wait for a run, what could not be drawn. */
function MapNotes(props: { placeCount: number; held: boolean; problems: string[]; onDismiss: () => void }) {
  const { placeCount, held, problems, onDismiss } = props
  return (
    <>
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
      <MapNotice problems={problems} onDismiss={onDismiss} />
    </>
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
