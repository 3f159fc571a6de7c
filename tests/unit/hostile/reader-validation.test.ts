/**
 * The reading layer alone, in process (fast): every hostile TIFF of the corpus is refused by TiffFile.open (and by
 * `info`) with a sentence that names the file and the fault, before any pixel buffer is allocated; readable ones
 * give the hand count; special files are refused without blocking, also as a DAG file for `rsure exec`.
 */
import { execFileSync } from 'node:child_process'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { main } from '../../../main/cli/index'
import type { CliIo } from '../../../main/cli/io'
import { describeFile } from '../../../main/engines/raster/describe'
import { TiffFile } from '../../../main/engines/raster/tiff/reader'
import { writeCorpus } from '../../../scripts/hostile-corpus'
import { tempDir } from '../../helpers/tmp'

const t = tempDir('rsure-reader-')
const corpus = writeCorpus(path.join(t.dir, 'corpus'))
afterAll(() => t.cleanup())
const byName = (n: string) => corpus.find((c) => c.name === n)!.file

async function readAll(file: string): Promise<{ count: number; mean: number }> {
  const tif = TiffFile.open(file)
  try {
    const stats = new Float64Array(4)
    await tif.readBand({ band: 1, nodata: tif.nodata, scale: 1, offset: 0, stats })
    return { count: stats[0], mean: stats[1] / stats[0] }
  } finally {
    tif.close()
  }
}

describe('the lean reader over the hostile corpus', () => {
  const tiffs = corpus.filter((c) => /\.tif$/.test(c.name))

  it.each(tiffs.filter((c) => c.expect.kind === 'value').map((c) => [c.name, c] as const))('%s reads to its hand count', async (_n, c) => {
    const e = c.expect as { count: number; mean: number }
    const got = await readAll(c.file)
    expect(got.count).toBe(e.count)
    expect(got.mean).toBeCloseTo(e.mean, 9)
  })

  it.each(tiffs.filter((c) => c.expect.kind === 'refuse').map((c) => [c.name, c] as const))('%s is refused with one sentence naming it', async (name, c) => {
    let message = ''
    try {
      await readAll(c.file)
    } catch (err) {
      message = (err as Error).message
    }
    if (name === 'size-1e6-sparse-tiled.tif') expect(message).toMatch(/more than the \d+ pixels one operation may read/)
    else expect(message, c.why).not.toBe('')
    const info = await describeFile(c.file).then(() => 'described', (err: Error) => err.message)
    if (info !== 'described') {
      expect(info).toMatch(new RegExp(`^'${name.replace(/\./g, '\\.')}' `))
      expect(info).toMatch(/\.$/)
      expect(info).not.toMatch(/undefined|out of range|Cannot read|TypeError|RangeError/)
    }
  })

  it('names the fault: loops, short strips, planar tables, band counts, zero strip and tile sizes', async () => {
    const msg = (n: string) => describeFile(byName(n)).then(() => '', (e: Error) => e.message)
    expect(await msg('ifd-self-loop.tif')).toMatch(/chain of image directories loops back to byte \d+/)
    expect(await msg('strip-half-length.tif')).toBe("'strip-half-length.tif' is a corrupt TIFF file: strip 1 holds 512 bytes but needs 1024 for its pixels.")
    expect(await msg('planar-2-one-plane.tif')).toMatch(/strip table has 4 entries but its size, strip size and PlanarConfiguration need 12/)
    expect(await msg('spp-65535.tif')).toMatch(/declares 65535 bands per pixel/)
    expect(await msg('rows-per-strip-zero.tif')).toMatch(/is a corrupt TIFF file: its RowsPerStrip is 0\./)
    expect(await msg('tile-width-zero.tif')).toMatch(/TileWidth\/TileLength 0/)
    expect(await msg('float16.tif')).toMatch(/uses float16 samples, which RSure cannot read/)
    expect(await msg('complex-int16.tif')).toMatch(/complex samples/)
    expect(await msg('compression-jpeg2000.tif')).toMatch(/uses JPEG 2000 compression, which RSure cannot decode/)
    await expect(readAll(byName('strip-deflate-short.tif'))).rejects.toThrow(/strip 1 of strip-deflate-short\.tif decodes to 300 bytes, but its 64 x 16 pixels need 1024/)
  })
})

describe('special files', () => {
  const cli = async (args: string[]) => {
    let out = ''
    let err = ''
    const io: CliIo = { stdout: (s) => void (out += s), stderr: (s) => void (err += s), signal: new AbortController().signal }
    return { code: await main(args, io), out, err }
  }

  it('a FIFO is refused at once by the reader, by info, and as a DAG file for rsure exec', async () => {
    const fifo = byName('fifo.tif')
    expect(() => TiffFile.open(fifo)).toThrow(/'fifo\.tif' is a named pipe \(FIFO\), not an image file/)
    const info = await cli(['info', fifo])
    expect(info.code).toBe(1)
    expect(info.err.trim()).toBe("'fifo.tif' is a named pipe (FIFO), not an image file; give the path of a GeoTIFF, PNG or JPEG image.")
    const dagFifo = path.join(t.dir, 'dag.json')
    execFileSync('mkfifo', [dagFifo])
    const exec = await cli(['exec', '--dag', dagFifo])
    expect(exec.code).toBe(2)
    expect(exec.err.trim()).toBe("The DAG file could not be read: 'dag.json' is a named pipe (FIFO), not a regular file; give the path of a JSON DAG.")
  })

  it('a device and a folder named like images are refused by what they are', () => {
    expect(() => TiffFile.open(byName('dev-zero.tif'))).toThrow(/is a device, not an image file/)
    expect(() => TiffFile.open(byName('folder.tif'))).toThrow(/is a folder, not an image file/)
  })
})
