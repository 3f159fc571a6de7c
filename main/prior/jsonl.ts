/**
 * Reading a JSON-lines task file (a suite's tasks.jsonl, a peer benchmark's file) with a zod schema. Errors are one
 * sentence naming the line, in the caller's words (`where(n)` says what line n is, e.g. "Task on line 3 of x").
 */
import fs from 'node:fs'
import type { z } from 'zod'

export function readJsonl<S extends z.ZodTypeAny>(file: string, schema: S, where: (line: number) => string): z.infer<S>[] {
  const out: z.infer<S>[] = []
  fs.readFileSync(file, 'utf8')
    .split(/\r?\n/)
    .forEach((line, i) => {
      if (!line.trim()) return
      let raw: unknown
      try {
        raw = JSON.parse(line)
      } catch {
        throw new Error(`${where(i + 1)} is not JSON; each line must be one task object.`)
      }
      const parsed = schema.safeParse(raw)
      if (!parsed.success) {
        const issue = parsed.error.issues[0]
        throw new Error(`${where(i + 1)} is not valid at ${issue.path.join('.') || 'the top level'}: ${issue.message}.`)
      }
      out.push(parsed.data)
    })
  return out
}
