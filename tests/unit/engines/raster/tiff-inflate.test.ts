/**
 * The reader's DEFLATE decoder (tiff/inflate.ts) reuses one zlib stream for every tile instead of building one per
 * tile as zlib.inflateSync does. Checked against zlib.inflateSync itself (Node's own API, not the code under test):
 * the same bytes for the Earth-Bench task-46 tiles and for synthetic streams, the same failure for a stream that
 * inflates to more than the chunk needs, for a truncated one and for a damaged one, a short stream returned short,
 * and the stream still usable after each failure.
 */
import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { inflateChunk } from '../../../../main/engines/raster/tiff/inflate'

const Q46 = path.resolve(__dirname, '../../../../../shared/benchmarks/earthbench-q46/files')

/** The tiles of a tiled TIFF, read with the offsets and byte counts its first directory gives (classic little-endian TIFF). */
function tilesOf(file: string): Buffer[] {
  const b = fs.readFileSync(file)
  const ifd = b.readUInt32LE(4)
  const n = b.readUInt16LE(ifd)
  const tag = (id: number): number[] => {
    for (let i = 0; i < n; i++) {
      const e = ifd + 2 + i * 12
      if (b.readUInt16LE(e) !== id) continue
      const type = b.readUInt16LE(e + 2)
      const count = b.readUInt32LE(e + 4)
      const size = type === 3 ? 2 : 4
      const at = count * size <= 4 ? e + 8 : b.readUInt32LE(e + 8)
      return Array.from({ length: count }, (_, k) => (size === 2 ? b.readUInt16LE(at + k * 2) : b.readUInt32LE(at + k * 4)))
    }
    throw new Error(`tag ${id} missing`)
  }
  const offsets = tag(324)
  const counts = tag(325)
  return offsets.map((o, k) => b.subarray(o, o + counts[k]))
}

/** What zlib.inflateSync does with a stream bounded to `expected` bytes: its bytes, or the code of its error. */
function reference(raw: Buffer, expected: number): Buffer | string {
  try {
    return zlib.inflateSync(raw, { maxOutputLength: expected })
  } catch (err) {
    return (err as { code?: string }).code ?? 'error'
  }
}

function ours(raw: Buffer, expected: number): Buffer | string {
  try {
    return Buffer.from(inflateChunk(raw, expected))
  } catch (err) {
    return (err as { code?: string }).code ?? 'error'
  }
}

describe('inflateChunk', () => {
  it('gives zlib.inflateSync’s bytes for every tile of a task-46 date (LST and NDVI)', () => {
    const tiles = ['Xinjiang_2019-07-12_LST.tif', 'Xinjiang_2019-07-12_NDVI.tif'].flatMap((f) => tilesOf(path.join(Q46, f)))
    expect(tiles.length).toBe(2 * 121)
    // Compared with Buffer.equals (a deep toEqual over 242 x 128 KiB takes minutes).
    const same = tiles.filter((t) => {
      const a = ours(t, 256 * 256 * 2)
      const b = reference(t, 256 * 256 * 2)
      return Buffer.isBuffer(a) && Buffer.isBuffer(b) && a.length === 256 * 256 * 2 && a.equals(b)
    })
    expect(same.length).toBe(tiles.length)
  })

  it('a stream longer than the chunk fails as inflateSync fails (ERR_BUFFER_TOO_LARGE); a shorter one comes back short', () => {
    const data = Buffer.alloc(5000, 3)
    const raw = zlib.deflateSync(data)
    expect(reference(raw, 4000)).toBe('ERR_BUFFER_TOO_LARGE')
    expect(ours(raw, 4000)).toBe('ERR_BUFFER_TOO_LARGE')
    expect(ours(raw, 6000)).toEqual(data)
    expect(ours(raw, 5000)).toEqual(data)
  })

  it('a truncated and a damaged stream fail as inflateSync fails, and the next stream still inflates', () => {
    const data = Buffer.from(Array.from({ length: 20000 }, (_, i) => (i * 7919) % 251))
    const raw = zlib.deflateSync(data)
    const truncated = raw.subarray(0, raw.length >> 1)
    const damaged = Buffer.from(raw)
    damaged.fill(0xff, 2, 40)
    for (const bad of [truncated, damaged]) {
      const want = reference(bad, data.length)
      expect(typeof want).toBe('string')
      expect(ours(bad, data.length)).toBe(want)
      expect(ours(raw, data.length)).toEqual(data)
    }
  })
})
