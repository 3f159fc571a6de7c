/**
 * Issue 17, defects 3 and 5 in browser mode (`rsure serve` + Chromium):
 * 3. the evidence viewer of a measure observation (the water share of the Landsat scene) shows the mask GeoTIFF and
 *    the outlines over the source raster, not "names no source image";
 * 5. the outlines exported as GeoJSON are in longitude/latitude (RFC 7946): each vertex is the stored map-CRS
 *    vertex converted by the test's own proj4 call, inside the scene's lon/lat box computed from the B4 file's
 *    geotransform read with geotiff.js, with no `crs` member;
 */
import fs from 'node:fs'
import path from 'node:path'
import type { Page } from 'playwright-core'
import proj4 from 'proj4'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FIXTURES } from '../helpers/tmp'
import { addFiles, allVertices, ask, firstVertex, LANDSAT_TIFS, lonLatBox, mapSettled, openDesk, SHOTS, storedGeoJsons, type Desk } from './rsure-serve'

let desk: Desk
let page: Page

beforeAll(async () => {
  desk = await openDesk('rsure-evidence-e2e-')
  page = desk.page
}, 180_000)

afterAll(async () => {
  await desk?.close()
})

describe('the evidence viewer and layer export (rsure serve + Chromium)', () => {
  it('shows the water mask of a measure observation over the scene, and exports its outlines in lon/lat', async () => {
    await addFiles(page, LANDSAT_TIFS, LANDSAT_TIFS.length, 60_000)
    const { runId, answer } = await ask(page, 'What share of this scene is water?')
    expect(answer).toMatch(/%/)
    const run = page.locator(`[data-testid=run][data-run="${runId}"]`)
    await run.locator('[data-testid=timeline-call][data-status=accepted] [data-testid=open-evidence]').first().click()
    const viewer = page.locator('[data-testid=evidence-viewer]')
    await viewer.waitFor()
    expect(await viewer.textContent()).not.toContain('names no source image')
    await viewer.locator('[data-testid=evidence-map]').waitFor({ timeout: 20_000 })
    expect(await viewer.locator('[data-testid=evidence-mask]').count()).toBeGreaterThanOrEqual(1)
    // The call read the scene's folder: one of its nine bands is shown, and the viewer says so and offers the others.
    expect(await viewer.locator('[data-testid=evidence-source-raster]').innerText()).toMatch(/^Source: LC08_.*\.TIF \(1 of the 9 files the call read\)$/)
    expect(await viewer.locator('[data-testid=evidence-source-choice] option').count()).toBe(LANDSAT_TIFS.length)
    await viewer.locator('[data-testid=evidence-source-choice]').selectOption({ label: 'LC08_L1TP_016037_20170813_20170814_01_RT_B6.TIF' })
    await expect.poll(() => viewer.locator('[data-testid=evidence-source-raster]').innerText()).toMatch(/^Source: LC08_.*_B6\.TIF /)
    // The scene and the mask are both drawn.
    await mapSettled(page, 'evidence-map', 2)
    await page.screenshot({ path: path.join(SHOTS, 'desk-evidence-measure.png') })

    // Export each of the call's layers; the GeoJSON in map coordinates comes back in lon/lat.
    const stored = storedGeoJsons(desk.dataDir).find((g) => g.json.coordinate_space === 'map')
    expect(stored, 'the run saved its outlines in the map CRS').toBeTruthy()
    const epsg = stored!.json.epsg!
    const exports = viewer.locator('.exports button')
    const got: { name: string; text: string }[] = []
    for (let i = 0; i < (await exports.count()); i++) {
      const [d] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), exports.nth(i).click()])
      got.push({ name: d.suggestedFilename(), text: fs.readFileSync((await d.path())!, 'latin1') })
    }
    const lonlat = got.filter((g) => g.name.endsWith('.geojson') && !g.name.endsWith('-pixels.geojson')).map((g) => JSON.parse(g.text))
    expect(lonlat.length).toBeGreaterThanOrEqual(1)
    const fc = lonlat.find((j) => j.features?.length === stored!.json.features.length)
    expect(fc).toBeTruthy()
    expect(fc.crs).toBeUndefined()
    // The scene's lon/lat box from B4's own geotransform (geotiff.js) and proj4.
    const [west, south, east, north] = await lonLatBox(FIXTURES.B4, epsg)
    const margin = 0.02
    for (const [lon, lat] of allVertices(fc)) {
      expect(lon).toBeGreaterThan(west - margin)
      expect(lon).toBeLessThan(east + margin)
      expect(lat).toBeGreaterThan(south - margin)
      expect(lat).toBeLessThan(north + margin)
    }
    const want = proj4(`EPSG:${epsg}`, 'EPSG:4326', firstVertex(stored!.json).slice(0, 2))
    const v = firstVertex(fc)
    expect(v[0]).toBeCloseTo(want[0], 7)
    expect(v[1]).toBeCloseTo(want[1], 7)
    await page.keyboard.press('Escape')
    expect(desk.pageErrors).toEqual([])
  }, 600_000)
})
