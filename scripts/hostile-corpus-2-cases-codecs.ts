/** Hostile corpus 2, families 'jpeg in tiff' and 'webp/lerc/zstd in tiff' (and GDAL's BigTIFF): files GDAL encodes, values GDAL decodes. */
import { type Accept, type CaseWriter } from './hostile-corpus-2-case'
import { runPython } from './hostile-corpus-2-gdal'
import type { BandStats } from './hostile-corpus-2-tiff'

/** JPEG (grey, RGB, YCbCr), WebP, LERC, ZSTD and big-endian BigTIFF written by GDAL through python3. */
export function gdalCodecs(w: CaseWriter): void {
  const { file, add } = w
  // ---- codecs GDAL writes: JPEG (grey, RGB, YCbCr), WebP, LERC, ZSTD; and big-endian BigTIFF ----
  const codecJobs: { name: string; family: string; bands: number; dtype: string; options: string[]; tol?: number; accept: Accept; note: string }[] = [
    {
      name: 'jpeg-tiff-grey.tif',
      family: 'jpeg in tiff',
      bands: 1,
      dtype: 'Byte',
      options: ['COMPRESS=JPEG', 'JPEG_QUALITY=90'],
      tol: 1,
      accept: 'values-or-refusal',
      note: 'JPEG-compressed grey TIFF',
    },
    {
      name: 'jpeg-tiff-grey-q30-tiled.tif',
      family: 'jpeg in tiff',
      bands: 1,
      dtype: 'Byte',
      options: ['COMPRESS=JPEG', 'JPEG_QUALITY=30', 'TILED=YES'],
      tol: 1,
      accept: 'values-or-refusal',
      note: 'JPEG quality 30, tiled',
    },
    {
      name: 'jpeg-tiff-rgb.tif',
      family: 'jpeg in tiff',
      bands: 3,
      dtype: 'Byte',
      options: ['COMPRESS=JPEG', 'PHOTOMETRIC=RGB', 'JPEG_QUALITY=90'],
      tol: 1,
      accept: 'values-or-refusal',
      note: 'JPEG-compressed RGB (no colour conversion)',
    },
    {
      name: 'jpeg-tiff-ycbcr.tif',
      family: 'jpeg in tiff',
      bands: 3,
      dtype: 'Byte',
      options: ['COMPRESS=JPEG', 'PHOTOMETRIC=YCBCR', 'JPEG_QUALITY=90'],
      tol: 1.5,
      accept: 'values-or-refusal',
      note: 'JPEG YCbCr 4:2:0, as GDAL writes it by default for RGB',
    },
    {
      name: 'jpeg-tiff-ycbcr-tiled.tif',
      family: 'jpeg in tiff',
      bands: 3,
      dtype: 'Byte',
      options: ['COMPRESS=JPEG', 'PHOTOMETRIC=YCBCR', 'TILED=YES', 'JPEG_QUALITY=75'],
      tol: 1.5,
      accept: 'values-or-refusal',
      note: 'JPEG YCbCr, tiled',
    },
    {
      name: 'webp-tiff-lossless-rgb.tif',
      family: 'webp/lerc/zstd in tiff',
      bands: 3,
      dtype: 'Byte',
      options: ['COMPRESS=WEBP', 'WEBP_LOSSLESS=TRUE'],
      accept: 'values-or-refusal',
      note: 'WebP lossless in TIFF',
    },
    {
      name: 'webp-tiff-lossy-rgb.tif',
      family: 'webp/lerc/zstd in tiff',
      bands: 3,
      dtype: 'Byte',
      options: ['COMPRESS=WEBP', 'WEBP_LEVEL=80'],
      tol: 2,
      accept: 'values-or-refusal',
      note: 'WebP lossy in TIFF',
    },
    {
      name: 'lerc-tiff-float32.tif',
      family: 'webp/lerc/zstd in tiff',
      bands: 1,
      dtype: 'Float32',
      options: ['COMPRESS=LERC', 'MAX_Z_ERROR=0'],
      accept: 'values-or-refusal',
      note: 'LERC (lossless) float32',
    },
    {
      name: 'zstd-tiff-uint16.tif',
      family: 'webp/lerc/zstd in tiff',
      bands: 1,
      dtype: 'UInt16',
      options: ['COMPRESS=ZSTD', 'PREDICTOR=2'],
      accept: 'values-or-refusal',
      note: 'ZSTD with horizontal predictor, uint16',
    },
    {
      name: 'bigtiff-be-gdal.tif',
      family: 'bigtiff',
      bands: 1,
      dtype: 'UInt16',
      options: ['BIGTIFF=YES', 'ENDIANNESS=BIG', 'COMPRESS=DEFLATE'],
      accept: 'values',
      note: 'a valid big-endian BigTIFF written by GDAL',
    },
    {
      name: 'bigtiff-le-gdal-tiled.tif',
      family: 'bigtiff',
      bands: 1,
      dtype: 'UInt16',
      options: ['BIGTIFF=YES', 'TILED=YES', 'COMPRESS=LZW'],
      accept: 'values',
      note: 'a valid little-endian tiled BigTIFF written by GDAL',
    },
  ]
  const codecOut = runPython(
    codecJobs.map((j) => ({
      kind: 'codec',
      path: file(j.name),
      width: 200,
      height: 150,
      bands: j.bands,
      dtype: j.dtype,
      options: j.options,
      tol: j.tol ?? null,
    })),
  )
  for (const j of codecJobs) {
    const s = (codecOut[file(j.name)] as (BandStats & { meanTol: number | null })[])[0]
    const stats: BandStats = { mean: s.mean, min: s.min, max: s.max, valid: s.valid, ...(s.meanTol ? { meanTol: s.meanTol } : {}) }
    add({ name: j.name, family: j.family, kind: 'tiff', accept: j.accept, width: 200, height: 150, stats, note: `${j.note}; values decoded by GDAL` })
  }
}
