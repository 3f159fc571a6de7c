/**
 * The catalog's listing of PNG and JPEG pictures (engines/raster/picture-raster.ts reads them): undated assets on their
 * own pixel grid, bands by colour role and number.
 */
import fs from 'node:fs'
import path from 'node:path'
import { pictureBandNames, pictureHeader } from '../picture-raster'
import { readProblem } from '../tiff/reader'
import { CatalogError, storedBandRef, type Asset, type BandRef, type Catalog, type CatalogParams } from './types'

/**
 * PNG and JPEG pictures named in `files` (never picked from a folder, where a quicklook beside GeoTIFF bands would
 * join their roles): undated assets on their own pixel grid, one band per channel named by the colour model (red,
 * green, blue, alpha, grey, index for a palette) and by number (B1, B2 ...), values as stored (DN). A list that mixes
 * pictures with georeferenced rasters leaves the pictures out, named: a picture has no place on the map to pair it
 * with them. Two pictures with one file name (LEVIR-CD's A/x.png and B/x.png) are told apart by their folder.
 */
export function addPictures(pictures: string[], others: number, p: CatalogParams, assets: Map<string, Asset>, skipped: Catalog['skipped']): void {
  if (others > 0) {
    for (const f of pictures) skipped.push({ file: path.basename(f), reason: 'a picture without georeferencing is not listed with georeferenced rasters' })
    return
  }
  const stems = pictures.map((f) => path.basename(f).replace(/\.[^.]+$/, ''))
  pictures.forEach((file, i) => {
    const base = path.basename(file)
    if (!fs.existsSync(file)) throw new CatalogError(`the file '${base}' does not exist`)
    let names: string[]
    try {
      names = pictureBandNames(pictureHeader(file))
    } catch (err) {
      throw new CatalogError(readProblem(file, err).replace(/\.$/, ''))
    }
    const id = stems.filter((x) => x === stems[i]).length > 1 ? `${path.basename(path.dirname(file))}/${stems[i]}` : stems[i]
    const ref = (band: number, name: string) => storedBandRef(p, name, name, file, band, 'raw DN (picture samples as stored)')
    const bands: Record<string, BandRef> = {}
    names.forEach((name, b) => {
      bands[name] = ref(b + 1, name)
      bands[`B${b + 1}`] = bands[name]
    })
    for (const [role, band] of Object.entries(p.role_bands ?? {})) {
      if (typeof band !== 'number') continue
      if (band < 1 || band > names.length) throw new CatalogError(`role_bands.${role} asks for band ${band}, but ${base} has ${names.length} band(s)`)
      bands[role] = ref(band, role)
    }
    assets.set(id, { id, date: null, sensor: 'picture (no georeferencing)', bands })
  })
}
