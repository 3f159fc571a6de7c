/**
 * The spec a measure observation echoes (evidence.source.spec, shown in the window as what the tool understood)
 * holds only what shaped the value: a count or a share does not say `distance_statistic: minimum` (a default of the
 * argument schema that no share or count reads), a distance does not say a denominator. What was asked stays.
 */
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { emptyMask, fillBox } from '../../../../main/engines/geometry/mask'
import { encodeLayerTiff } from '../../../../main/engines/geometry/mask-tiff'
import type { Grid } from '../../../../main/engines/raster/raster'
import { ArtifactStore } from '../../../../main/store/artifacts'
import { measure } from '../../../../main/tools/measure/index'
import { tempDir } from '../../../helpers/tmp'

const tmp = tempDir('rsure-measure-echo-')
afterAll(() => tmp.cleanup())
const ctx = { artifacts: new ArtifactStore(path.join(tmp.dir, 'artifacts')) }

const UTM = { epsg: 32617, kind: 'projected' as const, name: 'WGS 84 / UTM zone 17N', units: 'metre', proj4: null }
const UTM_KEYS = { directory: [1, 1, 0, 3, 1024, 0, 1, 1, 1025, 0, 1, 1, 3072, 0, 1, 32617], doubles: null, ascii: null }
const grid: Grid = { width: 20, height: 10, geoTransform: [500000, 10, 0, 4000000, 0, -10], crs: UTM, geoKeyTags: UTM_KEYS }

const water = emptyMask(20, 10)
fillBox(water, [0, 0, 3, 2])
fillBox(water, [10, 0, 12, 2])
const field = emptyMask(20, 10)
fillBox(field, [2, 4, 6, 8])
const layer = path.join(tmp.dir, 'regions.tif')
fs.writeFileSync(
  layer,
  encodeLayerTiff({
    kind: 'regions',
    grid,
    geometry: 'exact',
    classes: new Map([
      ['water', water],
      ['field', field],
    ]),
    objects: [],
    valid: null,
  }),
)
const sources = [{ id: 'a', mode: 'regions' as const, layer }]

async function echo(spec: Record<string, unknown>): Promise<Record<string, unknown>> {
  const r = await measure({ sources, spec }, ctx)
  expect(r.status, r.reason).toBe('ok')
  return r.evidence.source.spec as Record<string, unknown>
}

describe('the spec a measure observation echoes', () => {
  it('says for a count and a share only what shaped them', async () => {
    expect(await echo({ metric: 'count', subject: 'water' })).toEqual({ metric: 'count', subject: 'water' })
    // A share reads its denominator (the default one included: it decides what the share is of).
    expect(await echo({ metric: 'percentage', subject: 'water' })).toEqual({ metric: 'percentage', subject: 'water', denominator: 'valid_pixels' })
    expect(await echo({ metric: 'area', subject: 'water', output_unit: 'ha' })).toEqual({ metric: 'area', subject: 'water', output_unit: 'ha' })
  })
  it('keeps the statistic of a distance and leaves out the denominator', async () => {
    expect(await echo({ metric: 'distance', subject: 'water', reference: 'field' })).toEqual({
      metric: 'distance',
      subject: 'water',
      reference: 'field',
      distance_statistic: 'minimum',
    })
  })
})
