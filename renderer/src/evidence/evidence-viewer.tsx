/**
 * Side-by-side evidence viewer for one observation: left the source image(s) or map with the observation drawn on
 * them, right the observation with its evidence, prior, rule checks and verdict. A follow-up can be compared with
 * the observation it was asked for (both detail columns side by side). Escape closes it.
 */
import { useEffect, useRef, useState } from 'react'
import type { DerivedLayer, FileEntry, RsureApi } from '../../../preload/contract'
import type { CallView, RunView } from '../model/run-model'
import { MarkButtons } from '../desk/mark-buttons'
import { EvidenceDetails } from './evidence-details'
import { EvidenceVisual } from './evidence-visual'

export interface EvidenceViewerProps {
  api: RsureApi
  run: RunView
  call: number
  files: FileEntry[]
  layers: DerivedLayer[]
  mark: boolean | undefined
  onMark: (correct: boolean, stepSeq: number) => void
  onClose: () => void
  onOpen: (call: number) => void
  onExportLayer?: (layer: DerivedLayer) => void
}

export function EvidenceViewer(props: EvidenceViewerProps) {
  const { api, run, call: n, files, layers, mark, onMark, onClose, onOpen, onExportLayer } = props
  const call: CallView | undefined = run.byCall.get(n)
  // A follow-up opens beside the observation it was asked for; the analyst can switch that off.
  const [compare, setCompare] = useState(true)
  const root = useRef<HTMLDivElement>(null)
  useEffect(() => {
    root.current?.focus()
  }, [n])
  if (!call) return null
  const origin = call.origin !== null ? run.byCall.get(call.origin) : undefined
  const followUps = [...run.byCall.values()].filter((c) => c.origin === call.call)
  const callLayers = layers.filter((l) => l.call === call.call)
  return (
    <div
      className="evidence-viewer"
      role="dialog"
      aria-modal="true"
      aria-label={`evidence of call ${call.call}`}
      data-testid="evidence-viewer"
      tabIndex={-1}
      ref={root}
      onKeyDown={(e) => {
        if (e.key === 'Escape') onClose()
      }}
    >
      <header className="ev-head">
        <h2>Evidence of call #{call.call}</h2>
        <nav aria-label="other calls" className="ev-nav">
          {[...run.byCall.keys()]
            .sort((a, b) => a - b)
            .map((k) => (
              <button key={k} type="button" className={k === n ? 'on' : ''} aria-current={k === n} onClick={() => onOpen(k)}>
                #{k}
              </button>
            ))}
        </nav>
        {origin && (
          <label>
            <input type="checkbox" checked={compare} onChange={(e) => setCompare(e.target.checked)} data-testid="compare-toggle" /> compare with #{origin.call}{' '}
            (the observation it was asked for)
          </label>
        )}
        {followUps.length > 0 && <span className="muted">follow-ups: {followUps.map((f) => `#${f.call}`).join(', ')}</span>}
        <MarkButtons what={`observation ${call.call}`} value={mark} onMark={(c) => onMark(c, call.stepSeq)} testId="mark-observation" />
        {callLayers.length > 0 && onExportLayer && (
          <span className="exports">
            {callLayers.map((l) => (
              <button key={l.id} type="button" onClick={() => onExportLayer(l)} title={`export ${l.name}`}>
                ⤓ {l.name}
              </button>
            ))}
          </span>
        )}
        <button type="button" className="ghost close" onClick={onClose} aria-label="close the evidence viewer" data-testid="close-evidence">
          ✕
        </button>
      </header>
      <div className={`ev-body${compare && origin ? ' compare' : ''}`}>
        <div className="ev-left">
          <EvidenceVisual api={api} call={call} files={files} layers={layers} />
        </div>
        <div className="ev-right">
          {compare && origin && <EvidenceDetails call={origin} />}
          <EvidenceDetails call={call} />
        </div>
      </div>
    </div>
  )
}
