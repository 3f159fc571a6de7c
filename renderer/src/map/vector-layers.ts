/**
 * A run's vector layers (detections, regions, changed areas saved as GeoJSON in lon/lat) as map overlays, read once
 * each through `layers.geojson`.
 */
import { useEffect, useMemo, useState } from 'react'
import type { DerivedLayer, RsureApi } from '../../../preload/contract'
import type { MapVector } from './map-view'

const COLOURS = ['#ff5c8a', '#ffd23f', '#4fb3ff', '#7bd389', '#c38bff']

function isFeatureCollection(v: unknown): v is GeoJSON.FeatureCollection {
  return !!v && typeof v === 'object' && (v as { type?: unknown }).type === 'FeatureCollection' && Array.isArray((v as { features?: unknown }).features)
}

export function useVectorLayers(api: RsureApi, layers: DerivedLayer[]): MapVector[] {
  const wanted = layers.filter((l) => l.format === 'geojson' && l.georeference === 'geographic' && l.available)
  const [data, setData] = useState<Map<string, GeoJSON.FeatureCollection>>(new Map())
  const key = wanted.map((l) => l.id).join()
  useEffect(() => {
    let live = true
    for (const l of wanted) {
      if (data.has(l.id)) continue
      api.invoke('layers.geojson', { artifact: l.id }).then(
        (r) => live && isFeatureCollection(r.geojson) && setData((m) => new Map(m).set(l.id, r.geojson as GeoJSON.FeatureCollection)),
        () => undefined,
      )
    }
    return () => {
      live = false
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [api, key])
  // The same array while nothing changed: the map syncs its layers whenever this changes.
  return useMemo(
    () =>
      key
        .split(',')
        .filter(Boolean)
        .flatMap((id, i) => {
          const d = data.get(id)
          return d ? [{ key: id, data: d, color: COLOURS[i % COLOURS.length], visible: true }] : []
        }),
    [key, data],
  )
}
