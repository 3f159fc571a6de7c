/**
 * An answer asked in degrees Fahrenheit (issue 15, "answer units"), on Earth-Bench task 46's LST of 2019-08-29
 * (../shared/benchmarks/earthbench-q46, LST = DN * 0.02 K, nodata 0 left out): the compiled DAG converts the kelvin
 * mean and labels its output degF, so the verifier's unit check can pass it (the node was labelled dimensionless and
 * every such run ended with "degrees Fahrenheit, which an execute result does not carry"). Reference: geotiff.js
 * read and a plain loop here, converted by (K - 273.15) * 9 / 5 + 32.
 */
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { planTask } from '../../../main/agent/rules/rules-planner'
import { makeTask } from '../../../main/agent/task'
import { RasterPool } from '../../../main/engines/raster/worker/pool'
import { ArtifactStore } from '../../../main/store/artifacts'
import { executeDag } from '../../../main/tools/execute/index'
import { checkProvenance } from '../../../main/verify/provenance/check-provenance'
import { decode, mean } from '../../helpers/independent-stats'
import { FIXTURES, tempDir } from '../../helpers/tmp'

const store = tempDir('rsure-fahrenheit-')
const pool = new RasterPool(2)
afterAll(async () => {
  await pool.close()
  store.cleanup()
})

describe('an answer in degrees Fahrenheit', () => {
  it('is the kelvin mean converted, labelled degF, and passes the unit check', async () => {
    const file = path.join(FIXTURES.Q46_FILES, 'Xinjiang_2019-08-29_LST.tif')
    const want = ((mean((await decode(file, 0.02)).data) - 273.15) * 9) / 5 + 32
    for (const question of ['Express the mean land surface temperature of 29 August 2019 in degrees Fahrenheit.', 'mean LST 2019-08-29, in °F']) {
      const plan = planTask(makeTask({ question, files: [file] }))
      const wf = plan.workflow
      if (plan.refusal || !wf || !wf.ok || wf.tool !== 'execute') throw new Error(`refused: ${plan.refusal}`)
      const r = await executeDag(wf.args, { artifacts: new ArtifactStore(store.dir) }, { pool })
      expect(r.status, r.reason).toBe('ok')
      expect((r.observation as { unit: string }).unit).toBe('degF')
      expect((r.observation as { value: number }).value).toBeCloseTo(want, 6)
      const findings = checkProvenance(question, wf.args, r.evidence!, r.observation)
      expect(findings.filter((f) => f.severity === 'reject' || f.severity === 'request').map((f) => f.message)).toEqual([])
      expect(findings.some((f) => f.check === 'provenance_unit' && f.severity === 'pass')).toBe(true)
    }
  }, 120_000)
})
