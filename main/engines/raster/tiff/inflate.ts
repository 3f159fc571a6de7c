/**
 * DEFLATE decoding of one tile or strip, bounded to the bytes its pixels need, with one zlib stream reused for every
 * chunk of the thread.
 *
 * Why not zlib.inflateSync per chunk: it builds a Transform stream and a zlib state, and allocates its output twice
 * (the full chunk, then a second buffer to learn that the stream ended), for every tile. On the 242 tiles of 256 x 256
 * of one task-46 date that cost 57-130 ms of CPU against 7-8 ms for the inflation itself (same tiles, same bytes,
 * measured side by side on one thread, load 23). Node has no public API that inflates into a given buffer, so this
 * drives the stream's own handle (`_handle.writeSync`, `_writeState`), the calls zlib.inflateSync makes itself; where
 * those internals are missing, and for every stream that does not end exactly as expected (damaged, truncated, longer
 * than the chunk), it falls back to zlib.inflateSync, so failures are zlib.inflateSync's own errors.
 */
import zlib from 'node:zlib'

interface ZlibHandle {
  reset(): void
  writeSync(flush: number, input: Uint8Array, inOff: number, inLen: number, out: Uint8Array, outOff: number, outLen: number): void
}

interface Reusable {
  stream: zlib.Inflate
  handle: ZlibHandle
  /** [output bytes left, input bytes left] after each writeSync. */
  state: Uint32Array
}

function isHandle(h: unknown): h is ZlibHandle {
  return typeof h === 'object' && h !== null && typeof Reflect.get(h, 'writeSync') === 'function' && typeof Reflect.get(h, 'reset') === 'function'
}

/** The thread's stream: undefined until first used (or after a failure destroyed it), null when the internals are missing. */
let reusable: Reusable | null | undefined
const probe = new Uint8Array(1)

function open(): Reusable | null {
  const stream = zlib.createInflate()
  // A damaged stream destroys it and emits 'error' later; the fallback raises that error itself.
  stream.on('error', () => {})
  const handle: unknown = Reflect.get(stream, '_handle')
  const state: unknown = Reflect.get(stream, '_writeState')
  if (isHandle(handle) && state instanceof Uint32Array && state.length >= 2) return { stream, handle, state }
  stream.close()
  return null
}

/** zlib.inflateSync bounded to `expected` bytes, as the reader always called it. */
function inflateSyncBounded(raw: Uint8Array, expected: number): Uint8Array {
  return zlib.inflateSync(raw, { maxOutputLength: Math.max(expected, 1), chunkSize: Math.max(expected, 64) })
}

/**
 * Inflate a zlib stream into a buffer of at most `expected` bytes: `into` when given (at least `expected` bytes, whose
 * contents it overwrites; the reader hands back the previous chunk's buffer, so decoding allocates nothing), else a
 * new one. Shorter when the stream ends early (the caller refuses a short chunk); a stream longer than `expected`
 * throws ERR_BUFFER_TOO_LARGE, a damaged or truncated one zlib's error, as zlib.inflateSync does.
 */
export function inflateChunk(raw: Uint8Array, expected: number, into?: Uint8Array): Uint8Array {
  if (reusable === undefined) reusable = open()
  const z = reusable
  if (!z) return inflateSyncBounded(raw, expected)
  const broken = () => Reflect.get(z.stream, '_handle') !== z.handle
  // Read after each call (the handle writes them): output bytes left, input bytes left.
  const outLeft = () => z.state[0]
  const inLeft = () => z.state[1]
  const out = into && into.byteLength >= expected ? into.subarray(0, expected) : Buffer.allocUnsafe(expected)
  z.handle.reset()
  z.handle.writeSync(zlib.constants.Z_FINISH, raw, 0, raw.length, out, 0, expected)
  if (!broken() && outLeft() > 0 && inLeft() === 0) return out.subarray(0, expected - outLeft())
  if (!broken() && outLeft() === 0) {
    // The chunk is full: the stream must end here (its trailer may still be unread); one more byte means it is longer.
    const left = inLeft()
    z.handle.writeSync(zlib.constants.Z_FINISH, raw, raw.length - left, left, probe, 0, 1)
    if (!broken() && outLeft() === 1 && inLeft() === 0) return out
  }
  if (broken()) reusable = undefined
  return inflateSyncBounded(raw, expected)
}
