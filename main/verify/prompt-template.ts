/**
 * Prompt templates live as text files under resources/prompts (so they can be read and reviewed as prose); this
 * loads one and fills its `{{name}}` slots. A slot without a value is an error, never silently left in the prompt.
 */
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const PROMPT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'resources', 'prompts')
const cache = new Map<string, string>()

export function loadPrompt(name: string): string {
  let text = cache.get(name)
  if (text === undefined) {
    const file = path.join(PROMPT_DIR, `${name}.md`)
    try {
      text = fs.readFileSync(file, 'utf8').trim()
    } catch {
      throw new Error(`The prompt template ${file} is missing: reinstall RSure Desktop or restore resources/prompts.`)
    }
    cache.set(name, text)
  }
  return text
}

export function fillPrompt(name: string, values: Record<string, string>): string {
  return loadPrompt(name).replace(/\{\{(\w+)\}\}/g, (_m, key: string) => {
    const v = values[key]
    if (v === undefined) throw new Error(`The prompt template '${name}' needs a value for {{${key}}}.`)
    return v
  })
}
