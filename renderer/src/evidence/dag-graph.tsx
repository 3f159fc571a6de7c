/**
 * An execute DAG as a small graph: one box per node, left to right by dependency, with the operator, status,
 * valid-pixel count (valid / total), a scalar output where there is one, and a thumbnail of the node's raster when it
 * was saved as an artifact. Clicking a node with a raster selects it for the map.
 */
import type { RsureApi } from '../../../preload/contract'
import { layoutDag, type DagNodeView } from '../model/dag-layout'
import { num, pct } from '../model/format'
import { countNoun, valueText } from '../model/observation'
import type { ToolResultView } from '../model/run-model'
import { useArtifactThumbnail } from './use-image'

const W = 150
const H = 92
const GX = 36
const GY = 18
const THUMB = 40

function Thumb({ api, node, x, y }: { api: RsureApi; node: DagNodeView; x: number; y: number }) {
  const pic = useArtifactThumbnail(api, node.artifact?.sha256 ?? null, THUMB * 2)
  if (!node.artifact) return null
  return pic && !(pic instanceof Error) ? (
    <image data-testid="dag-thumb" href={pic.url} x={x} y={y} width={THUMB} height={THUMB} preserveAspectRatio="xMidYMid meet" />
  ) : (
    <rect className="thumb-empty" x={x} y={y} width={THUMB} height={THUMB} />
  )
}

/** A node's scalar output with its unit; a count says what it counts (pixels, dates), as the answer does. */
function nodeValue(n: DagNodeView, args: unknown): string {
  if (n.value === null) return ''
  if (n.unit === 'count') return valueText(n.value, n.unit, countNoun({ tool: 'execute', args }, n.id))
  return `${num(n.value, 5)}${n.unit && n.unit !== 'dimensionless' ? ` ${n.unit}` : ''}`
}

export function DagGraph(props: {
  api: RsureApi
  args: unknown
  result: ToolResultView | null
  selected?: string | null
  onSelect?: (node: DagNodeView) => void
}) {
  const { api, args, result, selected, onSelect } = props
  const g = layoutDag(args, result)
  if (!g.nodes.length) return <p className="muted">This call has no DAG.</p>
  const width = g.cols * (W + GX) - GX + 2
  const height = g.rows * (H + GY) - GY + 2
  const pos = new Map(g.nodes.map((n) => [n.id, { x: 1 + n.col * (W + GX), y: 1 + n.row * (H + GY) }]))
  return (
    <svg
      className="dag"
      data-testid="dag-graph"
      viewBox={`0 0 ${width} ${height}`}
      width={width}
      height={height}
      role="img"
      aria-label={`workflow graph of ${g.nodes.length} nodes`}
    >
      <defs>
        <marker id="dag-arrow" viewBox="0 0 8 8" refX="8" refY="4" markerWidth="6" markerHeight="6" orient="auto">
          <path d="M0,0 L8,4 L0,8 z" className="dag-arrowhead" />
        </marker>
      </defs>
      {g.edges.map((e) => {
        const a = pos.get(e.from)!
        const b = pos.get(e.to)!
        return (
          <path
            key={`${e.from}-${e.to}`}
            className="dag-edge"
            d={`M${a.x + W},${a.y + H / 2} C${a.x + W + GX / 2},${a.y + H / 2} ${b.x - GX / 2},${b.y + H / 2} ${b.x},${b.y + H / 2}`}
            markerEnd="url(#dag-arrow)"
          />
        )
      })}
      {g.nodes.map((n) => (
        <DagNodeBox key={n.id} api={api} node={n} at={pos.get(n.id)!} output={n.id === g.output} selected={selected === n.id} args={args} onSelect={onSelect} />
      ))}
    </svg>
  )
}

/** One node of the graph: its id, operator, status, valid-pixel counts and value, and a thumbnail of its raster. */
function DagNodeBox(props: {
  api: RsureApi
  node: DagNodeView
  at: { x: number; y: number }
  output: boolean
  selected: boolean
  args: unknown
  onSelect?: (node: DagNodeView) => void
}) {
  const { api, node: n, at: p, output, selected, args, onSelect } = props
  const cls = n.status === 'ok' ? 'ok' : n.status === 'pending' || n.status === 'not run' ? 'idle' : 'bad'
  const counts = n.valid !== null ? (n.total ? `${num(n.valid)} / ${num(n.total)} px (${pct(n.valid / n.total)})` : `${num(n.valid)} valid`) : null
  return (
    <g
      data-testid="dag-node"
      data-node={n.id}
      data-status={n.status}
      data-output={output}
      className={`dag-node ${cls}${selected ? ' selected' : ''}${output ? ' output' : ''}`}
      transform={`translate(${p.x} ${p.y})`}
      tabIndex={n.artifact && onSelect ? 0 : undefined}
      role={n.artifact && onSelect ? 'button' : undefined}
      aria-label={`${n.id}: ${n.op}, ${n.status}${counts ? `, ${counts}` : ''}`}
      onClick={() => n.artifact && onSelect?.(n)}
      onKeyDown={(e) => (e.key === 'Enter' || e.key === ' ') && n.artifact && onSelect?.(n)}
    >
      <rect width={W} height={H} rx={6} />
      <text x={8} y={16} className="dag-id">
        {n.id}
      </text>
      <text x={8} y={31} className="dag-op">
        {n.op}
      </text>
      <text x={8} y={47} className={`dag-status ${cls}`}>
        {n.status}
      </text>
      {counts && (
        <text x={8} y={62} className="dag-count">
          {n.total ? `${num(n.valid!)} px valid` : counts}
        </text>
      )}
      {n.total !== null && n.valid !== null && (
        <text x={8} y={76} className="dag-count">
          of {num(n.total)} ({pct(n.valid / n.total)})
        </text>
      )}
      {n.value !== null && (
        <text x={8} y={n.total !== null ? 88 : 62} className="dag-value">
          = {nodeValue(n, args)}
        </text>
      )}
      <Thumb api={api} node={n} x={W - THUMB - 6} y={H - THUMB - 6} />
    </g>
  )
}
