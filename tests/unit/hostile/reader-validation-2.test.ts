/**
 * Round two of the lean reader's hostile checks (issue 20): GDAL_NODATA strings parsed strictly, BigTIFF headers
 * validated (offset byte size 8, reserved 0) with both byte orders read, and GDAL_METADATA scanned in linear time
 * with size and item limits. Every file is written here by a small writer of the test's own (TIFF 6.0 / BigTIFF
 * layout), and every expected value is computed here from the pixels written.
 */
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { describeFile } from '../../../main/engines/raster/describe'
import { parseGdalMetadata, TiffFile } from '../../../main/engines/raster/tiff/reader'
import { tempDir } from '../../helpers/tmp'

const t = tempDir('rsure-reader2-')
afterAll(() => t.cleanup())

interface E {
  tag: number
  type: number // 2 ASCII, 3 SHORT, 4 LONG
  values: number[] | string
}

const W = 64
const H = 48

/** One-strip int16 (format 2) or uint16 (format 1) TIFF, classic or BigTIFF, either byte order. */
function writeTiff(file: string, o: { big?: boolean; be?: boolean; format?: 1 | 2; data: ArrayLike<number>; extra?: E[] }): void {
  const be = !!o.be
  const big = !!o.big
  const pix = Buffer.alloc(W * H * 2)
  for (let i = 0; i < W * H; i++) {
    if (o.format === 2) {
      if (be) pix.writeInt16BE(o.data[i], i * 2)
      else pix.writeInt16LE(o.data[i], i * 2)
    } else if (be) pix.writeUInt16BE(o.data[i], i * 2)
    else pix.writeUInt16LE(o.data[i], i * 2)
  }
  const headLen = big ? 16 : 8
  const dataAt = headLen
  const entries: E[] = [
    { tag: 256, type: 3, values: [W] },
    { tag: 257, type: 3, values: [H] },
    { tag: 258, type: 3, values: [16] },
    { tag: 259, type: 3, values: [1] },
    { tag: 262, type: 3, values: [1] },
    { tag: 273, type: 4, values: [dataAt] },
    { tag: 277, type: 3, values: [1] },
    { tag: 278, type: 3, values: [H] },
    { tag: 279, type: 4, values: [pix.length] },
    { tag: 339, type: 3, values: [o.format ?? 1] },
    ...(o.extra ?? []),
  ].sort((a, b) => a.tag - b.tag)
  const ifdAt = dataAt + pix.length
  const entrySize = big ? 20 : 12
  const inline = big ? 8 : 4
  const ifdLen = (big ? 8 : 2) + entries.length * entrySize + (big ? 8 : 4)
  let extraAt = ifdAt + ifdLen
  const blobs: Buffer[] = []
  const ifd = Buffer.alloc(ifdLen)
  const u16 = (b: Buffer, v: number, at: number) => (be ? b.writeUInt16BE(v, at) : b.writeUInt16LE(v, at))
  const u32 = (b: Buffer, v: number, at: number) => (be ? b.writeUInt32BE(v, at) : b.writeUInt32LE(v, at))
  const u64 = (b: Buffer, v: number, at: number) => (be ? b.writeBigUInt64BE(BigInt(v), at) : b.writeBigUInt64LE(BigInt(v), at))
  if (big) u64(ifd, entries.length, 0)
  else u16(ifd, entries.length, 0)
  entries.forEach((e, k) => {
    let val: Buffer
    if (typeof e.values === 'string') val = Buffer.from(`${e.values}\0`, 'latin1')
    else {
      const size = e.type === 3 ? 2 : 4
      val = Buffer.alloc(e.values.length * size)
      e.values.forEach((v, i) => (size === 2 ? u16(val, v, i * 2) : u32(val, v, i * 4)))
    }
    const count = typeof e.values === 'string' ? val.length : e.values.length
    const at = (big ? 8 : 2) + k * entrySize
    u16(ifd, e.tag, at)
    u16(ifd, e.type, at + 2)
    if (big) u64(ifd, count, at + 4)
    else u32(ifd, count, at + 4)
    const vAt = at + (big ? 12 : 8)
    if (val.length <= inline) val.copy(ifd, vAt)
    else {
      if (big) u64(ifd, extraAt, vAt)
      else u32(ifd, extraAt, vAt)
      blobs.push(val)
      extraAt += val.length
    }
  })
  const head = Buffer.alloc(headLen)
  head.write(be ? 'MM' : 'II', 0, 'latin1')
  u16(head, big ? 43 : 42, 2)
  if (big) {
    u16(head, 8, 4)
    u16(head, 0, 6)
    u64(head, ifdAt, 8)
  } else u32(head, ifdAt, 4)
  fs.writeFileSync(file, Buffer.concat([head, pix, ifd, ...blobs]))
}

const gradient = Array.from({ length: W * H }, (_, i) => (i * 13) % 4000)
const withFill = Array.from({ length: W * H }, (_, i) => (i % 4 === 0 ? -9999 : ((i * 37) % 2000) - 500))

function stats(a: ArrayLike<number>, skip?: (v: number) => boolean): { count: number; mean: number } {
  let n = 0
  let s = 0
  for (let i = 0; i < a.length; i++) {
    if (skip?.(a[i])) continue
    n++
    s += a[i]
  }
  return { count: n, mean: s / n }
}

async function readAll(file: string): Promise<{ count: number; mean: number; nodata: number | null }> {
  const tif = TiffFile.open(file)
  try {
    const st = new Float64Array(4)
    await tif.readBand({ band: 1, nodata: tif.nodata, scale: 1, offset: 0, stats: st })
    return { count: st[0], mean: st[1] / st[0], nodata: tif.nodata }
  } finally {
    tif.close()
  }
}

const problem = (p: Promise<unknown>) => p.then(() => '', (e: Error) => e.message)

describe('GDAL_NODATA strings are parsed strictly', () => {
  const nodataFile = (label: string, text: string) => {
    const f = path.join(t.dir, `nodata-${label}.tif`)
    writeTiff(f, { format: 2, data: withFill, extra: [{ tag: 42113, type: 2, values: text }] })
    return f
  }

  it.each([
    ['junk', '-9999 junk'],
    ['comma', '-9999,5'],
    ['empty', ''],
    ['hex', '0x10'],
    ['1e999', '1e999'],
  ])('"%s" (%s) is refused by the reader and by info, naming the file and the value', async (label, text) => {
    const f = nodataFile(label, text)
    const name = path.basename(f)
    const read = await problem(readAll(f))
    expect(read).toContain(`GDAL_NODATA tag "${text}"`)
    const info = await problem(describeFile(f))
    expect(info.startsWith(`'${name}' is a corrupt TIFF file: its GDAL_NODATA tag "${text}" is not a number`)).toBe(true)
    expect(info).toMatch(/\.$/)
    expect(info.split('. ').length).toBe(1)
  })

  it.each([
    ['plain', '-9999', -9999],
    ['decimal', '-9999.9', -9999.9],
    ['float-min', '-3.4028234663852886e+38', -3.4028234663852886e38],
    ['spaces', ' -9999 ', -9999],
  ])('"%s" (%s) still reads as a number', async (label, text, value) => {
    const f = nodataFile(label, text)
    const got = await readAll(f)
    expect(got.nodata).toBe(value)
    const expected = stats(withFill, (v) => v === value)
    expect(got.count).toBe(expected.count)
    expect(got.mean).toBeCloseTo(expected.mean, 9)
  })

  it('"nan" reads as NaN (on int16 every pixel is data)', async () => {
    const got = await readAll(nodataFile('nan', 'nan'))
    expect(got.nodata).toBeNaN()
    expect(got.count).toBe(W * H)
  })
})

describe('BigTIFF headers', () => {
  it.each([
    ['bytesize-4', false, (b: Buffer) => b.writeUInt16LE(4, 4), /offsets? .*4 bytes/],
    ['bytesize-16', false, (b: Buffer) => b.writeUInt16LE(16, 4), /offsets? .*16 bytes/],
    ['be-bytesize-6', true, (b: Buffer) => b.writeUInt16BE(6, 4), /offsets? .*6 bytes/],
    ['reserved-nonzero', false, (b: Buffer) => b.writeUInt16LE(0x1234, 6), /reserved/],
  ] as const)('%s is a corrupt file named as such', async (label, be, patch, why) => {
    const f = path.join(t.dir, `bigtiff-${label}.tif`)
    writeTiff(f, { big: true, be, data: gradient })
    const b = fs.readFileSync(f)
    patch(b)
    fs.writeFileSync(f, b)
    expect(await problem(readAll(f))).toMatch(why)
    const info = await problem(describeFile(f))
    expect(info).toMatch(new RegExp(`^'bigtiff-${label}\\.tif' is a corrupt TIFF file: its BigTIFF header`))
    expect(info).toMatch(why)
  })

  it.each([false, true])('a valid BigTIFF (big-endian: %s) reads to its values and is described', async (be) => {
    const f = path.join(t.dir, `bigtiff-valid-${be ? 'be' : 'le'}.tif`)
    writeTiff(f, { big: true, be, data: gradient })
    const got = await readAll(f)
    const expected = stats(gradient)
    expect(got.count).toBe(expected.count)
    expect(got.mean).toBeCloseTo(expected.mean, 9)
    const info = await describeFile(f)
    expect(info).toMatchObject({ width: W, height: H })
  })

  it('a first-directory offset beyond 2^53 is refused with a clear sentence', async () => {
    const f = path.join(t.dir, 'bigtiff-far.tif')
    writeTiff(f, { big: true, data: gradient })
    const b = fs.readFileSync(f)
    b.writeBigUInt64LE(2n ** 60n, 8)
    fs.writeFileSync(f, b)
    expect(await problem(readAll(f))).toMatch(/1152921504606846976/)
    const read = await problem(describeFile(f))
    expect(read).toMatch(/^'bigtiff-far\.tif' is a corrupt TIFF file: .*1152921504606846976/)
    expect(read).not.toMatch(/MAX_SAFE_INTEGER/)
  })
})

describe('GDAL_METADATA is scanned in linear time with limits', () => {
  const items400k = `<GDALMetadata>${Array.from({ length: 400_000 }, (_, i) => `<Item name="K${i}">${i}</Item>`).join('')}</GDALMetadata>`
  const spaces = `<GDALMetadata><Item name="scale"${' '.repeat(200_000)}>0.5</Item${' '.repeat(200_000)}></GDALMetadata>`
  const unclosed = `<GDALMetadata>${'<Item name="x'.repeat(200_000)}`
  const longWord = `<GDALMetadata><Item ${'a'.repeat(60_000)}>1</Item></GDALMetadata>`

  it.each([
    ['400k items', items400k],
    ['200k spaces', spaces],
    ['200k unclosed items', unclosed],
    ['a 60k-letter attribute word', longWord],
  ])('%s parse well under a second, at most 4096 items', (_label, xml) => {
    const t0 = performance.now()
    const m = parseGdalMetadata(xml)
    expect(performance.now() - t0).toBeLessThan(250)
    expect(Object.keys(m.items).length).toBeLessThanOrEqual(4096)
  })

  it('says when it stopped early, and keeps what it read', () => {
    const m = parseGdalMetadata(items400k)
    expect(m.truncated).toBe(true)
    expect(m.items.K0).toBe('0')
    expect(m.items.K10).toBe('10')
    const small = parseGdalMetadata('<GDALMetadata><Item name="scale" sample="0" role="scale">0.0001</Item><Item name="AREA">x &amp; y</Item></GDALMetadata>')
    expect(small.truncated).toBe(false)
    expect(small.scale.get(1)).toBe(0.0001)
  })

  it('info on a file with 400k items finishes well under a second', async () => {
    const f = path.join(t.dir, 'gdal-metadata-400k.tif')
    writeTiff(f, { data: gradient, extra: [{ tag: 42112, type: 2, values: items400k }] })
    const t0 = performance.now()
    const info = await describeFile(f)
    expect(performance.now() - t0).toBeLessThan(1000)
    expect(info).toMatchObject({ width: W, height: H })
    const got = await readAll(f)
    expect(got.count).toBe(W * H)
  })
})
