/**
 * A run's saved layers in pixel coordinates (GeoJSON with coordinate_space "pixel": changed regions of a pair, class
 * regions of a photo), read once each through `layers.geojson`, for the pixel viewer and the evidence viewer.
 */
import { useEffect, useState } from 'react'
import type { DerivedLayer, RsureApi } from '../../../preload/contract'
import { observationKind } from '../model/observation'
import type { CallView } from '../model/run-model'

/** Whether a call compared two pictures (perceive change, or a measure over a change source). */
export function isChangeCall(call: Pick<CallView, 'tool' | 'args'>): boolean {
  if (observationKind(call.tool, call.args) === 'change') return true
  const sources = (call.args as { sources?: unknown } | null)?.sources
  return Array.isArray(sources) && sources.some((s) => (s as { mode?: unknown } | null)?.mode === 'change')
}

/** The pixel-space GeoJSON layers of one call. */
export function pixelLayersOfCall(layers: DerivedLayer[], call: number): DerivedLayer[] {
  return layers.filter((l) => l.call === call && l.georeference === 'pixel' && l.format === 'geojson' && l.available)
}

/** The GeoJSON of each layer (by artifact id), fetched once each. */
export function usePixelGeoJsons(api: RsureApi, layers: DerivedLayer[]): Map<string, unknown> {
  const [data, setData] = useState<Map<string, unknown>>(new Map())
  const key = layers.map((l) => l.id).join()
  useEffect(() => {
    let live = true
    for (const layer of layers) {
      if (data.has(layer.id)) continue
      api.invoke('layers.geojson', { artifact: layer.id }).then(
        (r) => live && setData((m) => new Map(m).set(layer.id, r.geojson)),
        () => undefined,
      )
    }
    return () => {
      live = false
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [api, key])
  return data
}
