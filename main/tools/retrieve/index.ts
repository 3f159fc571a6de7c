/**
 * The retrieve tool (DESIGN section 4): search over the local knowledge cards (capability routing, algorithm
 * recipes, domain knowledge). It supplies context only, never a numeric answer, so the agent adds its cards to the
 * history without verification; its evidence still lists which cards were found, with their scores, and which
 * library version answered.
 */
import { z } from 'zod'
import { failedResult, type EvidenceDeclaration, type ToolConfig, type ToolResult } from '../protocol'
import type { Tool, ToolContext } from '../tool'
import { CardKind, loadCardLibrary, type Card, type CardLibrary } from './cards'
import { CardRanker, FIELD_BOOST } from './ranker'
import { errorMessage } from '../../domain/errors'

export const RETRIEVE_CONFIG: ToolConfig = { tool: 'retrieve', coarse: 'retrieve:cards', fine: 'retrieve:cards|bm25' }

/** MiniSearch's package version, recorded in evidence. */
const RANKER = { name: 'minisearch BM25+', version: '7.2.0' }

export const RetrieveArgs = z
  .object({
    query: z.string().trim().min(2, 'the query is empty').max(500, 'the query is longer than 500 characters'),
    kinds: z.array(CardKind).min(1).optional(),
    top_k: z.number().int().min(1).max(8).default(3),
    /** Fetch these cards by id instead of searching (e.g. a card named by another card). */
    ids: z.array(z.string().min(1)).max(8).optional(),
  })
  .strict()
export type RetrieveArgs = z.input<typeof RetrieveArgs>

export interface RetrievedCard {
  id: string
  title: string
  kind: CardKind
  score: number
  text: string
  units: string
  sources: string[]
}

export interface RetrieveObservation {
  query: string
  cards: RetrievedCard[]
}

/** The evidence every retrieve result carries (declared on the tool). */
export const RETRIEVE_EVIDENCE: EvidenceDeclaration = {
  [RETRIEVE_CONFIG.coarse]: {
    source: ['ranker', 'library_sha256', 'cards_total'],
    intermediate: ['query_terms', 'hits'],
    validity: ['returned'],
  },
}

export interface RetrieveToolOptions {
  /** Card folder; defaults to resources/cards. */
  cardsDir?: string
  /** A library already loaded (tests, the app's cache). */
  library?: CardLibrary
}

const toRetrieved = (card: Card, score: number): RetrievedCard => ({
  id: card.id,
  title: card.title,
  kind: card.kind,
  score: Number(score.toFixed(4)),
  text: card.body,
  units: card.units,
  sources: card.sources,
})

/** Build the retrieve tool over a card library (loaded once, on first use). */
export function createRetrieveTool(opts: RetrieveToolOptions = {}): Tool<RetrieveArgs, RetrieveObservation> {
  let state: { library: CardLibrary; ranker: CardRanker } | null = null
  const ready = () => {
    if (!state) {
      const library = opts.library ?? loadCardLibrary(opts.cardsDir)
      state = { library, ranker: new CardRanker(library.cards) }
    }
    return state
  }

  return {
    name: 'retrieve',
    description:
      'Search the local knowledge cards: capability routing (which tool and mode fits a need), algorithm recipes ' +
      '(formulas, band mappings, product inputs, trend tests) and domain knowledge (QA bits, scale factors, sensor ' +
      'bands, index ranges, GSD and areas). Use it for missing formulas or conventions before planning a ' +
      'computation. It returns context with sources, never a numeric answer: compute with execute or measure.',
    args: RetrieveArgs as z.ZodType<RetrieveArgs>,
    evidence: RETRIEVE_EVIDENCE,
    async run(rawArgs: RetrieveArgs, ctx: ToolContext): Promise<ToolResult<RetrieveObservation>> {
      if (ctx.signal?.aborted) return failedResult('error', 'cancelled', RETRIEVE_CONFIG)
      const args = RetrieveArgs.parse(rawArgs)
      let lib: CardLibrary
      let ranker: CardRanker
      try {
        ;({ library: lib, ranker } = ready())
      } catch (err) {
        return failedResult('error', errorMessage(err), RETRIEVE_CONFIG)
      }
      const byId = new Map(lib.cards.map((c) => [c.id, c]))
      const source = {
        ranker: RANKER.name,
        ranker_version: RANKER.version,
        field_boosts: FIELD_BOOST,
        library_sha256: lib.sha256,
        cards_total: lib.cards.length,
        cards_by_kind: Object.fromEntries(CardKind.options.map((k) => [k, lib.cards.filter((c) => c.kind === k).length])),
      }

      if (args.ids) {
        const unknown = args.ids.filter((id) => !byId.has(id))
        if (unknown.length) {
          return failedResult('error', `Unknown card id${unknown.length > 1 ? 's' : ''} ${unknown.join(', ')}; ask without ids to search.`, RETRIEVE_CONFIG)
        }
        const cards = args.ids.map((id) => toRetrieved(byId.get(id) as Card, 1))
        return {
          status: 'ok',
          observation: { query: args.query, cards },
          evidence: {
            source,
            intermediate: { query_terms: [], hits: cards.map((c) => ({ id: c.id, score: c.score })), by_id: true },
            validity: { returned: cards.length },
          },
          artifacts: [],
          config: RETRIEVE_CONFIG,
        }
      }

      const terms = ranker.queryTerms(args.query)
      const ranked = ranker.rank(args.query, args.kinds)
      const hits = ranked.slice(0, 10).map((r) => ({ id: r.id, score: Number(r.score.toFixed(4)), matched: r.terms }))
      const evidence = {
        source,
        intermediate: { query_terms: terms, hits, kinds: args.kinds ?? null },
        validity: { returned: Math.min(args.top_k, ranked.length), candidates: ranked.length },
      }
      if (ranked.length === 0) {
        return failedResult(
          'insufficient',
          `No card matches '${args.query}'${args.kinds ? ` among ${args.kinds.join('/')} cards` : ''}; rephrase with the product, sensor or method name.`,
          RETRIEVE_CONFIG,
          evidence,
        )
      }
      const cards = ranked.slice(0, args.top_k).map((r) => toRetrieved(byId.get(r.id) as Card, r.score))
      return { status: 'ok', observation: { query: args.query, cards }, evidence, artifacts: [], config: RETRIEVE_CONFIG }
    },
  }
}

/** The retrieve tool over the app's own cards. */
export const retrieveTool = createRetrieveTool()
