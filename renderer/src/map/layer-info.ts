/** `layers.info` of a raster, fetched once per layer and shared by the map, the layer list and the viewers. */
import { useEffect, useState } from 'react'
import { layerKey } from '../../../main/domain/layers'
import type { LayerRef, ResponseOf, RsureApi } from '../../../preload/contract'

export type LayerInfo = ResponseOf<'layers.info'>

const cache = new Map<string, Promise<LayerInfo>>()

/** The one layer key (main/domain/layers.ts): also the key of this cache. */
export { layerKey }

export function fetchLayerInfo(api: RsureApi, ref: LayerRef): Promise<LayerInfo> {
  const k = layerKey(ref)
  let p = cache.get(k)
  if (!p) {
    p = api.invoke('layers.info', { layer: ref })
    p.catch(() => cache.delete(k))
    cache.set(k, p)
  }
  return p
}

/** The info of each layer (by layerKey), or the sentence saying why it cannot be shown. */
export function useLayerInfos(api: RsureApi, refs: LayerRef[]): Map<string, LayerInfo | Error> {
  const [infos, setInfos] = useState<Map<string, LayerInfo | Error>>(new Map())
  const keys = refs.map(layerKey).join('|')
  useEffect(() => {
    let live = true
    for (const ref of refs) {
      const k = layerKey(ref)
      fetchLayerInfo(api, ref).then(
        (info) => live && setInfos((m) => (m.get(k) === info ? m : new Map(m).set(k, info))),
        (e: Error) => live && setInfos((m) => new Map(m).set(k, e)),
      )
    }
    return () => {
      live = false
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [api, keys])
  return infos
}
