/** Pixel-buffer reuse across the nodes and strips of a raster job. */

/** Keeps freed pixel buffers for reuse: fresh 50 MB arrays cost page faults; reused ones do not. */
export class BufferRecycler {
  private free = new Map<number, Float64Array[]>()
  private bytes = 0
  /** Freed backing stores of stored samples (job/kept-samples.ts), by byte length, and their sum of bytes. */
  private stores = new Map<number, ArrayBuffer[]>()
  private storeBytes = 0
  // 192 MiB holds the three 2599 x 2573 float64 buffers one TVDI date needs (two reads and the index) for reuse.
  // 16 MiB of backing stores: what one job keeps at most (kept-samples.ts KEPT_SAMPLES_BYTES).
  constructor(
    private readonly maxBytes = 192 * 1024 * 1024,
    private readonly maxStoreBytes = 16 * 1024 * 1024,
  ) {}

  /** A buffer of `length` values: a recycled one when available (contents undefined), else a new one. */
  alloc = (length: number): Float64Array => this.take(length) ?? new Float64Array(length)

  take(length: number): Float64Array | undefined {
    const list = this.free.get(length)
    const buf = list?.pop()
    if (buf) this.bytes -= buf.byteLength
    return buf
  }

  give(buf: Float64Array): void {
    if (this.bytes + buf.byteLength > this.maxBytes) return
    const list = this.free.get(buf.length) ?? []
    list.push(buf)
    this.free.set(buf.length, list)
    this.bytes += buf.byteLength
  }

  /** A backing store of `bytes` bytes: a recycled one when available (contents undefined), else a new one. */
  takeStore(bytes: number): ArrayBuffer {
    const buf = this.stores.get(bytes)?.pop()
    if (!buf) return new ArrayBuffer(bytes)
    this.storeBytes -= bytes
    return buf
  }

  /** Keep `buf` for a later takeStore of its length (the next date's kept samples have the same size), up to `maxStoreBytes` in all. */
  giveStore(buf: ArrayBuffer): void {
    if (this.storeBytes + buf.byteLength > this.maxStoreBytes) return
    this.stores.set(buf.byteLength, [...(this.stores.get(buf.byteLength) ?? []), buf])
    this.storeBytes += buf.byteLength
  }
}
