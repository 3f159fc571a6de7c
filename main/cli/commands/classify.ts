/**
 * `rsure classify [--jsonl FILE] [--options TEXT] [--json] [QUESTION]`: map questions to one of the 21 task types
 * that key the reliability prior (main/prior/classifier.ts). Rules first; with no backbone configured here, a
 * question no rule matches gets the documented default type (`by: "default"`).
 *
 * With --jsonl, FILE holds one JSON object per line with `id` and `question` (and optional `options`/`choices`);
 * stdout gets one line `{id, task_type, by}` per input line, in order. When the input lines carry a `task_type`
 * label, a one-line agreement summary goes to stderr.
 */
import fs from 'node:fs'
import { z } from 'zod'
import { classifyTask, DEFAULT_TASK_TYPE, matchRule } from '../../prior/classifier'
import { TASK_TYPE_INFO } from '../../prior/task-types'
import { CliError, parseCommandArgs, printJson, validate, type CliIo, type Command } from '../io'

const InputLine = z
  .object({
    id: z.union([z.string(), z.number()]).transform(String),
    question: z.string().min(1, 'the question is empty'),
    options: z.union([z.string(), z.array(z.string())]).nullable().optional(),
    choices: z.array(z.string()).nullable().optional(),
    task_type: z.string().optional(),
  })
  .loose()

async function classifyFile(file: string, io: CliIo): Promise<number> {
  let text: string
  try {
    text = fs.readFileSync(file, 'utf8')
  } catch (err) {
    throw new CliError(`Cannot read ${file}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}; check the path.`, 2)
  }
  let labelled = 0
  let agreed = 0
  const lines = text.split(/\r?\n/)
  for (let i = 0; i < lines.length; i++) {
    if (io.signal.aborted) throw new CliError('Classification was interrupted.', 130)
    const line = lines[i]
    if (!line.trim()) continue
    let raw: unknown
    try {
      raw = JSON.parse(line)
    } catch {
      throw new CliError(`Line ${i + 1} of ${file} is not JSON; each line must be an object with id and question.`, 2)
    }
    const row = validate(InputLine, raw, `Line ${i + 1} of ${file}`)
    const result = await classifyTask(row.question, { options: row.options ?? row.choices ?? null })
    io.stdout(`${JSON.stringify({ id: row.id, task_type: result.taskType, by: result.by })}\n`)
    if (row.task_type) {
      labelled++
      if (row.task_type === result.taskType) agreed++
    }
  }
  if (labelled > 0) {
    io.stderr(`${agreed}/${labelled} labelled questions typed as labelled (${((100 * agreed) / labelled).toFixed(1)}%).\n`)
  }
  return 0
}

const command: Command = {
  name: 'classify',
  summary: `Map questions to one of the 21 CHOICE task types that key the reliability prior (keyword rules; default '${DEFAULT_TASK_TYPE}' when none fires).`,
  usage: 'rsure classify [--jsonl FILE] [--options TEXT] [--json] [QUESTION]',
  async run(argv, io) {
    const { values, positionals } = parseCommandArgs('classify', argv, {
      jsonl: { type: 'string' },
      options: { type: 'string' },
      json: { type: 'boolean', default: false },
    })
    if (values.jsonl) {
      if (positionals.length > 0) throw new CliError('Give either --jsonl FILE or a QUESTION, not both.', 2)
      return classifyFile(values.jsonl, io)
    }
    const question = positionals.join(' ').trim()
    if (!question) throw new CliError(`rsure classify needs a QUESTION or --jsonl FILE; usage: ${command.usage}.`, 2)
    const result = await classifyTask(question, { options: values.options ?? null })
    const rule = matchRule(question, values.options ?? null)
    const info = TASK_TYPE_INFO[result.taskType]
    if (values.json) {
      printJson(io, {
        task_type: result.taskType,
        by: result.by,
        rule: rule?.id ?? null,
        category: info.category,
        definition: info.definition,
        answer_form: info.answerForm,
      })
    } else {
      const why = rule ? `rule ${rule.id}: ${rule.why}` : 'no rule fired; the default type'
      io.stdout(`${result.taskType} (${info.category})\n  by ${result.by}: ${why}\n  ${info.definition}\n`)
    }
    return 0
  },
}

export default command
