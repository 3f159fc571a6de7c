/** Pixel-buffer reuse across the nodes and strips of a raster job. */

/**
 * Debug switch RSURE_POISON_BUFFERS=1 (read once, at load): every buffer the recycler hands out, reused or new, is
 * filled with garbage first, so code that reads a buffer before writing it gives wrong values on every run instead of
 * only when a reused buffer happens to hold other values (tests/unit/engines/raster/recycler-poison.test.ts).
 */
const POISON_FROM_ENV = process.env.RSURE_POISON_BUFFERS === '1'

/** What a poisoned buffer holds: finite values of both signs (valid-looking pixels, non-zero sums) and no NaN. */
function poisonValues(buf: Float64Array): Float64Array {
  for (let i = 0; i < buf.length; i++) buf[i] = (i % 13) * 0.1 - 0.25
  return buf
}

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
    /** Fill every buffer handed out with garbage (RSURE_POISON_BUFFERS, above). */
    readonly poison = POISON_FROM_ENV,
  ) {}

  /** A buffer of `length` values: a recycled one when available (contents undefined), else a new one. */
  alloc = (length: number): Float64Array => this.take(length) ?? new Float64Array(length)

  /** A recycled buffer of `length` values (contents undefined), or undefined when none is free (when poisoning: a new poisoned one). */
  take(length: number): Float64Array | undefined {
    const list = this.free.get(length)
    const buf = list?.pop()
    if (buf) this.bytes -= buf.byteLength
    if (this.poison) return poisonValues(buf ?? new Float64Array(length))
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
    let buf = this.stores.get(bytes)?.pop()
    if (buf) this.storeBytes -= bytes
    else buf = new ArrayBuffer(bytes)
    if (this.poison) new Uint8Array(buf).fill(0xa5)
    return buf
  }

  /** Keep `buf` for a later takeStore of its length (the next date's kept samples have the same size), up to `maxStoreBytes` in all. */
  giveStore(buf: ArrayBuffer): void {
    if (this.storeBytes + buf.byteLength > this.maxStoreBytes) return
    this.stores.set(buf.byteLength, [...(this.stores.get(buf.byteLength) ?? []), buf])
    this.storeBytes += buf.byteLength
  }
}
