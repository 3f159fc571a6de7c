import { describe, expect, it } from 'vitest'
import { toChw } from '../../../../main/engines/vision/image'
import { letterbox, letterboxGeometry } from '../../../../main/engines/vision/letterbox'

describe('letterbox (Ultralytics formula)', () => {
  it('scales by the tighter side and splits the padding as Ultralytics does', () => {
    // 100x50 into 64x64: r = 0.64, 64x32, ph = 16 -> 16 top, 16 bottom.
    expect(letterboxGeometry(100, 50, 64, 64)).toEqual({ scale: 0.64, width: 64, height: 32, top: 16, bottom: 16, left: 0, right: 0 })
    // 30x20 into 64x64: r = 64/30, nh = round(42.67) = 43, ph = 10.5 -> top round(10.4) = 10, bottom 11.
    const g = letterboxGeometry(30, 20, 64, 64)
    expect(g.scale).toBeCloseTo(64 / 30, 12)
    expect([g.width, g.height, g.top, g.bottom, g.left, g.right]).toEqual([64, 43, 10, 11, 0, 0])
    // Tall image: padding goes left/right. 20x40 into 64x48: r = 1.2, 24x48, pw = 20.
    expect(letterboxGeometry(20, 40, 64, 48)).toMatchObject({ width: 24, height: 48, left: 20, right: 20, top: 0, bottom: 0 })
  })

  it('pads with grey 114 and keeps the image band, normalised to 0..1 in CHW order', async () => {
    // A 32x16 image: red channel 255, green 0, blue 10, into 64x64: r = 2, 64x32, top 16.
    const w = 32
    const h = 16
    const data = new Uint8Array(w * h * 3)
    for (let i = 0; i < w * h; i++) data.set([255, 0, 10], 3 * i)
    const { image, geometry } = await letterbox({ data, width: w, height: h }, 64, 64)
    expect(geometry).toMatchObject({ scale: 2, top: 16, bottom: 16, left: 0, right: 0 })
    const t = toChw(image, { scale: 1 / 255, mean: [0, 0, 0], std: [1, 1, 1] })
    const plane = 64 * 64
    const at = (c: number, x: number, y: number) => t[c * plane + y * 64 + x]
    for (const c of [0, 1, 2]) {
      expect(at(c, 5, 0)).toBeCloseTo(114 / 255, 6)
      expect(at(c, 60, 15)).toBeCloseTo(114 / 255, 6)
      expect(at(c, 30, 48)).toBeCloseTo(114 / 255, 6)
    }
    expect(at(0, 10, 16)).toBeCloseTo(1, 6)
    expect(at(1, 10, 30)).toBeCloseTo(0, 6)
    expect(at(2, 63, 47)).toBeCloseTo(10 / 255, 6)
  })
})
