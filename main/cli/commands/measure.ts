/**
 * `rsure measure --spec FILE [--json]`: run the measure tool once on a JSON file {sources: [...], spec: {...}} (see
 * main/tools/measure/spec.ts) and print its ToolResult. Relative paths in the file resolve against the file's
 * folder. Exit codes: 0 ok, 3 insufficient, 2 an unreadable or invalid spec, 1 any other failure.
 */
import fs from 'node:fs'
import path from 'node:path'
import { perceptionBackends } from '../../agent/perception-backends'
import { openServices } from '../../services'
import { measure } from '../../tools/measure/index'
import { CliError, parseCommandArgs, type Command } from '../io'
import { finishPerceptionCommand } from '../perception-exit'

function resolvePaths(raw: unknown, base: string): unknown {
  if (!raw || typeof raw !== 'object' || !Array.isArray((raw as { sources?: unknown }).sources)) return raw
  const r = raw as { sources: Record<string, unknown>[] }
  return {
    ...r,
    sources: r.sources.map((s) => ({
      ...s,
      ...(Array.isArray(s.image_paths) ? { image_paths: s.image_paths.map((p) => (typeof p === 'string' ? path.resolve(base, p) : p)) } : {}),
      ...(typeof s.layer === 'string' ? { layer: path.resolve(base, s.layer) } : {}),
    })),
  }
}

const command: Command = {
  name: 'measure',
  summary: 'Run the measure tool on a JSON spec (declared sources + typed metric) and print its ToolResult.',
  usage: 'rsure measure --spec FILE [--json]   (exit 0 ok, 3 insufficient, 2 invalid spec, 1 failure)',
  async run(argv, io) {
    const { values } = parseCommandArgs('measure', argv, { spec: { type: 'string' }, json: { type: 'boolean', default: false } }, false)
    if (!values.spec) throw new CliError(`rsure measure needs --spec FILE (a JSON file with sources and spec); usage: ${command.usage}.`, 2)
    const file = path.resolve(values.spec)
    let raw: unknown
    try {
      raw = JSON.parse(fs.readFileSync(file, 'utf8'))
    } catch (err) {
      const e = err as NodeJS.ErrnoException
      throw new CliError(
        e.code
          ? `The spec file ${path.basename(file)} cannot be read (${e.code}); check the path.`
          : `The spec file ${path.basename(file)} is not valid JSON: ${e.message.replace(/\.$/, '')}.`,
        2,
      )
    }
    const services = openServices()
    let result
    try {
      result = await measure(resolvePaths(raw, path.dirname(file)), { artifacts: services.artifacts, signal: io.signal }, perceptionBackends())
    } finally {
      services.close()
    }
    return finishPerceptionCommand(io, result, values.json)
  },
}

export default command
