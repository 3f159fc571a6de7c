/**
 * The decoded tiles and strips of one open image (one per TiffFile): each chunk is decoded by chunk-decode.ts at most
 * once in a row, kept in an optional least-recently-used cache, and counted against the chunk budget of the file.
 * Split from reader.ts: the reader walks a window's chunks (window.ts), this is where each one comes from.
 */
import nodePath from 'node:path'
import { budget, BudgetError } from '../budget'
import { ChunkDecoder, type ChunkLayout } from './chunk-decode'

export class ChunkStore {
  private readonly decoder: ChunkDecoder

  constructor(private readonly f: ChunkLayout) {
    this.decoder = new ChunkDecoder(f)
  }

  /** Decoded chunks kept for reuse (keyed by chunk index), least recently used first; off unless enabled. */
  private chunkCache: Map<number, Uint8Array> | null = null
  private chunkCacheBytes = 0
  private chunkCacheMax = 0

  /** Reads of this file not finished yet: with one alone and no chunk cache, a decoded chunk's buffer is reused. */
  private readsInFlight = 0

  /**
   * The last chunk decoded, kept so reads of consecutive row windows (the strip-by-strip evaluation of a DAG) decode
   * a tall strip or a row of tiles once, not once per window: a 16384-row single strip read in 64-row windows would
   * otherwise inflate its 256 MiB 256 times.
   */
  private lastChunk: { index: number; bytes: Uint8Array } | null = null
  /** Chunks decoded since the file was opened, and the bound of the budget in force when it was (budget().maxChunks). */
  private decodedChunks = 0
  private readonly maxChunks = budget().maxChunks

  /** Run one read of the file (`read`), counted in reads in flight while it runs. */
  async reading<T>(read: () => Promise<T>): Promise<T> {
    this.readsInFlight++
    try {
      return await read()
    } finally {
      this.readsInFlight--
    }
  }

  /** Forget every decoded chunk (the file is closed). */
  clear(): void {
    this.lastChunk = null
    this.chunkCache = null
  }

  /** Keep up to `maxBytes` of decoded chunks, least recently used dropped first; 0 turns the cache off (TiffFile.cacheChunks). */
  cacheChunks(maxBytes: number): void {
    this.chunkCacheMax = Math.max(0, maxBytes)
    this.chunkCache = this.chunkCacheMax > 0 ? new Map() : null
    this.chunkCacheBytes = 0
  }

  /** Chunk `index` of the file open as `fd` (`rows` rows of `stride` samples a pixel): from the cache, or decoded. */
  cachedChunk(fd: number, index: number, rows: number, stride: number): Promise<Uint8Array> | Uint8Array {
    const cache = this.chunkCache
    if (!cache) return this.chunk(fd, index, rows, stride)
    const hit = cache.get(index)
    if (hit) {
      cache.delete(index)
      cache.set(index, hit)
      return hit
    }
    return this.chunk(fd, index, rows, stride).then((bytes) => {
      if (bytes.byteLength > this.chunkCacheMax || this.chunkCache !== cache) return bytes
      cache.set(index, bytes)
      this.chunkCacheBytes += bytes.byteLength
      for (const [k, v] of cache) {
        if (this.chunkCacheBytes <= this.chunkCacheMax) break
        cache.delete(k)
        this.chunkCacheBytes -= v.byteLength
      }
      return bytes
    })
  }

  /** Read, decompress and un-predict one tile or strip (at most once in a row); returns little-endian sample bytes. */
  private async chunk(fd: number, index: number, rows: number, stride: number): Promise<Uint8Array> {
    if (this.lastChunk?.index === index) return this.lastChunk.bytes
    if (++this.decodedChunks > this.maxChunks) {
      throw new BudgetError(
        `'${nodePath.basename(this.f.path)}' needs more than ${this.maxChunks} ${this.f.tiled ? `tiles of ${this.f.chunkWidth} x ${this.f.chunkHeight} pixels` : `strips of ${this.f.chunkHeight} rows`} decoded for this read, more than one file may cost (RSURE_MAX_CHUNKS); rewrite it with larger tiles (gdal_translate -co TILED=YES -co BLOCKXSIZE=256 -co BLOCKYSIZE=256) or read a window`,
      )
    }
    // The last chunk's buffer is read by no one once the next is asked for, when this is the only read of the file and
    // nothing keeps chunks: the next is decoded into it (no fresh 128 KiB per tile for the allocator and the GC).
    const spare = this.readsInFlight === 1 && !this.chunkCache ? this.lastChunk?.bytes : undefined
    this.lastChunk = null
    const bytes = await this.decoder.decode(fd, index, rows, stride, spare)
    this.lastChunk = { index, bytes }
    return bytes
  }
}
