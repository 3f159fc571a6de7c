/**
 * The retrieval card library (DESIGN section 4, paper appendix D): one markdown file per card under
 * `resources/cards/`, named `<id>.md`, with a small header between `---` lines:
 *
 *   ---
 *   id: recipe.temporal_trend
 *   title: ...
 *   kind: routing | recipe | knowledge
 *   units: ...
 *   tags: comma, separated, search, terms
 *   sources:
 *   - one reference per line
 *   ---
 *   body (markdown)
 *
 * The header is deliberately a flat key/value list (not YAML) so it is parsed here in a few lines without a YAML
 * dependency; anything else in it is an error naming the file and line.
 */
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { z } from 'zod'
import { errorCode, errorMessage } from '../../domain/errors'

export const CardKind = z.enum(['routing', 'recipe', 'knowledge'])
export type CardKind = z.infer<typeof CardKind>

/** Id prefix of each kind: `cap.` for capability routing, `recipe.`, `knowledge.`. */
export const KIND_PREFIX: Record<CardKind, string> = { routing: 'cap', recipe: 'recipe', knowledge: 'knowledge' }

export const CardSchema = z
  .object({
    id: z.string().regex(/^(cap|recipe|knowledge)\.[a-z0-9_]+$/, 'ids look like recipe.temporal_trend'),
    title: z.string().min(5, 'the title is too short'),
    kind: CardKind,
    units: z.string().min(2, 'every card states its units'),
    tags: z.array(z.string().min(1)).min(3, 'give at least three search tags'),
    sources: z.array(z.string().min(10)).min(1, 'every card names at least one source'),
    body: z.string().min(200, 'the body is too short to be useful'),
  })
  .superRefine((c, ctx) => {
    if (!c.id.startsWith(`${KIND_PREFIX[c.kind]}.`)) {
      ctx.addIssue({ code: 'custom', path: ['id'], message: `a ${c.kind} card's id starts with '${KIND_PREFIX[c.kind]}.'` })
    }
  })
export type Card = z.infer<typeof CardSchema>

export interface CardLibrary {
  dir: string
  cards: Card[]
  /** sha256 over the card files in id order: identifies the library version in evidence. */
  sha256: string
}

/** Parse one card file's text; throws one sentence naming the file and what is wrong. */
export function parseCard(text: string, file: string): Card {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/)
  if (lines[0]?.trim() !== '---') throw new Error(`Card ${file} must start with a '---' header line.`)
  const end = lines.indexOf('---', 1)
  if (end < 0) throw new Error(`Card ${file} has no closing '---' after its header.`)
  const header: Record<string, string | string[]> = {}
  let listKey: string | null = null
  for (let i = 1; i < end; i++) {
    const line = lines[i]
    if (!line.trim()) continue
    const item = /^\s*-\s+(.*)$/.exec(line)
    if (item) {
      if (!listKey) throw new Error(`Card ${file} line ${i + 1}: a list item must follow a 'key:' line.`)
      ;(header[listKey] as string[]).push(item[1].trim())
      continue
    }
    const kv = /^([a-z_]+):\s*(.*)$/.exec(line)
    if (!kv) throw new Error(`Card ${file} line ${i + 1}: expected 'key: value' or '- item'.`)
    if (kv[2] === '') {
      listKey = kv[1]
      header[listKey] = []
    } else {
      listKey = null
      header[kv[1]] = kv[2].trim()
    }
  }
  const raw = {
    ...header,
    tags:
      typeof header.tags === 'string'
        ? header.tags
            .split(',')
            .map((t) => t.trim())
            .filter(Boolean)
        : header.tags,
    body: lines
      .slice(end + 1)
      .join('\n')
      .trim(),
  }
  const parsed = CardSchema.safeParse(raw)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    throw new Error(`Card ${file} is not valid at ${issue.path.join('.') || 'the header'}: ${issue.message}.`)
  }
  const expected = `${parsed.data.id}.md`
  if (path.basename(file) !== expected) throw new Error(`Card ${file} holds id '${parsed.data.id}' and must be named ${expected}.`)
  return parsed.data
}

/**
 * `resources/cards` of the app: under RSURE_RESOURCES_DIR when set (a packaged app points it at its resources),
 * else the nearest `resources/cards` above this module, which finds the source tree from main/tools/retrieve and
 * from a bundled out/main alike.
 */
export function defaultCardsDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.RSURE_RESOURCES_DIR) return path.join(path.resolve(env.RSURE_RESOURCES_DIR), 'cards')
  const here = path.dirname(fileURLToPath(import.meta.url))
  for (let dir = here, i = 0; i < 8; i++, dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'resources', 'cards')
    if (fs.existsSync(candidate)) return candidate
    if (path.dirname(dir) === dir) break
  }
  return path.resolve(here, '..', '..', '..', 'resources', 'cards')
}

/** Read and validate every `*.md` card of a folder, sorted by id. */
export function loadCardLibrary(dir: string = defaultCardsDir()): CardLibrary {
  let names: string[]
  try {
    names = fs
      .readdirSync(dir)
      .filter((f) => f.endsWith('.md'))
      .sort()
  } catch (err) {
    throw new Error(`Cannot read the card folder ${dir}: ${errorCode(err) ?? errorMessage(err)}.`, { cause: err })
  }
  if (names.length === 0) throw new Error(`The card folder ${dir} holds no .md cards.`)
  const hash = createHash('sha256')
  const cards = names.map((name) => {
    const text = fs.readFileSync(path.join(dir, name), 'utf8')
    hash.update(name).update('\0').update(text).update('\0')
    return parseCard(text, path.join(dir, name))
  })
  return { dir, cards: cards.sort((a, b) => a.id.localeCompare(b.id)), sha256: hash.digest('hex') }
}
