/**
 * Questions about the pixels of PNG pictures (the LEVIR-CD pair A/B and its change label), asked through the rules
 * planner and run with the real execute tool and the verifier's provenance check (agent/rules/pictures.ts; the
 * engine reads pictures through engines/raster/picture-raster.ts). Expected values: the changed-pixel counts are
 * decoded here with GDAL + numpy (/usr/bin/python3), never by the code under test; the right-half area and the red
 * difference are the blind references of tests/dev-questions/references-3.json.
 */
import { execFileSync } from 'node:child_process'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { planTask } from '../../../main/agent/rules/rules-planner'
import { makeTask } from '../../../main/agent/task'
import { REFS_3 } from '../../helpers/dev-references'
import { answeredWithin } from '../../helpers/plan-execute'
import { shared, tempDir } from '../../helpers/tmp'

const store = tempDir('rsure-picture-questions-')
afterAll(() => store.cleanup())
const LEVIR = shared('fixtures', 'levircd')
const FILES = ['A', 'B', 'label'].map((d) => path.join(LEVIR, d, 'test_2_0000_0000.png'))

const GDAL = String.raw`
import sys, json
from osgeo import gdal
d = sys.argv[1]
lab = gdal.Open(f'{d}/label/test_2_0000_0000.png').ReadAsArray()
a = gdal.Open(f'{d}/A/test_2_0000_0000.png').ReadAsArray().astype(float)
ch = lab == 255
w = lab.shape[1]
print(json.dumps({'changed': int(ch.sum()), 'unchanged': int((lab == 0).sum()), 'top': int(ch[: lab.shape[0] // 2].sum()),
  'left': int(ch[:, : w // 2].sum()), 'green_a_changed': float(a[1][ch].mean())}))
`
let ref: { changed: number; unchanged: number; top: number; left: number; green_a_changed: number }
beforeAll(() => {
  ref = JSON.parse(execFileSync('/usr/bin/python3', ['-c', GDAL, LEVIR], { encoding: 'utf8' })) as typeof ref
}, 60_000)

const answered = (q: string, wants: readonly number[], tol: number) => answeredWithin(q, FILES, wants, tol, store.dir)
const refusal = (q: string) => planTask(makeTask({ question: q, files: FILES })).refusal ?? ''

describe('the LEVIR-CD pictures through the question path', () => {
  it('counts the changed pixels of the label, in the whole picture and in its halves', async () => {
    await answered('how many pixels of the label are changed', [ref.changed], 0)
    await answered('In the LEVIR-CD change label, how many changed pixels are in the top half of the image?', [ref.top], 0)
    await answered('changed px in the left half, levir label', [ref.left], 0)
    await answered('How many pixels of the change label are not marked as changed?', [ref.unchanged], 0)
  })

  it('gives the changed area of the right half with the pixel size the question states, and refuses it without one', async () => {
    const r = REFS_3.ar3_levir_changed_right_half_m2
    await answered(
      'In the LEVIR-CD change label, how many square meters are changed in the right half of the image? Pixels are 0.5 m.',
      r.alternatives,
      r.tolerance,
    )
    await answered('changed area in the right half in m2 according to the change label, GSD 0.5 m', r.alternatives, r.tolerance)
    await answered('What is the changed area in hectare according to the change mask? Pixel is 0.5 m.', [(ref.changed * 0.25) / 1e4], 1e-9)
    expect(refusal('how many hectares changed according to the label?')).toMatch(/no georeferencing and the question states no pixel size/)
  })

  it('differences band 1 of B and A on the changed pixels, and reads one image on them', async () => {
    const r = REFS_3.mb3_levir_red_b_minus_a_changed
    await answered('LEVIR-CD: mean of band 1 (red) in image B minus image A, only on the pixels the label marks as changed (255)', r.alternatives, r.tolerance)
    await answered('mean red of B - A over the changed pixels of the change label', r.alternatives, r.tolerance)
    await answered('What was the mean green value of image A on the pixels the change label marks as changed?', [ref.green_a_changed], 1e-9)
  })

  it('gives the share of changed or unchanged pixels in percent, or as a fraction when one is asked, never a count', async () => {
    const total = 256 * 256
    await answered('What percentage of the LEVIR-CD label is changed?', [(100 * ref.changed) / total], 1e-9)
    await answered('changed px as % of the tile, levir label', [(100 * ref.changed) / total], 1e-9)
    await answered('what fraction of the pixels did the label mark as changed?', [ref.changed / total], 1e-12)
    await answered('what percent of the label is unchanged', [(100 * ref.unchanged) / total], 1e-9)
    expect(refusal('mean percentage of red in image B on changed pixels')).toMatch(/also asks for a share/)
  })

  it('refuses what the pictures do not hold, naming it', () => {
    expect(refusal('How many changed pixels of the label are buildings?')).toMatch(/"buildings"/)
    expect(refusal('mean NDVI of image B over changed pixels')).toMatch(/NDVI/)
    expect(refusal('mean of band 5 of image B on the changed pixels of the label')).toMatch(/band 5|3 band/)
    expect(refusal('mean red of the pictures on the changed pixels of the label')).toMatch(/which image/)
    expect(refusal('how many pixels of the label are above 128 and changed')).toMatch(/128/)
  })
})
