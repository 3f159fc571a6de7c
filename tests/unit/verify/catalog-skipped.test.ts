/**
 * Files a catalog left out whose names carry an impossible date (data-fault family 5): the verifier states them as
 * a caveat the answer carries, naming the file and its date; real dates and undated names are not flagged.
 */
import { describe, expect, it } from 'vitest'
import { checkCatalogSkipped, dateToken, isCalendarDate } from '../../../main/verify/policy/catalog-skipped'

const skipped = (...files: string[]) => ({ nodes: { catalog: { count: 22, skipped: files.map((file) => ({ file, reason: 'name carries no date or band convention the catalog knows' })) } } })

describe('files a catalog skipped', () => {
  it('knows calendar dates (leap years included)', () => {
    expect(isCalendarDate(2019, 2, 28)).toBe(true)
    expect(isCalendarDate(2019, 2, 29)).toBe(false)
    expect(isCalendarDate(2020, 2, 29)).toBe(true)
    expect(isCalendarDate(2019, 2, 30)).toBe(false)
    expect(isCalendarDate(2019, 13, 8)).toBe(false)
    expect(isCalendarDate(2019, 12, 31)).toBe(true)
    expect(dateToken('Xinjiang_20191308_LST.tif')).toEqual({ text: '2019-13-08', valid: false })
    expect(dateToken('readme.txt')).toBeNull()
  })

  it('names a skipped file with a month 13 or a 30 February, and its date', () => {
    const f = checkCatalogSkipped(skipped('Xinjiang_2019-13-08_LST.tif', 'Xinjiang_2019-02-30_NDVI.tif'))
    expect(f).toHaveLength(1)
    expect(f[0].severity).toBe('caveat')
    expect(f[0].message).toContain('Xinjiang_2019-13-08_LST.tif (2019-13-08 is not a valid date)')
    expect(f[0].message).toContain('Xinjiang_2019-02-30_NDVI.tif (2019-02-30 is not a valid date)')
  })

  it('says nothing of skipped files without a date or with a real one, nor when nothing was skipped', () => {
    expect(checkCatalogSkipped(skipped('notes.txt', 'Xinjiang_2019-07-12_QA.tif'))).toEqual([])
    expect(checkCatalogSkipped({ nodes: { catalog: { count: 23 } } })).toEqual([])
    expect(checkCatalogSkipped({})).toEqual([])
  })
})
