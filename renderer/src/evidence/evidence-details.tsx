/**
 * The right half of the evidence viewer: the observation, its evidence in three labelled groups, the prior, the
 * rule checks and the verdict, with the analyst's mark.
 */
import { headline, KIND_LABEL, observationKind } from '../model/observation'
import type { CallView } from '../model/run-model'
import { callStatus, PriorBadge } from '../desk/timeline'
import { EvidenceGroups, ValueTree } from './evidence-groups'
import { layerWords } from '../../../main/domain/layers'

export function EvidenceDetails({ call }: { call: CallView }) {
  const r = call.result
  const st = callStatus(call)
  return (
    <div className="details-col" data-testid="evidence-details" data-call={call.call}>
      <h3>
        #{call.call} {call.tool} · {KIND_LABEL[observationKind(call.tool, call.args)]}
        {call.followUp && <span className="badge">follow-up{call.origin !== null ? ` to #${call.origin}` : ''}</span>}
      </h3>
      <p className={r && r.status !== 'ok' ? 'headline failed' : 'headline'} data-testid="evidence-headline" data-status={r?.status ?? 'none'}>
        {headline(r, call)}
      </p>
      <section aria-label="observation">
        <h4>Observation</h4>
        {r ? <ValueTree value={r.observation} /> : <p className="muted">{call.thrown ?? 'No result.'}</p>}
      </section>
      <EvidenceGroups evidence={r?.evidence ?? null} />
      <section aria-label="checks" className="checks-block">
        <h4>Prior</h4>
        <p>
          <PriorBadge prior={call.prior} />
          {call.priorConfig && <span className="muted"> configuration {call.priorConfig.fine}</span>}
          {call.prior === undefined && <span className="muted">not looked up (the rules stopped the call first, or the prior was off)</span>}
        </p>
        <h4>Rule checks</h4>
        {call.rules ? (
          <p data-testid="evidence-rules" className={call.rules.passed ? 'good' : 'bad'}>
            {call.rules.passed ? `Passed: ${call.rules.checked.join(', ')}.` : `Failed ${call.rules.rule}: ${call.rules.diagnosis}`}
          </p>
        ) : (
          <p className="muted">No rule checks were recorded (verification off, or the tool is not verified).</p>
        )}
        <h4>Verdict</h4>
        {call.verdict ? (
          <p data-testid="evidence-verdict" className={`verdict ${st.cls}`}>
            <strong>{st.label}</strong> by {call.verdict.verifier}: {call.verdict.feedback}
            {call.verdict.caveats.length > 0 && <span> Caveats: {call.verdict.caveats.join('; ')}.</span>}
          </p>
        ) : (
          <p className="muted">{st.label}</p>
        )}
        {r && r.artifacts.length > 0 && (
          <>
            <h4>Artifacts</h4>
            <ul className="artifacts">
              {r.artifacts.map((a) => (
                <li key={a.sha256} title={`${a.kind}: ${a.path.split(/[\\/]/).pop()}`}>
                  {layerWords(a.kind) ?? a.kind.replace(/^raster:(.+)$/, '$1 raster')}
                </li>
              ))}
            </ul>
          </>
        )}
      </section>
    </div>
  )
}
