/**
 * Issue 10's headline questions through the real command line with the default rules backbone and no model:
 * the share of water in the Landsat scene and the changed share of the LEVIR-CD pair are answered from accepted
 * measure observations whose evidence names the weight-free engine, the numerator, the denominator and the layers.
 */
import { afterAll, describe, expect, it } from 'vitest'
import { installedTools } from '../../main/agent/installed-tools'
import { createRulesBackbone } from '../../main/agent/rules/rules-backbone'
import { runAgent } from '../../main/agent/run-agent'
import { makeTask, parseOptions } from '../../main/agent/task'
import { main } from '../../main/cli/index'
import type { VisionLanguageModel } from '../../main/tools/perceive/backends'
import { shared, tempDir } from '../helpers/tmp'
import { memoryStores } from '../unit/agent/doubles'

const { dir, cleanup } = tempDir('rsure-perception-ask-')
const previous = process.env.RSURE_DATA_DIR
const previousVlm = process.env.RSURE_VLM
afterAll(() => {
  if (previous === undefined) delete process.env.RSURE_DATA_DIR
  else process.env.RSURE_DATA_DIR = previous
  if (previousVlm !== undefined) process.env.RSURE_VLM = previousVlm
  cleanup()
})

async function ask(args: string[]) {
  process.env.RSURE_DATA_DIR = dir
  delete process.env.RSURE_VLM
  let stdout = ''
  let stderr = ''
  const code = await main(['ask', '--json', ...args], { stdout: (t) => void (stdout += t), stderr: (t) => void (stderr += t), signal: new AbortController().signal })
  expect(stderr).toBe('')
  expect(code).toBe(0)
  return JSON.parse(stdout)
}

describe('rsure ask answers perception questions from verified observations', () => {
  it('What share of this scene is water? (Landsat 8, 900 m pixels)', { timeout: 120_000 }, async () => {
    const out = await ask(['--files', shared('fixtures', 'landsat8_L1TP_016037_20170813'), 'What share of this scene is water?'])
    expect(out.verified).toHaveLength(1)
    const v = out.verified[0]
    expect(v).toMatchObject({ status: 'accepted', action: { tool: 'measure' }, config: { coarse: 'measure:percentage', fine: 'measure:percentage|auto|regions' } })
    expect(v.evidence.source.sources[0]).toMatchObject({ backend: 'classical:spectral-index', geometry: 'exact', epsg: 32617, gsd_source: 'geotransform', pixel_area_m2: 810000 })
    const { numerator, denominator } = v.evidence.intermediate
    expect(v.observation.value).toBeCloseTo((100 * numerator) / denominator, 9)
    expect(v.evidence.intermediate.numerator_area_m2).toBe(numerator * 810000)
    expect(v.evidence.validity.layers_used[0].paths.length).toBe(3)
    // The answer states the share with its percent sign, rounded by no more than 5e-7 of the value.
    const stated = /^(\d+(?:\.\d+)?)%$/.exec(out.answer)
    expect(stated, out.answer).not.toBeNull()
    expect(Math.abs(Number(stated![1]) - (v.observation.value as number))).toBeLessThanOrEqual(5e-7 * (v.observation.value as number))
    expect(out.grounded).toBe(true)
  })

  it('What percentage of the area changed between the two images? (LEVIR-CD pair)', { timeout: 120_000 }, async () => {
    const out = await ask(['--image', shared('fixtures', 'levircd', 'A', 'test_2_0000_0000.png'), '--image', shared('fixtures', 'levircd', 'B', 'test_2_0000_0000.png'), 'What percentage of the area changed between the two images?'])
    expect(out.task_type).toBe('change_detection')
    const v = out.verified[0]
    expect(v).toMatchObject({ status: 'accepted', action: { tool: 'measure' }, config: { coarse: 'measure:percentage', fine: 'measure:percentage|auto|change' } })
    expect(v.evidence.source.sources[0].perceive).toMatchObject({ backend: 'classical:cva', config: 'perceive:change|auto|full' })
    expect(v.evidence.intermediate.denominator).toBe(65536)
    // The caveat about unsupervised change masks travels with the accepted observation into the answer.
    expect(v.caveats.join(' ')).toMatch(/change vector analysis/)
    expect(out.answer).toMatch(/^\d+(?:\.\d+)?%/)
  })

  it('a scene question is planned as perceive scene over the options and answered with the option it names', { timeout: 60_000 }, async () => {
    const stores = memoryStores()
    try {
      const prompts: string[] = []
      // A test double of the configured vision-language model: it answers the scene prompt with one class.
      const vlm: VisionLanguageModel = { id: 'test-vlm', askJson: async (prompt) => (prompts.push(prompt), { predictions: [{ image_index: 1, class_name: 'Residential', confidence: 0.8 }] }) }
      const registry = await installedTools({ vision: null, vlm })
      const task = makeTask({ question: 'What type of scene is shown in this image?', options: parseOptions('A. Farmland B. Residential C. Forest'), images: [shared('fixtures', 'levircd', 'B', 'test_2_0000_0000.png')] })
      const result = await runAgent(task, { verify: true, prior: true }, { backbone: createRulesBackbone(), registry, artifacts: stores.artifacts, runs: stores.runs })
      expect(prompts[0]).toMatch(/\["Farmland","Residential","Forest"\]/)
      expect(result.answer.answer).toBe('B')
      expect(result.answer.explanation).toMatch(/classified as 'Residential'/)
    } finally {
      stores.cleanup()
    }
  })
})
