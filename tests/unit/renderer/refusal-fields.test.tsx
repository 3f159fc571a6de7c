// @vitest-environment happy-dom
/** The answer panel of a refused run: what was read as text, one field per part not read, none on an answered run. */
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { AnswerPanel } from '../../../renderer/src/desk/answer-panel'
import type { RunEntry } from '../../../renderer/src/desk/use-runs'
import { buildRun } from '../../../renderer/src/model/run-model'
import { events, taskStep } from './synthetic-runs'

function panel(unread: string[], basis: number[], read = [{ text: 'NDVI', role: 'subject' }]) {
  const run = buildRun(
    events([
      taskStep('What is the NDVI?'),
      { seq: 1, kind: 'plan', payload: { turn: 1, kind: 'finish', thought: 'refused', unread, read } },
      { seq: 2, kind: 'answer', payload: { answer: 'Not determined', explanation: 'refused', choice: null, value: null, unit: null, basis, missing: [] } },
    ]),
  )
  const entry: RunEntry = { id: 'run-x', view: run, seen: new Set(), progress: null, layers: [], marks: new Map(), lastCells: [], metrics: null }
  const html = renderToStaticMarkup(<AnswerPanel entry={entry} onEvidence={() => undefined} onMark={() => undefined} onAskAgain={() => undefined} />)
  return new DOMParser().parseFromString(html, 'text/html')
}

describe('the refusal fields in the answer panel', () => {
  it('say the phrases read and offer a select for the statistic and a text field for the period, each with a label', () => {
    const doc = panel(['statistic', 'period'], [])
    expect(doc.querySelector('[data-testid=understood]')!.textContent).toBe('subject: NDVI')
    expect(doc.querySelector('select#refusal-statistic')).not.toBeNull()
    expect(doc.querySelector('input#refusal-period')).not.toBeNull()
    expect(doc.querySelectorAll('label[for^=refusal-]').length).toBe(2)
    expect(doc.querySelector('[data-testid=ask-again]')!.hasAttribute('disabled')).toBe(true)
  })
  it('offer a field to restate a phrase the reader could not place, which is not said as read', () => {
    const doc = panel(
      [],
      [],
      [
        { text: 'NDVI', role: 'subject' },
        { text: 'zorbl', role: 'unplaced' },
      ],
    )
    expect(doc.querySelector('[data-testid=understood]')!.textContent).toBe('subject: NDVI')
    const field = doc.querySelector('input[data-testid=refusal-unplaced]')
    expect(field).not.toBeNull()
    expect(doc.querySelector(`label[for="${field!.id}"]`)!.textContent).toMatch(/[“"]zorbl[”"]/)
  })
  it('are absent when the refusal names no part, or when the answer rests on calls', () => {
    expect(panel([], []).querySelector('[data-testid=refusal-fields]')).toBeNull()
    expect(panel(['statistic'], [1]).querySelector('[data-testid=refusal-fields]')).toBeNull()
  })
})

describe('the timeline of a refused run', () => {
  it('does not say the refusal a second time when the answer already says it; another finish note stays', async () => {
    const { Timeline } = await import('../../../renderer/src/desk/timeline')
    const notes = (thought: string, explanation: string) => {
      const run = buildRun(
        events([
          taskStep('What is the NDVI?'),
          { seq: 1, kind: 'plan', payload: { turn: 1, kind: 'finish', thought } },
          { seq: 2, kind: 'answer', payload: { answer: 'Not determined', explanation, choice: null, value: null, unit: null, basis: [], missing: [] } },
        ]),
      )
      const html = renderToStaticMarkup(<Timeline run={run} progress={null} onEvidence={() => undefined} />)
      return [...new DOMParser().parseFromString(html, 'text/html').querySelectorAll('.plan-note')].map((n) => n.textContent)
    }
    const why = 'The question names no statistic, so nothing was computed.'
    expect(notes(why, `No verified observation supports an answer: ${why}`)).toEqual([])
    expect(notes('The workflow result was accepted.', 'The mean is 0.2.')).toEqual(['Plan, turn 1: The workflow result was accepted.'])
  })
})
