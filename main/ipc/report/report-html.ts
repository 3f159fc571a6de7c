/**
 * The self-contained HTML report of a run: question, answer with its gaps, the evidence images (the run's raster
 * layers and its input images as PNG previews inside data: URIs), the verified observations as tables, and the
 * whole trajectory. It loads nothing from anywhere (its CSP forbids it), so it opens offline and prints to PDF.
 */
import type { RunDetail, RunStep } from '../../../preload/contract'
import type { z } from 'zod'
import { brief, stepText } from './step-text'
import { esc as escHtml } from './html-escape'
import { hidePaths } from './hide-paths'
import { asRecord } from '../../domain/json'

export interface ReportImage {
  title: string
  /** PNG bytes. */
  png: Uint8Array
  caption: string
  /** What the colours of a one-band picture mean: its ramp's control points from `low` to `high`, and its unit. */
  legend?: { stops: readonly (readonly [number, number, number, number])[]; low: number; high: number; unit: string | null }
}

/** A legend bar under a picture: the low value, the ramp as a CSS gradient, the high value, the unit. */
function legendHtml(l: NonNullable<ReportImage['legend']>): string {
  const stops = l.stops.map(([at, r, g, b]) => `rgb(${r},${g},${b}) ${Math.round(at * 100)}%`).join(',')
  const unit = l.unit ? `<span class="unit">${esc(l.unit)}</span>` : ''
  return `<div class="legend"><span>${l.low}</span><span class="bar" style="background:linear-gradient(to right,${stops})"></span><span>${l.high}</span>${unit}</div>`
}

type Detail = z.infer<typeof RunDetail>

/** Every text of the report: HTML-escaped, with absolute paths cut to file names (hide-paths.ts). */
const esc = (value: unknown): string => escHtml(hidePaths(String(value ?? '')))

function observationRows(observation: unknown): string {
  if (observation === null || typeof observation !== 'object') return `<tr><th>value</th><td>${esc(brief(observation))}</td></tr>`
  return Object.entries(observation)
    .map(
      ([k, v]) => `<tr><th>${esc(k)}</th><td>${esc(typeof v === 'number' ? String(Number(v.toPrecision(8))) : typeof v === 'string' ? v : brief(v))}</td></tr>`,
    )
    .join('')
}

/** The accepted (or, with verification off, unverified) observations: call, tool, values, prior and verdict. */
function observations(steps: RunStep[]): string {
  const byCall = new Map<number, RunStep[]>()
  for (const s of steps) if (s.call !== null) byCall.set(s.call, [...(byCall.get(s.call) ?? []), s])
  const blocks: string[] = []
  for (const [call, list] of byCall) {
    const tool = list.find((s) => s.kind === 'tool_call')
    const result = list.find((s) => s.kind === 'tool_result')
    if (!tool || tool.kind !== 'tool_call' || !result || result.kind !== 'tool_result' || result.payload.result?.status !== 'ok') continue
    const verdict = list.filter((s) => s.kind === 'verdict').at(-1)
    const prior = list.find((s) => s.kind === 'prior')
    const decision = verdict?.kind === 'verdict' ? verdict.payload.decision : 'unverified'
    if (decision !== 'accept' && decision !== 'unverified') continue
    const p = prior?.kind === 'prior' ? prior.payload.prior : null
    blocks.push(`<section class="obs"><h3>Call ${call}: ${esc(tool.payload.tool)} <span class="tag ${decision}">${decision === 'accept' ? 'accepted' : 'unverified'}</span></h3>
<table>${observationRows(result.payload.result.observation)}
<tr><th>configuration</th><td>${esc(result.payload.result.config?.fine ?? '')}</td></tr>
<tr><th>prior</th><td>${p ? `r̂ = ${p.r_hat.toFixed(3)} (${esc(p.level)}, n = ${p.n}, n_valid = ${p.n_valid})` : 'None'}</td></tr>
<tr><th>verifier</th><td>${verdict?.kind === 'verdict' ? esc(verdict.payload.feedback) : 'verification was switched off'}</td></tr></table></section>`)
  }
  return blocks.length ? blocks.join('\n') : '<p>No observation was accepted in this run.</p>'
}

/** A run's metrics as a reader says them ('1 tool call, 0 model calls, 4.97 s'), not as their JSON. */
export function metricsText(m: unknown): string {
  const r = asRecord(m)
  const n = (k: string): number | null => (typeof r[k] === 'number' ? (r[k] as number) : null)
  const parts: string[] = []
  const calls = n('tool_calls')
  if (calls !== null) parts.push(`${calls} tool call${calls === 1 ? '' : 's'}`)
  const llm = n('llm_calls')
  if (llm !== null) parts.push(`${llm} model call${llm === 1 ? '' : 's'}`)
  const tokens = n('tokens')
  if (tokens) parts.push(`${tokens} tokens`)
  const sec = n('seconds')
  if (sec !== null) parts.push(`${Number(sec.toPrecision(3))} s`)
  return parts.length ? parts.join(', ') : '—'
}

export function reportHtml(detail: Detail, images: ReportImage[]): string {
  const { run, steps } = detail
  const answer = [...steps].reverse().find((s) => s.kind === 'answer')
  const a = answer?.kind === 'answer' ? answer.payload : null
  const settings = asRecord(run.settings)
  const figures = images
    .map(
      (im) =>
        `<figure><img alt="${esc(im.title)}" src="data:image/png;base64,${Buffer.from(im.png).toString('base64')}"><figcaption><b>${esc(im.title)}</b> ${esc(im.caption)}${im.legend ? legendHtml(im.legend) : ''}</figcaption></figure>`,
    )
    .join('\n')
  const rows = steps
    .map((s) => `<tr><td>${s.seq}</td><td>${s.call ?? ''}</td><td>${esc(s.kind === 'other' ? s.storedKind : s.kind)}</td><td>${esc(stepText(s))}</td></tr>`)
    .join('\n')
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data:; style-src 'unsafe-inline'">
<title>RSure report: ${esc(run.question.slice(0, 80))}</title>
<meta name="color-scheme" content="light dark">
<style>
:root{--bg:#fff;--text:#1d232b;--line:#d5d9e0;--head:#f1f3f6;--tag:#e5e9ef;--ok:#d5f0dc;--un:#f6ecd0;--c1:#eee;--c2:#fff}
@media (prefers-color-scheme:dark){:root{--bg:#14181d;--text:#e6e9ee;--line:#3a424d;--head:#222831;--tag:#2c333d;--ok:#1f4a2c;--un:#4a3c14;--c1:#2a2f36;--c2:#1b1f24}}
@media print{:root{--bg:#fff;--text:#1d232b;--line:#d5d9e0;--head:#f1f3f6;--tag:#e5e9ef;--ok:#d5f0dc;--un:#f6ecd0;--c1:#eee;--c2:#fff}}
html{background:var(--bg)}
body{font:14px/1.45 system-ui,sans-serif;margin:2em auto;max-width:60em;color:var(--text);background:var(--bg);padding:0 1em}
h1{font-size:1.4em}h2{font-size:1.15em;border-bottom:1px solid var(--line);padding-bottom:.2em;margin-top:1.6em}h3{font-size:1em}
table{border-collapse:collapse;width:100%;margin:.4em 0}th,td{border:1px solid var(--line);padding:.25em .45em;text-align:left;vertical-align:top;overflow-wrap:anywhere}
th{background:var(--head);width:12em;font-weight:600}.answer{font-size:1.3em;font-weight:700}.tag{font-size:.8em;padding:.1em .4em;border-radius:.3em;background:var(--tag)}
.tag.accept{background:var(--ok)}.tag.unverified{background:var(--un)}figure{display:inline-block;margin:.5em;max-width:28em;vertical-align:top}
.legend{display:flex;align-items:center;gap:.4em;font-size:.85em;margin-top:.2em}.legend .bar{flex:1;height:.8em;border:1px solid var(--line)}.legend .unit{color:inherit;opacity:.75}
figure img{max-width:100%;border:1px solid var(--line);background:repeating-conic-gradient(var(--c1) 0 25%,var(--c2) 0 50%) 0 0/16px 16px}
.meta td,.meta th{font-size:.9em}.traj td:nth-child(-n+2){width:3em}.traj td:nth-child(3){width:8em}
</style></head><body>
<h1>${esc(run.question)}</h1>
${run.options ? `<pre>${esc(run.options)}</pre>` : ''}
<h2>Answer</h2>
<p class="answer" id="answer">${esc(a?.answer ?? run.answer ?? `No answer (${run.status})`)}</p>
${a ? `<p>${esc(a.explanation)}</p>` : ''}
${a && !a.grounded ? '<p><b>This answer is a forced guess: no accepted observation supports it.</b></p>' : ''}
${a && a.missing.length ? `<p>Missing from the evidence:</p><ul>${a.missing.map((m) => `<li>${esc(m)}</li>`).join('')}</ul>` : ''}
${run.error ? `<p>The run ended with: ${esc(run.error)}</p>` : ''}
<table class="meta">
<tr><th>run</th><td>${esc(run.id)}</td></tr><tr><th>status</th><td>${esc(run.status)}</td></tr>
<tr><th>task type</th><td>${esc(run.taskType ?? '')}</td></tr><tr><th>backbone</th><td>${esc(run.backbone ?? '')}</td></tr>
<tr><th>verification / prior</th><td>${settings.verify === false ? 'off' : 'on'} / ${settings.prior === false ? 'off' : 'on'}</td></tr>
<tr><th>started</th><td>${esc(run.startedAt)}</td></tr><tr><th>cost</th><td>${esc(metricsText(run.metrics))}</td></tr>
</table>
<h2>Evidence images</h2>
${figures || '<p>This run has no image to show.</p>'}
<h2>Verified observations</h2>
${observations(steps)}
<h2>Trajectory</h2>
<table class="traj"><tr><th>step</th><th>call</th><th>kind</th><th>what happened</th></tr>
${rows}
</table>
<p><small>Made by RSure Desktop. Every value above comes from the run's stored trajectory.</small></p>
</body></html>
`
}
