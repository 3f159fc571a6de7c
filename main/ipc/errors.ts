/**
 * Errors crossing the contract: every failure becomes `{code, message}` (preload/contract.ts, ErrorCode) with one
 * sentence the analyst can act on. Engine errors keep their own sentence; anything unexpected becomes `internal`.
 */
import type { ErrorCode, RsureErrorShape } from '../../preload/contract'
import { systemCause } from '../domain/errors'
import { FileFormatError } from '../engines/raster/describe'
import { PreviewError } from '../engines/raster/preview'
import { TileError } from '../engines/raster/tiles'

/** A failure a handler raises on purpose, with the code the renderer sees. */
export class RsureError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message)
    this.name = 'RsureError'
  }
}

export function notFound(what: string, id: string, hint: string): RsureError {
  return new RsureError('not-found', `No ${what} '${id}' in this session; ${hint}.`)
}

function sentence(text: string): string {
  const t = text.trim()
  return /[.!?]$/.test(t) ? t : `${t}.`
}

/** Map anything thrown by a handler to the contract's error shape. */
export function toErrorShape(err: unknown, channel: string): RsureErrorShape {
  if (err instanceof RsureError) return { code: err.code, message: sentence(err.message) }
  if (err instanceof FileFormatError) return { code: 'unsupported-file', message: sentence(err.message) }
  if (err instanceof PreviewError || err instanceof TileError) return { code: 'failed', message: sentence(err.message) }
  const e = err as NodeJS.ErrnoException
  const cause = systemCause(err)
  if (cause) return { code: 'failed', message: `${channel} failed because ${cause.why}${e.path ? ` (${e.path})` : ''}; ${cause.fix}, then try again.` }
  const msg = String(e?.message ?? err).replace(/[.\s]+$/, '')
  return { code: 'internal', message: `${channel} failed unexpectedly (${msg}); please report this with the steps that led to it.` }
}
