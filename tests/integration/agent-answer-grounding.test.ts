/**
 * Answers name an option only when an accepted observation supports it (DESIGN section 5), whoever writes them:
 * a language-model writer (a real local HTTP server playing the model) that names a letter with nothing verified is
 * overruled; one that names a letter the accepted choice contradicts is corrected; `forceChoice` adds a guess
 * labelled `grounded: false`, never the answer; and `rsure ask --force-choice --json` prints the label.
 */
import { describe, expect, it } from 'vitest'
import { type AgentSwitches } from '../../main/agent/run-agent'
import { makeTask, parseOptions } from '../../main/agent/task'
import { main } from '../../main/cli/index'
import type { ToolResult } from '../../main/tools/protocol'
import { tvdiCall, useScriptedAgent, verdict } from '../helpers/scripted-agent'
import type { Script } from '../helpers/scripted-model-server'
import { shared, tempDir } from '../helpers/tmp'
import { executeOk, scriptedTool } from '../unit/agent/doubles'

const QUESTION = 'Using NDVI and LST near Urumqi in 2019, what is the annual mean TVDI?'
const OPTIONS = 'A. Annual Mean TVDI: 0.7123\nB. Annual Mean TVDI: 0.6897\nC. Annual Mean TVDI: 0.6543\nD. Annual Mean TVDI: 0.7245'
/** A call whose DAG computes the asked quantity (mean over 2019 of the daily mean TVDI), so only the scripted verdict decides. */
const call = tvdiCall()
/** A writer that always names B, whatever it was shown. */
const writesB = { json: { answer: 'B', explanation: 'B fits best.', choice: 'B' } }

const h = useScriptedAgent()

async function run(script: Script, result: () => ToolResult, switches: AgentSwitches = { verify: true, prior: false }) {
  const task = makeTask({ question: QUESTION, options: parseOptions(OPTIONS), files: ['/data'] })
  return (await h.run({ script, tools: [scriptedTool('execute', result)], task, switches })).result
}

describe('answers are grounded in accepted observations', () => {
  it('overrules a writer that names a letter when the only observation was rejected', async () => {
    const r = await run(
      { planner: [call, { text: 'Nothing more to try.' }], verifier: [verdict('reject', 'the statistic is not the one asked')], writer: [writesB] },
      () => executeOk(0.6897),
    )
    expect(r.verified).toHaveLength(0)
    // The writer was asked and did name B ...
    expect(h.server.byRole('writer')).toHaveLength(1)
    // ... but no option is named, it says what is missing, and nothing is labelled grounded.
    expect(r.answer.choice).toBeNull()
    expect(r.answer.answer).toBe('No option is supported by verified evidence')
    expect(r.answer.grounded).toBe(false)
    expect(r.answer.guess).toBeNull()
    expect(r.answer.missing.join(' ')).toContain('option B was named without a verified observation that supports it')
    expect(r.answer.missing.join(' ')).toContain('was rejected by the verifier')
    // The stored answer step is the overruled one.
    expect(r.trajectory.find((s) => s.kind === 'answer')!.payload).toMatchObject({ choice: null, grounded: false })
  })

  it('with forceChoice keeps the writer pick only as a guess labelled grounded: false', async () => {
    const r = await run(
      { planner: [call, { text: 'Nothing more to try.' }], verifier: [verdict('reject', 'wrong statistic')], writer: [writesB] },
      () => executeOk(0.6897),
      { verify: true, prior: false, forceChoice: true },
    )
    expect(r.answer.choice).toBeNull()
    expect(r.answer.grounded).toBe(false)
    expect(r.answer.guess).toEqual({ choice: 'B', grounded: false, reason: "the answer writer's pick, which no verified observation supports" })
  })

  it('corrects a writer whose letter the accepted choice contradicts, and keeps one it supports', async () => {
    const choice = (letter: string): ToolResult => {
      const r = executeOk(0.6897)
      return { ...r, observation: { choice: letter, value: 0.6897, option_value: 0.6897, distances: {} }, config: { tool: 'execute', coarse: 'execute:decision.select', fine: 'execute:decision.select|nearest' } }
    }
    const wrong = await run({ planner: [call, { text: 'done' }], verifier: [verdict('accept', 'ok')], writer: [{ json: { answer: 'A', explanation: 'A.', choice: 'A' } }] }, () => choice('B'))
    expect(wrong.answer).toMatchObject({ choice: 'B', answer: 'B', grounded: true })
    expect(wrong.answer.explanation).toContain('the answer writer named option A, which it does not support')
    const right = await run({ planner: [call, { text: 'done' }], verifier: [verdict('accept', 'ok')], writer: [writesB] }, () => choice('B'))
    expect(right.answer).toMatchObject({ choice: 'B', grounded: true, guess: null })
  })

  it('gives no number when nothing verified supports one', async () => {
    const { result: r } = await h.run({
      script: { planner: [call, { text: 'done' }], verifier: [verdict('reject', 'no')], writer: [{ json: { answer: '0.69', explanation: 'about 0.69' } }] },
      tools: [scriptedTool('execute', () => executeOk(0.6897))],
      task: makeTask({ question: 'What was the mean TVDI in 2019?', files: ['/data'] }),
      switches: { verify: true, prior: false },
    })
    expect(r.answer.value).toBeNull()
    expect(r.answer.answer).toBe('Not determined')
  })
})

describe('rsure ask --force-choice', () => {
  it('labels the guess grounded: false in the JSON and never as the answer', async () => {
    const { dir, cleanup } = tempDir('rsure-force-')
    const previous = process.env.RSURE_DATA_DIR
    process.env.RSURE_DATA_DIR = dir
    try {
      let stdout = ''
      // A variable the task-46 files do not hold: the run can verify nothing, so no option is supported.
      const code = await main(
        ['ask', '--files', shared('benchmarks', 'earthbench-q46', 'files'), '--options', 'A. 12 mm\nB. 30 mm\nC. 45 mm', '--force-choice', '--json', 'What was the total precipitation near Urumqi in July 2019?'],
        { stdout: (t) => void (stdout += t), stderr: () => undefined, signal: new AbortController().signal },
      )
      expect(code).toBe(0)
      const out = JSON.parse(stdout)
      expect(out.choice).toBeNull()
      expect(out.grounded).toBe(false)
      expect(out.guess).toMatchObject({ grounded: false })
      expect(['A', 'B', 'C']).toContain(out.guess.choice)
      expect(out.answer).not.toBe(out.guess.choice)
      expect(out.settings.forceChoice).toBe(true)
    } finally {
      if (previous === undefined) delete process.env.RSURE_DATA_DIR
      else process.env.RSURE_DATA_DIR = previous
      cleanup()
    }
  })
})
