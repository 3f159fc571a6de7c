/**
 * The centre of the desk: the map with the session's georeferenced rasters and the current run's derived layers,
 * with its layer list; or, for a plain photo, the pixel viewer. Only the last added raster starts visible, so a
 * folder of 46 dates does not ask for 46 sets of tiles at once.
 */
import { useEffect, useMemo, useState } from 'react'
import type { DerivedLayer, FileEntry, RsureApi } from '../../../preload/contract'
import { IdentifyPanel, type IdentifyLayer } from '../map/identify-panel'
import { Legend } from '../map/legend'
import { middleEllipsis, pictureFiles, twinSuffix } from '../components/short-name'
import { layerKey, useLayerInfos } from '../map/layer-info'
import { LayerList, type LayerRow } from '../map/layer-list'
import { MapView, type MapLayerSpec } from '../map/map-view'
import { releaseBackground } from '../model/background-gate'
import { PixelViewer } from '../map/pixel-viewer'
import { isMaskLayer, MASK_COLOUR } from '../map/tile-protocol'
import { useVectorLayers } from '../map/vector-layers'
import type { CallView } from '../model/run-model'

/** Which files are pictures has one owner, beside how a file is named (components/short-name.ts). */
export { pictureFiles } from '../components/short-name'

export function DeskMap(props: { api: RsureApi; files: FileEntry[]; layers: DerivedLayer[]; calls: CallView[]; allCalls?: CallView[]; basemap: boolean }) {
  const { api, files, layers, calls, allCalls = calls, basemap } = props
  const [over, setOver] = useState<Map<string, Partial<MapLayerSpec>>>(loadLayerState)
  useEffect(() => saveLayerState(over), [over])
  const [identifyAt, setIdentifyAt] = useState<{ lon: number; lat: number; n: number } | null>(null)
  const [view, setView] = useState<string>('map')
  const [zoomTo, setZoomTo] = useState<{ key: string; n: number } | null>(null)
  const rasters = files.filter((f) => f.info?.kind === 'raster' && f.info.crs)
  const pictures = pictureFiles(files)
  const derived = layers.filter((l) => l.georeference === 'geographic' && l.available && l.format === 'geotiff')
  const base: LayerRow[] = useMemo(
    () => [
      ...(basemap
        ? [{ key: 'basemap', ref: { basemap: true as const }, name: 'basemap', visible: true, opacity: 1, style: {}, basemap: true, bandCount: 1, note: null }]
        : []),
      ...rasters.map((f, i) => ({
        key: `file-${f.id}`,
        ref: { fileId: f.id },
        name: f.name,
        visible: i === rasters.length - 1,
        opacity: 1,
        style: {},
        bandCount: f.info?.kind === 'raster' ? f.info.bandCount : 1,
        note: null,
      })),
      ...derived.map((l) => ({
        key: `layer-${l.id}`,
        ref: { artifact: l.id },
        // The store's name often says its call already ('regions:mask (call 1)').
        name: l.call && !/\(call\b/.test(l.name) ? `${l.name} (call #${l.call})` : l.name,
        visible: true,
        opacity: 0.85,
        style: {},
        bandCount: 1,
        note: null,
        ...(isMaskLayer(l) ? { mask: MASK_COLOUR } : {}),
      })),
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [basemap, rasters.map((f) => f.id).join(), derived.map((l) => l.id).join()],
  )
  const rows = base.map((r) => ({ ...r, ...over.get(r.key) }))
  const infos = useLayerInfos(
    api,
    rows.map((r) => r.ref),
  )
  const withNotes = rows.map((r) => {
    const info = infos.get(layerKey(r.ref))
    return info instanceof Error
      ? { ...r, note: info.message, state: 'error' as const }
      : info
        ? { ...r, bandCount: info.bandCount, state: 'ready' as const }
        : { ...r, state: 'loading' as const }
  })
  const specs = useMemo(() => withNotes.map(({ bandCount: _b, note: _n, state: _s, ...s }) => s), [JSON.stringify(withNotes)]) // eslint-disable-line react-hooks/exhaustive-deps
  const vectors = useVectorLayers(api, layers)
  // What each layer's values are in: a derived layer's recorded unit; a file's integers are its raw counts.
  const units = new Map<string, string | null>([
    ...rasters.map((f): [string, string | null] => [`file-${f.id}`, f.info?.kind === 'raster' && /int/.test(f.info.dtype) ? 'DN (raw counts)' : null]),
    ...derived.map((l): [string, string | null] => [`layer-${l.id}`, l.unit]),
  ])
  const shown = withNotes.filter((r) => r.visible && !r.basemap && r.state === 'ready')
  const identifyLayers: IdentifyLayer[] = shown
    .filter((r) => !r.mask)
    .map((r) => ({ key: r.key, ref: r.ref, name: r.name, unit: units.get(r.key) ?? null, nodata: r.style.nodata }))
  const picture = pictures.find((p) => `pic-${p.id}` === view)
  return (
    <section className="desk-map" aria-label="map and images">
      <nav className="view-tabs" aria-label="what the centre shows">
        <button type="button" className={view === 'map' ? 'on' : ''} aria-pressed={view === 'map'} onClick={() => setView('map')}>
          Map ({rasters.length + derived.length})
        </button>
        {pictures.map((p) => {
          return (
            <button
              key={p.id}
              type="button"
              className={view === `pic-${p.id}` ? 'on' : ''}
              aria-pressed={view === `pic-${p.id}`}
              onClick={() => setView(`pic-${p.id}`)}
              title={p.name}
            >
              {middleEllipsis(p.name, 28)}
              {twinSuffix(pictures, p)}
            </button>
          )
        })}
      </nav>
      <div className="map-area">
        {picture ? (
          <PixelViewer api={api} file={picture} calls={calls} allCalls={allCalls} layers={layers} files={pictures} />
        ) : (
          <div className="map-stack">
            <MapView
              api={api}
              layers={specs}
              vectors={vectors}
              fitKey={rasters.map((f) => f.id).join()}
              label="map of the session's rasters"
              zoomTo={zoomTo}
              onMapClick={(lon, lat) => setIdentifyAt((p) => ({ lon, lat, n: (p?.n ?? 0) + 1 }))}
              background
            />
            {identifyAt && <IdentifyPanel api={api} at={identifyAt} layers={identifyLayers} onClose={() => setIdentifyAt(null)} />}
          </div>
        )}
        {!picture && (
          <aside className="layers-panel" aria-label="layers">
            <Legend
              api={api}
              layers={shown.map((r) => ({ key: r.key, ref: r.ref, name: r.name, style: r.style, unit: units.get(r.key) ?? null, mask: r.mask }))}
            />
            <h3>Layers</h3>
            <LayerList
              rows={withNotes}
              onChange={(key, change) => {
                // The analyst turned to the map: what it waits for is drawn now (model/background-gate.ts).
                releaseBackground()
                setOver((m) => new Map(m).set(key, { ...m.get(key), ...change }))
              }}
              onZoom={(key) => {
                releaseBackground()
                // Zooming to a hidden layer shows it.
                setOver((m) => new Map(m).set(key, { ...m.get(key), visible: true }))
                setZoomTo((z) => ({ key, n: (z?.n ?? 0) + 1 }))
              }}
            />
          </aside>
        )}
      </div>
    </section>
  )
}

/** Layer state (visibility, opacity, bands, stretch, nodata override) kept in this browser across reloads. */
const LAYER_STATE = 'rsure.layer-state.v1'

function loadLayerState(): Map<string, Partial<MapLayerSpec>> {
  try {
    const raw = JSON.parse(localStorage.getItem(LAYER_STATE) ?? '{}') as Record<string, Partial<MapLayerSpec>>
    return new Map(Object.entries(raw).filter(([k, v]) => /^(file|layer)-/.test(k) && v && typeof v === 'object'))
  } catch {
    return new Map()
  }
}

function saveLayerState(over: Map<string, Partial<MapLayerSpec>>): void {
  try {
    localStorage.setItem(LAYER_STATE, JSON.stringify(Object.fromEntries(over)))
  } catch {
    // storage full or disabled: the state lasts for this page only
  }
}
