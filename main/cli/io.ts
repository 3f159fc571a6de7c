/**
 * Shared plumbing of the `rsure` commands: output streams (injectable for tests), the one-sentence error, and
 * argument parsing on node:util's parseArgs with errors rewritten as one clear sentence.
 */
import { parseArgs, type ParseArgsConfig } from 'node:util'
import type { z } from 'zod'

export interface CliIo {
  stdout: (text: string) => void
  stderr: (text: string) => void
  /** Aborted on SIGINT/SIGTERM; long commands pass it down. */
  signal: AbortSignal
}

/** A failure the user can act on: printed as one sentence on stderr, exit code `code`. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly code = 1,
  ) {
    super(message)
    this.name = 'CliError'
  }
}

export interface Command {
  name: string
  summary: string
  usage: string
  run(argv: string[], io: CliIo): Promise<number>
}

export function parseCommandArgs<T extends NonNullable<ParseArgsConfig['options']>>(command: string, argv: string[], options: T, allowPositionals = true) {
  try {
    return parseArgs({ args: argv, options, allowPositionals, strict: true })
  } catch (err) {
    const msg = (err as Error).message.replace(/\.?\s*$/, '')
    throw new CliError(`${msg} (rsure ${command}); run 'rsure help ${command}' for its options.`, 2)
  }
}

/** Parse a value with a zod schema and turn the first issue into one sentence naming `what`. */
export function validate<S extends z.ZodTypeAny>(schema: S, value: unknown, what: string): z.infer<S> {
  const parsed = schema.safeParse(value)
  if (parsed.success) return parsed.data
  const issue = parsed.error.issues[0]
  const where = issue.path.length ? ` at ${issue.path.join('.')}` : ''
  throw new CliError(`${what} is not valid${where}: ${issue.message}.`, 2)
}

/** One JSON document on stdout, as `--json` promises. */
export function printJson(io: CliIo, value: unknown): void {
  io.stdout(`${JSON.stringify(value, null, 2)}\n`)
}

/**
 * A progress callback for long tool work that writes `done/total stage` lines to stderr, at most four a second
 * (and always the last one), so stdout stays clean for the answer or the JSON document.
 */
export function progressPrinter(io: CliIo): (p: { stage: string; done: number; total: number }) => void {
  let last = 0
  return (p) => {
    const now = Date.now()
    if (now - last > 250 || p.done === p.total) io.stderr(`  ${p.done}/${p.total} ${p.stage}\n`)
    last = now
  }
}
