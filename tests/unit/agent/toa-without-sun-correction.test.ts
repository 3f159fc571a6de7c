/**
 * "TOA reflectance without sun-elevation correction" (issue 15, "calibration"): the phrase states the catalog's own
 * convention, so it is read (it blocked as "without", a mask the reader could not apply); a correction asked is not
 * this phrase and stays refused. Landsat 8 fixture (../shared/fixtures/landsat8_L1TP_016037_20170813): the reference
 * is REFLECTANCE_MULT_BAND_n * DN + REFLECTANCE_ADD_BAND_n from the MTL over DN > 0, read with geotiff.js here.
 */
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { planTask } from '../../../main/agent/rules/rules-planner'
import { makeTask } from '../../../main/agent/task'
import { RasterPool } from '../../../main/engines/raster/worker/pool'
import { ArtifactStore } from '../../../main/store/artifacts'
import { executeDag } from '../../../main/tools/execute/index'
import { checkProvenance } from '../../../main/verify/provenance/check-provenance'
import { decode, mean } from '../../helpers/independent-stats'
import { shared, tempDir } from '../../helpers/tmp'

const DIR = shared('fixtures', 'landsat8_L1TP_016037_20170813')
const STEM = 'LC08_L1TP_016037_20170813_20170814_01_RT'
const store = tempDir('rsure-toa-')
const pool = new RasterPool(2)
afterAll(async () => {
  await pool.close()
  store.cleanup()
})

const files = fs.readdirSync(DIR).map((f) => path.join(DIR, f))
const mtl = (key: string) => Number(fs.readFileSync(path.join(DIR, `${STEM}_MTL.txt`), 'utf8').match(new RegExp(`${key} = ([-0-9.E+]+)`))![1])

describe('TOA reflectance without sun-elevation correction', () => {
  it('is read as the default convention and equals M * DN + A over the valid pixels', async () => {
    const { data } = await decode(path.join(DIR, `${STEM}_B5.TIF`))
    const [m, a] = [mtl('REFLECTANCE_MULT_BAND_5'), mtl('REFLECTANCE_ADD_BAND_5')]
    const want = mean(Array.from(data, (dn) => (dn > 0 ? m * dn + a : NaN)))
    for (const q of [
      'What is the mean top-of-atmosphere reflectance of band 5 (NIR) in this Landsat 8 scene, without sun-elevation correction?',
      'mean band 5 TOA reflectance (no sun corr)',
    ]) {
      const plan = planTask(makeTask({ question: q, files }))
      const wf = plan.workflow
      if (plan.refusal || !wf || !wf.ok || wf.tool !== 'execute') throw new Error(`refused: ${plan.refusal}`)
      const r = await executeDag(wf.args, { artifacts: new ArtifactStore(store.dir) }, { pool })
      expect((r.observation as { value: number }).value).toBeCloseTo(want, 6)
      expect(checkProvenance(q, wf.args, r.evidence!, r.observation).filter((f) => f.severity === 'reject' || f.severity === 'request')).toEqual([])
    }
  }, 120_000)

  it('a sun-elevation correction asked is not read as the default', () => {
    // Asked, it is computed (the catalog's sun_correction; values: tests/unit/task/dev-classes-3.test.ts), never the
    // uncorrected default.
    const plan = planTask(
      makeTask({ question: 'What is the mean band 5 TOA reflectance of this scene, corrected for sun elevation as given in the MTL?', files }),
    )
    const wf = plan.workflow
    if (!wf?.ok || wf.tool !== 'execute') throw new Error('no workflow')
    const catalog = (wf.args.nodes as { op: string; params: Record<string, unknown> }[]).find((n) => n.op === 'asset.catalog')
    expect(catalog?.params.sun_correction).toBe(true)
  })
})
