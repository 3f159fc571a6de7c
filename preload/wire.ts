/**
 * The frames of the WebSocket transport (browser mode): the same requests, responses and events as Electron IPC,
 * framed for a socket. Both ends import this file: main/server/ and renderer/transport/.
 *
 * A frame without bytes is a JSON text message. A frame that carries bytes (uploads, PNG previews) is one binary
 * message: a 4-byte big-endian length, that many bytes of UTF-8 JSON in which every Uint8Array was replaced by
 * `{"$bytes": [offset, length]}`, then the bytes themselves, offsets counted from the end of the JSON. Only binary
 * frames revive `$bytes`, so a text frame can never smuggle in a reference.
 */
import { z } from 'zod'
import { ResultSchema } from './contract'

export const WireRequest = z.object({
  type: z.literal('request'),
  id: z.number().int().nonnegative(),
  channel: z.string().min(1).max(100),
  payload: z.unknown(),
})
export type WireRequest = z.infer<typeof WireRequest>

export const WireResponse = z.object({ type: z.literal('response'), id: z.number().int().nonnegative(), result: ResultSchema })
export const WireEvent = z.object({ type: z.literal('event'), event: z.string().min(1), payload: z.unknown() })
export const ServerFrame = z.discriminatedUnion('type', [WireResponse, WireEvent])
export type ServerFrame = z.infer<typeof ServerFrame>

/** WebSocket subprotocol; the per-launch token travels as a second protocol `rsure-token.<token>`. */
export const WIRE_PROTOCOL = 'rsure.v1'
export const TOKEN_PROTOCOL_PREFIX = 'rsure-token.'

/** Largest frame either side accepts (bytes): one upload chunk or one preview, with room for the JSON. */
export const MAX_FRAME_BYTES = 96 * 1024 * 1024

const utf8 = new TextEncoder()
const utf8d = new TextDecoder('utf-8', { fatal: true })

/** Encode a frame: a string when it holds no bytes, else the binary layout described above. */
export function encodeFrame(value: unknown): string | Uint8Array {
  const blobs: Uint8Array[] = []
  let offset = 0
  const json = JSON.stringify(value, function (this: unknown, key, v) {
    // JSON.stringify has already turned a Buffer into {type:'Buffer',data}; look at the holder's raw value instead.
    const raw: unknown = this !== null && typeof this === 'object' ? Reflect.get(this, key) : undefined
    if (raw instanceof Uint8Array) {
      blobs.push(raw)
      const ref = { $bytes: [offset, raw.byteLength] }
      offset += raw.byteLength
      return ref
    }
    return v
  })
  if (blobs.length === 0) return json
  const head = utf8.encode(json)
  const out = new Uint8Array(4 + head.byteLength + offset)
  new DataView(out.buffer).setUint32(0, head.byteLength)
  out.set(head, 4)
  let p = 4 + head.byteLength
  for (const b of blobs) {
    out.set(b, p)
    p += b.byteLength
  }
  return out
}

/** A byte reference `{ $bytes: [offset, length] }` into the frame's body: two whole numbers, 0 or more (anything after them is ignored). */
const ByteRef = z.tuple([z.number().int().nonnegative(), z.number().int().nonnegative()]).rest(z.unknown())

/** Decode a frame; throws an Error with one sentence when it is malformed. */
export function decodeFrame(data: string | Uint8Array | ArrayBuffer): unknown {
  if (typeof data === 'string') return JSON.parse(data)
  const bytes = data instanceof Uint8Array ? data : new Uint8Array(data)
  if (bytes.byteLength < 4) throw new Error('The binary frame is shorter than its 4-byte header.')
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const headLen = view.getUint32(0)
  if (4 + headLen > bytes.byteLength) throw new Error('The binary frame header claims more JSON than the frame holds.')
  const body = bytes.subarray(4 + headLen)
  return JSON.parse(utf8d.decode(bytes.subarray(4, 4 + headLen)), (_key, v) => {
    if (v && typeof v === 'object' && !Array.isArray(v) && Array.isArray(v.$bytes) && Object.keys(v).length === 1) {
      const ref = ByteRef.safeParse(v.$bytes)
      if (!ref.success || ref.data[0] + ref.data[1] > body.byteLength) throw new Error('A byte reference in the binary frame points outside the frame.')
      const [off, len] = ref.data
      return body.slice(off, off + len)
    }
    return v
  })
}
