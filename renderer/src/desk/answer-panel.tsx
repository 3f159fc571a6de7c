/**
 * The final answer: what it says, the accepted observations it rests on (each opens its evidence), the gaps it
 * names, and right / wrong marks for the answer and for each accepted observation. After a mark the touched prior
 * cells are shown with their new n.
 */
import type { CallView, RunView } from '../model/run-model'
import { acceptedCalls } from '../model/run-model'
import { num, windowText } from '../model/format'
import { headline } from '../model/observation'
import { UNPLACED } from '../../../main/domain/run-events'
import { MarkButtons } from './mark-buttons'
import { optionsText, RefusalFields } from './refusal-fields'
import { answerMark, type RunEntry } from './use-runs'

interface AnswerPanelProps {
  entry: RunEntry
  onEvidence: (call: number) => void
  onMark: (correct: boolean, stepSeq?: number) => void
  /** Ask a refused question again with its filled parts (a new run). */
  onAskAgain: (question: string, options: string) => void
}

export function AnswerPanel(props: AnswerPanelProps) {
  const { entry, onEvidence, onMark, onAskAgain } = props
  const run: RunView = entry.view
  const a = run.answer
  if (!a) {
    if (run.error) return <p className={`answer-error ${run.error.cancelled ? 'warn' : 'bad'}`}>{run.error.cancelled ? 'Cancelled.' : run.error.message}</p>
    return null
  }
  const accepted = acceptedCalls(run)
  // A refusal's reason is its explanation and its one gap: said once (it was said three times, plan included).
  const gaps = a.missing.filter((m) => !a.explanation.includes(m))
  const refused =
    a.basis.length === 0 ? run.plans.findLast((p) => p.kind === 'finish' && (p.unread.length > 0 || p.read.some((r) => r.role === UNPLACED))) : undefined
  return (
    <section className="answer" aria-label="answer" data-testid="answer-panel">
      <div className="answer-head">
        <span className={`answer-value${a.basis.length === 0 ? ' undetermined' : ''}`} data-testid="answer">
          {a.answer}
        </span>
        {a.choice && run.options.length > 0 && <span className="muted">{run.options.find((o) => o.letter === a.choice)?.text}</span>}
        <MarkButtons what="the answer" value={answerMark(entry)} onMark={(c) => onMark(c)} testId="mark-answer" />
      </div>
      <p className="explanation">{windowText(a.explanation)}</p>
      {!a.grounded && a.basis.length > 0 && (
        <p className="warn" data-testid="ungrounded">
          The calls this answer rests on were not verified (verification was off), so it is the planner&apos;s answer, not a checked one.
        </p>
      )}
      {a.basis.length > 0 && (
        <p className="basis">
          Rests on{' '}
          {a.basis.map((b) => (
            <button key={b} type="button" className="link" onClick={() => onEvidence(b)} data-testid="basis-link">
              call #{b}
            </button>
          ))}
        </p>
      )}
      {gaps.length > 0 && (
        <div className="gaps" data-testid="gaps">
          <strong>Gaps</strong>
          <ul>
            {gaps.map((m, i) => (
              <li key={i}>{windowText(m)}</li>
            ))}
          </ul>
        </div>
      )}
      {refused && <RefusalFields question={run.question} unread={refused.unread} read={refused.read} onAsk={(q) => onAskAgain(q, optionsText(run.options))} />}
      <AcceptedTable accepted={accepted} marks={entry.marks} onEvidence={onEvidence} onMark={onMark} />
      {accepted.length > 0 && <p className="muted">A mark on the answer is a mark on each accepted observation; the prior counts each once.</p>}
      {entry.lastCells.length > 0 && (
        <p className="muted" data-testid="prior-change">
          Prior updated: {entry.lastCells.map((c) => `${c.taskType} × ${c.config}: n ${c.n}, n_valid ${c.n_valid}, r̂ ${num(c.r_hat, 3)}`).join('; ')}
        </p>
      )}
    </section>
  )
}

/** The accepted observations the answer rests on, each opening its evidence, with a mark each. */
function AcceptedTable(props: {
  accepted: CallView[]
  marks: RunEntry['marks']
  onEvidence: (call: number) => void
  onMark: (correct: boolean, stepSeq?: number) => void
}) {
  const { accepted, marks, onEvidence, onMark } = props
  if (accepted.length === 0) return null
  return (
    <table className="observations">
      <caption>Accepted observations</caption>
      <tbody>
        {accepted.map((c) => (
          <tr key={c.call}>
            <th scope="row">
              <button type="button" className="link" onClick={() => onEvidence(c.call)}>
                #{c.call} {c.tool}
              </button>
            </th>
            <td>{headline(c.result, c)}</td>
            <td>
              <MarkButtons what={`observation ${c.call}`} value={marks.get(c.call)} onMark={(ok) => onMark(ok, c.stepSeq)} testId="mark-observation" />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
