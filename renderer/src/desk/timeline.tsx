/**
 * The run timeline, live as steps stream in: each tool call with its arguments in readable form, its status, the
 * rule-check result, the prior (r̂ and level, or None), and the verdict with the verifier's feedback; follow-ups
 * nested under the call whose evidence request caused them; a progress bar while a call runs.
 */
import type { CallView, RunView } from '../model/run-model'
import { num, windowText } from '../model/format'
import { headline, KIND_LABEL, observationKind } from '../model/observation'
import { readableArgs } from '../model/readable-args'

const DECISION: Record<string, { label: string; cls: string }> = {
  accept: { label: 'accepted', cls: 'good' },
  request_evidence: { label: 'evidence requested', cls: 'warn' },
  reject: { label: 'rejected', cls: 'bad' },
}

export function PriorBadge({ prior }: { prior: CallView['prior'] }) {
  if (prior === undefined) return null
  if (prior === null)
    return (
      <span className="badge" title="No calibrated estimate for this task type and configuration (fewer than n_min calls): verified from the evidence alone.">
        prior None
      </span>
    )
  return (
    <span className="badge" title={`r̂ = (n_valid + 1) / (n + 2) = (${prior.n_valid} + 1) / (${prior.n} + 2), ${prior.level} level, source ${prior.source}`}>
      prior r̂ {num(prior.r_hat, 2)} · {prior.level} · n {prior.n}
    </span>
  )
}

/**
 * A call's purpose as the window says it: the rules planner writes which of its skills planned the call ('skill
 * compiled-spec: mean of NDVI …'), a name the analyst never sees elsewhere; what follows it is what the question was
 * understood to ask.
 */
export function purposeText(purpose: string): string {
  return purpose.replace(/^skill [\w-]+:\s*/, 'Understood as: ')
}

export function callStatus(c: CallView): { label: string; cls: string } {
  if (c.verdict) return DECISION[c.verdict.decision] ?? { label: c.verdict.decision, cls: '' }
  if (c.rules && !c.rules.passed) return { label: `rule failed: ${c.rules.rule ?? 'check'}`, cls: 'bad' }
  if (c.thrown) return { label: 'tool failed', cls: 'bad' }
  if (c.phase === 'running') return { label: 'running…', cls: 'run' }
  if (c.phase === 'stopped') return { label: 'stopped', cls: 'warn' }
  if (c.tool === 'retrieve') return { label: 'context', cls: '' }
  if (c.result && !c.rules) return { label: 'unverified', cls: 'warn' }
  return { label: 'done', cls: '' }
}

/**
 * What a failed rule check says beside the call's result: its diagnosis, or only the rule's name when the diagnosis
 * restates the reason the result already shows ("The measure call returned 'insufficient': <the result's reason>").
 */
export function rulesFailedText(c: CallView): string {
  const diagnosis = windowText(c.rules?.diagnosis ?? c.rules?.rule ?? '')
  const shown = c.result ? windowText(headline(c.result, c)).replace(/^\w+:\s*/, '') : ''
  return shown.length > 0 && diagnosis.includes(shown) ? (c.rules?.rule ?? 'check') : diagnosis
}

function CallItem(props: { call: CallView; progress: RunEntryProgress; onEvidence: (call: number) => void; depth: number }) {
  const { call: c, progress, onEvidence, depth } = props
  const st = callStatus(c)
  const kind = observationKind(c.tool, c.args)
  const lines = readableArgs(c.tool, c.args)
  const running = c.phase === 'running'
  const prog = running && progress && (progress.call === null || progress.call === c.call) ? progress : null
  return (
    <li className={`call depth-${depth}`} data-testid="timeline-call" data-call={c.call} data-status={st.label}>
      <div className="call-head">
        <span className="call-no">#{c.call}</span>
        <strong>{c.tool}</strong>
        <span className="muted">{KIND_LABEL[kind]}</span>
        {c.followUp && <span className="badge">follow-up{c.origin ? ` to #${c.origin}` : ''}</span>}
        <span className={`status ${st.cls}`} data-testid="call-status">
          {st.label}
        </span>
        {c.ms !== null && <span className="muted">{(c.ms / 1000).toFixed(2)} s</span>}
      </div>
      {c.purpose && <p className="purpose">{purposeText(c.purpose)}</p>}
      <details className="args">
        <summary>
          {lines.length} argument line{lines.length === 1 ? '' : 's'}
        </summary>
        <table>
          <tbody>
            {lines.map((l, i) => (
              <tr key={i}>
                <th scope="row">{l.key}</th>
                <td title={l.title}>{l.text}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
      {prog && (
        <div
          className="progress"
          role="progressbar"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(prog.fraction * 100)}
          aria-label={prog.stage}
        >
          <div className="bar" style={{ width: `${Math.round(prog.fraction * 100)}%` }} />
          <span>{prog.stage}</span>
        </div>
      )}
      {running && !prog && <div className="progress indeterminate" role="progressbar" aria-label="running" />}
      <div className="checks">
        {c.result && <span className="badge">result: {windowText(headline(c.result, c))}</span>}
        {c.thrown && <span className="badge bad">{c.thrown}</span>}
        {c.rules && (
          <span className={`badge ${c.rules.passed ? 'good' : 'bad'}`} title={c.rules.checked.join(', ')}>
            rules {c.rules.passed ? `passed (${c.rules.checked.length})` : `failed: ${rulesFailedText(c)}`}
          </span>
        )}
        <PriorBadge prior={c.prior} />
      </div>
      {c.verdict && (
        <p className={`verdict ${st.cls}`} data-testid="verdict">
          <strong>{st.label}</strong> by {c.verdict.verifier || 'the verifier'}: {windowText(c.verdict.feedback)}
          {c.verdict.needed.length > 0 && <span className="muted"> (wants: {c.verdict.needed.join(', ')})</span>}
        </p>
      )}
      {c.result && (
        <button type="button" className="link" onClick={() => onEvidence(c.call)} data-testid="open-evidence">
          Evidence of #{c.call}
        </button>
      )}
      {c.followUps.length > 0 && (
        <ol className="followups" aria-label={`follow-ups of call ${c.call}`}>
          {c.followUps.map((f) => (
            <CallItem key={f.call} call={f} progress={progress} onEvidence={onEvidence} depth={depth + 1} />
          ))}
        </ol>
      )}
    </li>
  )
}

type RunEntryProgress = { call: number | null; stage: string; fraction: number } | null

export function Timeline(props: { run: RunView; progress: RunEntryProgress; onEvidence: (call: number) => void }) {
  const { run, progress, onEvidence } = props
  return (
    <div className="timeline" data-testid="timeline">
      {run.taskType && (
        <p className="muted">
          Task type <strong>{run.taskType}</strong>
          {typeof run.settings.backbone === 'string' ? ` · backbone ${run.settings.backbone}` : ''}
          {run.settings.verify === false ? ' · verification off' : ''}
          {run.settings.prior === false ? ' · prior off' : ''}
        </p>
      )}
      <ol className="calls">
        {run.calls.map((c) => (
          <CallItem key={c.call} call={c} progress={progress} onEvidence={onEvidence} depth={0} />
        ))}
      </ol>
      {run.plans
        // A refusal's reason is the answer's explanation: the plan does not say it a second time.
        .filter((p) => p.kind === 'finish' && p.thought && !run.answer?.explanation.includes(p.thought))
        .map((p) => (
          <p key={p.turn} className="muted plan-note">
            Plan, turn {p.turn}: {p.thought}
          </p>
        ))}
      {run.notes.map((n, i) => (
        <p key={i} className="muted">
          {n}
        </p>
      ))}
      {run.status === 'running' && run.calls.length === 0 && <div className="progress indeterminate" role="progressbar" aria-label="planning" />}
    </div>
  )
}
