/**
 * What the reload tests read off the desk's runs (desk-reload.test.ts and desk-reload-runs.test.ts): each run's
 * question, its answer's explanation and its calls; and the check that every call with an observation offers its
 * evidence viewer, while a run with no observation says on its card why nothing was computed.
 */
import type { Page } from 'playwright-core'
import { expect } from 'vitest'

export interface RunOnDesk {
  question: string
  explanation: string
  calls: { call: string; tool: string; status: string; evidence: boolean }[]
}

/** Per run on the desk, in order: its question, its answer's explanation and its calls. */
export function runsOnDesk(page: Page): Promise<RunOnDesk[]> {
  return page.locator('[data-testid=run]').evaluateAll((runs) =>
    runs.map((r) => ({
      question: r.querySelector('.question p')?.textContent ?? '',
      explanation: r.querySelector('.explanation')?.textContent ?? '',
      calls: [...r.querySelectorAll('[data-testid=timeline-call]')].map((c) => ({
        call: c.getAttribute('data-call') ?? '',
        tool: c.querySelector('.call-head strong')?.textContent ?? '',
        status: c.getAttribute('data-status') ?? '',
        evidence: !!c.querySelector(':scope > [data-testid=open-evidence]'),
      })),
    })),
  )
}

/** Each call that returned an observation offers its viewer; a run with none explains why nothing was computed. */
export function expectEachRunExplained(runs: RunOnDesk[]): void {
  for (const r of runs) {
    const observed = r.calls.filter((c) => c.status !== 'tool failed')
    if (observed.length)
      expect(
        observed.filter((c) => !c.evidence),
        r.question,
      ).toEqual([])
    else expect(r.explanation, r.question).toMatch(/Nothing was computed|refused|could not/)
  }
}
