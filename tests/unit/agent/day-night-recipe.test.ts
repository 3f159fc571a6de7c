/**
 * A MODIS-style day/night LST pair through the rules planner: the time of day is read once, into the task spec
 * (`timeOfDay`), and the compiler reads the layer whose name says that overpass. A question naming neither overpass,
 * or asking for a day-night combination the spec does not hold (a diurnal range, the mean of the pair), is refused
 * rather than answered with the daytime layer. Values are the test's own arithmetic over the pixels it wrote.
 */
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { planTask } from '../../../main/agent/rules/rules-planner'
import { makeTask } from '../../../main/agent/task'
import { readTask } from '../../../main/task/read-task'
import { planAndRun } from '../../helpers/plan-and-run'
import { tempDir } from '../../helpers/tmp'
import { writeTinyTiff } from '../engines/raster/tiny-tiff'

// A MODIS-style day/night LST pair, uint16 digital numbers in units of 0.02 K (MOD11), 2 x 2 px each.
const t = tempDir('rsure-daynight-')
afterAll(() => t.cleanup())
const geo = { originX: 1000, originY: 2000, sizeX: 10, sizeY: 10, epsg: 32633 }
const layer = (name: string, kelvin: number[]) =>
  writeTinyTiff(path.join(t.dir, `Oasis_2020-07-01_${name}.tif`), { width: 2, height: 2, bands: [kelvin.map((k) => k / 0.02)], dtype: 'uint16', geo })
const DAY = [300, 302, 304, 306]
const NIGHT = [290, 290, 292, 292]
layer('LST_Day', DAY)
layer('LST_Night', NIGHT)
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length

describe('day/night temperature pair', () => {
  it('reads which side of the pair a question asks about into the spec', () => {
    const tod = (q: string) => readTask({ question: q, options: [] }).timeOfDay
    expect(tod('mean night-time land surface temperature')).toBe('night')
    expect(tod('daytime surface temperature of the oasis')).toBe('day')
    expect(tod('night-time LST from the day and night pair')).toBe('night')
    expect(tod('average of day and night temperature')).toBeUndefined()
    expect(tod('mean NDVI in 2019')).toBeUndefined()
  })

  it('computes the statistic of the overpass asked through the execute tool', async () => {
    const night = await planAndRun('What is the mean night-time land surface temperature of the oasis on July 1, 2020?', t.dir)
    expect(night.result.status).toBe('ok')
    expect(night.value).toBeCloseTo(mean(NIGHT), 6)
    const day = await planAndRun('What is the mean daytime land surface temperature of the oasis on July 1, 2020?', t.dir)
    expect(day.value).toBeCloseTo(mean(DAY), 6)
  })

  it('refuses a day-night combination or an unnamed overpass instead of answering with the daytime layer', () => {
    for (const q of [
      'What is the diurnal temperature range of the oasis?',
      'What is the mean of the day and night temperature at the oasis on July 1, 2020?',
      'What is the mean land surface temperature of the oasis on July 1, 2020?',
    ]) {
      const plan = planTask(makeTask({ question: q, options: [], files: [t.dir] }))
      expect(plan.workflow).toBeNull()
      expect(plan.refusal).toMatch(/statistic|daytime and a night-time LST/)
    }
  })
})
