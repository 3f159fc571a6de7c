/**
 * Offline ranking of the retrieval cards: MiniSearch's BM25+ over four fields (title, tags, id, body) with field
 * boosts, prefix matching for longer terms and light fuzziness for typos. Runs in-process, no network, no model.
 *
 * Term processing is ours: lower case, accents removed, British/American spellings folded to one form, English
 * stop words and question words dropped, and Harman's "S" stemmer (plural endings only). The S stemmer is
 * hand-written on purpose: it is a handful of suffix rules (plus an exception for "-is" words such as "analysis"),
 * conservative enough for technical terms ("kelvin", "class" and "analysis" stay whole), and no stemming library is
 * among the project's dependencies.
 */
import MiniSearch from 'minisearch'
import type { Card, CardKind } from './cards'

/** Field weights: a word in the title or tags says more about a card than one in its body. */
export const FIELD_BOOST = { title: 3, tags: 2.5, idWords: 2, body: 1 } as const

const STOP_WORDS = new Set(
  (
    'a an and are as at be been but by can could do does did for from had has have how i if in into is it its me my of on or our ' +
    'please should so than that the their them then there these they this those to us was we were what when where which who why ' +
    'will with would you your about also any each get give got just like make need one some tell use used using want way'
  ).split(' '),
)

/** Spelling variants folded to the form the cards use. */
const SPELLING: Record<string, string> = {
  color: 'colour',
  colors: 'colours',
  meter: 'metre',
  meters: 'metres',
  kilometer: 'kilometre',
  kilometers: 'kilometres',
  vapor: 'vapour',
  analyze: 'analyse',
  gray: 'grey',
  center: 'centre',
  normalised: 'normalized',
  normalise: 'normalize',
  optimized: 'optimised',
}

/** Harman's S stemmer: ies -> y, es -> e, s -> '' with the usual exceptions. */
export function sStem(word: string): string {
  if (word.length <= 3) return word
  if (word.endsWith('ies') && !word.endsWith('eies') && !word.endsWith('aies')) return `${word.slice(0, -3)}y`
  if (word.endsWith('es') && !word.endsWith('aes') && !word.endsWith('ees') && !word.endsWith('oes')) return word.slice(0, -1)
  if (word.endsWith('s') && !word.endsWith('us') && !word.endsWith('ss') && !word.endsWith('is')) return word.slice(0, -1)
  return word
}

/** One token to its indexed form, or null to drop it. */
export function processTerm(term: string): string | null {
  const t = term
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
  if (t.length === 0 || STOP_WORDS.has(t)) return null
  return sStem(SPELLING[t] ?? t)
}

/** Split text into tokens: letters, digits and dots inside numbers; `sr_b4` -> `sr`, `b4`; `qa_pixel` -> `qa`, `pixel`. */
export function tokenize(text: string): string[] {
  return text.split(/[^\p{L}\p{N}.]+|(?<!\d)\.|\.(?!\d)/u).filter(Boolean)
}

interface IndexedCard {
  id: string
  title: string
  tags: string
  idWords: string
  body: string
  kind: CardKind
}

export interface RankedCard {
  id: string
  score: number
  /** The processed query terms that matched this card. */
  terms: string[]
}

export class CardRanker {
  private readonly index: MiniSearch<IndexedCard>

  constructor(readonly cards: readonly Card[]) {
    this.index = new MiniSearch<IndexedCard>({
      idField: 'id',
      fields: ['title', 'tags', 'idWords', 'body'],
      storeFields: ['kind'],
      tokenize,
      processTerm,
    })
    this.index.addAll(
      cards.map((c) => ({
        id: c.id,
        title: c.title,
        tags: c.tags.join(' , '),
        idWords: c.id.replace(/[._]/g, ' '),
        body: c.body,
        kind: c.kind,
      })),
    )
  }

  /** The processed terms of a query, as the index sees them. */
  queryTerms(query: string): string[] {
    return tokenize(query)
      .map(processTerm)
      .filter((t): t is string => Boolean(t))
  }

  /** Cards ranked by BM25+ relevance to the query, best first; optionally only some kinds. */
  rank(query: string, kinds?: readonly CardKind[]): RankedCard[] {
    const allowed = kinds && kinds.length ? new Set(kinds) : null
    return this.index
      .search(query, {
        boost: FIELD_BOOST,
        prefix: (term) => term.length >= 4,
        fuzzy: (term) => (term.length >= 6 ? 0.15 : false),
        combineWith: 'OR',
        filter: allowed ? (r) => allowed.has(r.kind as CardKind) : undefined,
      })
      .map((r) => ({ id: String(r.id), score: r.score, terms: [...r.terms] }))
  }
}
