/** Reading a peer benchmark's JSON-lines file with a zod schema; errors name the file's line in one sentence. */
import fs from 'node:fs'
import path from 'node:path'
import type { z } from 'zod'

export function readJsonl<S extends z.ZodTypeAny>(file: string, schema: S, what: string): z.infer<S>[] {
  if (!fs.existsSync(file)) throw new Error(`The ${what} file ${path.basename(file)} does not exist.`)
  const out: z.infer<S>[] = []
  fs.readFileSync(file, 'utf8')
    .split(/\r?\n/)
    .forEach((line, i) => {
      if (!line.trim()) return
      let raw: unknown
      try {
        raw = JSON.parse(line)
      } catch {
        throw new Error(`Line ${i + 1} of the ${what} file ${path.basename(file)} is not JSON.`)
      }
      const parsed = schema.safeParse(raw)
      if (!parsed.success) {
        const issue = parsed.error.issues[0]
        throw new Error(`Line ${i + 1} of the ${what} file ${path.basename(file)} is not valid at ${issue.path.join('.') || 'the top level'}: ${issue.message}.`)
      }
      out.push(parsed.data)
    })
  if (out.length === 0) throw new Error(`The ${what} file ${path.basename(file)} lists no tasks.`)
  return out
}
