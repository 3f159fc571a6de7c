import { describe, expect, it } from 'vitest'
import { planTask } from '../../../main/agent/rules/rules-planner'
import { readPerceptionAsk } from '../../../main/agent/rules/skills/perception'
import { recipeInputs } from '../../../main/agent/rules/recipe-inputs'
import { makeTask, parseOptions } from '../../../main/agent/task'
import { readTask } from '../../../main/task/read-task'
import { shared } from '../../helpers/tmp'

const read = (q: string, options = '') => {
  const opts = options ? parseOptions(options) : []
  const spec = readTask({ question: q, options: opts })
  return readPerceptionAsk(q, spec, recipeInputs(spec), opts)
}

describe('the perception skill reads what is asked of perception', () => {
  it('shares, areas, changes, counts and scenes', () => {
    expect(read('What share of this scene is water?')).toEqual({ kind: 'share', cls: 'water', unit: '%' })
    expect(read('What fraction of the image is covered by vegetation?')).toEqual({ kind: 'share', cls: 'vegetation', unit: 'fraction' })
    expect(read('What is the area of vegetation in km²?')).toEqual({ kind: 'area', cls: 'vegetation', unit: 'km2' })
    expect(read('How many hectares of built-up land are there?')).toEqual({ kind: 'area', cls: 'built_up', unit: 'ha' })
    expect(read('What percentage of the area changed between the two images?')).toEqual({ kind: 'change_share', unit: '%' })
    expect(read('How large is the changed area, in square metres?')).toEqual({ kind: 'change_area', unit: 'm2' })
    expect(read('How many ships are docked?')).toEqual({ kind: 'count', target: 'ship' })
    expect(read('What type of scene is shown in this image?', 'A. Farmland B. Residential')).toEqual({ kind: 'scene', labels: ['Farmland', 'Residential'] })
    // Product questions stay with the raster skills.
    expect(read('What percentage of the area has NDVI above 0.5 in July 2019?')).toBeNull()
    expect(read('What was the mean LST in summer 2019?')).toBeNull()
  })

  it('plans one measure call with declared sources and a typed spec', () => {
    const folder = shared('fixtures', 'landsat8_L1TP_016037_20170813')
    const plan = planTask(makeTask({ question: 'What share of this scene is water?', files: [folder] }))
    expect(plan.skill?.id).toBe('perception')
    expect(plan.workflow).toMatchObject({
      ok: true,
      tool: 'measure',
      args: {
        sources: [{ id: 'scene', mode: 'regions', image_paths: [folder], target_groups: { water: ['water'] } }],
        spec: { metric: 'percentage', subject: 'water', denominator: 'valid_pixels', output_unit: '%' },
      },
    })
    const area = planTask(makeTask({ question: 'What is the area of water in this scene in km²?', files: [folder] }))
    expect(area.refusal).toBeNull()
    expect(area.workflow).toMatchObject({ ok: true, tool: 'measure', args: { spec: { metric: 'area', subject: 'water', output_unit: 'km2' } } })
    const one = planTask(makeTask({ question: 'What percentage of the area changed between the two images?', images: ['/a.png'] }))
    expect(one.workflow).toMatchObject({ ok: false, missing: expect.stringMatching(/two co-registered images/) })
    const count = planTask(makeTask({ question: 'How many ships are docked?', images: ['/harbour.png'] }))
    expect(count.workflow).toMatchObject({ ok: true, skill: 'object-counting', args: { spec: { metric: 'count', subject: 'ship' } } })
  })
})
