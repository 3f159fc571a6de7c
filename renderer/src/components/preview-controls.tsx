/** Band selection (grey or RGB) and stretch for one raster's preview. */
import type { Stretch } from '../../../preload/contract'

export interface PreviewSettings {
  bands: number[] | undefined
  stretch: Stretch
}

const STRETCHES: { label: string; value: Stretch }[] = [
  { label: 'Auto', value: { kind: 'auto' } },
  { label: '2–98 %', value: { kind: 'percentile', low: 2, high: 98 } },
  { label: 'Min–max', value: { kind: 'minmax' } },
  { label: 'None', value: { kind: 'none' } },
]

function stretchKey(s: Stretch): string {
  return s.kind === 'percentile' ? `percentile:${s.low}:${s.high}` : s.kind
}

export function PreviewControls(props: { bandCount: number; value: PreviewSettings; onChange: (v: PreviewSettings) => void }) {
  const { bandCount, value, onChange } = props
  const bands = value.bands ?? (bandCount >= 3 ? [1, 2, 3] : [1])
  const choices = Array.from({ length: bandCount }, (_, i) => i + 1)
  const setBand = (k: number, b: number) => onChange({ ...value, bands: bands.map((x, i) => (i === k ? b : x)) })
  return (
    <div className="controls">
      {bandCount > 1 && (
        <label>
          Show{' '}
          <select
            aria-label="band mode"
            value={bands.length === 3 ? 'rgb' : 'grey'}
            onChange={(e) => onChange({ ...value, bands: e.target.value === 'rgb' ? [1, 2, 3].map((b) => Math.min(b, bandCount)) : [bands[0]] })}
          >
            <option value="grey">one band</option>
            <option value="rgb">RGB</option>
          </select>
        </label>
      )}
      {bandCount > 1 &&
        bands.map((b, k) => (
          <label key={k}>
            {bands.length === 3 ? 'RGB'[k] : 'Band'}{' '}
            <select aria-label={`band ${k + 1}`} value={b} onChange={(e) => setBand(k, Number(e.target.value))}>
              {choices.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>
          </label>
        ))}
      <label>
        Stretch{' '}
        <select
          aria-label="stretch"
          value={stretchKey(value.stretch)}
          onChange={(e) => onChange({ ...value, stretch: STRETCHES.find((s) => stretchKey(s.value) === e.target.value)!.value })}
        >
          {STRETCHES.map((s) => (
            <option key={stretchKey(s.value)} value={stretchKey(s.value)}>
              {s.label}
            </option>
          ))}
        </select>
      </label>
    </div>
  )
}
