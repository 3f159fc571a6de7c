/**
 * The verifier's vocabulary of quantities a question may restrict or ask about, and how the same quantity is named
 * in a DAG (read roles, product names, node ids). The question words are the lexicon's; how they map to what a DAG
 * shows is the verifier's own.
 */
import { VARIABLES as LEX_VARIABLES } from '../../domain/lexicon'

/**
 * Canonical variable -> the words that name it in a question or in a DAG (lower case, `_` read as a space). The
 * words are the lexicon's (main/domain/lexicon); the verifier folds a few variables it checks as one (MNDWI with
 * NDWI, dNBR with NBR) and adds the short names DAG nodes use.
 */
const FOLD: Readonly<Record<string, string>> = { mndwi: 'ndwi', dnbr: 'nbr', night_lights: 'ntl' }
const DAG_NAMES: Readonly<Record<string, readonly string[]>> = { emissivity: ['emis'], precipitation: ['precip'], bt: ['bt'], ntl: ['ntl'] }

export const VARIABLE_WORDS: Readonly<Record<string, readonly string[]>> = (() => {
  const out: Record<string, string[]> = {}
  for (const v of LEX_VARIABLES) {
    const key = FOLD[v.key] ?? v.key
    // A key of several words ("cloud_conf_medium") is also how the compiler names its nodes: one of its words.
    const own = v.key.includes('_') ? [v.key.replace(/_/g, ' ')] : []
    out[key] = [...new Set([...(out[key] ?? []), ...v.names.map((n) => n.toLowerCase()), ...own, ...(DAG_NAMES[key] ?? [])])]
  }
  return out
})()

const ORDERED = Object.entries(VARIABLE_WORDS)
  .flatMap(([key, words]) => words.map((w) => ({ key, w })))
  .sort((a, b) => b.w.length - a.w.length)

/** Words of a name as a question would write them: lower case, separators as spaces. */
export function plainWords(name: string): string {
  return name
    .toLowerCase()
    .replace(/[_\-./]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
}

/**
 * The canonical variable a name stands for (a DAG role such as `LST_Day`, a product `tvdi`, a node id `ndvi_mask`),
 * matching whole words, longest first; null when it names none of the vocabulary.
 */
export function canonicalVariable(name: string): string | null {
  const text = ` ${plainWords(name)} `
  for (const { key, w } of ORDERED) if (text.includes(` ${w} `)) return key
  // Ids glue words together (`ndvi2`, `lstk`): a known short name at the start still counts.
  const head = plainWords(name).split(' ')[0]
  for (const { key, w } of ORDERED) if (!w.includes(' ') && w.length >= 3 && head.startsWith(w)) return key
  return null
}

/** One alternation of every question word for a variable, for building the readers' patterns. */
export const VARIABLE_PATTERN = ORDERED.map(({ w }) => w.replace(/[-/\\^$*+?.()|[\]{}]/g, '\\$&').replace(/ /g, '[\\s-]+')).join('|')
