/**
 * `rsure exec --dag FILE [--json]`: run an execute DAG (main/tools/execute/README.md) and print its ToolResult.
 * `--json` prints the ToolResult as one JSON document; without it a short human summary. Relative paths in the
 * DAG resolve against its `base_dir`, else the working directory. Exit codes: 0 ok, 3 insufficient (no value, with
 * the reason), 2 a DAG that does not compile (one sentence naming the node), 1 any other failure.
 */
import path from 'node:path'
import { readRegularFile } from '../../engines/raster/regular-file'
import { openServices } from '../../services'
import { executeDag } from '../../tools/execute'
import type { ToolResult } from '../../tools/protocol'
import { CliError, parseCommandArgs, printJson, progressPrinter, type Command } from '../io'
import { asRecord, isRecord } from '../../domain/json'

function fmtValue(v: unknown): string {
  if (typeof v === 'number') return Number.isInteger(v) ? String(v) : String(Number(v.toPrecision(8)))
  if (Array.isArray(v)) return `[${v.length} items]`
  if (v && typeof v === 'object') return JSON.stringify(v)
  return String(v)
}

export function formatResult(r: ToolResult): string {
  const lines = [`Status:  ${r.status}${r.reason ? ` - ${r.reason}` : ''}`, `Config:  ${r.config.fine}`]
  const obs = r.observation
  if (isRecord(obs)) {
    if (Array.isArray(obs.points)) {
      lines.push(`Series (${obs.unit ?? 'no unit'}):`)
      for (const p of obs.points as { date: string; value: number; valid: number }[]) lines.push(`  ${p.date}  ${fmtValue(p.value)}  (${p.valid} valid)`)
    } else if (Array.isArray(obs.items)) {
      lines.push(`Collection (${obs.unit ?? 'no unit'}):`)
      for (const it of obs.items.map(asRecord))
        lines.push(`  ${it.date ?? it.id}  ${it.status === 'ok' ? `mean ${fmtValue(it.mean)} (${it.count} valid)` : `no value: ${it.reason}`}`)
    } else {
      for (const [k, v] of Object.entries(obs)) if (v !== undefined) lines.push(`${`${k}:`.padEnd(9)}${fmtValue(v)}`)
    }
  }
  const validity = r.evidence.validity as {
    failed_nodes?: { node: string; reason: string }[]
    temporal_coverage?: Record<string, { count: number; first: string | null; last: string | null; largest_gap_days: number | null }>
  }
  for (const [id, c] of Object.entries(validity.temporal_coverage ?? {})) {
    lines.push(`Coverage ${id}: ${c.count} date(s) ${c.first ?? ''}..${c.last ?? ''}, largest gap ${c.largest_gap_days ?? '-'} days`)
  }
  for (const f of validity.failed_nodes ?? []) lines.push(`Failed:  ${f.node}: ${f.reason}`)
  for (const a of r.artifacts) lines.push(`Saved:   ${a.kind} ${a.path}`)
  return `${lines.join('\n')}\n`
}

const command: Command = {
  name: 'exec',
  summary: 'Run an execute DAG (typed raster operations over GeoTIFFs) and print its ToolResult with evidence.',
  usage: 'rsure exec --dag FILE [--json]   (exit 0 ok, 3 insufficient, 2 invalid DAG, 1 failure)',
  async run(argv, io) {
    const { values, positionals } = parseCommandArgs('exec', argv, { dag: { type: 'string' }, json: { type: 'boolean', default: false } }, false)
    void positionals
    if (!values.dag) throw new CliError(`rsure exec needs --dag FILE (a JSON DAG); usage: ${command.usage}.`, 2)
    const file = path.resolve(values.dag)
    let raw: unknown
    let text: string
    try {
      // Never follows the path into a FIFO or device (it would block or never end); at most 64 MiB of JSON.
      text = readRegularFile(file, 64 * 1024 * 1024, 'a JSON DAG').toString('utf8')
    } catch (err) {
      throw new CliError(`The DAG file could not be read: ${(err as Error).message}`, 2)
    }
    try {
      raw = JSON.parse(text)
    } catch (err) {
      throw new CliError(`The DAG file ${file} is not valid JSON: ${(err as Error).message.replace(/\.$/, '')}.`, 2)
    }
    const services = openServices()
    let result: ToolResult
    try {
      result = await executeDag(raw, {
        artifacts: services.artifacts,
        signal: io.signal,
        onProgress: values.json ? undefined : progressPrinter(io),
      })
    } finally {
      services.close()
    }
    if (values.json) printJson(io, result)
    else io.stdout(formatResult(result))
    if (result.status === 'error' && result.reason === 'cancelled' && io.signal.aborted) {
      io.stderr('The run was interrupted before it finished; nothing was computed.\n')
      return 130
    }
    if (result.status === 'error') {
      // A DAG that did not compile has no operator evidence at all.
      const compileError = Object.keys(result.evidence.source).length === 0
      io.stderr(`${result.reason}\n`)
      return compileError ? 2 : 1
    }
    return result.status === 'insufficient' ? 3 : 0
  },
}

export default command
