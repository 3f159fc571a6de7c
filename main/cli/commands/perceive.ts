/**
 * `rsure perceive --mode M --image P [--image P2] [--target ID=PROMPT[,PROMPT]]... [--label L]... [--landmark A
 * --landmark B] [--view full|tiles] [--gsd M] [--strict] [--backend B] [--threshold CLASS=VALUE|otsu]... [--objective
 * TEXT] [--json]`: run perceive once and print its ToolResult. Exit codes: 0 ok, 3 insufficient, 2 bad arguments,
 * 1 any other failure.
 */
import path from 'node:path'
import { perceptionBackends } from '../../agent/perception-backends'
import { openServices } from '../../services'
import { perceiveWithLayers } from '../../tools/perceive/index'
import { CliError, parseCommandArgs, progressPrinter, type Command } from '../io'
import { finishPerceptionCommand } from '../perception-exit'

function pairs(list: string[] | undefined, flag: string): [string, string][] {
  return (list ?? []).map((x) => {
    const at = x.indexOf('=')
    if (at <= 0) throw new CliError(`--${flag} takes NAME=VALUE, e.g. --${flag} water=water,river; got '${x}'.`, 2)
    return [x.slice(0, at).trim(), x.slice(at + 1).trim()]
  })
}

const command: Command = {
  name: 'perceive',
  summary: 'Run the perceive tool once (regions, change, objects, scene, document, evidence, measurement) and print its ToolResult.',
  usage:
    'rsure perceive --mode M --image P [--image P2] [--target ID=PROMPT,...] [--label L]... [--landmark A --landmark B] [--view full|tiles] [--gsd M] [--strict] [--backend auto|classical|vlm|PACK] [--threshold CLASS=VALUE|otsu] [--json]',
  async run(argv, io) {
    const { values } = parseCommandArgs(
      'perceive',
      argv,
      {
        mode: { type: 'string' },
        image: { type: 'string', multiple: true },
        target: { type: 'string', multiple: true },
        label: { type: 'string', multiple: true },
        landmark: { type: 'string', multiple: true },
        view: { type: 'string', default: 'full' },
        gsd: { type: 'string' },
        strict: { type: 'boolean', default: false },
        backend: { type: 'string', default: 'auto' },
        threshold: { type: 'string', multiple: true },
        objective: { type: 'string', default: '' },
        json: { type: 'boolean', default: false },
      },
      false,
    )
    if (!values.mode || !values.image?.length) throw new CliError(`rsure perceive needs --mode and --image; usage: ${command.usage}.`, 2)
    const gsd = values.gsd !== undefined ? Number(values.gsd) : undefined
    if (gsd !== undefined && !(gsd > 0)) throw new CliError(`--gsd must be a positive number of metres per pixel; got '${values.gsd}'.`, 2)
    const thresholds = Object.fromEntries(
      pairs(values.threshold, 'threshold').map(([k, v]) => {
        const n = Number(v)
        if (v !== 'otsu' && !Number.isFinite(n)) throw new CliError(`--threshold ${k} takes a number or 'otsu'; got '${v}'.`, 2)
        return [k, v === 'otsu' ? 'otsu' : n]
      }),
    )
    const args = {
      mode: values.mode,
      image_paths: values.image.map((p) => path.resolve(p)),
      objective: values.objective,
      ...(values.target?.length
        ? {
            target_groups: Object.fromEntries(
              pairs(values.target, 'target').map(([k, v]) => [
                k,
                v
                  .split(',')
                  .map((s) => s.trim())
                  .filter(Boolean),
              ]),
            ),
          }
        : {}),
      ...(values.label?.length ? { label_space: values.label } : {}),
      ...(values.landmark?.length ? { landmarks: values.landmark } : {}),
      view: values.view,
      ...(gsd !== undefined ? { gsd } : {}),
      quality_policy: values.strict ? 'strict' : 'default',
      backend: values.backend,
      ...(Object.keys(thresholds).length ? { thresholds } : {}),
    }
    const services = openServices()
    let result
    try {
      result = (
        await perceiveWithLayers(
          args,
          { artifacts: services.artifacts, signal: io.signal, onProgress: values.json ? undefined : progressPrinter(io) },
          perceptionBackends(),
        )
      ).result
    } finally {
      services.close()
    }
    return finishPerceptionCommand(io, result, values.json)
  },
}

export default command
