/**
 * T1 | T2 with a swipe: the later image over the earlier one, cut at a position the analyst drags (a range input,
 * so arrow keys move it too); changed regions are drawn over both.
 */
import { useState } from 'react'
import type { Drawables } from '../model/observation'
import { OverlaySvg, stackStyle } from './image-overlay'

export function Swipe(props: {
  before: string | null
  after: string | null
  width: number
  height: number
  drawables: Drawables
  gsd: number | null
  labels: [string, string]
  fitWidth?: number | null
}) {
  const { before, after, width, height, drawables, gsd, labels, fitWidth } = props
  const [at, setAt] = useState(50)
  return (
    <figure className="swipe" data-testid="swipe">
      <div className="stack" style={stackStyle(width, height, fitWidth)}>
        {before ? <img src={before} alt={labels[0]} /> : <div className="placeholder">Loading {labels[0]}…</div>}
        <div className="swipe-top" style={{ clipPath: `inset(0 0 0 ${at}%)` }}>
          {after ? <img src={after} alt={labels[1]} /> : <div className="placeholder">Loading {labels[1]}…</div>}
        </div>
        <div className="swipe-line" style={{ left: `${at}%` }} />
        <OverlaySvg width={width} height={height} drawables={drawables} gsd={gsd} />
      </div>
      <figcaption>
        <span>T1 {labels[0]}</span>
        <input
          type="range"
          min={0}
          max={100}
          value={at}
          onChange={(e) => setAt(Number(e.target.value))}
          aria-label="swipe between T1 and T2"
          data-testid="swipe-range"
        />
        <span>T2 {labels[1]}</span>
      </figcaption>
    </figure>
  )
}
