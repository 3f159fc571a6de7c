/**
 * `rsure classify [--jsonl FILE] [--options TEXT] [--backbone SPEC] [--json] [QUESTION]`: map questions to one of
 * the 21 task types that key the reliability prior (main/prior/classifier.ts). Rules first; when no rule fires, the
 * backbone is asked (`by: "model"`); the rules backbone (default) asks nobody, so such a question gets the
 * documented default type (`by: "default"`). The same classifier types questions in `rsure ask` and calibration.
 *
 * With --jsonl, FILE holds one JSON object per line with `id` and `question` (and optional `options`/`choices`);
 * stdout gets one line `{id, task_type, by}` per input line, in order. When the input lines carry a `task_type`
 * label, a one-line agreement summary goes to stderr.
 */
import fs from 'node:fs'
import { z } from 'zod'
import type { Backbone } from '../../agent/backbone'
import { createBackbone, parseBackbone } from '../../agent/llm/backbone-spec'
import { ToolRegistry } from '../../agent/tool-registry'
import { classifyTask, DEFAULT_TASK_TYPE, matchRule, type ClassifyOptions } from '../../prior/classifier'
import { TASK_TYPE_INFO } from '../../prior/task-types'
import { CliError, parseCommandArgs, printJson, validate, type CliIo, type Command } from '../io'

const InputLine = z
  .object({
    id: z.union([z.string(), z.number()]).transform(String),
    question: z.string().min(1, 'the question is empty'),
    options: z
      .union([z.string(), z.array(z.string())])
      .nullable()
      .optional(),
    choices: z.array(z.string()).nullable().optional(),
    task_type: z.string().optional(),
  })
  .loose()

type Fallback = ClassifyOptions['fallback']

async function classifyFile(file: string, io: CliIo, fallback: Fallback): Promise<number> {
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
    const result = await classifyTask(row.question, { options: row.options ?? row.choices ?? null, fallback })
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

/** One question: its type, how it was decided, the rule that fired and the definition. */
async function classifyOne(question: string, options: string | null, json: boolean, io: CliIo, fallback: Fallback): Promise<number> {
  const result = await classifyTask(question, { options, fallback })
  const rule = result.by === 'rule' ? matchRule(question, options) : null
  const info = TASK_TYPE_INFO[result.taskType]
  if (json) {
    printJson(io, {
      task_type: result.taskType,
      by: result.by,
      rule: rule?.id ?? null,
      category: info.category,
      definition: info.definition,
      answer_form: info.answerForm,
    })
  } else {
    const why = rule ? `rule ${rule.id}: ${rule.why}` : result.by === 'model' ? 'no rule fired; the backbone decided' : 'no rule fired; the default type'
    io.stdout(`${result.taskType} (${info.category})\n  by ${result.by}: ${why}\n  ${info.definition}\n`)
  }
  return 0
}

const command: Command = {
  name: 'classify',
  summary: `Map questions to one of the 21 CHOICE task types that key the reliability prior (keyword rules; default '${DEFAULT_TASK_TYPE}' when none fires).`,
  usage: 'rsure classify [--jsonl FILE] [--options TEXT] [--backbone rules|openai:URL#MODEL|llama:GGUF] [--json] [QUESTION]',
  async run(argv, io) {
    const { values, positionals } = parseCommandArgs('classify', argv, {
      jsonl: { type: 'string' },
      options: { type: 'string' },
      backbone: { type: 'string', default: 'rules' },
      json: { type: 'boolean', default: false },
    })
    const question = positionals.join(' ').trim()
    if (values.jsonl && question) throw new CliError('Give either --jsonl FILE or a QUESTION, not both.', 2)
    if (!values.jsonl && !question) throw new CliError(`rsure classify needs a QUESTION or --jsonl FILE; usage: ${command.usage}.`, 2)
    let backbone: Backbone
    try {
      backbone = createBackbone(parseBackbone(values.backbone), new ToolRegistry(), { apiKey: process.env.RSURE_OPENAI_API_KEY })
    } catch (err) {
      throw new CliError((err as Error).message, 2)
    }
    const fallback: Fallback = backbone.classifyFallback ? (q) => backbone.classifyFallback!(q, io.signal) : undefined
    try {
      if (values.jsonl) return await classifyFile(values.jsonl, io, fallback)
      return await classifyOne(question, values.options ?? null, values.json, io, fallback)
    } finally {
      await backbone.close()
    }
  },
}

export default command
