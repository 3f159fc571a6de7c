/** Failures inside raster jobs reach the analyst as our own sentences; internal JavaScript text never does. */
import fs from 'node:fs'
import { describe, expect, it } from 'vitest'
import { publicError } from '../../../main/engines/raster/job/public-error'
import { RasterJobError } from '../../../main/engines/raster/job/types'
import { TiffFormatError } from '../../../main/engines/raster/tiff/ifd'

describe('publicError', () => {
  it('passes our own errors as they are', () => {
    const own = new RasterJobError('r', "node 'r' cannot read its file: 'a.tif' is a corrupt TIFF file: its RowsPerStrip is 0.")
    expect(publicError(own)).toBe(own)
    const tiff = new TiffFormatError('its RowsPerStrip is 0')
    expect(publicError(tiff)).toBe(tiff)
    expect(publicError(new Error('cancelled')).message).toBe('cancelled')
  })

  it('replaces internal text with one sentence', () => {
    const saved = process.env.RSURE_DEBUG
    delete process.env.RSURE_DEBUG
    try {
      const m = publicError(new TypeError("Cannot read properties of undefined (reading 'dtype')")).message
      expect(m).toBe('the raster engine failed unexpectedly on this job; run it again with RSURE_DEBUG=1 to see the details, and report it')
      expect(publicError(new RangeError('The value of "length" is out of range.')).message).not.toMatch(/out of range/)
    } finally {
      if (saved !== undefined) process.env.RSURE_DEBUG = saved
    }
  })

  it('names a failure of the machine by its cause, from errors Node and V8 really throw', () => {
    const thrown = (f: () => unknown): unknown => {
      try {
        f()
      } catch (err) {
        return err
      }
      throw new Error('expected a throw')
    }
    // /dev/full answers every write with ENOSPC; 2^40 bytes is more than this machine can give one ArrayBuffer.
    const full = publicError(thrown(() => fs.writeFileSync('/dev/full', 'x'))).message
    expect(full).toMatch(/^the raster job could not finish because the disk is full.*; free some space, then ask again$/)
    const memory = publicError(thrown(() => new ArrayBuffer(2 ** 40))).message
    expect(memory).toMatch(/because the computer had no memory left for the pixel buffers/)
    const missing = publicError(thrown(() => fs.readFileSync('/nonexistent/rsure.tif'))).message
    expect(missing).toMatch(/because the file was moved or deleted/)
    // A RangeError of our own making is a bug, not a lack of memory.
    expect(publicError(thrown(() => new Float64Array(-1))).message).toMatch(/failed unexpectedly/)
  })
})
