/**
 * The CHOICE task-type classifier takes its index, product, temperature-unit and area-unit words from the lexicon
 * (main/domain/lexicon), so a word the lexicon learns is a word the classifier knows: every index or derived-product
 * name the lexicon holds, asked about in a plain stem, is an environmental assessment; every temperature-unit name
 * in a threshold makes one too.
 */
import { describe, expect, it } from 'vitest'
import { classifyByRules } from '../../../main/prior/classifier'
import { UNITS, VARIABLES } from '../../../main/domain/lexicon'

describe('classifier words come from the lexicon', () => {
  it('every lexicon index and product name makes an environmental assessment', () => {
    const names = VARIABLES.filter((v) => v.kind === 'index' || (v.kind === 'product' && v.key !== 'reflectance')).flatMap((v) => v.names)
    expect(names.length).toBeGreaterThan(30)
    const missed = names.filter((n) => classifyByRules(`What was the mean ${n} over the study area in 2019?`) !== 'environmental_assessment')
    expect(missed).toEqual([])
  })

  it('every temperature unit name of three letters or more makes one too', () => {
    const names = UNITS.filter((u) => u.quantity === 'temperature')
      .flatMap((u) => u.names)
      .filter((n) => n.length > 2)
    const missed = names.filter((n) => classifyByRules(`How many pixels were above 30 ${n} on that day?`) !== 'environmental_assessment')
    expect(missed).toEqual([])
  })

  it("every name of the lexicon's thermal and atmospheric layers makes one too (no list of its own)", () => {
    const names = VARIABLES.filter((v) => ['lst', 'pwv', 'frp', 'aod', 'albedo', 'emissivity'].includes(v.key)).flatMap((v) => v.names)
    expect(names.length).toBeGreaterThan(15)
    const missed = names.filter((n) => classifyByRules(`What was the mean ${n} over the study area in 2019?`) !== 'environmental_assessment')
    expect(missed).toEqual([])
  })
})
