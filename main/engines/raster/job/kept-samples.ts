/**
 * Stored samples of reads kept whole from the first sweep of a job to its final one, so their tiles are inflated
 * once per job instead of once per sweep. Only reads that both sweeps take as stored samples (a product scanning
 * them, then the same product alone applying over them: evaluate-sweeps.ts SampleSweep) are kept, and only while
 * all kept samples of the job stay within a byte budget: a larger raster is decoded again in each sweep, as before,
 * so no raster is ever held whole beyond that budget.
 *
 * Task 46 (two int16/uint16 files of 2599 x 2573 per date): the NDVI's 13 MB kept per job (the budget holds one of
 * the two; the LST's tiles are inflated again): one inflate per NDVI tile instead of two.
 */
import { SAMPLE_ARRAYS, type StoredSamples } from '../tiff/read-options'
import type { SampleStrip } from '../products/product'
import type { PreparedRead } from './read-node'
import type { BufferRecycler } from './recycler'
import fs from 'node:fs'

/** The size of a read's file in bytes (0 when it cannot be read: such a read is kept last). */
function fileBytes(r: PreparedRead | undefined): number {
  try {
    return r ? fs.statSync(r.file).size : 0
  } catch {
    return 0
  }
}

/**
 * The most bytes of stored samples one job keeps between its sweeps. Two workers each run a job: 2 x 16 MiB at most.
 * Task 46 with both its reads kept (27 MB a job) ran 0.15-0.16x the reference's time but at 0.95-0.99x its memory;
 * with the NDVI alone, 0.17x at 0.90x. A Sentinel-2 10 m band (10980 x 10980 uint16, 241 MB) is not kept.
 */
export const KEPT_SAMPLES_BYTES = 16 * 1024 * 1024

export class KeptSamples {
  private readonly kept = new Map<string, StoredSamples>()
  private readonly filled = new Set<string>()

  /**
   * Keep the samples of `candidates` (read node ids, in this order) while their sum of bytes fits `budgetBytes`, in
   * backing stores of `recycler` (given back by `release`).
   */
  constructor(
    reads: Map<string, PreparedRead>,
    candidates: Iterable<string>,
    private readonly recycler: BufferRecycler,
    budgetBytes = KEPT_SAMPLES_BYTES,
  ) {
    let bytes = 0
    // The costliest to decode first: a larger file holds more compressed bytes to inflate per pixel (task 46: the
    // NDVI's 1.9 MB against the LST's 0.14 MB, 8 ms against 6 a date).
    const bySize = [...candidates].sort((a, b) => fileBytes(reads.get(b)) - fileBytes(reads.get(a)))
    for (const id of bySize) {
      const r = reads.get(id)
      const Array = r && SAMPLE_ARRAYS[r.tif.sampleType]
      if (!r || !Array) continue
      const size = r.win.width * r.win.height * Array.BYTES_PER_ELEMENT
      if (bytes + size > budgetBytes) continue
      bytes += size
      this.kept.set(id, new Array(recycler.takeStore(size)))
    }
  }

  has(id: string): boolean {
    return this.kept.has(id)
  }

  /**
   * Rows [r0, r0 + rows) of read `id`'s kept samples (`width` pixels a row): the buffer the first sweep decodes
   * them into, and what later sweeps take instead of decoding. Undefined for a read that is not kept.
   */
  rows(id: string, r0: number, rows: number, width: number): StoredSamples | undefined {
    return this.kept.get(id)?.subarray(r0 * width, (r0 + rows) * width)
  }

  /**
   * Rows [r0, r0 + rows) of read `r` as a strip to take instead of decoding, once the first sweep has filled them;
   * undefined before, and for a read that is not kept.
   */
  strip(r: PreparedRead, r0: number, rows: number): SampleStrip | undefined {
    const samples = this.ready(r.node.id) ? this.rows(r.node.id, r0, rows, r.win.width) : undefined
    return samples ? { samples, scale: r.scale, offset: r.offset } : undefined
  }

  /** Whether read `id`'s rows have all been decoded (the first sweep ended); until then they must be read. */
  ready(id: string): boolean {
    return this.filled.has(id)
  }

  /** The first sweep has decoded every row of the kept reads. */
  markFilled(): void {
    for (const id of this.kept.keys()) this.filled.add(id)
  }

  /** Give the kept stores back to the recycler (the job is done; their rows are no longer read). */
  release(): void {
    for (const samples of this.kept.values()) this.recycler.giveStore(samples.buffer as ArrayBuffer)
    this.kept.clear()
    this.filled.clear()
  }
}
