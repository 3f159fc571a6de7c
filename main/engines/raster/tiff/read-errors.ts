/**
 * One sentence for a failed open or read of a TIFF: what the reader and its callers show instead of a raw
 * JavaScript error. Split from reader.ts.
 */
import nodePath from 'node:path'
import { BudgetError } from '../budget'
import { TiffFormatError, tiffProblem } from './ifd'
import { errorMessage, errorName } from '../../../domain/errors'

/** Any failure while parsing a header as a TiffFormatError with a sentence of our own (never a raw RangeError). */
export function asTiffError(err: unknown): Error {
  if (err instanceof TiffFormatError || err instanceof BudgetError || (err instanceof Error && err.name === 'SpecialFileError')) return err
  return new TiffFormatError('its header could not be parsed (a field holds an impossible value)')
}

/**
 * One sentence for any failure to open or read `file`: a damaged or unsupported TIFF, a special file, a budget
 * refusal, or a band/window the file does not have. Unknown errors never pass their JavaScript text through.
 */
export function readProblem(file: string, err: unknown): string {
  const name = `'${nodePath.basename(file)}'`
  if (err instanceof TiffFormatError) return tiffProblem(name, err)
  const kind = errorName(err)
  if (kind === 'SpecialFileError' || kind === 'BudgetError' || kind === 'ImageFileError' || err instanceof RangeError) {
    const m = errorMessage(err).replace(/[.\s]+$/, '')
    return `${m.charAt(0).toUpperCase()}${m.slice(1)}.`
  }
  return `${name} could not be read; it may be damaged or still being written, so copy or download it again.`
}
