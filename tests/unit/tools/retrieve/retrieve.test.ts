import { afterEach, describe, expect, it } from 'vitest'
import { missingEvidence, ToolResultSchema } from '../../../../main/tools/protocol'
import { createRetrieveTool, RETRIEVE_CONFIG, RETRIEVE_EVIDENCE, RetrieveArgs, retrieveTool } from '../../../../main/tools/retrieve/index'
import type { ToolContext } from '../../../../main/tools/tool'
import { ArtifactStore } from '../../../../main/store/artifacts'
import { openDatabase } from '../../../../main/store/database'
import { tempDir } from '../../../helpers/tmp'

const cleanups: (() => void)[] = []
afterEach(() => cleanups.splice(0).forEach((c) => c()))

function context(signal?: AbortSignal): ToolContext {
  const { dir, cleanup } = tempDir()
  cleanups.push(cleanup)
  return { artifacts: new ArtifactStore(dir, openDatabase({ file: ':memory:' })), signal }
}

describe('retrieve tool', () => {
  it('returns the best cards with their text, sources and units, and evidence listing ids and scores', async () => {
    const result = await retrieveTool.run({ query: 'which QA_PIXEL bits mark clouds and cloud shadow?', top_k: 2 }, context())
    expect(() => ToolResultSchema.parse(result)).not.toThrow()
    expect(result.status).toBe('ok')
    expect(result.config).toEqual(RETRIEVE_CONFIG)
    const cards = result.observation?.cards ?? []
    expect(cards).toHaveLength(2)
    expect(cards[0].id).toBe('knowledge.landsat_qa_pixel')
    expect(cards[0].text).toContain('cloud shadow')
    expect(cards[0].sources.length).toBeGreaterThan(0)
    expect(cards[0].units).toMatch(/bit/)
    expect(cards[0].score).toBeGreaterThanOrEqual(cards[1].score)
    const hits = result.evidence.intermediate.hits as { id: string; score: number }[]
    expect(hits[0]).toMatchObject({ id: 'knowledge.landsat_qa_pixel', score: cards[0].score })
    expect(result.evidence.source).toMatchObject({ ranker: 'minisearch BM25+', cards_total: 29, cards_by_kind: { routing: 3, recipe: 13, knowledge: 13 } })
    expect(result.evidence.source.library_sha256).toMatch(/^[0-9a-f]{64}$/)
    expect(result.evidence.intermediate.query_terms).toEqual(['qa', 'pixel', 'bit', 'mark', 'cloud', 'cloud', 'shadow'])
    expect(missingEvidence(result, RETRIEVE_EVIDENCE)).toEqual([])
  })

  it('limits results to the requested kinds', async () => {
    const result = await retrieveTool.run({ query: 'land surface temperature', kinds: ['recipe'], top_k: 5 }, context())
    expect(result.observation?.cards.every((c) => c.kind === 'recipe')).toBe(true)
    expect(result.observation?.cards[0].id).toMatch(/^recipe\./)
  })

  it('fetches cards by id', async () => {
    const result = await retrieveTool.run({ query: 'by id', ids: ['recipe.tvdi', 'cap.visual'] }, context())
    expect(result.observation?.cards.map((c) => c.id)).toEqual(['recipe.tvdi', 'cap.visual'])
    const bad = await retrieveTool.run({ query: 'by id', ids: ['recipe.nope'] }, context())
    expect(bad).toMatchObject({ status: 'error', observation: null })
    expect(bad.reason).toMatch(/Unknown card id recipe\.nope/)
  })

  it('says insufficient, without an observation, when no card matches', async () => {
    const result = await retrieveTool.run({ query: 'zzqx plover' }, context())
    expect(result.status).toBe('insufficient')
    expect(result.observation).toBeNull()
    expect(result.reason).toMatch(/No card matches 'zzqx plover'/)
    expect(() => ToolResultSchema.parse(result)).not.toThrow()
  })

  it('stops when cancelled and reports a missing library as an error result', async () => {
    const controller = new AbortController()
    controller.abort()
    await expect(retrieveTool.run({ query: 'ndvi' }, context(controller.signal))).resolves.toMatchObject({ status: 'error', reason: 'cancelled' })
    const broken = createRetrieveTool({ cardsDir: '/nonexistent/cards' })
    const r = await broken.run({ query: 'ndvi' }, context())
    expect(r.status).toBe('error')
    expect(r.reason).toMatch(/Cannot read the card folder/)
  })

  it('validates its arguments with one clear message', () => {
    const parsed = RetrieveArgs.safeParse({ query: ' ' })
    expect(parsed.success).toBe(false)
    expect(parsed.error?.issues[0].message).toBe('the query is empty')
    expect(RetrieveArgs.safeParse({ query: 'ndvi', top_k: 20 }).success).toBe(false)
    expect(RetrieveArgs.safeParse({ query: 'ndvi', extra: 1 }).success).toBe(false)
  })
})
