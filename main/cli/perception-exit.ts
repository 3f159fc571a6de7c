/**
 * How `rsure perceive` and `rsure measure` end: the ToolResult on stdout (JSON or text), the reason on stderr when
 * it is not ok, and the exit code 0 (ok), 1 (error), 2 (invalid arguments) or 3 (insufficient).
 */
import type { ToolResult } from '../tools/protocol'
import { formatResult } from './commands/exec'
import { printJson, type CliIo } from './io'

export function finishPerceptionCommand(io: CliIo, result: ToolResult, json: boolean | undefined): number {
  if (json) printJson(io, result)
  else io.stdout(formatResult(result))
  if (result.status === 'error') {
    io.stderr(`${result.reason}\n`)
    return /arguments are invalid/.test(result.reason ?? '') ? 2 : 1
  }
  if (result.status === 'insufficient') io.stderr(`${result.reason}\n`)
  return result.status === 'insufficient' ? 3 : 0
}
