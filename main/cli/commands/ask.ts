/**
 * `rsure ask [--image P]... [--files DIR] [--options TEXT] [--backbone rules|openai:URL#MODEL|llama:GGUF]
 * [--no-verify] [--no-prior] [--force-choice] [--json] QUESTION`: answer a question with the verified agent (DESIGN
 * sections 5, 7). `--force-choice` adds a guess when no option is supported, labelled `grounded: false`.
 *
 * `--json` prints `{answer, task_type, verified, trajectory, metrics}` (plus the run id, the explanation and the
 * switches); the run and its full trajectory are stored in SQLite either way.
 */
import fs from 'node:fs'
import path from 'node:path'
import { z } from 'zod'
import { parseBackbone } from '../../agent/llm/backbone-spec'
import { makeTask, parseOptions } from '../../agent/task'
import { openServices, type AskEvent } from '../../services'
import { CliError, parseCommandArgs, printJson, progressPrinter, validate, type Command } from '../io'

const existingFile = (what: string) =>
  z.string().refine((p) => fs.existsSync(p) && fs.statSync(p).isFile(), { message: `${what} does not exist or is not a file` })

const AskArgs = z.object({
  question: z.string().trim().min(3, 'the QUESTION is missing'),
  images: z.array(existingFile('the image')),
  files: z
    .string()
    .refine((p) => fs.existsSync(p) && fs.statSync(p).isDirectory(), { message: 'the --files folder does not exist or is not a folder' })
    .optional(),
  options: z.string().optional(),
  backbone: z.string().default('rules'),
})

const command: Command = {
  name: 'ask',
  summary: 'Answer a question about images or raster files with the verified agent (default backbone: rules, no model needed).',
  usage:
    'rsure ask [--image P]... [--files DIR] [--options TEXT] [--backbone rules|openai:URL#MODEL|llama:GGUF] [--no-verify] [--no-prior] [--force-choice] [--json] QUESTION',
  async run(argv, io) {
    const { values, positionals } = parseCommandArgs('ask', argv, {
      image: { type: 'string', multiple: true },
      files: { type: 'string' },
      options: { type: 'string' },
      backbone: { type: 'string' },
      'no-verify': { type: 'boolean', default: false },
      'no-prior': { type: 'boolean', default: false },
      'force-choice': { type: 'boolean', default: false },
      json: { type: 'boolean', default: false },
    })
    const args = validate(
      AskArgs,
      { question: positionals.join(' '), images: values.image ?? [], files: values.files, options: values.options, backbone: values.backbone ?? 'rules' },
      'The ask command',
    )
    let options
    try {
      // A shell often passes "\n" literally; accept it as a line break between options.
      options = args.options ? parseOptions(args.options.replace(/\\n/g, '\n')) : []
    } catch (err) {
      throw new CliError((err as Error).message, 2)
    }
    let spec
    try {
      spec = parseBackbone(args.backbone)
    } catch (err) {
      throw new CliError((err as Error).message, 2)
    }
    const task = makeTask({
      question: args.question,
      options,
      images: args.images.map((p) => path.resolve(p)),
      files: args.files ? [path.resolve(args.files)] : [],
    })

    const services = openServices()
    const switches = { verify: !values['no-verify'], prior: !values['no-prior'], forceChoice: values['force-choice'] }
    const progress = values.json ? undefined : progressPrinter(io)
    const onEvent = progress && ((e: AskEvent) => void (e.type === 'progress' && progress(e.progress)))
    try {
      const result = await services.ask(task, { ...switches, backbone: spec }, io.signal, onEvent)
      if (values.json) {
        printJson(io, {
          answer: result.answer.answer,
          task_type: result.taskType,
          verified: result.verified,
          trajectory: result.trajectory,
          metrics: result.metrics,
          run_id: result.runId,
          explanation: result.answer.explanation,
          choice: result.answer.choice,
          grounded: result.answer.grounded,
          guess: result.answer.guess,
          missing: result.answer.missing,
          settings: { backbone: args.backbone.trim(), ...switches },
        })
      } else {
        io.stdout(`${result.answer.answer}\n${result.answer.explanation}\n`)
        const g = result.answer.guess
        if (g) io.stdout(`Guess (grounded: false, not verified): ${g.choice}: ${g.reason}\n`)
        const n = result.verified.filter((e) => e.kind === 'observation').length
        io.stdout(
          `(${result.taskType}; ${n} verified observation(s); ${result.metrics.tool_calls} tool call(s), ${result.metrics.llm_calls} LLM call(s), ${result.metrics.seconds} s; run ${result.runId})\n`,
        )
      }
      return 0
    } catch (err) {
      if (io.signal.aborted) throw new CliError('The question was interrupted; the run is stored as cancelled with its trajectory so far.', 130)
      throw err
    } finally {
      services.close()
    }
  },
}

export default command
