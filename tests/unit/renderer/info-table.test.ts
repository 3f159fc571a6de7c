import { describe, expect, it } from 'vitest'
import { infoRows } from '../../../renderer/src/components/info-table'
import { describeFile } from '../../../main/engines/raster/describe'
import type { FileInfo } from '../../../preload/contract'
import { shared } from '../../helpers/tmp'

describe('info table rows', () => {
  it('shows the Landsat B4 facts an analyst checks', async () => {
    const info = (await describeFile(shared('fixtures', 'landsat8_L1TP_016037_20170813', 'LC08_L1TP_016037_20170813_20170814_01_RT_B4.TIF'))) as FileInfo
    const rows = Object.fromEntries(infoRows(info))
    expect(rows.Size).toBe('255 × 259 px, 1 band')
    expect(rows['Data type']).toBe('uint16')
    expect(rows.CRS).toBe('EPSG:32617 — WGS 84 / UTM zone 17N')
    expect(rows['Origin (corner)']).toBe('471,585, 3,787,515')
    expect(rows['Pixel size']).toBe('900 × -900 metre')
    expect(rows.Convention).toMatch(/^PixelIsPoint/)
    expect(rows.NoData).toBe('none declared')
  })

  it('shows red.tif nodata, tiling, compression and overviews', async () => {
    const rows = Object.fromEntries(infoRows((await describeFile(shared('fixtures', 'riotiler', 'red.tif'))) as FileInfo))
    expect(rows.NoData).toBe('0')
    expect(rows.Layout).toBe('tiled 512×512, pixel interleaved')
    expect(rows.Compression).toBe('LZW')
    expect(rows.Overviews).toBe('128×130, 64×65')
  })
})
