/**
 * A source image with an observation drawn on it in the image's own pixel coordinates: boxes (rotated when the
 * detector gives an angle), polygons (changed regions in their own colour), points, a measured line between two
 * landmarks, text-line boxes, and a scale bar when the ground sampling distance is known.
 */
import type { ReactNode } from 'react'
import { num } from '../model/format'
import type { Drawables } from '../model/observation'

/** A scale bar length: 1, 2 or 5 × 10^k metres, about a fifth of the image width. */
export function scaleBar(widthPx: number, gsd: number): { metres: number; px: number; label: string } {
  const target = (widthPx * gsd) / 5
  const k = Math.pow(10, Math.floor(Math.log10(target)))
  const metres = [5, 2, 1].map((m) => m * k).find((m) => m <= target) ?? k
  return { metres, px: metres / gsd, label: metres >= 1000 ? `${num(metres / 1000)} km` : `${num(metres)} m` }
}

export function OverlaySvg(props: { width: number; height: number; drawables: Drawables; gsd: number | null }) {
  const { width, height, drawables: d, gsd } = props
  const stroke = Math.max(1, Math.round(Math.max(width, height) / 400))
  const font = Math.max(10, Math.round(Math.max(width, height) / 50))
  const bar = gsd ? scaleBar(width, gsd) : null
  return (
    <svg className="overlay" viewBox={`0 0 ${width} ${height}`} preserveAspectRatio="none" aria-hidden="true">
      {d.polygons.map((p, i) => (
        <polygon
          key={`p${i}`}
          data-testid="ov-polygon"
          className={p.changed ? 'ov-changed' : 'ov-region'}
          points={p.ring.map(([x, y]) => `${x},${y}`).join(' ')}
          strokeWidth={stroke}
        >
          {p.label && <title>{p.label}</title>}
        </polygon>
      ))}
      {d.boxes.map((b, i) => {
        const [x0, y0, x1, y1] = b.box
        const cx = (x0 + x1) / 2
        const cy = (y0 + y1) / 2
        return (
          <g key={`b${i}`} data-testid="ov-box" transform={b.angle ? `rotate(${(b.angle * 180) / Math.PI} ${cx} ${cy})` : undefined}>
            <rect className="ov-box" x={Math.min(x0, x1)} y={Math.min(y0, y1)} width={Math.abs(x1 - x0)} height={Math.abs(y1 - y0)} strokeWidth={stroke} />
            {(b.label || b.score !== null) && (
              <text className="ov-label" x={Math.min(x0, x1)} y={Math.min(y0, y1) - 2} fontSize={font}>
                {b.label}
                {b.score !== null ? ` ${num(b.score, 2)}` : ''}
              </text>
            )}
          </g>
        )
      })}
      {d.texts.map((t, i) => (
        <g key={`t${i}`} data-testid="ov-text">
          <rect className="ov-textbox" x={t.box[0]} y={t.box[1]} width={t.box[2] - t.box[0]} height={t.box[3] - t.box[1]} strokeWidth={stroke} />
          <title>{t.text}</title>
        </g>
      ))}
      {d.lines.map((l, i) => (
        <line key={`l${i}`} data-testid="ov-line" className="ov-line" x1={l.from[0]} y1={l.from[1]} x2={l.to[0]} y2={l.to[1]} strokeWidth={stroke * 2} />
      ))}
      {d.points.map((p, i) => (
        <g key={`pt${i}`} data-testid="ov-point">
          <circle className="ov-point" cx={p.at[0]} cy={p.at[1]} r={stroke * 4} />
          {p.label && (
            <text className="ov-label" x={p.at[0] + stroke * 5} y={p.at[1]} fontSize={font}>
              {p.label}
            </text>
          )}
        </g>
      ))}
      {bar && (
        <g data-testid="scale-bar" className="ov-scale" transform={`translate(${width * 0.04} ${height * 0.95})`}>
          <rect x={0} y={-stroke * 3} width={bar.px} height={stroke * 3} />
          <text x={0} y={-stroke * 5} fontSize={font}>
            {bar.label}
          </text>
        </g>
      )}
    </svg>
  )
}

/**
 * The box of a picture on screen, keeping its aspect: `fitWidth` CSS pixels wide where the viewer measured its room,
 * else the column's width but never taller than 70 % of the window.
 */
export function stackStyle(width: number, height: number, fitWidth?: number | null): { aspectRatio: string; width: string } {
  return {
    aspectRatio: `${width} / ${height}`,
    width: fitWidth ? `${Math.max(40, Math.floor(fitWidth))}px` : `min(100%, ${((70 * width) / height).toFixed(3)}vh)`,
  }
}

/** An image (blob URL, or a placeholder while it loads) with the overlay on top, both at the same size. */
export function OverlayImage(props: {
  src: string | null
  width: number
  height: number
  drawables: Drawables
  gsd: number | null
  label: string
  children?: ReactNode
  fitWidth?: number | null
}) {
  const { src, width, height, drawables, gsd, label, fitWidth } = props
  return (
    <figure className="overlay-image" data-testid="overlay-image" aria-label={label}>
      <div className="stack" style={stackStyle(width, height, fitWidth)}>
        {src ? <img src={src} alt={label} /> : <div className="placeholder">Loading {label}…</div>}
        <OverlaySvg width={width} height={height} drawables={drawables} gsd={gsd} />
      </div>
      <figcaption>
        {label}
        {props.children}
      </figcaption>
    </figure>
  )
}
