/**
 * The second hostile corpus (issue 20): decompression bombs (LZW, DEFLATE, ZSTD, PackBits), pictures declaring
 * 16000-30000 px, interlaced PNG, 1x1-pixel tiles, JPEG-in-TIFF (grey, RGB, YCbCr), a float predictor on uint16,
 * BigTIFF with a bad byte size or reserved field, valid big-endian BigTIFF (one with data past 4 GiB in a sparse
 * file), strict and junk nodata strings, GDAL_METADATA of 400k items and 200k spaces, MTL files with 1e308 factors,
 * injected groups and a 700 MB sparse size, infinite and NaN geotransforms, WebP/LERC/ZSTD in TIFF and symlinks.
 *
 * Usage: `node --import tsx scripts/hostile-corpus-2.ts OUT_DIR` writes the files and prints the case list (JSON).
 * tests/integration/hostile-corpus-2.test.ts calls `writeHostileCorpus2` at test time into a temporary folder.
 * Each family of cases is a file of its own (hostile-corpus-2-cases-*.ts) writing through one CaseWriter (-case).
 *
 * Every file is written by these scripts: TIFF structures by the small writer (-tiff; either byte order, BigTIFF),
 * codecs that need a real encoder (JPEG, WebP, LERC, ZSTD, LZW) by GDAL through python3 (python3-gdal), pictures by
 * zlib and sharp. Expected values are known by construction, or decoded by GDAL for lossy codecs, never by RSure.
 */
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { type CorpusOptions, type Hostile2Case, caseWriter } from './hostile-corpus-2-case'
import { decompressionBombs } from './hostile-corpus-2-cases-bombs'
import { gdalCodecs } from './hostile-corpus-2-cases-codecs'
import { bigtiffHeaders, predictorCases, tinyTiles } from './hostile-corpus-2-cases-layout'
import { mtlCases } from './hostile-corpus-2-cases-mtl'
import { pictureCases } from './hostile-corpus-2-cases-pictures'
import { symlinkCases } from './hostile-corpus-2-cases-symlinks'
import { gdalMetadata, geotransforms, nodataStrings } from './hostile-corpus-2-cases-tags'

export type { BandStats } from './hostile-corpus-2-tiff'
export type { Accept, CorpusOptions, Hostile2Case } from './hostile-corpus-2-case'
export { pythonWithGdal } from './hostile-corpus-2-gdal'

/** Writes every family into `dir`, in a fixed order (the symlink family links to a predictor case), and lists the cases. */
export async function writeHostileCorpus2(dir: string, opts: CorpusOptions): Promise<Hostile2Case[]> {
  const w = caseWriter(dir, opts)
  await decompressionBombs(w)
  await pictureCases(w)
  tinyTiles(w)
  gdalCodecs(w)
  predictorCases(w)
  bigtiffHeaders(w)
  nodataStrings(w)
  gdalMetadata(w)
  geotransforms(w)
  mtlCases(w)
  symlinkCases(w)
  fs.rmSync(w.tmp, { recursive: true, force: true })
  return [...w.cases]
}

// `node --import tsx scripts/hostile-corpus-2.ts OUT_DIR`
if (process.argv[1] && /hostile-corpus-2\.ts$/.test(process.argv[1])) {
  const out = process.argv[2]
  if (!out) {
    console.error('Usage: node --import tsx scripts/hostile-corpus-2.ts OUT_DIR')
    process.exit(2)
  }
  const landsatDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'shared', 'fixtures', 'landsat8_L1TP_016037_20170813')
  writeHostileCorpus2(path.resolve(out), { landsatDir }).then(
    (cases) => console.log(JSON.stringify(cases, null, 1)),
    (err) => {
      console.error((err as Error).message)
      process.exit(1)
    },
  )
}
