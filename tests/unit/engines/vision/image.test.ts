/** Decoding every image path of perception: PNG and JPEG with sharp, TIFF (georeferencing, multi-band) through the raster source. */
import fs from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { detect } from '../../../../main/engines/vision/api'
import { anchorCount } from '../../../../main/engines/vision/contracts'
import { cropImage, cropToPng, encodePng, loadImage } from '../../../../main/engines/vision/image'
import { RawHead, YOLO_NORM, meanAffineModel, writePack } from '../../../helpers/onnx-packs'
import { tempDir } from '../../../helpers/tmp'
import { writeTinyTiff } from '../raster/tiny-tiff'

let root: string
beforeAll(() => {
  root = tempDir('rsure-vision-image-').dir
})
afterAll(() => fs.rmSync(root, { recursive: true, force: true }))

function pattern(w: number, h: number): Uint8Array {
  const d = new Uint8Array(w * h * 3)
  for (let i = 0; i < w * h; i++) d.set([i % 256, (i * 7) % 256, (i * 13) % 256], i * 3)
  return d
}

describe('loadImage', () => {
  it('decodes PNG exactly and JPEG to the right size, with no georeferencing', async () => {
    const data = pattern(20, 10)
    const png = path.join(root, 'a.png')
    await sharp(data, { raw: { width: 20, height: 10, channels: 3 } }).png().toFile(png)
    const img = await loadImage(png)
    expect([img.width, img.height, img.georef, img.name]).toEqual([20, 10, null, 'a.png'])
    expect(Buffer.from(img.data).equals(Buffer.from(data))).toBe(true)
    const jpg = path.join(root, 'a.jpg')
    await sharp(data, { raw: { width: 20, height: 10, channels: 3 } }).jpeg().toFile(jpg)
    expect(await loadImage(jpg)).toMatchObject({ width: 20, height: 10, georef: null })
    // An 8-bit RGB TIFF (photometric RGB) goes through the raster source, losslessly.
    const tif = path.join(root, 'a.tif')
    await sharp(data, { raw: { width: 20, height: 10, channels: 3 } }).tiff({ compression: 'lzw' }).toFile(tif)
    expect(Buffer.from((await loadImage(tif)).data).equals(Buffer.from(data))).toBe(true)
    await expect(loadImage(path.join(root, 'none.png'))).rejects.toThrow("The image 'none.png' does not exist.")
    // A folder (a Landsat scene's band files, as object counting was given it) is named in one sentence, not EISDIR.
    const folder = path.join(root, 'scene')
    fs.mkdirSync(folder)
    const refused = await loadImage(folder).then(
      () => null,
      (e: Error) => e.message,
    )
    expect(refused).toBe("'scene' is a folder, not a regular file; give the path of one image file (PNG, JPEG or GeoTIFF).")
    fs.writeFileSync(path.join(root, 'bad.png'), 'not an image')
    await expect(loadImage(path.join(root, 'bad.png'))).rejects.toThrow("The image 'bad.png' could not be decoded as PNG, JPEG or TIFF.")
  })

  it('keeps a GeoTIFF RGB exactly with its geotransform and CRS', async () => {
    const w = 8
    const h = 4
    const bands = [0, 1, 2].map((c) => Array.from({ length: w * h }, (_, i) => (i * (c + 3)) % 256))
    const file = writeTinyTiff(path.join(root, 'rgb.tif'), { width: w, height: h, bands, dtype: 'uint8', geo: { originX: 500000, originY: 4100000, sizeX: 0.5, sizeY: 0.5, epsg: 32633 } })
    const img = await loadImage(file)
    expect(img.georef!.geoTransform).toEqual([500000, 0.5, 0, 4100000, 0, -0.5])
    expect(img.georef!.crs).toMatchObject({ epsg: 32633, kind: 'projected' })
    for (let i = 0; i < w * h; i++) expect([img.data[3 * i], img.data[3 * i + 1], img.data[3 * i + 2]]).toEqual([bands[0][i], bands[1][i], bands[2][i]])
  })

  it('stretches a 16-bit single band between its 2nd and 98th percentiles into grey RGB', async () => {
    const w = 10
    const h = 10
    const file = writeTinyTiff(path.join(root, 'u16.tif'), { width: w, height: h, bands: [Array.from({ length: w * h }, (_, i) => i * 100)], dtype: 'uint16' })
    const img = await loadImage(file)
    // 100 values 0..9900: the 2nd percentile is value index round(0.02·99) = 2 (200), the 98th index 97 (9700).
    expect(img.data[0]).toBe(0)
    expect(img.data[3 * 2]).toBe(0)
    expect(img.data[3 * 50]).toBe(Math.round(((5000 - 200) / 9500) * 255))
    expect(img.data[3 * 97]).toBe(255)
    expect(img.data[3 * 99]).toBe(255)
    expect([img.data[3 * 50], img.data[3 * 50 + 1], img.data[3 * 50 + 2]]).toEqual([img.data[150], img.data[150], img.data[150]])
  })

  it('crops with sharp and encodes a PNG for the verifier', async () => {
    const data = pattern(20, 10)
    const crop = await cropImage({ data, width: 20, height: 10 }, 5, 2, 4, 3)
    expect([crop.width, crop.height]).toEqual([4, 3])
    expect(Array.from(crop.data.subarray(0, 3))).toEqual(Array.from(data.subarray((2 * 20 + 5) * 3, (2 * 20 + 5) * 3 + 3)))
    const png = await encodePng(crop)
    expect((await sharp(png).metadata()).width).toBe(4)
    // A verifier crop: box (4..8, 2..6) grown by 25 % each side -> (3..9, 1..7), then shrunk to a longer side of 3.
    const v = await cropToPng({ data, width: 20, height: 10 }, [4, 2, 8, 6], { margin: 0.25, maxSide: 3 })
    expect(v.window).toEqual([3, 1, 9, 7])
    expect(v.scale).toBe(0.5)
    expect(await sharp(v.png).metadata()).toMatchObject({ width: 3, height: 3, format: 'png' })
    await expect(cropToPng({ data, width: 20, height: 10 }, [30, 30, 40, 40])).rejects.toThrow('The region to crop lies outside the image.')
  })
})

describe('detect on a georeferenced GeoTIFF', () => {
  it('reads the georeferencing from the file and gives map coordinates', async () => {
    const A = anchorCount(64, 64)
    const dir = path.join(root, 'packs', 'geo-detect')
    fs.mkdirSync(dir, { recursive: true })
    meanAffineModel(path.join(dir, 'model.onnx'), { inputDims: [1, 3, 64, 64], outputs: [{ name: 'output0', dims: [1, 5, A], base: new RawHead(5, A).box(0, 16, 16, 8, 8, 0, 0.9).data }] })
    writePack(dir, { id: 'geo-detect', family: 'yolo', task: 'detect', input: { width: 64, height: 64, resize: 'letterbox', normalisation: YOLO_NORM }, classNames: ['tank'], files: { model: 'model.onnx' } })
    const band = Array.from({ length: 64 * 64 }, () => 100)
    const file = writeTinyTiff(path.join(root, 'scene.tif'), { width: 64, height: 64, bands: [band, band, band], dtype: 'uint8', geo: { originX: 300000, originY: 5000000, sizeX: 2, sizeY: 2, epsg: 32631 } })
    const res = await detect(file, 'geo-detect', { dirs: { builtin: path.join(root, 'none'), user: path.join(root, 'packs') }, providers: ['cpu'] })
    expect(res.detections).toHaveLength(1)
    expect(res.detections[0].box).toEqual([12, 12, 20, 20])
    expect(res.detections[0].map!.polygon).toEqual([
      [300024, 4999976],
      [300040, 4999976],
      [300040, 4999960],
      [300024, 4999960],
    ])
    expect(res.georef!.crs!.epsg).toBe(32631)
  })

  it('says which pack to install when none fits the job', async () => {
    await expect(detect(path.join(root, 'scene.tif'), 'auto', { dirs: { builtin: path.join(root, 'none'), user: path.join(root, 'empty') } })).rejects.toMatchObject({
      kind: 'missing',
      message: 'No object-detection pack is installed; add a YOLO detect pack with rsure models add DIR.',
    })
  })
})
