/**
 * A suite task as the agent's task: options from the task's `options` (a list or a lettered text) or split from a
 * CHOICE-style question whose lines after the stem are lettered options; image and file paths resolved against the
 * suite folder.
 */
import path from 'node:path'
import { makeTask, parseOptions, type AnswerOption, type TaskSpec } from '../agent/task'
import { letterAt, startsWithOption } from '../domain/options'
import type { SuiteTask } from '../prior/calibration'

export function evalTaskSpec(task: Pick<SuiteTask, 'question' | 'options' | 'images' | 'files'>, suiteDir: string): TaskSpec {
  let question = task.question
  let options: AnswerOption[] = []
  if (Array.isArray(task.options)) options = task.options.map((text, i) => ({ letter: letterAt(i), text: String(text) }))
  else if (typeof task.options === 'string' && task.options.trim()) options = parseOptions(task.options)
  else {
    const lines = task.question.split(/\r?\n/)
    const first = lines.findIndex((l, i) => i > 0 && startsWithOption(l))
    if (first > 0) {
      question = lines.slice(0, first).join('\n')
      options = parseOptions(lines.slice(first).join('\n'))
    }
  }
  const resolve = (p: string) => path.resolve(suiteDir, p)
  return makeTask({ question, options, images: (task.images ?? []).map(resolve), files: (task.files ?? []).map(resolve) })
}
