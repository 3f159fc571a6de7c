// @vitest-environment happy-dom
/**
 * The timeline and the answer panel, rendered from synthetic runs: readable arguments, status per call (accepted,
 * evidence requested, rule failed, running), the prior as r̂ or None, the verifier's feedback, follow-ups nested,
 * the answer with its basis links, gaps and marks; and the prior heatmap's colour scale.
 */
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { AnswerPanel } from '../../../renderer/src/desk/answer-panel'
import { rHatColour } from '../../../renderer/src/desk/prior-matrix'
import { Timeline } from '../../../renderer/src/desk/timeline'
import type { RunEntry } from '../../../renderer/src/desk/use-runs'
import { buildRun } from '../../../renderer/src/model/run-model'
import { callSteps, events, NDVI_DAG, ndviResult, taskStep, type StepLike } from './synthetic-runs'

function parse(html: string) {
  const doc = new DOMParser().parseFromString(html, 'text/html')
  return { doc, all: (sel: string) => [...doc.querySelectorAll(sel)] }
}

const objects = { mode: 'objects', image_paths: ['/imgs/a.png'] }
const steps: StepLike[] = [
  taskStep('How many ships?'),
  ...callSteps(1, 1, 'perceive', objects, { observation: { count: 3 } }, 'request_evidence'),
  ...callSteps(2, 6, 'perceive', { ...objects, view: 'tiles' }, { observation: { count: 4 } }, 'accept', { followUpOf: 1 }),
  { seq: 12, kind: 'tool_call', payload: { call: 3, tool: 'execute', args: NDVI_DAG, purpose: null, followUp: false } },
  { seq: 13, kind: 'rule_check', payload: { call: 3, passed: false, rule: 'evidence', diagnosis: 'valid-pixel counts are missing.' } },
  { seq: 14, kind: 'tool_call', payload: { call: 4, tool: 'execute', args: NDVI_DAG, purpose: 'again', followUp: false } },
  {
    seq: 15,
    kind: 'tool_result',
    payload: {
      call: 4,
      ms: 900,
      result: {
        status: 'ok',
        ...ndviResult(10, 20, 0.5, 'c'.repeat(64)),
        evidence: ndviResult(10, 20, 0.5, 'c'.repeat(64)),
        config: { tool: 'execute', coarse: 'execute:raster.product', fine: 'x' },
      },
    },
  },
  { seq: 16, kind: 'rule_check', payload: { call: 4, passed: true, checked: ['status'] } },
  { seq: 17, kind: 'prior', payload: { call: 4, taskType: 'x', config: null, prior: null } },
]

describe('timeline', () => {
  it('shows each call with its status, prior, verdict and nested follow-ups, and a running call with a progress bar', () => {
    const run = buildRun(events(steps))
    const v = parse(
      renderToStaticMarkup(<Timeline run={run} progress={{ call: 4, stage: 'reading 3 of 4 files', fraction: 0.75 }} onEvidence={() => undefined} />),
    )
    const calls = v.all('[data-testid=timeline-call]')
    expect(calls.map((c) => [c.getAttribute('data-call'), c.getAttribute('data-status')])).toEqual([
      ['1', 'evidence requested'],
      ['2', 'accepted'],
      ['3', 'rule failed: evidence'],
      ['4', 'running…'],
    ])
    // The follow-up (call 2) is inside call 1's list.
    expect(v.doc.querySelector('[data-call="1"] ol.followups [data-call="2"]')).not.toBeNull()
    expect(v.doc.querySelector('[data-call="1"] [data-testid=verdict]')!.textContent).toContain('synthetic request_evidence of call 1')
    expect(v.doc.querySelector('[data-call="1"]')!.textContent).toContain('prior r̂ 0.75 · coarse · n 18')
    expect(v.doc.querySelector('[data-call="3"]')!.textContent).toContain('rules failed: valid-pixel counts are missing.')
    expect(v.doc.querySelector('[data-call="4"]')!.textContent).toContain('prior None')
    const bar = v.doc.querySelector('[data-call="4"] [role=progressbar]')!
    expect(bar.getAttribute('aria-valuenow')).toBe('75')
    expect(bar.textContent).toBe('reading 3 of 4 files')
    // An execute call lists its DAG one node a line.
    expect(v.doc.querySelector('[data-call="3"] .args')!.textContent).toContain('raster.product(normalized_difference) ← a: nir, b: red')
  })
})

describe('a call the tool could not compute', () => {
  it('says its reason once: the failed status rule points to the result instead of repeating it', () => {
    const why = "Source 'image': no backend can perceive in mode objects; add a model pack in Settings."
    const run = buildRun(
      events([
        taskStep('How many ships are in the harbour?'),
        { seq: 1, kind: 'tool_call', payload: { call: 1, tool: 'measure', args: { metric: 'count', subject: 'ship' }, purpose: null, followUp: false } },
        {
          seq: 2,
          kind: 'tool_result',
          payload: { call: 1, ms: 10, result: { status: 'insufficient', reason: why, config: { tool: 'measure', coarse: 'measure:count', fine: 'x' } } },
        },
        { seq: 3, kind: 'rule_check', payload: { call: 1, passed: false, rule: 'status', diagnosis: `The measure call returned 'insufficient': ${why}` } },
      ]),
    )
    const text = parse(renderToStaticMarkup(<Timeline run={run} progress={null} onEvidence={() => undefined} />)).doc.querySelector(
      '[data-call="1"]',
    )!.textContent!
    expect(text.split('no backend can perceive').length - 1).toBe(1)
    expect(text).toContain('rules failed: status')
  })
})

describe('answer panel', () => {
  it('shows the answer, its basis, its gaps and marks for the answer and each accepted observation', () => {
    const run = buildRun(
      events([
        ...steps.slice(0, 12),
        {
          seq: 12,
          kind: 'answer',
          payload: {
            answer: 'B',
            explanation: 'Four ships were counted.',
            choice: 'B',
            value: 4,
            unit: null,
            basis: [2],
            missing: ['the north tile was cloudy'],
          },
        },
      ]),
    )
    const entry: RunEntry = {
      id: 'run-x',
      view: run,
      seen: new Set(),
      progress: null,
      layers: [],
      marks: new Map([[2, true]]),
      lastCells: [{ config: 'perceive:objects', taskType: 'object_counting', n: 19, n_valid: 14, r_hat: 0.714 }],
      metrics: null,
    }
    const v = parse(renderToStaticMarkup(<AnswerPanel entry={entry} onEvidence={() => undefined} onMark={() => undefined} onAskAgain={() => undefined} />))
    expect(v.doc.querySelector('[data-testid=answer]')!.textContent).toBe('B')
    expect(v.doc.querySelector('.answer-head')!.textContent).toContain('4')
    expect(v.all('[data-testid=basis-link]').map((b) => b.textContent)).toEqual(['call #2'])
    expect(v.all('[data-testid=gaps] li').map((l) => l.textContent)).toEqual(['the north tile was cloudy'])
    // The mark on its one accepted observation (call 2) is the answer's mark: both show it.
    expect(v.doc.querySelector('[data-testid=mark-answer] [data-testid=mark-right]')!.getAttribute('aria-pressed')).toBe('true')
    expect(v.doc.querySelector('[data-testid=mark-observation] [data-testid=mark-right]')!.getAttribute('aria-pressed')).toBe('true')
    expect(v.all('.observations tr')).toHaveLength(1)
    expect(v.doc.querySelector('[data-testid=prior-change]')!.textContent).toContain('object_counting × perceive:objects: n 19, n_valid 14, r̂ 0.714')
  })
})

describe('prior heatmap colours', () => {
  it('goes from red at r̂ 0 to green at r̂ 1', () => {
    expect(rHatColour(0)).toBe('hsl(0 55% 42%)')
    expect(rHatColour(0.5)).toBe('hsl(60 55% 42%)')
    expect(rHatColour(1)).toBe('hsl(120 55% 42%)')
  })
})

describe('call purpose', () => {
  it('says what the question was understood as, not which planner skill planned the call', async () => {
    const { purposeText } = await import('../../../renderer/src/desk/timeline')
    expect(purposeText('skill compiled-spec: mean of NDVI over the 23 dates')).toBe('Understood as: mean of NDVI over the 23 dates')
    expect(purposeText('skill perception: share of the scene covered by water')).toBe('Understood as: share of the scene covered by water')
    expect(purposeText('check the mask again')).toBe('check the mask again')
  })
})

describe('a refusal in the window', () => {
  it('says its reason once, in words for the window', async () => {
    const { windowText } = await import('../../../renderer/src/model/format')
    const reason = 'The question could not be read completely, so nothing was computed: "modal" (a statistic the reader could not place).'
    const advice = `${reason} Rephrase these parts with the statistics, regions, periods and units described in the agent README.`
    expect(windowText(advice)).not.toMatch(/README/)
    expect(windowText(advice)).toContain("such as 'mean'")
    const run = buildRun(
      events([
        ...steps.slice(0, 1),
        {
          seq: 1,
          kind: 'answer',
          payload: {
            answer: 'Not determined',
            explanation: `No verified observation supports an answer: ${reason}`,
            choice: null,
            value: null,
            unit: null,
            basis: [],
            missing: [reason],
          },
        },
      ]),
    )
    const entry: RunEntry = { id: 'run-y', view: run, seen: new Set(), progress: null, layers: [], marks: new Map(), lastCells: [], metrics: null }
    const v = parse(renderToStaticMarkup(<AnswerPanel entry={entry} onEvidence={() => undefined} onMark={() => undefined} onAskAgain={() => undefined} />))
    expect(v.doc.querySelector('.explanation')!.textContent).toContain('"modal"')
    expect(v.all('[data-testid=gaps]')).toHaveLength(0)
  })
})
