/**
 * Issue 20 bounds, each against values known by construction: the bounded codecs (a stream that would decode past
 * its chunk's declared bytes stops there), JPEG frame sizes and the YCbCr conversion, a file that changes while it
 * is read, MTL files that are huge, binary, contradictory, missing keys or carry impossible factors, and data
 * folders on kernel file systems or too deep to create.
 */
import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'
import { afterAll, describe, expect, it } from 'vitest'
import { buildCatalog } from '../../../main/engines/raster/catalog/catalog'
import { MAX_MTL_BYTES, mtlFactor, parseMtl, readMtl } from '../../../main/engines/raster/catalog/mtl'
import { DecodeLimitError, jpegFrameSize, lzwDecode, packbitsDecode, zstdFrameContentSize } from '../../../main/engines/raster/tiff/codecs'
import { TiffFile } from '../../../main/engines/raster/tiff/reader'
import { chooseDataDir, DataFolderError, ensureDataFolder, MAX_NEW_LEVELS } from '../../../main/store/paths'
import { buildTiff } from '../../../scripts/hostile-corpus'
import { tempDir } from '../../helpers/tmp'

const t = tempDir('rsure-decode-bounds-')
afterAll(() => t.cleanup())

/** A plain TIFF LZW encoder (TIFF 6.0 section 13, MSB-first, early change), written here apart from the decoder. */
function lzwEncode(data: Uint8Array): Uint8Array {
  const out: number[] = []
  let acc = 0
  let bits = 0
  let width = 9
  const put = (code: number) => {
    acc = (acc << width) | code
    bits += width
    while (bits >= 8) {
      out.push((acc >>> (bits - 8)) & 0xff)
      bits -= 8
    }
    acc &= (1 << bits) - 1
  }
  let dict = new Map<string, number>()
  let next = 258
  put(256)
  let w = ''
  for (const byte of data) {
    const c = String.fromCharCode(byte)
    const wc = w + c
    if (w === '' || dict.has(wc) || wc.length === 1) {
      w = wc
      continue
    }
    put(w.length === 1 ? w.charCodeAt(0) : (dict.get(w) as number))
    dict.set(wc, next++)
    // The encoder is one entry ahead of the decoder, so its width grows at next == 2^width (the decoder's early change).
    if (next >= 1 << width && width < 12) width++
    if (next >= 4093) {
      put(256)
      dict = new Map()
      next = 258
      width = 9
    }
    w = c
  }
  if (w) put(w.length === 1 ? w.charCodeAt(0) : (dict.get(w) as number))
  put(257)
  if (bits > 0) out.push((acc << (8 - bits)) & 0xff)
  return Uint8Array.from(out)
}

describe('bounded codecs', () => {
  it('LZW decodes a stream exactly and stops a bomb at the declared size', () => {
    const data = new Uint8Array(20000)
    for (let i = 0; i < data.length; i++) data[i] = (i * 7 + (i >> 5)) % 251
    const stream = lzwEncode(data)
    expect(Buffer.from(lzwDecode(stream, data.length)).equals(Buffer.from(data))).toBe(true)
    // 1 MiB of zeros declared as 64 KiB: refused at the limit, the 1 MiB never allocated.
    const bomb = lzwEncode(new Uint8Array(1 << 20))
    expect(() => lzwDecode(bomb, 65536)).toThrow(DecodeLimitError)
  })

  it('PackBits decodes literals and runs and stops a run past the declared size', () => {
    // 3 literals (1 2 3), a run of 4 x 9, one literal 5 (TIFF 6.0 section 9 example form).
    const src = Uint8Array.from([2, 1, 2, 3, 0xfd, 9, 0, 5])
    expect([...packbitsDecode(src, 8)]).toEqual([1, 2, 3, 9, 9, 9, 9, 5])
    expect(() => packbitsDecode(Uint8Array.from([0x81, 0]), 64)).toThrow(DecodeLimitError)
  })

  it('reads a Zstandard frame header size and a JPEG frame size before decoding', () => {
    // Frame header: magic, descriptor 0xa0 (single segment, 4-byte content size), size 268435456.
    const zhead = Uint8Array.from([0x28, 0xb5, 0x2f, 0xfd, 0xa0, 0x00, 0x00, 0x00, 0x10, 0x00])
    expect(zstdFrameContentSize(zhead)).toBe(268435456)
    // SOI, APP0 of length 4, SOF0 declaring 30000 x 16000 with 3 components.
    const jpeg = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x04, 0, 0, 0xff, 0xc0, 0x00, 0x11, 8, 16000 >> 8, 16000 & 255, 30000 >> 8, 30000 & 255, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0])
    expect(jpegFrameSize(jpeg)).toEqual({ width: 30000, height: 16000, components: 3 })
  })

  it('a DEFLATE strip inflating past its declared bytes is refused naming the file', async () => {
    const file = path.join(t.dir, 'bomb.tif')
    const strip = zlib.deflateSync(Buffer.alloc(1 << 20))
    fs.writeFileSync(file, buildTiff({ width: 16, height: 16, compression: 8, chunks: [new Uint8Array(strip)] }).bytes)
    const tif = TiffFile.open(file)
    await expect(tif.readBand({ band: 1, nodata: null, scale: 1, offset: 0 })).rejects.toThrow(/strip 0 of bomb\.tif inflates to more than the 256 bytes its pixels need/)
    tif.close()
  })
})

describe('a file that changes while it is read', () => {
  it('is refused, naming the change, on the next read through the same descriptor', async () => {
    const file = path.join(t.dir, 'growing.tif')
    fs.writeFileSync(file, buildTiff({ width: 4, height: 4, chunks: [new Uint8Array(16).fill(3)] }).bytes)
    const tif = TiffFile.open(file)
    const first = await tif.readBand({ band: 1, nodata: null, scale: 1, offset: 0 })
    expect(first[0]).toBe(3)
    fs.appendFileSync(file, Buffer.alloc(100))
    await expect(tif.readBand({ band: 1, nodata: null, scale: 1, offset: 0 })).rejects.toThrow(/changed while it was being read \(its size went from \d+ to \d+ bytes\)/)
    tif.close()
  })
})

describe('MTL bounds', () => {
  const clean = ['GROUP = L1_METADATA_FILE', '  GROUP = RADIOMETRIC_RESCALING', '    REFLECTANCE_MULT_BAND_3 = 2.0000E-05', '    REFLECTANCE_ADD_BAND_3 = -0.100000', '  END_GROUP = RADIOMETRIC_RESCALING', '  GROUP = IMAGE_ATTRIBUTES', '    SUN_ELEVATION = 63.1', '  END_GROUP = IMAGE_ATTRIBUTES', 'END_GROUP = L1_METADATA_FILE', 'END', ''].join('\n')
  const write = (name: string, text: string | Buffer) => {
    const f = path.join(t.dir, name)
    fs.writeFileSync(f, text)
    return f
  }

  it('reads a clean file and its factors', () => {
    const mtl = readMtl(write('A_MTL.txt', clean))
    expect(mtlFactor(mtl, 'REFLECTANCE_MULT_BAND_3', ['RADIOMETRIC_RESCALING'])).toBe(2e-5)
    expect(mtlFactor(mtl, 'SUN_ELEVATION')).toBe(63.1)
    expect(mtlFactor(mtl, 'REFLECTANCE_MULT_BAND_9')).toBeUndefined()
  })

  it('refuses a huge (sparse) file by its size, a binary file, and contradictory or injected groups, naming the file', () => {
    const huge = write('HUGE_MTL.txt', clean)
    fs.truncateSync(huge, 700 * 1000 * 1000)
    expect(() => readMtl(huge)).toThrow(/^'HUGE_MTL\.txt' is 668 MiB, far more than a Landsat MTL file/)
    expect(MAX_MTL_BYTES).toBe(1 << 20)
    expect(() => readMtl(write('BIN_MTL.txt', Buffer.concat([Buffer.from(clean), Buffer.from([0, 1, 2])])))).toThrow(/^'BIN_MTL\.txt' holds binary data/)
    expect(() => parseMtl(`${clean}GROUP = L1_METADATA_FILE\nEND\n`, "'X_MTL.txt'")).toThrow(/continues after its END line/)
    expect(() => parseMtl(clean.replace('END_GROUP = RADIOMETRIC_RESCALING', 'END_GROUP = RADIOMETRIC_RESCALING\n  GROUP = RADIOMETRIC_RESCALING\n  REFLECTANCE_MULT_BAND_3 = 5e3\n  END_GROUP = RADIOMETRIC_RESCALING'), "'X_MTL.txt'")).toThrow(/^'X_MTL\.txt' is not a usable Landsat MTL file: its group RADIOMETRIC_RESCALING is opened twice\.$/)
    expect(() => parseMtl(clean.replace('REFLECTANCE_ADD_BAND_3 = -0.100000', 'REFLECTANCE_ADD_BAND_3 = -0.1\n    REFLECTANCE_MULT_BAND_3 = 1'))).toThrow(/gives REFLECTANCE_MULT_BAND_3 twice/)
  })

  it('refuses impossible calibration values (1e308, NaN, Infinity) and leaves missing keys undefined', () => {
    for (const [text, why] of [
      [clean.replace('2.0000E-05', '1e308'), /REFLECTANCE_MULT_BAND_3 = 1e308, outside the 1e-9 to 0\.01 of a reflectance gain/],
      [clean.replace('2.0000E-05', 'NaN'), /REFLECTANCE_MULT_BAND_3 = NaN, which is not a finite number/],
      [clean.replace('63.1', '1e309'), /SUN_ELEVATION = 1e309, which is not a finite number/],
      [clean.replace('-0.100000', '-1e308'), /REFLECTANCE_ADD_BAND_3 = -1e308, outside/],
    ] as [string, RegExp][]) {
      const mtl = readMtl(write('F_MTL.txt', text))
      expect(() => [mtlFactor(mtl, 'REFLECTANCE_MULT_BAND_3'), mtlFactor(mtl, 'REFLECTANCE_ADD_BAND_3'), mtlFactor(mtl, 'SUN_ELEVATION')]).toThrow(why)
    }
    const missing = readMtl(write('M_MTL.txt', clean.replace(/ {4}REFLECTANCE_\w+ = \S+\n/g, '')))
    expect(mtlFactor(missing, 'REFLECTANCE_MULT_BAND_3')).toBeUndefined()
  })

  it('a catalog over a folder with a 700 MB MTL ends in one sentence naming it', () => {
    const dir = path.join(t.dir, 'scene')
    fs.mkdirSync(dir)
    const f = path.join(dir, 'LC08_L1TP_016037_20170813_20170814_01_RT_MTL.txt')
    fs.writeFileSync(f, clean)
    fs.truncateSync(f, 700 * 1000 * 1000)
    expect(() => buildCatalog({ dir, calibration: 'toa', sun_correction: false } as Parameters<typeof buildCatalog>[0], t.dir)).toThrow(/^'LC08_L1TP_016037_20170813_20170814_01_RT_MTL\.txt' is 668 MiB, far more than a Landsat MTL file/)
  })
})

describe('data folders', () => {
  it('refuses kernel file systems, files in the way, relative and too deep paths at once, in one sentence', () => {
    for (const [dir, why] of [
      ['/proc/evil', /^The data folder '\/proc\/evil' is on \/proc, a kernel file system that holds no files; choose a folder/],
      ['/sys/kernel/evil', /is on \/sys, a kernel file system/],
      ['relative/dir', /is not an absolute path/],
      [`${t.dir}/a\0b`, /is not a usable path/],
    ] as [string, RegExp][]) expect(() => ensureDataFolder(dir), dir).toThrow(why)
    const file = path.join(t.dir, 'a-file')
    fs.writeFileSync(file, 'x')
    expect(() => ensureDataFolder(path.join(file, 'data'))).toThrow(DataFolderError)
    expect(() => ensureDataFolder(path.join(file, 'data'))).toThrow(/cannot be reached \(a part of it is a file, not a folder\)|lies under .* which is a file/)
    const deep = path.join(t.dir, ...Array.from({ length: MAX_NEW_LEVELS + 1 }, (_, i) => `d${i}`))
    expect(() => ensureDataFolder(deep)).toThrow(/would need more than 16 new folder levels/)
    expect(fs.existsSync(path.join(t.dir, 'd0'))).toBe(false)
  })

  it('creates a missing folder a few levels down, and the settings choice refuses /proc/evil in one sentence', () => {
    const ok = path.join(t.dir, 'x', 'y', 'z')
    expect(ensureDataFolder(ok)).toBe(ok)
    expect(fs.statSync(ok).isDirectory()).toBe(true)
    const env = { XDG_DATA_HOME: path.join(t.dir, 'xdg') }
    expect(() => chooseDataDir('/proc/evil', env, 'linux')).toThrow(/^The data folder '\/proc\/evil' is on \/proc/)
    chooseDataDir(ok, env, 'linux')
    expect(JSON.parse(fs.readFileSync(path.join(t.dir, 'xdg', 'rsure-desktop', 'data-folder.json'), 'utf8'))).toEqual({ dataDir: ok })
  })
})
