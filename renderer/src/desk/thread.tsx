/** The chat-style thread of this window's session: each question with its live timeline and its answer. */
import { useEffect, useRef } from 'react'
import { AnswerPanel } from './answer-panel'
import { Timeline } from './timeline'
import type { RunEntry } from './use-runs'

export function Thread(props: {
  entries: RunEntry[]
  onEvidence: (runId: string, call: number) => void
  onMark: (runId: string, correct: boolean, stepSeq?: number) => void
  onExport: (runId: string, format: 'html' | 'pdf') => void
  onClose: (runId: string) => void
  onAskAgain: (question: string, options: string) => void
}) {
  const { entries, onEvidence, onMark, onExport, onClose, onAskAgain } = props
  const end = useRef<HTMLDivElement>(null)
  const last = entries[entries.length - 1]
  const steps = last?.seen.size ?? 0
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end' })
  }, [entries.length, steps])
  if (!entries.length)
    return (
      <p className="muted empty-thread">
        Ask a question about the images in this session. Each answer shows the tool calls behind it and how each was verified.
      </p>
    )
  return (
    <div className="thread" data-testid="thread">
      {entries.map((e) => (
        <article key={e.id} className="turn" data-testid="run" data-run={e.id} data-status={e.view.status}>
          <header className="question">
            <p>{e.view.question || '…'}</p>
            {e.view.options.length > 0 && (
              <ul className="options">
                {e.view.options.map((o) => (
                  <li key={o.letter} className={e.view.answer?.choice === o.letter ? 'chosen' : ''}>
                    <strong>{o.letter}</strong> {o.text}
                  </li>
                ))}
              </ul>
            )}
            <span className="turn-tools">
              <button type="button" className="ghost" onClick={() => onExport(e.id, 'html')} title="save an HTML report of this run" data-testid="export-html">
                HTML
              </button>
              <button type="button" className="ghost" onClick={() => onExport(e.id, 'pdf')} title="save a PDF report of this run" data-testid="export-pdf">
                PDF
              </button>
              <button type="button" className="ghost" onClick={() => onClose(e.id)} aria-label="remove from the thread">
                ✕
              </button>
            </span>
          </header>
          <Timeline run={e.view} progress={e.progress} onEvidence={(c) => onEvidence(e.id, c)} />
          <AnswerPanel entry={e} onEvidence={(c) => onEvidence(e.id, c)} onMark={(ok, seq) => onMark(e.id, ok, seq)} onAskAgain={onAskAgain} />
          {e.view.status === 'running' && <p className="muted running">Running…</p>}
        </article>
      ))}
      <div ref={end} />
    </div>
  )
}
