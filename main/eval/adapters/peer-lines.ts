/** A peer benchmark's JSON-lines file, read with its schema; a missing or empty file is one clear sentence. */
import fs from 'node:fs'
import path from 'node:path'
import type { z } from 'zod'
import { readJsonl } from '../../prior/jsonl'

export function peerLines<S extends z.ZodTypeAny>(file: string, schema: S, what: string): z.infer<S>[] {
  if (!fs.existsSync(file)) throw new Error(`The ${what} file ${path.basename(file)} does not exist.`)
  const lines = readJsonl(file, schema, (n) => `Line ${n} of the ${what} file ${path.basename(file)}`)
  if (lines.length === 0) throw new Error(`The ${what} file ${path.basename(file)} lists no tasks.`)
  return lines
}
