/**
 * How a request ends on the contract (contract.ts): the error codes, the result envelope both transports carry,
 * the error renderer code sees, and the image extensions both sides accept. Split from contract.ts, which
 * re-exports all of it.
 */
import { z } from 'zod'

// ---------------------------------------------------------------------------------------------------------------
// Results

export const ErrorCode = z.enum([
  /** The request does not match the contract. */
  'invalid-request',
  /** No such channel. */
  'unknown-channel',
  /** A file id, upload id... that this session does not know. */
  'not-found',
  /** The file is not a GeoTIFF/COG, PNG or JPEG, or is corrupt. */
  'unsupported-file',
  /** The request was valid but could not be carried out; the message says why. */
  'failed',
  /** A bug on the main side; the message says what to report. */
  'internal',
])
export type ErrorCode = z.infer<typeof ErrorCode>

export const RsureErrorShape = z.object({ code: ErrorCode, message: z.string() })
export type RsureErrorShape = z.infer<typeof RsureErrorShape>

export type Result<T = unknown> = { ok: true; value: T } | { ok: false; error: RsureErrorShape }

export const ResultSchema = z.union([z.object({ ok: z.literal(true), value: z.unknown() }), z.object({ ok: z.literal(false), error: RsureErrorShape })])

export class RsureRequestError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message)
    this.name = 'RsureRequestError'
  }
}

/** Accepted image file extensions (lower case, with the dot). */
export const IMAGE_EXTENSIONS = ['.tif', '.tiff', '.gtiff', '.png', '.jpg', '.jpeg'] as const

export function hasImageExtension(name: string): boolean {
  const lower = name.toLowerCase()
  return IMAGE_EXTENSIONS.some((e) => lower.endsWith(e))
}
