/**
 * Content checks on real execute evidence (issue 16): faults made as files (tiny GeoTIFFs written here), asked about
 * plainly through the rules planner and the real execute tool, with no change to any tool call. Each fault must be
 * rejected with a diagnosis naming it, and the same question on the clean files (the control) must be accepted.
 * Expected values are the test's own arithmetic over the pixels it wrote.
 */
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { planTask } from '../../../main/agent/rules/rules-planner'
import { makeTask } from '../../../main/agent/task'
import { executeDag } from '../../../main/tools/execute/index'
import { ArtifactStore } from '../../../main/store/artifacts'
import { routeFor } from '../../../main/verify/evidence-routes'
import { EvidencePolicyVerifier } from '../../../main/verify/evidence-policy'
import { tempDir } from '../../helpers/tmp'
import { writeTinyTiff } from '../engines/raster/tiny-tiff'

const geo = { originX: 1000, originY: 2000, sizeX: 10, sizeY: 10, epsg: 32633 }
const dirs: { cleanup: () => void }[] = []
afterAll(() => dirs.forEach((d) => d.cleanup()))

const SIDE = 12
/** A smooth, non-constant LST field in K for date index d. */
const lstField = (d: number) => Array.from({ length: SIDE * SIDE }, (_, i) => 290 + d + ((i * 7) % 13) * 0.5)
const ndviField = (d: number) => Array.from({ length: SIDE * SIDE }, (_, i) => 0.2 + 0.01 * d + ((i * 5) % 11) * 0.03)

function write(dir: string, name: string, dn: number[], dtype: 'uint16' | 'int16', extra: { gdalMetadata?: string } = {}) {
  writeTinyTiff(path.join(dir, name), { width: SIDE, height: SIDE, geo, bands: [dn], dtype, ...extra })
}
const lstDn = (k: number[]) => k.map((v) => Math.round(v / 0.02))
const ndviDn = (v: number[]) => v.map((x) => Math.round(x / 0.0001))

function folder(): string {
  const t = tempDir('rsure-content-')
  dirs.push(t)
  return t.dir
}

async function judge(question: string, dir: string) {
  const plan = planTask(makeTask({ question, options: [], files: [dir] }))
  const wf = plan.workflow
  if (!wf?.ok || wf.tool !== 'execute') throw new Error('expected an execute workflow')
  const r = await executeDag(wf.args, { artifacts: new ArtifactStore(path.join(dir, 'artifacts')) })
  expect(r.status).toBe('ok')
  const verdict = await new EvidencePolicyVerifier().verify({
    images: [], question, options: [], taskType: 'environmental_assessment', action: { tool: 'execute', args: wf.args },
    status: r.status, observation: r.observation, evidence: r.evidence, config: r.config, prior: null,
  })
  return { verdict, value: (r.observation as { value?: number }).value, args: wf.args, observation: r.observation }
}

/** The targeted route the verifier asked for, run and verified as a follow-up of the rejected call. */
async function followUp(question: string, dir: string, first: Awaited<ReturnType<typeof judge>>) {
  const route = routeFor(first.verdict.needed, first.args)
  if (!route) throw new Error('expected a route for the request')
  const r = await executeDag(route.args, { artifacts: new ArtifactStore(path.join(dir, 'artifacts')) })
  expect(r.status, r.reason).toBe('ok')
  const verdict = await new EvidencePolicyVerifier().verify({
    images: [], question, options: [], taskType: 'environmental_assessment', action: { tool: 'execute', args: route.args },
    status: r.status, observation: r.observation, evidence: r.evidence, config: r.config, prior: null,
    corroborates: { call: 1, action: { tool: 'execute', args: first.args }, observation: first.observation },
  })
  return { verdict, value: (r.observation as { value?: number }).value }
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length
const Q_LST = 'What was the mean LST in June 2023?'
const DATES = ['2023-06-02', '2023-06-10', '2023-06-18', '2023-06-26']

describe('content checks on execute results', () => {
  it('accepts the clean control and rejects a fill value without a nodata tag, naming it', async () => {
    const clean = folder()
    DATES.forEach((d, i) => write(clean, `Basin_${d}_LST.tif`, lstDn(lstField(i)), 'uint16'))
    const ok = await judge(Q_LST, clean)
    expect(ok.verdict.decision).toBe('accept')
    const expected = mean(DATES.map((_, i) => mean(lstDn(lstField(i)).map((v) => v * 0.02))))
    expect(ok.value).toBeCloseTo(expected, 6)
    // The scale came from the LST naming convention (the files carry no scale tag): the answer must say so.
    expect(ok.verdict.caveats.join(' ')).toMatch(/scaled by 0\.02 \(K\) by the product's naming convention/)

    const faulty = folder()
    DATES.forEach((d, i) => {
      const dn = lstDn(lstField(i))
      if (i === 2) for (let k = 0; k < 30; k++) dn[k * 4] = 65535
      write(faulty, `Basin_${d}_LST.tif`, dn, 'uint16')
    })
    const bad = await judge(Q_LST, faulty)
    // Not accepted: the verifier asks for the value with the named fill masked (new evidence), naming it.
    expect(bad.verdict.decision).toBe('request_evidence')
    expect(bad.verdict.feedback).toMatch(/2023-06-18/)
    expect(bad.verdict.feedback).toMatch(/65535.*fill value the file does not tag as nodata/)
    expect(bad.verdict.needed.some((k) => k.startsWith('route:mask-fill@'))).toBe(true)
    // The route drops the fill and is accepted with the value computed here without the fill pixels.
    const routed = await followUp(Q_LST, faulty, bad)
    expect(routed.verdict.decision).toBe('accept')
    const fillFree = mean(DATES.map((_, i) => {
      const dn = lstDn(lstField(i))
      if (i === 2) for (let k = 0; k < 30; k++) dn[k * 4] = 65535
      return mean(dn.filter((v) => v !== 65535).map((v) => v * 0.02))
    }))
    expect(routed.value).toBeCloseTo(fillFree, 6)
  })

  it('rejects a date whose rows were set to one constant value', async () => {
    const dir = folder()
    DATES.forEach((d, i) => {
      const dn = lstDn(lstField(i))
      if (i === 1) for (let k = 0; k < 8 * SIDE; k++) dn[k] = Math.round(366.4 / 0.02)
      write(dir, `Basin_${d}_LST.tif`, dn, 'uint16')
    })
    const { verdict } = await judge(Q_LST, dir)
    expect(verdict.decision).toBe('reject')
    expect(verdict.feedback).toMatch(/8 of 12 rows .* on 2023-06-10 hold one constant value \(366\.4 K\)/)
  })

  it('rejects a byte copy of another date under a new date', async () => {
    const dir = folder()
    DATES.forEach((d, i) => write(dir, `Basin_${d}_LST.tif`, lstDn(lstField(i)), 'uint16'))
    fs.copyFileSync(path.join(dir, `Basin_${DATES[0]}_LST.tif`), path.join(dir, `Basin_${DATES[3]}_LST.tif`))
    const { verdict } = await judge(Q_LST, dir)
    expect(verdict.decision).toBe('reject')
    expect(verdict.feedback).toContain(`${DATES[0]} and ${DATES[3]} hold identical pixels`)
  })

  it('rejects an NDVI outside [-1, 1] from an untagged fill and accepts the clean NDVI', async () => {
    const Q = 'What was the minimum NDVI on 2021-05-04?'
    const clean = folder()
    write(clean, 'Farm_2021-05-04_NDVI.tif', ndviDn(ndviField(0)), 'int16')
    const ok = await judge(Q, clean)
    expect(ok.verdict.decision).toBe('accept')
    expect(ok.value).toBeCloseTo(Math.min(...ndviDn(ndviField(0))) * 0.0001, 6)

    const faulty = folder()
    const dn = ndviDn(ndviField(0))
    for (let k = 0; k < 10; k++) dn[k * 3] = -32768
    write(faulty, 'Farm_2021-05-04_NDVI.tif', dn, 'int16')
    const bad = await judge(Q, faulty)
    expect(bad.verdict.decision).toBe('request_evidence')
    expect(bad.verdict.feedback).toMatch(/-32768/)
    expect(bad.verdict.feedback).toMatch(/outside the physical range of normalised index -1 to 1/)
    const routed = await followUp(Q, faulty, bad)
    expect(routed.verdict.decision).toBe('accept')
    expect(routed.value).toBeCloseTo(Math.min(...dn.filter((v) => v !== -32768)) * 0.0001, 6)
  })

  it("lets the file's own scale tag win over the scale a product name suggests", async () => {
    const dir = folder()
    const k = lstField(0)
    const dn = k.map((v) => Math.round(v / 0.01))
    write(dir, 'Basin_2023-06-02_LST.tif', dn, 'uint16', {
      gdalMetadata: '<GDALMetadata><Item name="SCALE" sample="0" role="scale">0.01</Item><Item name="OFFSET" sample="0" role="offset">0</Item></GDALMetadata>',
    })
    const { verdict, value } = await judge('What was the mean LST on 2023-06-02?', dir)
    expect(value).toBeCloseTo(mean(dn.map((v) => v * 0.01)), 6)
    expect(verdict.decision).toBe('accept')
    expect(verdict.caveats.join(' ')).not.toMatch(/naming convention/)
  })
})
