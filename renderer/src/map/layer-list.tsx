/**
 * The layer list of the map: one row per session raster and derived layer, with visibility, opacity, and for
 * multi-band rasters the band combination (one band or RGB) and the stretch. Order is bottom to top.
 */
import { useEffect, useState } from 'react'
import type { TileStyle } from '../../../preload/contract'
import { middleEllipsis } from '../components/short-name'
import type { MapLayerSpec } from './map-view'

const STRETCHES: { key: string; label: string; value: TileStyle['stretch'] }[] = [
  { key: 'default', label: 'default', value: undefined },
  { key: 'p2', label: '2–98 %', value: { kind: 'percentile', low: 2, high: 98 } },
  { key: 'p05', label: '0.5–99.5 %', value: { kind: 'percentile', low: 0.5, high: 99.5 } },
  { key: 'minmax', label: 'min–max', value: { kind: 'minmax' } },
]
const stretchKey = (s: TileStyle['stretch']) => STRETCHES.find((x) => JSON.stringify(x.value) === JSON.stringify(s))?.key ?? 'default'

export interface LayerRow extends MapLayerSpec {
  bandCount: number
  note: string | null
  /** Whether the layer's description (layers.info) is still coming, arrived, or failed (then `note` says why). */
  state?: 'loading' | 'ready' | 'error'
}

function BandControls({ row, onChange }: { row: LayerRow; onChange: (style: TileStyle) => void }) {
  const bands = row.style.bands ?? (row.bandCount >= 3 ? [1, 2, 3] : [1])
  const choices = Array.from({ length: row.bandCount }, (_, i) => i + 1)
  return (
    <span className="band-controls">
      <select
        aria-label={`band mode of ${row.name}`}
        value={bands.length === 3 ? 'rgb' : 'one'}
        onChange={(e) => onChange({ ...row.style, bands: e.target.value === 'rgb' ? [1, 2, 3].map((b) => Math.min(b, row.bandCount)) : [bands[0]] })}
      >
        <option value="one">one band</option>
        <option value="rgb">RGB</option>
      </select>
      {bands.map((b, k) => (
        <select
          key={k}
          aria-label={`${bands.length === 3 ? 'RGB'[k] : 'band'} of ${row.name}`}
          value={b}
          onChange={(e) => onChange({ ...row.style, bands: bands.map((x, i) => (i === k ? Number(e.target.value) : x)) })}
        >
          {choices.map((c) => (
            <option key={c} value={c}>
              {bands.length === 3 ? `${'RGB'[k]} ${c}` : `B${c}`}
            </option>
          ))}
        </select>
      ))}
    </span>
  )
}

/**
 * The layer's nodata override: a fill value the analyst sets for a file with no nodata tag (or a wrong one). Empty
 * clears it. Tiles, the legend's range and identify then treat that value as nodata.
 */
function NodataControl({ row, onChange }: { row: LayerRow; onChange: (style: TileStyle) => void }) {
  const current = row.style.nodata
  const [text, setText] = useState(current === undefined ? '' : String(current))
  useEffect(() => setText(current === undefined ? '' : String(current)), [current])
  const value = text.trim() === '' ? undefined : Number(text)
  const bad = value !== undefined && !Number.isFinite(value)
  const apply = () => {
    if (bad || value === current) return
    const { nodata: _old, ...rest } = row.style
    onChange(value === undefined ? rest : { ...rest, nodata: value })
  }
  return (
    <form
      className="nodata-control"
      onSubmit={(e) => {
        e.preventDefault()
        apply()
      }}
    >
      <input
        type="text"
        inputMode="decimal"
        size={6}
        placeholder="nodata"
        value={text}
        onChange={(e) => setText(e.target.value)}
        aria-label={`nodata value of ${row.name}`}
        aria-invalid={bad}
        title="a fill value to show as nodata (empty: the file's own tag)"
        data-testid="nodata-input"
      />
      <button type="submit" className="ghost" disabled={bad || value === current} data-testid="nodata-set" aria-label={`set the nodata value of ${row.name}`}>
        set
      </button>
    </form>
  )
}

export function LayerList(props: { rows: LayerRow[]; onChange: (key: string, change: Partial<MapLayerSpec>) => void; onZoom?: (key: string) => void }) {
  const { rows, onChange, onZoom } = props
  if (!rows.length) return <p className="muted">No layers yet.</p>
  return (
    <ul className="layer-list" data-testid="layer-list" aria-label="map layers">
      {[...rows].reverse().map((r) => (
        <li key={r.key} data-testid="layer-row" data-name={r.name} data-state={r.state ?? 'ready'}>
          <label className="layer-name" title={r.name}>
            <input type="checkbox" checked={r.visible} onChange={(e) => onChange(r.key, { visible: e.target.checked })} aria-label={`show ${r.name}`} />
            {r.basemap && <span className="badge">basemap</span>} {middleEllipsis(r.name, 26)}
          </label>
          <div className="layer-controls">
            {onZoom && !r.basemap && (
              <button
                type="button"
                className="ghost"
                onClick={() => onZoom(r.key)}
                aria-label={`zoom to ${r.name}`}
                title="zoom to layer"
                data-testid="zoom-to-layer"
                disabled={r.state !== 'ready'}
              >
                ⤢
              </button>
            )}
            <input
              type="range"
              min={0}
              max={100}
              value={Math.round(r.opacity * 100)}
              onChange={(e) => onChange(r.key, { opacity: Number(e.target.value) / 100 })}
              aria-label={`opacity of ${r.name}`}
            />
            {r.bandCount > 1 && <BandControls row={r} onChange={(style) => onChange(r.key, { style })} />}
            {!r.basemap && !r.mask && <NodataControl row={r} onChange={(style) => onChange(r.key, { style })} />}
            <select
              aria-label={`stretch of ${r.name}`}
              value={stretchKey(r.style.stretch)}
              onChange={(e) => onChange(r.key, { style: { ...r.style, stretch: STRETCHES.find((s) => s.key === e.target.value)!.value } })}
            >
              {STRETCHES.map((s) => (
                <option key={s.key} value={s.key}>
                  {s.label}
                </option>
              ))}
            </select>
          </div>
          {r.note && (
            <p className="layer-note" title={r.note}>
              {r.note}
            </p>
          )}
        </li>
      ))}
    </ul>
  )
}
