/** Hostile corpus 2, family 'mtl': Landsat folders whose MTL has impossible factors, injected groups or a 700 MB sparse size. */
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { type CaseWriter } from './hostile-corpus-2-case'
import { pythonWithGdal } from './hostile-corpus-2-gdal'

const L8_PREFIX = 'LC08_L1TP_016037_20170813_20170814_01_RT_'

/** MTL: impossible factors, injected groups, a 700 MB sparse file (each a copy of the fixture folder). */
export function mtlCases(w: CaseWriter): void {
  const { file, add, opts } = w
  // ---- MTL: impossible factors, injected groups, a 700 MB sparse file ----
  {
    const mtlName = `${L8_PREFIX}MTL.txt`
    const clean = fs.readFileSync(path.join(opts.landsatDir, mtlName), 'latin1')
    const waterShare = cleanWaterShare(opts.landsatDir)
    const variants: [string, (t: string) => string | null, string][] = [
      [
        'mtl-reflectance-1e308',
        (t) => t.replace(/(REFLECTANCE_MULT_BAND_\d+ = )\S+/g, '$11e308').replace(/(REFLECTANCE_ADD_BAND_\d+ = )\S+/g, '$1-1e308'),
        'reflectance factors 1e308 / -1e308',
      ],
      ['mtl-reflectance-nan', (t) => t.replace(/(REFLECTANCE_MULT_BAND_\d+ = )\S+/g, '$1NaN'), 'reflectance factors NaN'],
      [
        'mtl-injected-groups',
        (t) =>
          t
            .replace(
              /(REFLECTANCE_MULT_BAND_3 = )\S+/,
              '$10.0\nEND_GROUP = RADIOMETRIC_RESCALING\nGROUP = RADIOMETRIC_RESCALING\n    REFLECTANCE_MULT_BAND_3 = 5.0e+3',
            )
            .replace(
              /END = *$/m,
              'GROUP = L1_METADATA_FILE\n  GROUP = RADIOMETRIC_RESCALING\n    REFLECTANCE_ADD_BAND_6 = 1e300\n  END_GROUP = RADIOMETRIC_RESCALING\nEND_GROUP = L1_METADATA_FILE\nEND',
            ),
        'groups closed and reopened with other factors, a second metadata block after END',
      ],
      ['mtl-sun-elevation-inf', (t) => t.replace(/SUN_ELEVATION = \S+/, 'SUN_ELEVATION = 1e309'), 'sun elevation overflows to Infinity'],
      ['mtl-sparse-700mb', () => null, 'a 700 MB MTL (sparse): the real header, then zeros'],
    ]
    for (const [name, edit, note] of variants) {
      const folder = file(name)
      fs.mkdirSync(folder)
      for (const f of fs.readdirSync(opts.landsatDir)) if (f !== mtlName) linkOrCopy(path.join(opts.landsatDir, f), path.join(folder, f))
      const text = edit(clean)
      if (text === null) {
        fs.writeFileSync(path.join(folder, mtlName), clean.replace(/END\s*$/, ''))
        fs.truncateSync(path.join(folder, mtlName), 700 * 1000 * 1000)
      } else fs.writeFileSync(path.join(folder, mtlName), text)
      add({ name, path: folder, family: 'mtl', kind: 'mtl-folder', accept: 'refusal', waterShare, note })
    }
  }
}

function linkOrCopy(from: string, to: string): void {
  try {
    fs.linkSync(from, to)
  } catch {
    fs.copyFileSync(from, to)
  }
}

/** Share (%) of the clean Landsat scene with MNDWI > 0 on TOA reflectance (B3, B6; DN * 2e-5 - 0.1), by GDAL. */
function cleanWaterShare(landsatDir: string): number {
  const code = String.raw`
import sys, numpy as np
from osgeo import gdal
d, p = sys.argv[1], sys.argv[2]
def r(b):
    ds = gdal.Open('%s/%s%s.TIF' % (d, p, b)); a = ds.ReadAsArray().astype(np.float64); ds = None; return a
g, s = r('B3'), r('B6')
v = (g > 0) & (s > 0)
G, S = g * 2e-5 - 0.1, s * 2e-5 - 0.1
m = (G - S) / (G + S)
print((m[v] > 0).mean() * 100)
`
  return Number(execFileSync(pythonWithGdal(), ['-c', code, landsatDir, L8_PREFIX], { encoding: 'utf8' }).trim())
}
