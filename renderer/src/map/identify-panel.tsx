/**
 * Identify: after a click on the map, the value of every band of every visible raster layer at that place, with
 * the layer's unit; a nodata pixel reads "nodata" (the file's tag or the analyst's override), a place off the
 * layer "outside". Values come from layers.identify (the full-resolution pixel, raw samples).
 */
import { useEffect, useState } from 'react'
import type { LayerRef, ResponseOf, RsureApi } from '../../../preload/contract'
import { middleEllipsis } from '../components/short-name'
import { legendNumber } from './legend'

export interface IdentifyLayer {
  key: string
  ref: LayerRef
  name: string
  unit: string | null
  nodata?: number
}

type Identified = ResponseOf<'layers.identify'>

export function IdentifyPanel(props: { api: RsureApi; at: { lon: number; lat: number; n: number }; layers: IdentifyLayer[]; onClose: () => void }) {
  const { api, at, layers, onClose } = props
  const [results, setResults] = useState<Map<string, Identified | Error>>(new Map())
  const ask = layers.map((l) => `${l.key}:${l.nodata ?? ''}`).join('|')
  useEffect(() => {
    let live = true
    setResults(new Map())
    for (const l of layers) {
      api.invoke('layers.identify', { layer: l.ref, lon: at.lon, lat: at.lat, ...(l.nodata !== undefined ? { nodata: l.nodata } : {}) }).then(
        (r) => live && setResults((m) => new Map(m).set(l.key, r)),
        (e: Error) => live && setResults((m) => new Map(m).set(l.key, e)),
      )
    }
    return () => {
      live = false
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [api, at.n, ask])
  return (
    <aside className="identify-panel" aria-label="identify" data-testid="identify" data-lon={at.lon} data-lat={at.lat}>
      <header>
        <strong>Identify</strong>{' '}
        <span className="muted">
          {at.lon.toFixed(5)}°, {at.lat.toFixed(5)}°
        </span>
        <button type="button" className="ghost" onClick={onClose} aria-label="close identify">
          ✕
        </button>
      </header>
      {!layers.length && <p className="muted">No visible raster layer here.</p>}
      <ul>
        {layers.map((l) => {
          const r = results.get(l.key)
          const state = !r ? 'loading' : r instanceof Error ? 'error' : r.inside ? 'inside' : 'outside'
          return (
            <li
              key={l.key}
              data-testid="identify-layer"
              data-name={l.name}
              data-state={state}
              data-col={r && !(r instanceof Error) ? (r.col ?? '') : ''}
              data-row={r && !(r instanceof Error) ? (r.row ?? '') : ''}
            >
              <span className="identify-name" title={l.name}>
                {middleEllipsis(l.name, 30)}
              </span>
              {!r ? (
                <span className="muted">…</span>
              ) : r instanceof Error ? (
                <span className="bad">{r.message}</span>
              ) : !r.inside ? (
                <span className="muted">outside this layer</span>
              ) : (
                <span>
                  {r.values.map((v) => (
                    <span
                      key={v.band}
                      className="identify-value"
                      data-testid="identify-value"
                      data-band={v.band}
                      data-value={v.value === null ? 'nodata' : v.value}
                    >
                      {r.values.length > 1 ? `B${v.band} ` : ''}
                      {v.value === null ? <em>nodata</em> : legendNumber(v.value)}
                    </span>
                  ))}{' '}
                  <span className="muted">
                    {l.unit ?? 'no unit recorded'} · pixel {r.col}, {r.row}
                  </span>
                </span>
              )}
            </li>
          )
        })}
      </ul>
    </aside>
  )
}
