/**
 * Areas through the real command line with the default rules backbone: the verifier reads the area unit the
 * question asks (ha, km²) and the engine carries it on the node that multiplies the pixel count by the pixel's
 * ground area, so the answer is accepted, not refused as a unit an execute result does not carry. Reference: 24909
 * pixels of the Landsat 8 scene (900 m pixels, 81 ha) with NDVI from TOA reflectance above 0.3, counted with
 * /usr/bin/python3 + osgeo.gdal + numpy (and with geotiff.js in tests/unit/task/issue15-answer-area.test.ts).
 */
import { afterAll, describe, expect, it } from 'vitest'
import { cliAskSession } from '../helpers/cli-ask'
import { shared } from '../helpers/tmp'

const PIXELS = 24909
const session = cliAskSession('rsure-area-ask-')
afterAll(() => session.cleanup())
const ask = (question: string) => session.ask(shared('fixtures', 'landsat8_L1TP_016037_20170813'), question)

describe('areas are answered from verified observations in the unit asked', () => {
  it.each([
    ['How many hectares have an NDVI (from TOA reflectance) greater than 0.3?', 'ha', PIXELS * 81, /^2017629(?:\.00)? ha$/],
    ['What area in km2 has TOA NDVI above 0.3?', 'km2', PIXELS * 0.81, /^20176\.29 km²$/],
  ])('%s', { timeout: 120_000 }, async (question, unit, want, text) => {
    const out = await ask(question)
    expect(out.verified, out.answer).toHaveLength(1)
    const v = out.verified[0]
    expect(v.status).toBe('accepted')
    expect(v.observation.unit).toBe(unit)
    expect(v.observation.value).toBeCloseTo(want, 6)
    expect(out.answer).toMatch(text)
  })
})
