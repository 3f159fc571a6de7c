/**
 * A product's conventional scale (NDVI stored as DN x 0.0001) applied to a float32 file that already holds NDVI:
 * the verifier rejects the read that made NDVI 0.1-0.7 into 0.00001-0.00007 (on a lon/lat grid an area of NDVI
 * above 0.3 came out 0 km², answered with only a caveat), naming the scale, and the answer comes from a read
 * without it. Where the squeezed values leave no pixel above a threshold the engine finds no value; the status
 * check then names the scale as the cause, and the same repair answers. An integer-coded file keeps its scale. Values from the pixels the test writes (30 m UTM pixels: 900 m² each).
 */
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { writeTinyTiff } from '../unit/engines/raster/tiny-tiff'
import { cliAskSession } from '../helpers/cli-ask'

const session = cliAskSession('rsure-float-scale-')
const { dir, ask } = session
afterAll(() => session.cleanup())
const geo = { originX: 500000, originY: 4000000, sizeX: 30, sizeY: 30, epsg: 32617 }
const ndvi = [0.1, 0.5, 0.6, 0.7, 0.2, 0.35]

describe('a conventional scale on a file of floats', () => {
  it('is rejected, naming the scale, and the mean comes from the values as stored', { timeout: 120_000 }, async () => {
    const files = path.join(dir, 'float')
    fs.mkdirSync(files)
    writeTinyTiff(path.join(files, 'Oasis_2020-07-01_NDVI.tif'), { width: 3, height: 2, bands: [ndvi], dtype: 'float32', geo })
    const out = await ask(files, 'What is the mean NDVI on 2020-07-01?')
    const rejected = JSON.stringify(out.trajectory)
    expect(rejected).toMatch(/after the conventional scale 0\.0001, while its stored float values, 0\.1 to 0\.7, are already normalised index values/)
    expect(out.verified).toHaveLength(1)
    expect(out.verified[0].status).toBe('accepted')
    expect(out.verified[0].observation.value).toBeCloseTo(ndvi.reduce((a, v) => a + Math.fround(v), 0) / ndvi.length, 6)
  })

  it(
    'where it leaves no pixel above a threshold: the refusal names the scale, and the area comes from the values as stored',
    { timeout: 120_000 },
    async () => {
      const files = path.join(dir, 'float-area')
      fs.mkdirSync(files)
      writeTinyTiff(path.join(files, 'Oasis_2020-07-01_NDVI.tif'), { width: 3, height: 2, bands: [ndvi], dtype: 'float32', geo })
      const out = await ask(files, 'What is the area in m² of pixels with NDVI above 0.3 on 2020-07-01?')
      const steps = out.trajectory as { kind: string; payload: { rule?: string; diagnosis?: string } }[]
      const refused = steps.find((e) => e.kind === 'rule_check' && e.payload.rule === 'status')
      // The engine found no pixel above 0.3 (the scaled values are all below 0.0001); the status check says why.
      expect(refused?.payload.diagnosis).toMatch(
        /only 0 valid pixels.*The cause: ndvi on 2020-07-01 \(NDVI\) spans 0\.00001 to 0\.00007 after the conventional scale 0\.0001/,
      )
      expect(out.verified).toHaveLength(1)
      expect(out.verified[0].status).toBe('accepted')
      // 0.5, 0.6, 0.7 and 0.35 exceed 0.3: four 30 m pixels.
      expect(out.verified[0].observation.value).toBeCloseTo(ndvi.filter((v) => v > 0.3).length * 900, 6)
    },
  )

  it('is kept for an integer-coded file', { timeout: 120_000 }, async () => {
    const files = path.join(dir, 'int')
    fs.mkdirSync(files)
    writeTinyTiff(path.join(files, 'Oasis_2020-07-01_NDVI.tif'), { width: 3, height: 2, bands: [ndvi.map((v) => Math.round(v * 10000))], dtype: 'int16', geo })
    const out = await ask(files, 'What is the area in m² of pixels with NDVI above 0.3 on 2020-07-01?')
    expect(JSON.stringify(out.trajectory)).not.toMatch(/after the conventional scale/)
    expect(out.verified[0].observation.value).toBeCloseTo(ndvi.filter((v) => v > 0.3).length * 900, 6)
  })
})
