/**
 * The lexicon's generated list of spyndex indices (main/domain/lexicon/spyndex-names.ts) against the catalogue shipped
 * in resources/spyndex, read here apart (tests/helpers/spyndex-lexicon.ts): the two must not drift. Regenerate with
 * `npx tsx scripts/gen-spyndex-lexicon.ts && npx prettier --write main/domain/lexicon`.
 */
import { describe, expect, it } from 'vitest'
import { SPYNDEX_NAMES } from '../../../main/domain/lexicon/spyndex-names'
import { VARIABLES } from '../../../main/domain/lexicon/variables'
import { spyndexLexicon } from '../../helpers/spyndex-lexicon'

describe('the lexicon knows every optical index of the shipped spyndex catalogue', () => {
  it('lists the same indices, bands and formulas as resources/spyndex', () => {
    expect(SPYNDEX_NAMES.map((x) => ({ ...x, bands: [...x.bands] }))).toEqual(spyndexLexicon())
    expect(SPYNDEX_NAMES.length).toBeGreaterThan(200)
  })

  it('reads each by its short name as an index, and no name means two variables', () => {
    // The generated entries are exactly the indices no named variable covers.
    const named = VARIABLES.filter((v) => !v.catalogue)
    const expected = spyndexLexicon()
      .filter((x) => !named.some((v) => v.key === x.short.toLowerCase() || v.names.includes(x.short.toLowerCase())))
      .map((x) => x.short.toLowerCase())
    expect(VARIABLES.filter((v) => v.catalogue).map((v) => v.key)).toEqual(expected)
    for (const x of SPYNDEX_NAMES)
      expect(
        VARIABLES.some((v) => v.kind === 'index' && v.names.includes(x.short.toLowerCase())),
        x.short,
      ).toBe(true)
    const owners = new Map<string, string>()
    for (const v of VARIABLES)
      for (const n of v.names) {
        expect(owners.get(n) ?? v.key, `"${n}" names ${owners.get(n)} and ${v.key}`).toBe(v.key)
        owners.set(n, v.key)
      }
  })
})
