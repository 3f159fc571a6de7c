/**
 * The named-variable skill plans statistics of variables the rules backbone has no product for (fire radiative
 * power, precipitation, night-time lights, built volume), and the execute tool runs each plan on tiny GeoTIFFs
 * whose every pixel the test knows: a mean over the pixels the question's own condition keeps, a difference between
 * two places, a change between two periods, a least-squares trend of annual means, and a percentage change between
 * two years picked among options that also state an absolute change.
 */
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { describeInputs } from '../../../main/agent/rules/input-files'
import { planTask } from '../../../main/agent/rules/rules-planner'
import { TemplateAnswerWriter } from '../../../main/agent/rules/answer-templates'
import { namedLayer } from '../../../main/agent/rules/skills/named-variable'
import { makeTask, parseOptions } from '../../../main/agent/task'
import { readTask } from '../../../main/task/read-task'
import { planAndRun } from '../../helpers/plan-and-run'
import { tempDir } from '../../helpers/tmp'
import { writeTinyTiff } from '../engines/raster/tiny-tiff'

const geo = { originX: 1000, originY: 2000, sizeX: 10, sizeY: 10, epsg: 32633 }
const dirs: { cleanup: () => void }[] = []
afterAll(() => dirs.forEach((d) => d.cleanup()))

function folder(layers: Record<string, number[]>): string {
  const t = tempDir('rsure-named-')
  dirs.push(t)
  for (const [name, values] of Object.entries(layers)) writeTinyTiff(path.join(t.dir, name), { width: 2, height: 2, bands: [values], dtype: 'float32', geo })
  return t.dir
}

/** Accra's night-time lights, one file a year: annual means 1, 2, 4, 4.5 (OLS slope 1.25, Sen slope 1.2083). */
const ACCRA = {
  'Accra_avg_rad_2015-01-01.tif': [1, 1, 1, 1],
  'Accra_avg_rad_2016-01-01.tif': [2, 2, 2, 2],
  'Accra_avg_rad_2017-01-01.tif': [4, 4, 4, 4],
  'Accra_avg_rad_2018-01-01.tif': [4, 5, 4, 5],
}

describe('named-variable skill', () => {
  it('averages fire radiative power over the pixels the question calls fire-prone', async () => {
    // per date, MaxFRP > 0 keeps 10, 20 (mean 15) and 30 (mean 30); the mean of the per-date means is 22.5 MW
    const dir = folder({ 'Laos_MaxFRP_2019-01-01.tif': [0, 10, 20, 0], 'Laos_MaxFRP_2019-02-01.tif': [30, 0, 0, 0] })
    const r = await planAndRun(
      'Using the MaxFRP series of Laos for 2019, where pixels with MaxFRP > 0 count as burning, what is the average fire radiative power?',
      dir,
      'A. 7.5\nB. 22.5\nC. 15.0',
    )
    // The compiler plans it now (the named-variable recipe is a hand-off for places only); the mask is the question's.
    expect(r.plan.skill?.id).toBe('compiled-spec')
    expect(r.nodes.some((n) => n.op === 'raster.algebra' && String(n.params.expr).includes('v > 0'))).toBe(true)
    expect(r.result.status).toBe('ok')
    expect(r.obs?.choice).toBe('B')
  })

  it('takes the difference of two places split by the place in the file names', async () => {
    // Lagos: (10 + 6) / 2 = 8 mm; Quito: (2.5 + 3) / 2 = 2.75 mm; first place named minus second = 5.25
    const dir = folder({
      'Quito_precipitation_2020-03-01.tif': [1, 2, 3, 4],
      'Quito_precipitation_2020-03-02.tif': [3, 3, 3, 3],
      'Lagos_precipitation_2020-03-01.tif': [10, 10, 10, 10],
      'Lagos_precipitation_2020-03-02.tif': [6, 6, 6, 6],
      'Quito_precipitation_2020-04-01.tif': [100, 100, 100, 100],
    })
    const r = await planAndRun('Compare the mean daily rainfall of Lagos and Quito in March 2020 and give the difference.', dir)
    expect(r.nodes.filter((n) => n.op === 'asset.catalog').map((n) => (n.params.files as string[]).map((f) => path.basename(f).split('_')[0]))).toEqual([
      ['Lagos', 'Lagos'],
      ['Quito', 'Quito', 'Quito'],
    ])
    expect(r.result.status).toBe('ok')
    expect(r.value).toBeCloseTo(5.25, 9)
  })

  it('says a second place is missing instead of comparing one place with itself', () => {
    const dir = folder({ 'Quito_precipitation_2020-03-01.tif': [1, 2, 3, 4] })
    const plan = planTask(
      makeTask({
        question: 'Compare the average rainfall of Quito and Lima in March 2020 and give the difference between the two.',
        options: [],
        files: [dir],
      }),
    )
    expect(plan.workflow?.ok).toBe(false)
    expect(plan.workflow && !plan.workflow.ok ? plan.workflow.missing : '').toMatch(/second place/)
  })

  it('never pools the files of two places: the one place named keeps its files, none named is refused', async () => {
    const dir = folder({ 'Quito_precipitation_2020-03-01.tif': [1, 2, 3, 4], 'Lagos_precipitation_2020-03-01.tif': [10, 10, 10, 10] })
    const one = await planAndRun('What was the mean rainfall of Quito on 2020-03-01?', dir)
    expect(one.value).toBeCloseTo(2.5, 9)
    const none = planTask(makeTask({ question: 'What was the mean rainfall on 2020-03-01?', options: [], files: [dir] }))
    expect(none.workflow).toBeNull()
    expect(none.refusal).toMatch(/several places \(Lagos, Quito\)/)
  })

  it('changes the mean night-time light between two named years', async () => {
    // 2014: (1 + 3) / 2 = 2; 2019: (4 + 6) / 2 = 5; change 3 (second minus first)
    const dir = folder({
      'Lima_avg_rad_2014-01-01.tif': [1, 1, 1, 1],
      'Lima_avg_rad_2014-02-01.tif': [3, 3, 3, 3],
      'Lima_avg_rad_2019-01-01.tif': [4, 4, 4, 4],
      'Lima_avg_rad_2019-02-01.tif': [6, 6, 6, 6],
    })
    const r = await planAndRun('Compare the mean nighttime light intensity of Lima in 2014 with that in 2019 and report the change.', dir)
    expect(r.result.status).toBe('ok')
    expect(r.value).toBeCloseTo(3, 9)
  })

  it('fits a least-squares line to annual means when a linear regression is asked (not Theil-Sen)', async () => {
    // annual means 1, 2, 4, 4.5 at t = 0..3: OLS slope 6.25 / 5 = 1.25, intercept 2.875 - 1.25 * 1.5 = 1.0
    // (the Sen slope would be 1.2083)
    const dir = folder(ACCRA)
    const r = await planAndRun('Estimate the trend of the annual mean night-time light of Accra from 2015 to 2018 with a linear regression.', dir)
    expect(r.nodes.find((n) => n.op === 'timeseries.trend')?.params.method).toBe('ols')
    expect(r.result.status).toBe('ok')
    expect(r.obs?.slope as number).toBeCloseTo(1.25, 9)
    expect(r.obs?.intercept as number).toBeCloseTo(1.0, 9)
  })

  it('regresses against time: the time axis is read, the least-squares slope is per year and says so', async () => {
    // annual means 1, 2, 4, 4.5 at the years' centres: OLS slope 1.25 per year (as above)
    const dir = folder(ACCRA)
    const question = 'Regress the annual mean night-time light of Accra for 2015-2018 against time with least squares; give the slope, nW/cm2/sr per year.'
    expect(readTask({ question }).notUnderstood.filter((n) => n.blocking || /time|per year/.test(n.text))).toEqual([])
    const r = await planAndRun(question, dir)
    expect(r.result.status).toBe('ok')
    expect(r.obs?.slope as number).toBeCloseTo(1.25, 9)
    const entry = {
      call: 1,
      action: { tool: 'execute', args: r.wf.ok ? r.wf.args : {} },
      observation: r.result.observation,
      evidence: r.result.evidence,
      caveats: [],
      config: { coarse: 'execute:x' },
    }
    const answer = await new TemplateAnswerWriter().write({
      task: makeTask({ question, options: [], files: [dir] }),
      history: { observations: () => [entry] },
      gaps: [],
    } as never)
    expect(answer.explanation).toMatch(/Least-squares slope 1\.25\d* per year/)
    expect(answer.answer).toMatch(/^1\.25\d* nW\/cm2\/sr per year$/)
  })

  // A change between two years of a longer record that names no statistic compares the years' image means.
  it('picks the option by its percentage for a percentage change between two years of a longer record', async () => {
    // 1990 mean 150, 2000 mean 300: +100 %; the options' first numbers (absolute changes) must not decide
    const dir = folder({
      'Lyon_built_volume_total_1980.tif': [1, 1, 1, 1],
      'Lyon_built_volume_total_1990.tif': [100, 200, 100, 200],
      'Lyon_built_volume_total_2000.tif': [300, 300, 300, 300],
      'Lyon_built_volume_total_2010.tif': [900, 900, 900, 900],
    })
    const r = await planAndRun(
      'Using built_volume_total of Lyon from 1980 to 2010, compute the change in building volume between 1990 and 2000 and its percentage change.',
      dir,
      'A. The change is 1,500.00 and the percentage change is 50.00%\nB. The change is 150.00 and the percentage change is 100.00%',
    )
    expect(r.result.status).toBe('ok')
    expect(r.obs?.choice).toBe('B')
  })

  it('states the physical unit of a layer kept as stored', async () => {
    const dir = folder({ 'Lagos_precipitation_2020-03-01.tif': [2, 4, 6, 8] })
    const question = 'What was the mean rainfall of Lagos in March 2020?'
    const r = await planAndRun(question, dir)
    expect(r.value).toBeCloseTo(5, 9)
    const entry = {
      call: 1,
      action: { tool: 'execute', args: r.wf.ok ? r.wf.args : {} },
      observation: r.result.observation,
      evidence: r.result.evidence,
      caveats: [],
      config: { coarse: 'execute:x' },
    }
    const history = { observations: () => [entry] }
    const answer = await new TemplateAnswerWriter().write({ task: makeTask({ question, options: [], files: [dir] }), history, gaps: [] } as never)
    expect(answer.answer).toBe('5.000 mm')
    // a choice states the unit of the value it was picked from too
    const options = parseOptions('A. 2.0 mm\nB. 5.0 mm')
    const c = await planAndRun(question, dir, 'A. 2.0 mm\nB. 5.0 mm')
    const picked = { ...entry, action: { tool: 'execute', args: c.wf.ok ? c.wf.args : {} }, observation: c.result.observation, evidence: c.result.evidence }
    const chosen = await new TemplateAnswerWriter().write({
      task: makeTask({ question, options, files: [dir] }),
      history: { observations: () => [picked] },
      gaps: [],
    } as never)
    expect(chosen.answer).toBe('B')
    expect(chosen.explanation).toMatch(/5\.000 mm/)
  })

  it('keeps the statistic, region or range asked of a named variable instead of answering the mean', async () => {
    // The recipe that had to refuse these is replaced by the compiler, which carries each part out.
    // Jan [1, 2, 3, 4], Feb [5, 6, 7, 8] (2 x 2, row-major: the northern half is the first row).
    const dir = folder({ 'Laos_precipitation_2019-01-01.tif': [1, 2, 3, 4], 'Laos_precipitation_2019-02-01.tif': [5, 6, 7, 8] })
    const median = await planAndRun('What is the median precipitation in Laos in 2019?', dir)
    expect(median.value).toBeCloseTo((2.5 + 6.5) / 2, 9) // per-date medians, averaged
    const north = await planAndRun('What is the mean precipitation in the northern half of the image in 2019?', dir)
    expect(north.value).toBeCloseTo((1.5 + 5.5) / 2, 9)
    const range = await planAndRun('What is the mean precipitation in 2019 where precipitation is between 2 and 6?', dir)
    expect(range.value).toBeCloseTo((3 + 5.5) / 2, 9) // Jan 2, 3, 4 -> 3; Feb 5, 6 -> 5.5
    const plain = await planAndRun('What is the mean precipitation in Laos in 2019?', dir)
    expect(plain.plan.refusal).toBeNull()
    expect(plain.value).toBeCloseTo((2.5 + 6.5) / 2, 9)
  })

  it('says what it lacks for asks it has no recipe for', () => {
    const dir = folder({ 'Laos_MaxFRP_2019-01-01.tif': [0, 1, 2, 3] })
    const plan = planTask(
      makeTask({
        question: 'With pixels of MaxFRP > 0 as fire pixels, compute the kurtosis of daily fire pixel counts in Laos in 2019.',
        options: [],
        files: [dir],
      }),
    )
    // The task reader refuses the statistic it cannot place before any skill plans.
    expect(plan.refusal ?? (plan.workflow && !plan.workflow.ok ? plan.workflow.missing : '')).toMatch(/kurtosis/)
  })

  it('claims a question only when the input names carry the variable it names', () => {
    const dir = folder({ 'Taihu_sur_refl_b01_2022-01-01.tif': [1, 1, 1, 1] })
    expect(planTask(makeTask({ question: 'What is the mean rainfall in March 2020?', options: [], files: [] })).skill).toBeNull()
    expect(planTask(makeTask({ question: 'Based on sur_refl_b01 of Taihu, compute the mean water clarity.', options: [], files: [dir] })).skill).toBeNull()
  })

  it('reads a variable from the question, but never a sensor band named only as the source of another quantity', () => {
    const dir = folder({ 'Lima_avg_rad_2014-01-01.tif': [1, 1, 1, 1], 'Taihu_sur_refl_b01_2022-01-01.tif': [1, 1, 1, 1] })
    const inputs = describeInputs(dir, [])
    const layer = (q: string) => namedLayer(readTask({ question: q, options: [] }), inputs)
    expect(layer('How bright were the night lights?')?.role).toBe('AVG_RAD')
    expect(layer('Based on sur_refl_b01, estimate the water clarity.')).toBeNull()
  })
})
