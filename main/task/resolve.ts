/**
 * With a language-model backbone, phrases the deterministic reader could not place are sent to the model, which
 * returns the whole spec again; its answer is checked against the same zod schema and against what the reader
 * already read, so the model can fill a gap but not silently rewrite the question:
 * - the answer must parse as a TaskSpec;
 * - every `used` phrase of the reader's spec is still used;
 * - every phrase that was blocking is either still listed as not understood or now appears in a `used` entry.
 * Anything else is refused and the reader's spec (with its refusal) stands. The model is a narrow interface, so the
 * agent's `Model` (chat with a JSON-schema answer) fits it without this layer importing the agent.
 */
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { z } from 'zod'
import { blockingPhrases, TaskSpec } from './spec'

/** The part of a chat model this needs: one request with a JSON-schema answer. */
export interface SpecModel {
  chat(request: {
    messages: ({ role: 'system'; content: string } | { role: 'user'; content: string })[]
    responseSchema?: { name: string; schema: Record<string, unknown> }
    temperature?: number
  }): Promise<{ text: string; json?: unknown }>
}

export type Resolution =
  { kind: 'unchanged'; spec: TaskSpec } | { kind: 'resolved'; spec: TaskSpec; placed: string[] } | { kind: 'refused'; spec: TaskSpec; why: string }

const PROMPT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'resources', 'prompts', 'task-resolve.md')

function prompt(values: Record<string, string>): string {
  let text: string
  try {
    text = fs.readFileSync(PROMPT, 'utf8').trim()
  } catch {
    throw new Error('The prompt template task-resolve.md is missing: reinstall RSure Desktop or restore resources/prompts.')
  }
  return text.replace(/\{\{(\w+)\}\}/g, (_m, key: string) => values[key] ?? '')
}

/** Check a model's spec against the reader's; null when acceptable, else why not (one sentence). */
export function checkResolution(before: TaskSpec, after: TaskSpec): string | null {
  const usedAfter = after.used.map((u) => u.text.toLowerCase())
  const lost = before.used.filter((u) => !usedAfter.some((t) => t.includes(u.text.toLowerCase())))
  if (lost.length > 0) return `the model's spec drops phrases the reader had read (${lost.map((u) => `"${u.text}"`).join(', ')})`
  const stillOpen = new Set(after.notUnderstood.filter((n) => n.blocking).map((n) => n.text.toLowerCase()))
  const vanished = blockingPhrases(before).filter((n) => !stillOpen.has(n.text.toLowerCase()) && !usedAfter.some((t) => t.includes(n.text.toLowerCase())))
  if (vanished.length > 0) return `the model's spec neither uses nor lists ${vanished.map((n) => `"${n.text}"`).join(', ')}`
  return null
}

/** Ask the model to place the blocking phrases of a spec; the result is validated before it is used. */
export async function resolveWithModel(question: string, spec: TaskSpec, model: SpecModel): Promise<Resolution> {
  const blocking = blockingPhrases(spec)
  if (blocking.length === 0) return { kind: 'unchanged', spec }
  const schema: Record<string, unknown> = { ...z.toJSONSchema(TaskSpec, { unrepresentable: 'any', io: 'input' }) }
  let reply: { text: string; json?: unknown }
  try {
    reply = await model.chat({
      messages: [
        { role: 'system', content: 'You turn remote-sensing questions into typed task specs. Answer with JSON only.' },
        {
          role: 'user',
          content: prompt({ question, phrases: blocking.map((n) => `- "${n.text}" (${n.why})`).join('\n'), spec: JSON.stringify(spec, null, 1) }),
        },
      ],
      responseSchema: { name: 'task_spec', schema },
      temperature: 0,
    })
  } catch (err) {
    return { kind: 'refused', spec, why: `the model could not be asked (${err instanceof Error ? err.message : String(err)})` }
  }
  let raw = reply.json
  if (raw === undefined) {
    try {
      raw = JSON.parse(reply.text)
    } catch {
      return { kind: 'refused', spec, why: 'the model did not answer with JSON' }
    }
  }
  const parsed = TaskSpec.safeParse(raw)
  if (!parsed.success)
    return {
      kind: 'refused',
      spec,
      why: `the model's spec does not fit the schema (${parsed.error.issues[0]?.path.join('.') || 'root'}: ${parsed.error.issues[0]?.message})`,
    }
  const problem = checkResolution(spec, parsed.data)
  if (problem) return { kind: 'refused', spec, why: problem }
  const open = new Set(parsed.data.notUnderstood.filter((n) => n.blocking).map((n) => n.text.toLowerCase()))
  return { kind: 'resolved', spec: parsed.data, placed: blocking.map((n) => n.text).filter((t) => !open.has(t.toLowerCase())) }
}
