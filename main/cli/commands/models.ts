/**
 * `rsure models add DIR | list | check ID|DIR | remove ID`: manage the local model packs (native-models/README.md).
 * A pack is checked before it is installed or used: manifest, sha256 of every file, and each ONNX graph's inputs and
 * outputs against its family's contract; a refusal is one sentence saying why. Packs live in `<data folder>/models`.
 * `rsure models probe BACKBONE` asks one model on an OpenAI-compatible server what it can do (tools, images, JSON
 * schema; agent/llm/capability-probe.ts), each check within --timeout seconds (default 30).
 */
import path from 'node:path'
import { parseBackbone } from '../../agent/llm/backbone-spec'
import { PROBE_CHECK_TIMEOUT_MS, probeModel, probeText } from '../../agent/llm/capability-probe'
import { addModelPack, checkModelPack, listPacks, removeModelPack, VisionError, type PackReport, type PackSummary } from '../../engines/vision/api'
import { CliError, parseCommandArgs, printJson, type Command } from '../io'

const USAGE = [
  'rsure models list [--check] [--json]',
  '       rsure models add DIR|MODEL.onnx [--replace] [--id ID] [--gsd M] [--json]   (a bare Ultralytics export gets its manifest from its metadata)',
  '       rsure models check ID|DIR [--json]',
  '       rsure models remove ID',
  '       rsure models probe BACKBONE [--timeout S] [--json]   (BACKBONE: openai:URL#MODEL or ollama:|llama-server:|vllm:|lmstudio:MODEL; checks tools, images, JSON schema)',
  '       (each also takes --data-dir DIR)',
].join('\n')

function listText(packs: PackSummary[]): string {
  if (packs.length === 0) return 'No model packs are installed. Add one with: rsure models add DIR\n'
  const lines = packs.map((p) => {
    const size = p.inputSize ? `${p.inputSize[0]}x${p.inputSize[1]}` : '?'
    const head = `${p.id.padEnd(24)} ${String(p.version).padEnd(8)} ${`${p.family ?? '?'}/${p.task ?? '?'}`.padEnd(20)} ${size.padEnd(9)} ${p.origin.padEnd(8)} ${p.status}`
    return p.problem ? `${head}\n    ${p.problem}` : head
  })
  return `${'id'.padEnd(24)} ${'version'.padEnd(8)} ${'family/task'.padEnd(20)} ${'input'.padEnd(9)} ${'origin'.padEnd(8)} status\n${lines.join('\n')}\n`
}

function reportText(r: PackReport, verb: string): string {
  const io = Object.entries(r.io)
    .map(
      ([role, g]) =>
        `  ${role}: ${g.inputs.map((t) => `${t.name} [${t.shape.map((d) => (typeof d === 'number' ? d : '?')).join(', ')}]`).join(', ')} -> ${g.outputs.map((t) => `${t.name} [${t.shape.map((d) => (typeof d === 'number' ? d : '?')).join(', ')}]`).join(', ')}`,
    )
    .join('\n')
  const classes = r.classNames.length ? `\n  classes: ${r.classNames.join(', ')}` : ''
  return `Pack '${r.id}' ${r.version} (${r.family} ${r.task}, ${r.licence}) ${verb}: manifest valid, ${Object.keys(r.files).length} file hashes match, graphs fit the contract.\n${io}${classes}\n`
}

async function guarded<T>(fn: () => Promise<T> | T): Promise<T> {
  try {
    return await fn()
  } catch (err) {
    if (err instanceof VisionError) throw new CliError(err.message, 1)
    throw err
  }
}

const command: Command = {
  name: 'models',
  summary: 'List, add, check or remove local ONNX model packs (detectors, SAM, CLIP, OCR).',
  usage: USAGE,
  async run(argv, io) {
    const [sub, ...rest] = argv
    const { values, positionals } = parseCommandArgs('models', rest, {
      'data-dir': { type: 'string' },
      json: { type: 'boolean', default: false },
      check: { type: 'boolean', default: false },
      replace: { type: 'boolean', default: false },
      id: { type: 'string' },
      gsd: { type: 'string' },
      timeout: { type: 'string' },
    })
    const c = { dataDir: values['data-dir'] ? path.resolve(values['data-dir']) : undefined }
    const one = (what: string) => {
      if (positionals.length !== 1) throw new CliError(`rsure models ${sub} takes exactly one ${what} (got ${positionals.length}); usage: ${USAGE}.`, 2)
      return positionals[0]
    }
    switch (sub) {
      case 'list': {
        const packs = await guarded(() => listPacks({ ...c, check: values.check }))
        if (values.json) printJson(io, packs)
        else io.stdout(listText(packs))
        return 0
      }
      case 'add': {
        const gsd = values.gsd === undefined ? undefined : Number(values.gsd)
        if (gsd !== undefined && !(gsd > 0))
          throw new CliError(`--gsd takes the training ground sample distance in metres per pixel, a positive number (got '${values.gsd}').`, 2)
        const r = await guarded(() => addModelPack(path.resolve(one('pack folder or .onnx file')), { ...c, replace: values.replace, id: values.id, gsd }))
        if (values.json) printJson(io, r)
        else io.stdout(reportText(r, 'installed'))
        return 0
      }
      case 'check': {
        const r = await guarded(() => checkModelPack(one('pack id or folder'), c))
        if (values.json) printJson(io, r)
        else io.stdout(reportText(r, 'is valid'))
        return 0
      }
      case 'remove': {
        const id = one('pack id')
        await guarded(() => removeModelPack(id, c))
        io.stdout(`Removed pack '${id}'.\n`)
        return 0
      }
      case 'probe': {
        let spec
        try {
          spec = parseBackbone(one('backbone (openai:URL#MODEL or a server preset)'))
        } catch (err) {
          throw new CliError((err as Error).message, 2)
        }
        if (spec.kind !== 'openai')
          throw new CliError(
            `rsure models probe asks a model on an OpenAI-compatible server; '${positionals[0]}' names none (use openai:URL#MODEL or ollama:MODEL, llama-server:MODEL, vllm:MODEL, lmstudio:MODEL).`,
            2,
          )
        const seconds = values.timeout === undefined ? PROBE_CHECK_TIMEOUT_MS / 1000 : Number(values.timeout)
        if (!(seconds > 0)) throw new CliError(`--timeout takes the seconds each check may take, a positive number (got '${values.timeout}').`, 2)
        const probe = await probeModel(spec.baseUrl, spec.model, { apiKey: process.env.RSURE_OPENAI_API_KEY, timeoutMs: seconds * 1000, signal: io.signal })
        if (values.json) printJson(io, probe)
        else io.stdout(probeText(probe))
        // Exit 1 when the endpoint could not be asked at all (every check unknown).
        return [probe.tools, probe.images, probe.jsonSchema].every((c) => c.verdict === 'unknown') ? 1 : 0
      }
      default:
        throw new CliError(`rsure models needs a subcommand: list, add, check, remove or probe (got ${sub ? `'${sub}'` : 'none'}); usage: ${USAGE}.`, 2)
    }
  },
}

export default command
