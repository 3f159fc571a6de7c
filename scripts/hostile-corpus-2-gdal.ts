/** GDAL through python3 for the codecs of the second hostile corpus (hostile-corpus-2.ts) that need a real encoder. Split from it. */
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

// ------------------------------------------------------------------------------------------------------------------
// GDAL through python3 for the codecs that need a real encoder
// ------------------------------------------------------------------------------------------------------------------

/** A Python 3 with GDAL and numpy: RSURE_PYTHON, else Debian's /usr/bin/python3, else python3 on the PATH. */
export function pythonWithGdal(): string {
  for (const py of [process.env.RSURE_PYTHON, '/usr/bin/python3', 'python3'].filter((p): p is string => !!p)) {
    try {
      execFileSync(py, ['-c', 'from osgeo import gdal; import numpy'], { stdio: 'ignore' })
      return py
    } catch {
      // the next one
    }
  }
  throw new Error('No python3 with GDAL and numpy was found: install python3-gdal and python3-numpy (Debian), or set RSURE_PYTHON.')
}

export const PY = String.raw`
import json, sys
import numpy as np
from osgeo import gdal
gdal.UseExceptions()
jobs = json.loads(sys.stdin.read())
out = {}
def grad(w, h, bands, dtype):
    y, x = np.mgrid[0:h, 0:w]
    return [((x * (3 + b) + y * (5 + 2 * b)) % 200 + 20 + 10 * b).astype(dtype) for b in range(bands)]
def stats(path, tol):
    ds = gdal.Open(path)
    res = []
    for i in range(ds.RasterCount):
        band = ds.GetRasterBand(i + 1)
        a = band.ReadAsArray().astype(np.float64)
        nd = band.GetNoDataValue()
        m = np.isfinite(a) if nd is None else (np.isfinite(a) & (a != nd))
        res.append({'mean': float(a[m].mean()), 'min': float(a[m].min()), 'max': float(a[m].max()), 'valid': int(m.sum()), 'meanTol': tol})
    ds = None
    return res
for job in jobs:
    kind = job['kind']
    path = job['path']
    if kind == 'strip':
        # one strip of zeros with the given codec; returns the compressed bytes' place in the file
        w, h = job['width'], job['height']
        ds = gdal.GetDriverByName('GTiff').Create(path, w, h, 1, gdal.GDT_Byte, ['COMPRESS=' + job['codec'], 'BLOCKYSIZE=%d' % h, 'SPARSE_OK=FALSE'])
        ds.GetRasterBand(1).Fill(0)
        ds.FlushCache()
        band = ds.GetRasterBand(1)
        off = int(band.GetMetadataItem('BLOCK_OFFSET_0_0', 'TIFF'))
        size = int(band.GetMetadataItem('BLOCK_SIZE_0_0', 'TIFF'))
        ds = None
        out[path] = {'offset': off, 'size': size}
    elif kind == 'codec':
        w, h, bands = job['width'], job['height'], job['bands']
        dtype = {'Byte': np.uint8, 'UInt16': np.uint16, 'Float32': np.float32}[job['dtype']]
        mem = gdal.GetDriverByName('MEM').Create('', w, h, bands, gdal.GetDataTypeByName(job['dtype']))
        mem.SetGeoTransform([500000, 30, 0, 4000000, 0, -30])
        for i, a in enumerate(grad(w, h, bands, dtype)):
            mem.GetRasterBand(i + 1).WriteArray(a)
        gdal.GetDriverByName('GTiff').CreateCopy(path, mem, options=job['options'])
        mem = None
        out[path] = stats(path, job.get('tol'))
    elif kind == 'stats':
        try:
            out[path] = stats(path, job.get('tol'))
        except Exception as e:
            out[path] = {'error': str(e)}
print(json.dumps(out))
`

export function runPython(jobs: object[]): Record<string, unknown> {
  const text = execFileSync(pythonWithGdal(), ['-c', PY], { input: JSON.stringify(jobs), maxBuffer: 64 * 1024 * 1024, encoding: 'utf8' })
  return JSON.parse(text) as Record<string, unknown>
}

/** The compressed single strip GDAL writes for `width x height` zero bytes with `codec`. */
export function gdalZeroStrip(tmp: string, codec: string, width: number, height: number): Buffer {
  const file = path.join(tmp, `strip-${codec}-${width}x${height}.tif`)
  const r = runPython([{ kind: 'strip', path: file, codec, width, height }])[file] as { offset: number; size: number }
  const fd = fs.openSync(file, 'r')
  const buf = Buffer.alloc(r.size)
  fs.readSync(fd, buf, 0, r.size, r.offset)
  fs.closeSync(fd)
  fs.rmSync(file)
  return buf
}
