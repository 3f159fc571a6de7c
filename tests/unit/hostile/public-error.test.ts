/** Failures inside raster jobs reach the analyst as our own sentences; internal JavaScript text never does. */
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
})
