/**
 * What of a failure inside a raster job may reach the analyst: our own errors (a node's sentence, a damaged or
 * unsupported file, a budget refusal, a special file, a cancel) pass as they are; a failure of the machine (a full
 * disk, too many open files, no memory for a buffer) is said with its cause (domain/errors.ts systemCause); anything
 * else is a bug whose JavaScript text ("Cannot read properties of undefined ...") means nothing to an analyst, so it
 * becomes one sentence, with the original kept for RSURE_DEBUG runs.
 */
import { systemCause } from '../../../domain/errors'
import { RasterJobError } from './types'

const OURS = new Set(['RasterJobError', 'TiffFormatError', 'BudgetError', 'SpecialFileError', 'ImageFileError'])

export function publicError(err: unknown): Error {
  if (err instanceof RasterJobError || (err instanceof Error && (OURS.has(err.name) || err.message === 'cancelled'))) return err
  const debug = process.env.RSURE_DEBUG ? ` (${(err instanceof Error && err.stack) || String(err)})` : ''
  const cause = systemCause(err)
  if (cause) return new Error(`the raster job could not finish because ${cause.why}${debug}; ${cause.fix}, then ask again`)
  return new Error(`the raster engine failed unexpectedly on this job${debug || '; run it again with RSURE_DEBUG=1 to see the details, and report it'}`)
}
