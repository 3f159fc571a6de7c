/**
 * Issue 17, the values the desk shows for the Landsat fixture scene (`rsure serve` + Chromium), each against a
 * figure computed here with geotiff.js apart from the engine (and, written by hand beside it, the same figure from
 * GDAL 3.6 + numpy float64):
 * 1. a count of pixels meeting a condition reads as a count of pixels everywhere the window states it (answer,
 *    accepted observation, timeline, evidence headline, the DAG's output node), in the words of `rsure ask` on the
 *    same files ("24909 pixels"), never as a bare unit "count";
 * 2. the water share (MNDWI on TOA reflectance > 0, Xu 2006, the classical engine's declared threshold) is taken
 *    over the pixels inside the scene's footprint, the DN-0 fill collar left out: 22055 of 46093 = 47.849 %, not
 *    the 33.4 % it would be over the whole 255 x 259 grid.
 */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { fromFile } from 'geotiff'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { tempDir } from '../helpers/tmp'
import { addFiles, ask, LANDSAT_DIR, LANDSAT_MTL, LANDSAT_TIFS, openDesk, ROOT, SHOTS, type Desk } from './rsure-serve'

let desk: Desk
let page: Page

beforeAll(async () => {
  desk = await openDesk('rsure-values-e2e-')
  page = desk.page
  await addFiles(page, [LANDSAT_MTL, ...LANDSAT_TIFS], LANDSAT_TIFS.length, 120_000)
}, 240_000)

afterAll(async () => {
  await desk?.close()
})

/** One band of the scene as stored (DN), and its TOA reflectance from the MTL's own constants and sun elevation. */
async function band(name: string): Promise<{ dn: Float64Array; toa: Float64Array }> {
  const file = LANDSAT_TIFS.find((f) => f.endsWith(`_${name}.TIF`))!
  const img = await (await fromFile(file)).getImage()
  const [r] = (await img.readRasters()) as unknown as ArrayLike<number>[]
  const dn = Float64Array.from(r)
  const mtl = fs.readFileSync(LANDSAT_MTL, 'utf8')
  const k = name.slice(1)
  const read = (key: string) => Number(new RegExp(`${key}\\s*=\\s*([-\\d.E+]+)`).exec(mtl)![1])
  const mult = read(`REFLECTANCE_MULT_BAND_${k}`)
  const add = read(`REFLECTANCE_ADD_BAND_${k}`)
  const sun = Math.sin((read('SUN_ELEVATION') * Math.PI) / 180)
  return { dn, toa: dn.map((v) => (v * mult + add) / sun) }
}

/** The window's texts for the last run: answer, accepted-observation row, timeline badge, and the evidence viewer's. */
async function windowTexts(runId: string) {
  const run = page.locator(`[data-testid=run][data-run="${runId}"]`)
  const answer = await run.locator('[data-testid=answer]').innerText()
  const accepted = await run.locator('table.observations td').first().innerText()
  const badge = await run.locator('[data-testid=timeline-call][data-status=accepted] .badge', { hasText: 'result:' }).first().innerText()
  await run.locator('[data-testid=timeline-call][data-status=accepted] [data-testid=open-evidence]').first().click()
  const viewer = page.locator('[data-testid=evidence-viewer]')
  await viewer.waitFor()
  const head = await viewer.locator('[data-testid=evidence-headline]').innerText()
  const dag = (await viewer.locator('.dag-value').allTextContents()).join(' | ')
  return { answer, accepted, badge, head, dag, viewer }
}

describe('values of the Landsat scene in the desk', () => {
  it('states a count of pixels as pixels, as rsure ask does, with the count computed apart', async () => {
    const [red, nir] = [await band('B4'), await band('B5')]
    let n = 0
    for (let i = 0; i < red.dn.length; i++) {
      if (red.dn[i] <= 0 || nir.dn[i] <= 0) continue
      if ((nir.toa[i] - red.toa[i]) / (nir.toa[i] + red.toa[i]) > 0.3) n++
    }
    expect(n).toBe(24909) // GDAL + numpy, same mask and formula
    const question = 'How many pixels have NDVI above 0.3?'
    const { runId } = await ask(page, question)
    const t = await windowTexts(runId)
    await page.screenshot({ path: path.join(SHOTS, 'desk-values-count.png') })
    const shown = n.toLocaleString('en-US')
    expect(t.answer).toBe(`${n} pixels`)
    expect(t.accepted).toBe(`${shown} pixels`)
    expect(t.badge).toBe(`result: ${shown} pixels`)
    expect(t.head).toBe(`${shown} pixels`)
    expect(t.dag).toContain(`= ${shown} pixels`)
    for (const s of [t.accepted, t.badge, t.head, t.dag]) expect(s).not.toMatch(/\bcount\b/)
    // The CLI on the same files and question words it the same way.
    const data = tempDir('rsure-values-cli-')
    try {
      const cli = spawnSync(process.execPath, [path.join(ROOT, 'bin', 'rsure.mjs'), 'ask', '--files', LANDSAT_DIR, '--json', question], {
        cwd: ROOT,
        encoding: 'utf8',
        env: { ...process.env, RSURE_DATA_DIR: data.dir },
        timeout: 120_000,
      })
      expect(cli.status, cli.stderr).toBe(0)
      expect(JSON.parse(cli.stdout).answer).toBe(t.answer)
    } finally {
      data.cleanup()
    }
    await page.keyboard.press('Escape')
  }, 600_000)

  it('takes the water share over the footprint, the fill collar left out', async () => {
    const names = ['B2', 'B3', 'B4', 'B5', 'B6', 'B7']
    const bands = new Map<string, { dn: Float64Array; toa: Float64Array }>()
    for (const b of names) bands.set(b, await band(b))
    const green = bands.get('B3')!
    const swir = bands.get('B6')!
    let valid = 0
    let water = 0
    for (let i = 0; i < green.dn.length; i++) {
      // Inside the footprint: every reflective band holds data (the collar is DN 0 with no nodata tag).
      if (!names.every((b) => bands.get(b)!.dn[i] > 0)) continue
      valid++
      if ((green.toa[i] - swir.toa[i]) / (green.toa[i] + swir.toa[i]) > 0) water++
    }
    expect([water, valid]).toEqual([22055, 46093]) // GDAL + numpy, same mask and formula
    const share = (100 * water) / valid
    const { runId } = await ask(page, 'What share of this scene is water?')
    const t = await windowTexts(runId)
    await page.screenshot({ path: path.join(SHOTS, 'desk-values-water.png') })
    const value = Number(/(\d+(?:\.\d+)?)\s*%/.exec(t.answer)?.[1])
    expect(Math.abs(value - share), `answer "${t.answer}"`).toBeLessThan(0.01)
    // Over the whole grid, collar included, it would read about a third.
    expect(Math.abs(value - (100 * water) / green.dn.length)).toBeGreaterThan(10)
    // The viewer shows the numerator and denominator it divided.
    const inter = await t.viewer.locator('[data-testid=evidence-intermediate]').innerText()
    expect(inter).toContain(water.toLocaleString('en-US'))
    expect(inter).toContain(valid.toLocaleString('en-US'))
    await page.keyboard.press('Escape')
    expect(desk.pageErrors).toEqual([])
  }, 600_000)
})
