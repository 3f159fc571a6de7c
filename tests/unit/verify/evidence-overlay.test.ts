import fs from 'node:fs'
import path from 'node:path'
import { PNG } from 'pngjs'
import { afterAll, describe, expect, it } from 'vitest'
import { overlayDataUri } from '../../../main/verify/evidence-overlay'
import { tempDir } from '../../helpers/tmp'

const { dir, cleanup } = tempDir()
afterAll(cleanup)

function blackPng(w: number, h: number): string {
  const png = new PNG({ width: w, height: h })
  for (let i = 0; i < w * h; i++) png.data.set([0, 0, 0, 255], i * 4)
  const file = path.join(dir, `black-${w}x${h}.png`)
  fs.writeFileSync(file, PNG.sync.write(png))
  return file
}

function pixels(uri: string) {
  const png = PNG.sync.read(Buffer.from(uri.replace(/^data:image\/png;base64,/, ''), 'base64'))
  return (x: number, y: number) => [...png.data.subarray((y * png.width + x) * 4, (y * png.width + x) * 4 + 4)]
}

describe('evidence overlay', () => {
  it('draws boxes, polygons and points where the evidence puts them, and nothing elsewhere', () => {
    const uri = overlayDataUri(blackPng(40, 40), {
      boxes: [{ bbox: [2, 2, 12, 12], confidence: 0.9 }],
      polygons: [{ points: [[20, 20], [30, 20], [30, 30]] }],
      points: [{ x: 35, y: 5 }],
    })
    expect(uri).toMatch(/^data:image\/png;base64,/)
    const at = pixels(uri!)
    expect(at(2, 2)).toEqual([255, 64, 32, 255])
    expect(at(7, 7)).toEqual([0, 0, 0, 255])
    expect(at(25, 20)).toEqual([32, 200, 255, 255])
    expect(at(35, 5)).toEqual([255, 230, 0, 255])
    expect(at(38, 38)).toEqual([0, 0, 0, 255])
  })

  it('gives no overlay without geometry, or for an image it cannot read', () => {
    expect(overlayDataUri(blackPng(8, 8), { count: 3 })).toBeNull()
    const tif = path.join(dir, 'x.tif')
    fs.writeFileSync(tif, 'II*\0')
    expect(overlayDataUri(tif, { boxes: [[0, 0, 2, 2]] })).toBeNull()
  })
})
