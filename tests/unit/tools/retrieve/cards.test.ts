import fs from 'node:fs'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { defaultCardsDir, loadCardLibrary, parseCard } from '../../../../main/tools/retrieve/cards'
import { tempDir } from '../../../helpers/tmp'

let cleanup: (() => void) | null = null
afterEach(() => {
  cleanup?.()
  cleanup = null
})

const GOOD = `---
id: knowledge.example_card
title: An example card for the parser
kind: knowledge
units: metres
tags: one, two, three
sources:
- Someone, A. (2020) A source with a long enough title.
---
${'Body text that explains something useful. '.repeat(6)}
`

describe('the card library', () => {
  const lib = loadCardLibrary()

  it('holds 29 cards: 3 capability routing, 13 recipes, 13 domain knowledge', () => {
    expect(lib.cards).toHaveLength(29)
    const count = (k: string) => lib.cards.filter((c) => c.kind === k).length
    expect([count('routing'), count('recipe'), count('knowledge')]).toEqual([3, 13, 13])
    expect(lib.sha256).toMatch(/^[0-9a-f]{64}$/)
  })

  it('has the cards the method names', () => {
    const ids = new Set(lib.cards.map((c) => c.id))
    for (const id of [
      'cap.visual',
      'cap.compute',
      'cap.dag_contract',
      'recipe.normalized_difference',
      'recipe.temporal_trend',
      'recipe.thermal_raster_products',
      'recipe.tvdi',
      'knowledge.landsat_qa_pixel',
      'knowledge.modis_products',
      'knowledge.gsd_and_area',
      'knowledge.change_detection_caveats',
    ]) {
      expect(ids.has(id), id).toBe(true)
    }
  })

  it('gives every card units, at least one source, tags and a substantial body', () => {
    for (const c of lib.cards) {
      expect(c.units.length, c.id).toBeGreaterThan(2)
      expect(c.sources.length, c.id).toBeGreaterThanOrEqual(1)
      expect(c.tags.length, c.id).toBeGreaterThanOrEqual(3)
      expect(c.body.split(/\s+/).length, c.id).toBeGreaterThan(120)
    }
  })

  it('only refers to cards that exist', () => {
    const ids = new Set(lib.cards.map((c) => c.id))
    for (const c of lib.cards) {
      for (const ref of c.body.match(/\b(?:cap|recipe|knowledge)\.[a-z0-9_]+/g) ?? []) {
        expect(ids.has(ref), `${c.id} refers to ${ref}`).toBe(true)
      }
    }
  })

  it('states the published constants it relies on correctly', () => {
    const text = (id: string) => lib.cards.find((c) => c.id === id)?.body ?? ''
    expect(text('knowledge.brightness_temperature')).toContain('774.8853')
    expect(text('knowledge.brightness_temperature')).toContain('1321.0789')
    expect(text('knowledge.landsat_bands')).toContain('DN × 0.0000275 − 0.2')
    expect(text('knowledge.modis_products')).toMatch(/LST_Day_1km.*0\.02/)
    // 21824 is clear land: bits 0–4 unset.
    expect(21824 & 31).toBe(0)
    expect(text('knowledge.landsat_qa_pixel')).toContain('21824')
  })

  it('resolves the cards folder under resources/', () => {
    expect(defaultCardsDir({}).endsWith(path.join('resources', 'cards'))).toBe(true)
    expect(defaultCardsDir({ RSURE_RESOURCES_DIR: '/opt/rsure/resources' })).toBe(path.join('/opt/rsure/resources', 'cards'))
  })
})

describe('parseCard', () => {
  it('reads the header and body', () => {
    const c = parseCard(GOOD, '/x/knowledge.example_card.md')
    expect(c).toMatchObject({ id: 'knowledge.example_card', kind: 'knowledge', units: 'metres', tags: ['one', 'two', 'three'] })
    expect(c.sources).toEqual(['Someone, A. (2020) A source with a long enough title.'])
  })

  it('names the file and the problem in one sentence', () => {
    expect(() => parseCard(GOOD, '/x/other.md')).toThrow(/must be named knowledge\.example_card\.md/)
    expect(() => parseCard(GOOD.replace('kind: knowledge', 'kind: recipe'), '/x/knowledge.example_card.md')).toThrow(
      /not valid at id: a recipe card's id starts with 'recipe\.'/,
    )
    expect(() => parseCard(GOOD.replace(/sources:\n- .*\n/, ''), '/x/knowledge.example_card.md')).toThrow(/not valid at sources/)
    expect(() => parseCard('no header', '/x/a.md')).toThrow(/must start with a '---' header line/)
    expect(() => parseCard(GOOD.replace('units: metres', 'units metres'), '/x/a.md')).toThrow(/line 5: expected 'key: value'/)
  })

  it('refuses a library with a broken card or no cards', () => {
    const t = tempDir()
    cleanup = t.cleanup
    expect(() => loadCardLibrary(t.dir)).toThrow(/holds no \.md cards/)
    fs.writeFileSync(path.join(t.dir, 'knowledge.example_card.md'), GOOD.replace('title: An example card for the parser', 'title: x'))
    expect(() => loadCardLibrary(t.dir)).toThrow(/not valid at title: the title is too short/)
    expect(() => loadCardLibrary(path.join(t.dir, 'missing'))).toThrow(/Cannot read the card folder/)
  })
})
