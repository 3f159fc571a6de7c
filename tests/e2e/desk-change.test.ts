/**
 * Issue 17, defect 2 in browser mode (`rsure serve` + Chromium): the changed regions of a PNG pair (LEVIR-CD
 * test_2_0000_0000, A before and B after) are drawn in the pixel viewer over the picture, in its pixel coordinates,
 * and listed there as a layer with their call; the map holds none of them; and the pixel viewer swipes T1 | T2.
 * The two cards of the pair's one name are numbered as the viewer's tabs number them (item 7: three LEVIR cards
 * read the same). The 256 x 256 picture stays square on a wide window (it was stretched to the column's width).
 * The evidence viewer of the call shows the pair with the same regions (it said "names no source image").
 * The regions drawn are the polygons of the change layer the run saved in pixel coordinates (read here from the
 * artifact store), each vertex inside the 256 x 256 picture.
 */
import path from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { shared } from '../helpers/tmp'
import { addFiles, ask, openDesk, SHOTS, storedGeoJsons, type Desk } from './rsure-serve'

const A = shared('fixtures', 'levircd', 'A', 'test_2_0000_0000.png')
const B = shared('fixtures', 'levircd', 'B', 'test_2_0000_0000.png')

let desk: Desk
let page: Page

beforeAll(async () => {
  desk = await openDesk('rsure-change-e2e-')
  page = desk.page
}, 180_000)

afterAll(async () => {
  await desk?.close()
})

/** Outer rings of a feature collection's polygons and multipolygon parts, counted independently of the renderer. */
function rings(fc: { features: { geometry: { type: string; coordinates: unknown } }[] }): number[][][] {
  const out: number[][][] = []
  for (const f of fc.features) {
    if (f.geometry.type === 'Polygon') out.push((f.geometry.coordinates as number[][][])[0])
    else if (f.geometry.type === 'MultiPolygon') for (const p of f.geometry.coordinates as number[][][][]) out.push(p[0])
  }
  return out
}

describe('a change pair in the pixel viewer (rsure serve + Chromium)', () => {
  it('draws the changed regions over the picture, lists them, and swipes T1 | T2', async () => {
    await addFiles(page, [A, B], 2, 60_000)
    // The two cards of one name (A/ and B/ of the pair) are told apart, by the number the viewer's tabs give them,
    // and that number is not cut off by the card's edge.
    const cards = await page.locator('[data-testid=file-card] h2').evaluateAll((els) =>
      els.map((e) => {
        const twin = e.querySelector('.twin')
        return { text: e.textContent ?? '', twinShown: !!twin && twin.getBoundingClientRect().right <= e.getBoundingClientRect().right + 0.5 }
      }),
    )
    expect(new Set(cards.map((c) => c.text)).size).toBe(2)
    expect(cards.map((c) => c.text.slice(-4))).toEqual([' (1)', ' (2)'])
    expect(cards.every((c) => c.twinShown)).toBe(true)
    await ask(page, 'What percentage of the area changed between the two images?')
    // The layer the run saved in pixel coordinates.
    const pixel = storedGeoJsons(desk.dataDir).filter((g) => g.json.coordinate_space === 'pixel')
    expect(pixel.length).toBeGreaterThanOrEqual(1)
    const want = rings(pixel[0].json)
    expect(want.length).toBeGreaterThan(0)
    for (const ring of want) for (const [x, y] of ring) expect(x >= 0 && x <= 256 && y >= 0 && y <= 256).toBe(true)

    // Nothing of the pair on the map: no raster, no outline.
    expect(await page.locator('.view-tabs button').first().innerText()).toBe('Map (0)')
    await page.locator('.view-tabs button').nth(1).click()
    const viewer = page.locator('[data-testid=pixel-viewer]')
    await viewer.waitFor()
    const row = page.locator('[data-testid=pixel-layer-row]')
    await expect.poll(() => row.count(), { timeout: 20_000 }).toBe(1)
    expect(await row.innerText()).toMatch(/changed regions · call #1 measure/)
    await expect.poll(() => viewer.locator('[data-testid=ov-polygon].ov-changed').count(), { timeout: 20_000 }).toBe(want.length)
    // The first ring as drawn is the stored ring, in the picture's own 256 x 256 frame.
    expect(await viewer.locator('svg.overlay').first().getAttribute('viewBox')).toBe('0 0 256 256')
    const points = await viewer.locator('[data-testid=ov-polygon]').first().getAttribute('points')
    expect(points).toBe(want[0].map(([x, y]) => `${x},${y}`).join(' '))
    await page.screenshot({ path: path.join(SHOTS, 'desk-change-pixel.png') })
    // Hidden with its checkbox.
    await row.locator('input[type=checkbox]').uncheck()
    await expect.poll(() => viewer.locator('[data-testid=ov-polygon]').count()).toBe(0)
    await row.locator('input[type=checkbox]').check()

    // T1 | T2: the before picture under the after one, cut where the slider is.
    await page.locator('[data-testid=pixel-swipe]').check()
    const swipe = viewer.locator('[data-testid=swipe]')
    await swipe.waitFor()
    await expect.poll(() => swipe.locator('img').count(), { timeout: 20_000 }).toBe(2)
    // T1 and T2 are told apart by the number their cards show (one name in A/ and B/).
    const captions = () => swipe.locator('figcaption span').allInnerTexts()
    expect(await captions()).toEqual(['T1 test_2_0000_0000.png (1)', 'T2 test_2_0000_0000.png (2)'])
    expect(await swipe.locator('[data-testid=ov-polygon].ov-changed').count()).toBe(want.length)
    await swipe.locator('[data-testid=swipe-range]').fill('20')
    expect(await swipe.locator('.swipe-top').getAttribute('style')).toContain('inset(0px 0px 0px 20%)')
    await page.screenshot({ path: path.join(SHOTS, 'desk-change-swipe.png') })

    // A wide window: the picture's box keeps the picture's 1:1 aspect.
    await page.setViewportSize({ width: 1920, height: 1080 })
    await page.locator('[data-testid=pixel-swipe]').uncheck()
    const square = async () => {
      const b = (await viewer.locator('.stack').first().boundingBox())!
      return Math.abs(b.width - b.height)
    }
    await expect.poll(square, { timeout: 10_000 }).toBeLessThanOrEqual(1)
    expect((await viewer.locator('.stack').first().boundingBox())!.width).toBeGreaterThan(300)

    // The evidence viewer of the change call: T1 | T2 with the regions.
    await page.locator('[data-testid=run] [data-testid=open-evidence]').first().click()
    const ev = page.locator('[data-testid=evidence-viewer]')
    await ev.waitFor()
    expect(await ev.innerText()).not.toContain('names no source image')
    await expect.poll(() => ev.locator('[data-testid=swipe] img').count(), { timeout: 20_000 }).toBe(2)
    await expect.poll(() => ev.locator('[data-testid=ov-polygon].ov-changed').count(), { timeout: 20_000 }).toBe(want.length)
    expect(await ev.locator('[data-testid=swipe] figcaption span').allInnerTexts()).toEqual(['T1 test_2_0000_0000.png (1)', 'T2 test_2_0000_0000.png (2)'])
    await page.screenshot({ path: path.join(SHOTS, 'desk-change-evidence.png') })
    await page.keyboard.press('Escape')
    expect(desk.pageErrors).toEqual([])
  }, 300_000)
})
