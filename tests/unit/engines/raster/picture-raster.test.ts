/**
 * PNG and JPEG pictures read as ungeoreferenced rasters (engines/raster/picture-raster.ts). Every expected value is
 * decoded here independently: the pictures are written and read back by GDAL (libpng, libjpeg) through
 * /usr/bin/python3 + numpy, and interlaced files by ImageMagick; the engine's bands must equal GDAL's samples
 * exactly (JPEG within the one-or-two-level rounding two IDCTs may differ by). Hostile files (a damaged image
 * stream, a header claiming more pixels than its bytes hold, a filter byte PNG does not define, a picture over the
 * memory budget) are refused with one sentence naming the file, also through an execute DAG.
 */
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildCatalog } from '../../../../main/engines/raster/catalog/catalog'
import { openRasterFile, pictureTiffPath } from '../../../../main/engines/raster/picture-raster'
import { executeDag } from '../../../../main/tools/execute/index'
import { ArtifactStore } from '../../../../main/store/artifacts'
import { shared, tempDir } from '../../../helpers/tmp'

const tmp = tempDir('rsure-picture-raster-')
const cache = tempDir('rsure-picture-cache-')
const LEVIR = shared('fixtures', 'levircd')
const previousCache = process.env.RSURE_PICTURE_CACHE

/** Python + GDAL: write the test pictures and dump every band GDAL reads as raw little-endian samples. */
const WRITE = String.raw`
import sys, numpy as np
from osgeo import gdal
d = sys.argv[1]
rng = np.random.default_rng(7)
def write(name, bands, dtype, fmt='PNG', opts=None, table=None):
    mem = gdal.GetDriverByName('MEM').Create('', 37, 23, len(bands), dtype)
    for i, b in enumerate(bands):
        mem.GetRasterBand(i + 1).WriteArray(b)
    if table is not None:
        mem.GetRasterBand(1).SetRasterColorTable(table)
    gdal.GetDriverByName(fmt).CreateCopy(f'{d}/{name}', mem, options=opts or [])
r8 = [rng.integers(0, 256, (23, 37)).astype(np.uint8) for _ in range(4)]
write('rgb8.png', r8[:3], gdal.GDT_Byte)
write('grey_alpha.png', r8[:2], gdal.GDT_Byte)
write('rgba16.png', [rng.integers(0, 65536, (23, 37)).astype(np.uint16) for _ in range(4)], gdal.GDT_UInt16)
write('grey2bit.png', [rng.integers(0, 4, (23, 37)).astype(np.uint8)], gdal.GDT_Byte, opts=['NBITS=2'])
ct = gdal.ColorTable()
for i in range(6): ct.SetColorEntry(i, (40 * i, 255 - 40 * i, 7, 255))
write('palette.png', [rng.integers(0, 6, (23, 37)).astype(np.uint8)], gdal.GDT_Byte, table=ct)
smooth = [(np.add.outer(np.arange(23) * 3, np.arange(37) * 2) + k * 20).astype(np.uint8) for k in range(3)]
write('photo.jpg', smooth, gdal.GDT_Byte, fmt='JPEG', opts=['QUALITY=95'])
`
const DUMP = String.raw`
import sys, json
from osgeo import gdal
out = {}
for f in sys.argv[1:]:
    ds = gdal.Open(f)
    bands = []
    for i in range(ds.RasterCount):
        b = ds.GetRasterBand(i + 1)
        a = b.ReadAsArray()
        a.astype(a.dtype.newbyteorder('<')).tofile(f'{f}.b{i + 1}.raw')
        bands.append({'dtype': str(a.dtype), 'interp': gdal.GetColorInterpretationName(b.GetColorInterpretation()).lower()})
    out[f] = {'width': ds.RasterXSize, 'height': ds.RasterYSize, 'bands': bands}
print(json.dumps(out))
`
type Dumped = Record<string, { width: number; height: number; bands: { dtype: string; interp: string }[] }>
let dumped: Dumped = {}
const file = (name: string) => path.join(tmp.dir, name)

/** The samples GDAL read for band `b` of `f`. */
function gdalBand(f: string, b: number): number[] {
  const bytes = fs.readFileSync(`${f}.b${b}.raw`)
  const kind = dumped[f].bands[b - 1].dtype
  return kind === 'uint16' ? Array.from(new Uint16Array(bytes.buffer, bytes.byteOffset, bytes.length / 2)) : Array.from(bytes)
}

async function engineBand(f: string, b: number): Promise<number[]> {
  const tif = openRasterFile(f)
  try {
    return Array.from(await tif.readBand({ band: b, nodata: null, scale: 1, offset: 0 }))
  } finally {
    tif.close()
  }
}

/** A PNG from its IHDR fields and raw (filtered) scanlines; `idat` replaces the deflated data when given. */
function pngOf(width: number, height: number, depth: number, colour: number, raw: Buffer, idat?: Buffer): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4)
    len.writeUInt32BE(data.length)
    const td = Buffer.concat([Buffer.from(type, 'latin1'), data])
    const crc = Buffer.alloc(4)
    crc.writeUInt32BE(zlib.crc32(td) >>> 0)
    return Buffer.concat([len, td, crc])
  }
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(width, 0)
  ihdr.writeUInt32BE(height, 4)
  ihdr[8] = depth
  ihdr[9] = colour
  const sig = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
  return Buffer.concat([sig, chunk('IHDR', ihdr), chunk('IDAT', idat ?? zlib.deflateSync(raw)), chunk('IEND', Buffer.alloc(0))])
}

beforeAll(() => {
  process.env.RSURE_PICTURE_CACHE = cache.dir
  execFileSync('/usr/bin/python3', ['-c', WRITE, tmp.dir])
  execFileSync('convert', [file('rgb8.png'), '-interlace', 'PNG', file('rgb8_interlaced.png')])
  fs.copyFileSync(path.join(LEVIR, 'label', 'test_2_0000_0000.png'), file('levir_label.png'))
  fs.copyFileSync(path.join(LEVIR, 'B', 'test_2_0000_0000.png'), file('levir_B.png'))
  const names = [
    'rgb8.png',
    'grey_alpha.png',
    'rgba16.png',
    'grey2bit.png',
    'palette.png',
    'photo.jpg',
    'rgb8_interlaced.png',
    'levir_label.png',
    'levir_B.png',
  ]
  dumped = JSON.parse(execFileSync('/usr/bin/python3', ['-c', DUMP, ...names.map(file)], { encoding: 'utf8' })) as Dumped
}, 60_000)

afterAll(() => {
  if (previousCache === undefined) delete process.env.RSURE_PICTURE_CACHE
  else process.env.RSURE_PICTURE_CACHE = previousCache
  tmp.cleanup()
  cache.cleanup()
})

describe('pictures read as rasters', () => {
  it('gives every band of each colour model as stored, equal to GDAL sample for sample', async () => {
    const cases: [string, number, string][] = [
      ['rgb8.png', 3, 'uint8'],
      ['grey_alpha.png', 2, 'uint8'],
      ['rgba16.png', 4, 'uint16'],
      ['grey2bit.png', 1, 'uint8'],
      ['palette.png', 1, 'uint8'],
      ['rgb8_interlaced.png', 3, 'uint8'],
      ['levir_label.png', 1, 'uint8'],
      ['levir_B.png', 3, 'uint8'],
    ]
    for (const [name, bands, type] of cases) {
      const f = file(name)
      const tif = openRasterFile(f)
      expect([tif.width, tif.height, tif.bandCount, tif.sampleType], name).toEqual([dumped[f].width, dumped[f].height, bands, type])
      // No georeferencing: a pixel grid only.
      expect(tif.georef.geoTransform, name).toBeNull()
      expect(tif.georef.crs, name).toBeNull()
      tif.close()
      for (let b = 1; b <= bands; b++) expect(await engineBand(f, b), `${name} band ${b}`).toEqual(gdalBand(f, b))
    }
    // A 16-bit PNG keeps its 16 bits, a 2-bit grey PNG its values 0-3, a palette PNG its indices 0-5 (not colours).
    expect(Math.max(...(await engineBand(file('rgba16.png'), 1)))).toBeGreaterThan(255)
    expect(new Set(await engineBand(file('grey2bit.png'), 1))).toEqual(new Set([0, 1, 2, 3]))
    expect(new Set(await engineBand(file('palette.png'), 1))).toEqual(new Set([0, 1, 2, 3, 4, 5]))
  })

  it('decodes a JPEG to its red, green and blue bands within the rounding two decoders differ by', async () => {
    const f = file('photo.jpg')
    for (let b = 1; b <= 3; b++) {
      const got = await engineBand(f, b)
      const want = gdalBand(f, b)
      expect(got.length).toBe(want.length)
      const diff = got.map((v, i) => Math.abs(v - want[i]))
      // Chroma upsampling and IDCT rounding differ between libjpeg and jpeg-js by a few levels at most.
      expect(diff.reduce((s, d) => s + d, 0) / diff.length, `band ${b}`).toBeLessThan(1)
      expect(Math.max(...diff), `band ${b}`).toBeLessThanOrEqual(8)
    }
  })

  it('reads a window as GDAL does, and decodes a picture once (its converted copy is reused until the picture changes)', async () => {
    const f = file('levir_B.png')
    const tif = openRasterFile(f)
    const win = await tif.readBand({ band: 2, window: { col: 100, row: 50, width: 30, height: 20 }, nodata: null, scale: 1, offset: 0 })
    tif.close()
    const all = gdalBand(f, 2)
    const want: number[] = []
    for (let r = 50; r < 70; r++) for (let c = 100; c < 130; c++) want.push(all[r * 256 + c])
    expect(Array.from(win)).toEqual(want)
    const first = pictureTiffPath(f)
    const stamp = fs.statSync(first).ino
    expect(pictureTiffPath(f)).toBe(first)
    expect(fs.statSync(first).ino).toBe(stamp)
    const later = new Date(Date.now() + 5000)
    fs.utimesSync(f, later, later)
    expect(pictureTiffPath(f)).not.toBe(first)
    expect((fs.statSync(cache.dir).mode & 0o077) === 0).toBe(true)
  })

  it('lists pictures in a catalog by their colour roles, told apart by folder, and leaves them out beside GeoTIFFs', () => {
    const files = ['A', 'B', 'label'].map((d) => path.join(LEVIR, d, 'test_2_0000_0000.png'))
    const cat = buildCatalog({ files, calibration: 'dn', sun_correction: false }, '/')
    expect(cat.assets.map((a) => [a.id, a.date, Object.keys(a.bands).sort()])).toEqual([
      ['A/test_2_0000_0000', null, ['B1', 'B2', 'B3', 'blue', 'green', 'red']],
      ['B/test_2_0000_0000', null, ['B1', 'B2', 'B3', 'blue', 'green', 'red']],
      ['label/test_2_0000_0000', null, ['B1', 'grey']],
    ])
    expect(cat.assets[0].bands.green).toMatchObject({ band: 2, unit: 'dn', scale: 1, offset: 0 })
    const ga = buildCatalog({ files: [file('grey_alpha.png'), file('palette.png')], calibration: 'dn', sun_correction: false }, '/')
    expect(ga.assets.map((a) => Object.keys(a.bands).sort())).toEqual([
      ['B1', 'B2', 'alpha', 'grey'],
      ['B1', 'index'],
    ])
    const mixed = buildCatalog(
      { files: [file('rgb8.png'), shared('fixtures', 'riotiler', 'red.tif')], calibration: 'dn', sun_correction: false, role_bands: { VALUE: 1 } },
      '/',
    )
    expect(mixed.assets.map((a) => a.id)).toEqual(['red'])
    expect(mixed.skipped).toEqual([{ file: 'rgb8.png', reason: 'a picture without georeferencing is not listed with georeferenced rasters' }])
  })
})

describe('hostile pictures on the read path', () => {
  it('refuses a damaged image stream, a decompression bomb, an undefined filter and an over-budget picture with one sentence', () => {
    const label = fs.readFileSync(file('levir_label.png'))
    // The same header with half of its image data: it must not read as a picture padded with zeros.
    const raw = zlib.inflateSync(Buffer.concat(idatOf(label)))
    const truncated = file('truncated.png')
    fs.writeFileSync(truncated, pngOf(256, 256, 8, 0, raw, zlib.deflateSync(raw.subarray(0, raw.length / 2))))
    expect(() => openRasterFile(truncated)).toThrow(/'truncated\.png' is a corrupt PNG file: its image data holds 32896 of the 65792 bytes/)
    // A header claiming 100 000 x 100 000 pixels over a few hundred bytes: refused before any buffer is allocated.
    const bomb = file('bomb.png')
    fs.writeFileSync(bomb, pngOf(100_000, 100_000, 8, 2, Buffer.alloc(0), zlib.deflateSync(Buffer.alloc(4000))))
    expect(() => openRasterFile(bomb)).toThrow(
      /'bomb\.png' is a corrupt PNG file: its header declares 100000 x 100000 pixels, more than its \d+ bytes can hold/,
    )
    // A filter byte of 7 (PNG defines 0-4).
    const filtered = Buffer.alloc(4 * 5)
    filtered[0] = 7
    const badFilter = file('bad_filter.png')
    fs.writeFileSync(badFilter, pngOf(4, 4, 8, 0, Buffer.alloc(0), zlib.deflateSync(filtered)))
    expect(() => openRasterFile(badFilter)).toThrow(/'bad_filter\.png' is a corrupt PNG file: scanline 1 has filter type 7/)
    // Over the memory budget (RSURE_MAX_MEMORY_MB): refused with the budget's sentence.
    const before = process.env.RSURE_MAX_MEMORY_MB
    process.env.RSURE_MAX_MEMORY_MB = '0.2'
    try {
      const big = file('big_copy.png')
      fs.copyFileSync(file('levir_B.png'), big)
      expect(() => openRasterFile(big)).toThrow(/more than the 0 MiB one operation may use|needs about \d+ MiB at once/)
    } finally {
      if (before === undefined) delete process.env.RSURE_MAX_MEMORY_MB
      else process.env.RSURE_MAX_MEMORY_MB = before
    }
  })

  it('refuses a cache folder other users may write, and names a damaged picture in an execute error', async () => {
    const open = tempDir('rsure-open-cache-')
    fs.chmodSync(open.dir, 0o777)
    process.env.RSURE_PICTURE_CACHE = open.dir
    try {
      expect(() => openRasterFile(file('rgb8.png'))).toThrow(/not a private folder of this user/)
    } finally {
      process.env.RSURE_PICTURE_CACHE = cache.dir
      open.cleanup()
    }
    const dag = { nodes: [{ id: 'l', op: 'raster.read', params: { path: file('truncated.png'), band: 1 }, inputs: {} }], output: 'l' }
    const r = await executeDag(dag, { artifacts: new ArtifactStore(path.join(tmp.dir, 'art')) })
    expect(r.status).toBe('error')
    expect(r.reason).toMatch(/'truncated\.png' is a corrupt PNG file/)
  })
})

/** The IDAT payloads of a PNG, in order. */
function idatOf(bytes: Buffer): Buffer[] {
  const out: Buffer[] = []
  for (let p = 8; p + 12 <= bytes.length;) {
    const len = bytes.readUInt32BE(p)
    if (bytes.toString('latin1', p + 4, p + 8) === 'IDAT') out.push(bytes.subarray(p + 8, p + 8 + len))
    p += 12 + len
  }
  return out
}
