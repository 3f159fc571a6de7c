// @vitest-environment happy-dom
/**
 * The answer as the window holds it is the answer the run recorded (main/domain/run-events.ts), whole: a field the
 * agent writes, such as `grounded` (false when verification was off and the answer rests on unverified calls), is
 * not dropped by a second copy of the shape in the renderer. The panel says so when an answer rests on calls that
 * were not verified.
 */
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { AnswerPanel } from '../../../renderer/src/desk/answer-panel'
import type { RunEntry } from '../../../renderer/src/desk/use-runs'
import { buildRun } from '../../../renderer/src/model/run-model'
import { callSteps, events, taskStep } from './synthetic-runs'

function runWith(answer: Record<string, unknown>) {
  return buildRun(
    events([
      taskStep('How many ships?'),
      ...callSteps(1, 1, 'perceive', { mode: 'objects', image_paths: ['/imgs/a.png'] }, { observation: { count: 4 } }),
      {
        seq: 6,
        kind: 'answer',
        payload: { answer: '4 ships', explanation: 'Four ships.', choice: null, value: 4, unit: 'count', basis: [1], missing: [], ...answer },
      },
    ]),
  )
}

function panel(answer: Record<string, unknown>) {
  const entry: RunEntry = { id: 'run-a', view: runWith(answer), seen: new Set(), progress: null, layers: [], marks: new Map(), lastCells: [], metrics: null }
  const html = renderToStaticMarkup(<AnswerPanel entry={entry} onEvidence={() => undefined} onMark={() => undefined} onAskAgain={() => undefined} />)
  return new DOMParser().parseFromString(html, 'text/html')
}

describe('the answer the window holds', () => {
  it('is the recorded answer whole, grounded included (true when the record leaves it out)', () => {
    expect(runWith({ grounded: false }).answer?.grounded).toBe(false)
    expect(runWith({}).answer?.grounded).toBe(true)
  })
  it('is said to rest on unverified calls when it is not grounded, and nothing is said when it is', () => {
    expect(panel({ grounded: false }).querySelector('[data-testid=ungrounded]')?.textContent).toMatch(/not verified/)
    expect(panel({ grounded: true }).querySelector('[data-testid=ungrounded]')).toBeNull()
  })
  it('marks an answer that rests on no observation (not determined) apart from a computed one', () => {
    const cls = (answer: Record<string, unknown>) => panel(answer).querySelector('[data-testid=answer]')!.className
    expect(cls({ answer: 'Not determined', basis: [], grounded: false })).toContain('undetermined')
    expect(cls({})).not.toContain('undetermined')
  })
})
