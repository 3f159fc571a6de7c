/**
 * Reference values for the fault suite, computed apart from the engine: geotiff.js reads the bands and plain
 * typed-array loops compute the statistics, so a bug in the engine's readers, masks or reducers cannot make its
 * own ground truth. Conventions follow ../shared/benchmarks/README.md (Earth-Bench Xinjiang data: LST = DN * 0.02 K,
 * NDVI = DN * 0.0001; a period mean is the mean of the per-date means) and each file's own nodata tag.
 */
import { fromFile } from 'geotiff'

interface Band {
  data: ArrayLike<number>
  nodata: number | null
}

const cache = new Map<string, Promise<Band>>()

/** One band of a GeoTIFF (1-based) with the file's nodata tag, read once per process. */
export function readBand(file: string, band = 1): Promise<Band> {
  const key = `${file}#${band}`
  let hit = cache.get(key)
  if (!hit) {
    hit = (async () => {
      const tiff = await fromFile(file)
      try {
        const image = await tiff.getImage()
        const [data] = await image.readRasters({ samples: [band - 1], interleave: false })
        const tag = image.getGDALNoData()
        return { data, nodata: tag === null || tag === undefined ? null : Number(tag) }
      } finally {
        await tiff.close()
      }
    })()
    cache.set(key, hit)
  }
  return hit
}

/** Forget the cached bands (the suite builder calls it when done, to give the memory back). */
export const clearBands = () => cache.clear()

/** Mean of `scale * DN` over the pixels that are not the file's nodata (and pass `keep`). */
export async function scaledMean(file: string, scale: number, keep: (dn: number) => boolean = () => true): Promise<number> {
  const { data, nodata } = await readBand(file)
  let sum = 0
  let n = 0
  for (let i = 0; i < data.length; i++) {
    const dn = data[i]
    if (dn === nodata || !keep(dn)) continue
    sum += dn * scale
    n++
  }
  if (n === 0) throw new Error(`No valid pixel in ${file}.`)
  return sum / n
}

/** Percentage of valid pixels whose scaled value exceeds `threshold`. */
export async function scaledShareAbove(file: string, scale: number, threshold: number): Promise<number> {
  const { data, nodata } = await readBand(file)
  let above = 0
  let n = 0
  for (let i = 0; i < data.length; i++) {
    const dn = data[i]
    if (dn === nodata) continue
    n++
    if (dn * scale > threshold) above++
  }
  return (100 * above) / n
}

/** Whether a file holds a pixel other than its nodata tag. */
export async function hasValidPixel(file: string): Promise<boolean> {
  const { data, nodata } = await readBand(file)
  for (let i = 0; i < data.length; i++) if (data[i] !== nodata) return true
  return false
}

/** Mean of the per-file means (a period mean as Earth-Bench defines it). A date with no valid pixel (every pixel
 * the file's nodata: 2019-02-02, 2019-09-30 and 2019-12-19 of the Xinjiang set) has no mean and is left out. */
export async function meanOfMeans(files: string[], scale: number): Promise<number> {
  const means: number[] = []
  for (const f of files) {
    const { data, nodata } = await readBand(f)
    let valid = false
    for (let i = 0; i < data.length && !valid; i++) valid = data[i] !== nodata
    if (valid) means.push(await scaledMean(f, scale))
  }
  if (means.length === 0) throw new Error(`No valid pixel in any of ${files.length} files.`)
  return means.reduce((a, b) => a + b, 0) / means.length
}

/** One `KEY = value` number of a Landsat MTL metadata file (throws when absent). */
function mtlNumber(mtl: string, key: string): number {
  const m = new RegExp(`^\\s*${key}\\s*=\\s*(-?[0-9.eE+-]+)`, 'm').exec(mtl)
  if (!m) throw new Error(`The MTL file has no ${key}.`)
  return Number(m[1])
}

/**
 * NDVI on top-of-atmosphere reflectance of a Landsat 8 scene, rho = DN * REFLECTANCE_MULT + REFLECTANCE_ADD read from
 * the scene's MTL file (the sun-elevation division cancels in the ratio), over the pixels where both bands are > 0
 * (the fixtures README's mask). Returns the mean and the percentage of those pixels above `threshold`.
 */
export async function landsatToaNdvi(red: string, nir: string, mtl: string, threshold: number): Promise<{ mean: number; shareAbove: number; n: number }> {
  const text = (await import('node:fs')).readFileSync(mtl, 'utf8')
  const [mr, ar, mn, an] = ['REFLECTANCE_MULT_BAND_4', 'REFLECTANCE_ADD_BAND_4', 'REFLECTANCE_MULT_BAND_5', 'REFLECTANCE_ADD_BAND_5'].map((k) =>
    mtlNumber(text, k),
  )
  const r = (await readBand(red)).data
  const n5 = (await readBand(nir)).data
  let sum = 0
  let n = 0
  let above = 0
  for (let i = 0; i < r.length; i++) {
    if (!(r[i] > 0 && n5[i] > 0)) continue
    const rr = r[i] * mr + ar
    const rn = n5[i] * mn + an
    const v = (rn - rr) / (rn + rr)
    sum += v
    n++
    if (v > threshold) above++
  }
  if (n === 0) throw new Error(`No valid pixel in ${red} and ${nir}.`)
  return { mean: sum / n, shareAbove: (100 * above) / n, n }
}
