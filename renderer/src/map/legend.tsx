/**
 * The map's legend: one entry per visible raster layer with the colours its tiles use and the values they stand
 * for. One band: the ramp (grey, viridis, ndvi: the tiles' own control points, main/engines/raster/ramps.ts) from
 * the stretch's low value to its high value, with the layer's unit; three bands: the band and value range of each
 * of red, green and blue; a class mask: its colour and "class". The ranges are the ones the tiles are stretched
 * over (layers.info with the layer's style, a nodata override included), so the legend reads what the map shows.
 */
import { useEffect, useState } from 'react'
import { RAMPS, type Ramp } from '../../../main/engines/raster/ramps'
import type { LayerRef, RsureApi, TileStyle } from '../../../preload/contract'
import { middleEllipsis } from '../components/short-name'
import { layerKey, type LayerInfo } from './layer-info'

export interface LegendLayer {
  key: string
  ref: LayerRef
  name: string
  style: TileStyle
  unit: string | null
  mask?: string
}

/** A CSS gradient through a ramp's control points. */
export function rampGradient(ramp: Ramp): string {
  if (ramp === 'grey') return 'linear-gradient(to right, rgb(0,0,0), rgb(255,255,255))'
  return `linear-gradient(to right, ${RAMPS[ramp].map(([p, r, g, b]) => `rgb(${r},${g},${b}) ${Math.round(p * 100)}%`).join(', ')})`
}

/** A value as a legend shows it: integers as they are, others to 4 significant digits. */
export function legendNumber(v: number): string {
  if (Number.isInteger(v)) return String(v)
  return Number(v.toPrecision(4)).toString()
}

const styled = new Map<string, Promise<LayerInfo>>()

function styledInfo(api: RsureApi, ref: LayerRef, style: TileStyle): Promise<LayerInfo> {
  const k = `${layerKey(ref)}|${JSON.stringify(style)}`
  let p = styled.get(k)
  if (!p) {
    p = api.invoke('layers.info', { layer: ref, style })
    p.catch(() => styled.delete(k))
    styled.set(k, p)
  }
  return p
}

function LegendEntry({ api, layer }: { api: RsureApi; layer: LegendLayer }) {
  const [info, setInfo] = useState<LayerInfo | Error | null>(null)
  const styleKey = JSON.stringify(layer.style)
  useEffect(() => {
    let live = true
    setInfo(null)
    styledInfo(api, layer.ref, layer.style).then(
      (i) => live && setInfo(i),
      (e: Error) => live && setInfo(e),
    )
    return () => {
      live = false
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [api, layerKey(layer.ref), styleKey])
  const unit = layer.unit ?? 'no unit recorded'
  const head = (
    <span className="legend-name" title={layer.name}>
      {middleEllipsis(layer.name, 30)}
    </span>
  )
  if (layer.mask) {
    return (
      <li data-testid="legend" data-name={layer.name} data-kind="mask">
        {head}
        <span className="legend-swatch" style={{ background: layer.mask }} aria-hidden="true" /> class · transparent: no class
      </li>
    )
  }
  if (!info)
    return (
      <li data-testid="legend" data-name={layer.name} data-kind="loading">
        {head} …
      </li>
    )
  if (info instanceof Error)
    return (
      <li data-testid="legend" data-name={layer.name} data-kind="error">
        {head} <span className="bad">{info.message}</span>
      </li>
    )
  if (info.ranges.length === 3) {
    return (
      <li data-testid="legend" data-name={layer.name} data-kind="rgb">
        {head}
        {info.ranges.map((r, k) => (
          <span key={k} className="legend-rgb" data-testid="legend-channel" data-channel={'RGB'[k]} data-band={r.band} data-min={r.min} data-max={r.max}>
            <span className="legend-swatch" style={{ background: ['#e04040', '#40b040', '#4060e0'][k] }} aria-hidden="true" /> {'RGB'[k]} = band {r.band}:{' '}
            {legendNumber(r.min)} – {legendNumber(r.max)}
          </span>
        ))}
        <span className="muted">{unit}</span>
      </li>
    )
  }
  const r = info.ranges[0]
  const ramp: Ramp = layer.style.ramp ?? 'grey'
  return (
    <li data-testid="legend" data-name={layer.name} data-kind="ramp" data-band={r.band} data-min={r.min} data-max={r.max} data-unit={layer.unit ?? ''}>
      {head}
      <span className="legend-value" data-testid="legend-min">
        {legendNumber(r.min)}
      </span>
      <span
        className="legend-ramp"
        style={{ background: rampGradient(ramp) }}
        role="img"
        aria-label={`${ramp} ramp from ${legendNumber(r.min)} to ${legendNumber(r.max)}`}
      />
      <span className="legend-value" data-testid="legend-max">
        {legendNumber(r.max)}
      </span>
      <span className="muted" data-testid="legend-unit">
        {unit}
        {typeof layer.style.nodata === 'number' ? ` · nodata ${legendNumber(layer.style.nodata)}` : ''}
      </span>
    </li>
  )
}

/** How many entries the legend lists before it folds the rest (the topmost layers are listed). */
export const LEGEND_SHOWN = 4

/**
 * The visible layers' legend, topmost first. More than LEGEND_SHOWN visible layers (46 dates shown at once) list the
 * topmost few and fold the rest behind a button, so the legend never covers the map; unfolded, it scrolls.
 */
export function Legend({ api, layers }: { api: RsureApi; layers: LegendLayer[] }) {
  const [all, setAll] = useState(false)
  if (!layers.length) return null
  const top = [...layers].reverse()
  const listed = all ? top : top.slice(0, LEGEND_SHOWN)
  const folded = top.length - listed.length
  return (
    <section className="legend" aria-label="legend" data-testid="legend-panel" data-layers={layers.length}>
      <h3>Legend</h3>
      <ul>
        {listed.map((l) => (
          <LegendEntry key={l.key} api={api} layer={l} />
        ))}
      </ul>
      {top.length > LEGEND_SHOWN && (
        <button type="button" className="ghost legend-more" onClick={() => setAll((v) => !v)} aria-expanded={all} data-testid="legend-more">
          {folded ? `${folded} more visible layer${folded === 1 ? '' : 's'}…` : 'fewer'}
        </button>
      )}
    </section>
  )
}
