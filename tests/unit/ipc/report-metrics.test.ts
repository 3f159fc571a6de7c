/** The report's cost line says a run's metrics in words (it printed their JSON: {"tool_calls":1,...}). [own] */
import { describe, expect, it } from 'vitest'
import { metricsText } from '../../../main/ipc/report/report-html'

describe('metricsText', () => {
  it('says the calls, tokens when any, and seconds to 3 digits', () => {
    expect(metricsText({ tool_calls: 1, llm_calls: 0, tokens: 0, seconds: 4.967 })).toBe('1 tool call, 0 model calls, 4.97 s')
    expect(metricsText({ tool_calls: 3, llm_calls: 2, tokens: 1200, seconds: 61.25 })).toBe('3 tool calls, 2 model calls, 1200 tokens, 61.3 s')
  })
  it('says a dash for no metrics', () => {
    expect(metricsText(null)).toBe('—')
  })
})
