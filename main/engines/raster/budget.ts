/**
 * Resource bounds of one raster operation, so no file (a sparse 10^6 x 10^6 TIFF, a PNG whose header claims
 * 100 000 x 100 000 pixels) can make a read, a preview or a DAG run for hours or take the machine's memory.
 *
 * - maxPixels: pixels one read may cover (the window of a DAG read, the pyramid level a preview samples).
 * - maxMemoryBytes: bytes one operation may hold at once (whole-raster evaluation, a median's value list, a decoded
 *   picture). Strip-by-strip evaluation keeps far less; this bounds what cannot be streamed.
 * - maxChunkBytes: the decoded size of one TIFF tile or strip.
 * - timeLimitMs: how long a preview or header parse may run in its worker before the worker is replaced.
 * - maxChunks: tiles or strips one open file may decode (RSURE_MAX_CHUNKS), so a file of 10^6 one-pixel tiles is
 *   refused instead of costing 10^6 reads and decoder calls.
 *
 * Each is configurable by environment (RSURE_MAX_PIXELS, RSURE_MAX_MEMORY_MB, RSURE_MAX_PREVIEW_PIXELS,
 * RSURE_PREVIEW_TIMEOUT_MS) and each
 * refusal says what to do instead: read a window, use overviews, or a smaller region.
 */
export interface Budget {
  maxPixels: number
  maxMemoryBytes: number
  maxChunkBytes: number
  /** Pixels of the pyramid level a preview may sample (previews read every pixel of that level). */
  maxPreviewPixels: number
  timeLimitMs: number
  /** Tiles or strips one open file may decode (each costs a read and a decoder call whatever its size). */
  maxChunks: number
}

function envNumber(name: string, fallback: number): number {
  const v = process.env[name]
  if (v === undefined || !/^\d+(\.\d+)?$/.test(v.trim())) return fallback
  const n = Number(v)
  return n > 0 ? n : fallback
}

/** The budget in force (read from the environment each time, so tests and servers can set it). */
export function budget(): Budget {
  return {
    // 2^30 pixels: a full Sentinel-2 tile (120 M) or Landsat scene (64 M) many times over, 10^12 never.
    maxPixels: envNumber('RSURE_MAX_PIXELS', 2 ** 30),
    maxMemoryBytes: envNumber('RSURE_MAX_MEMORY_MB', 2048) * 1024 * 1024,
    maxChunkBytes: 256 * 1024 * 1024,
    // 2^27: a full Sentinel-2 tile without overviews still previews (in seconds); a 10^6-pixel-wide file does not.
    maxPreviewPixels: envNumber('RSURE_MAX_PREVIEW_PIXELS', 2 ** 27),
    timeLimitMs: envNumber('RSURE_PREVIEW_TIMEOUT_MS', 30_000),
    // 2^18: a 100 000-pixel-square COG in 256-pixel tiles has 153 000; 10^6 tiles of 1 x 1 pixel do not pass.
    maxChunks: envNumber('RSURE_MAX_CHUNKS', 2 ** 18),
  }
}

/** An operation that would go over the budget; one sentence that says what to do instead. */
export class BudgetError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'BudgetError'
  }
}

function fmt(n: number): string {
  return n >= 1e9 ? `${Number((n / 1e9).toPrecision(3))} billion` : n >= 1e6 ? `${Number((n / 1e6).toPrecision(3))} million` : String(n)
}

/** Refuse a read of `pixels` pixels over the budget. `what` names the file or node for the message. */
export function checkPixels(pixels: number, what: string, b = budget()): void {
  if (pixels > b.maxPixels) {
    throw new BudgetError(
      `${what} covers ${fmt(pixels)} pixels, more than the ${fmt(b.maxPixels)} one operation may read (RSURE_MAX_PIXELS); read a window or a smaller region, or use an overview.`,
    )
  }
}

/** Refuse holding `bytes` at once over the memory budget. */
export function checkMemory(bytes: number, what: string, b = budget()): void {
  if (bytes > b.maxMemoryBytes) {
    throw new BudgetError(
      `${what} needs about ${Math.ceil(bytes / 2 ** 20)} MiB at once, more than the ${Math.floor(b.maxMemoryBytes / 2 ** 20)} MiB one operation may use (RSURE_MAX_MEMORY_MB); use a window, a smaller region or an overview.`,
    )
  }
}
