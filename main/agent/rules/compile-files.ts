/**
 * What the compiler reads of its input files beyond their names (DESIGN section 9): the place scope of files split
 * by place, the time of day (Day/Night tokens, a Landsat MTL's Sun elevation), a band order stated for unnamed
 * files or their RGB colour interpretation, the files of a period, and the grid facts of the first image (projected
 * EPSG, pixel area in metres, geographic grids), read through the engine's bounded TIFF parser.
 */
import fs from 'node:fs'
import path from 'node:path'
import { geoKeys, numbers, readFirstIfd, Tag, type Ifd } from '../../engines/raster/tiff/ifd'
import { landsatRoles, parseName, sentinel2Roles } from '../../engines/raster/catalog/names'
import { GEOGRAPHIC_EPSG } from '../../engines/raster/products/pixel-area'
import type { Period, TaskSpec } from '../../task/spec'
import { MONTHS } from '../../domain/lexicon/periods'
import { monthEnd, monthStart, monthsSpanned } from '../../domain/spans/period-words'
import type { InputFiles } from './input-files'
import { Refusal, isBandKey, bandWord, phraseNames, phrasesOf } from './compile-words'
import { SPYNDEX_ROLE } from './compile-scope'

/**
 * Files split by the place in their names (`Lagos_precipitation_...`, `Quito_...`): the one place the question
 * names keeps its files; several places named are a comparison the spec does not hold (handed to the recipes,
 * which compare places); none named over files of several places is refused, never pooled. With one place in the
 * files, a phrase joining it with another name ("Quito and Lima") may ask for a comparison: handed off too.
 */
export function placeScope(spec: TaskSpec, inputs: InputFiles): InputFiles {
  const places = filePlacesOf(inputs)
  const named = places.filter((p) => namesPlace(spec, p))
  if (places.length > 1) {
    if (named.length === 1) {
      const files = inputs.files.filter((f) => inputs.filePlaces.get(f) === named[0])
      return { ...inputs, dir: null, files }
    }
    if (named.length >= 2)
      throw new Refusal(`the places ${named.join(' and ')}`, 'the files are split by place and comparing places is not in the spec', 'recipes')
    throw new Refusal('the place', `the files hold several places (${places.join(', ')}) and the question names none of them, so they are not pooled`)
  }
  if (places.length === 1) {
    const joined = joinedPlace(spec, places[0])
    if (joined)
      throw new Refusal(
        `"${spec.notUnderstood.find((n) => n.text.includes(places[0]))?.text}"`,
        `it may name places to compare and the files hold only ${places[0]}`,
        'recipes',
      )
  }
  return inputs
}

/** Distinct places of the input file names. */
export function filePlacesOf(inputs: InputFiles): string[] {
  return [...new Set(inputs.files.map((f) => inputs.filePlaces.get(f)).filter((p): p is string => !!p))]
}

/** The places of the file names that the spec's phrases name, in the order the phrases name them. */
export function placesNamed(spec: TaskSpec, inputs: InputFiles): string[] {
  const text = phrasesOf(spec).join(' ')
  const at = (p: string) => text.indexOf(p.toLowerCase().replace(/[-_]/g, ' '))
  return filePlacesOf(inputs)
    .filter((p) => namesPlace(spec, p))
    .sort((a, b) => at(a) - at(b))
}

const namesPlace = (spec: TaskSpec, place: string) => phraseNames(spec, place) || phraseNames(spec, place.split(/[-_,]/)[0])

/** A phrase the reader left unread joins the files' one place with another name ("Quito and Lima"): a comparison may be asked. */
export function joinedPlace(spec: TaskSpec, place: string): boolean {
  const name = new RegExp(`\\b${place.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`, 'i')
  return spec.notUnderstood.some((n) => name.test(n.text) && /\b(?:and|vs\.?|versus|with|than)\b/i.test(n.text))
}

/**
 * The time of day the question asks of its subject, unless it is part of the variable's own name ("night-time
 * lights": every file of it is a night-time product) or the subject is LST (the scope picks the day or night LST
 * layer by name).
 */
export function askedTimeOfDay(spec: TaskSpec): { key: 'day' | 'night'; text: string } | null {
  if (!spec.timeOfDay || spec.subjects[0] === 'lst') return null
  const said = spec.used.filter((u) => u.role === 'time of day').map((u) => u.text)
  const subjects = spec.used.filter((u) => u.role === 'subject').map((u) => u.text.toLowerCase())
  if (said.length > 0 && said.every((t) => subjects.some((n) => n.includes(t.toLowerCase())))) return null
  if (spec.subjects[0] === 'night_lights') return null
  return { key: spec.timeOfDay, text: said[0] ?? (spec.timeOfDay === 'night' ? 'night-time' : 'daytime') }
}

/** The Sun's elevation at the scene centre from a Landsat MTL beside the bands (degrees), or null. */
export function sunElevation(files: string[]): number | null {
  const dir = path.dirname(files[0] ?? '.')
  const mtl = fs.existsSync(dir) ? fs.readdirSync(dir).find((f) => /_MTL\.txt$/i.test(f)) : undefined
  if (!mtl) return null
  const m = /\bSUN_ELEVATION\s*=\s*(-?[\d.]+)/.exec(fs.readFileSync(path.join(dir, mtl), 'utf8'))
  return m ? Number(m[1]) : null
}

/**
 * Applies the time of day asked to the catalog: files whose names carry a Day/Night token keep the phase asked
 * (the catalog's `phases`); a Landsat scene is day or night by its Sun elevation in the MTL. Refused naming the
 * phrase when the files do not say, or hold none of that time of day.
 */
export function applyTimeOfDay(spec: TaskSpec, files: string[], landsat: boolean, params: Record<string, unknown>): string {
  const asked = askedTimeOfDay(spec)
  if (!asked) return ''
  const word = asked.key === 'night' ? 'night-time' : 'daytime'
  if (landsat) {
    const sun = sunElevation(files)
    if (sun === null) throw new Refusal(`"${asked.text}"`, "the scene's MTL gives no Sun elevation to tell day from night")
    if (sun > 0 !== (asked.key === 'day'))
      throw new Refusal(`"${asked.text}"`, `the scene is a ${sun > 0 ? 'daytime' : 'night-time'} acquisition (Sun elevation ${sun}° in the MTL)`)
    return ` (a ${word} scene: Sun elevation ${sun}°)`
  }
  const phases = files.map((f) => parseName(path.basename(f))).map((n) => (n?.kind === 'series' ? n.phase : null))
  if (phases.every((p) => p === null))
    throw new Refusal(`"${asked.text}"`, `the file names do not say which acquisitions are ${word} (no Day or Night token in them)`)
  const kept = phases.filter((p) => p === asked.key).length
  if (kept === 0)
    throw new Refusal(
      `"${asked.text}"`,
      `no file is named as a ${word} acquisition (their names carry only ${[...new Set(phases.filter(Boolean))].join(', ')})`,
    )
  params.phases = [asked.key]
  return ` (the ${kept} ${word} file${kept === 1 ? '' : 's'} by their names)`
}

/**
 * The band order the question states for files whose names carry no band convention (an unlabelled RGBN GeoTIFF):
 * band i of the file takes the i-th role stated (`spec.bands`, spyndex letters -> the catalog's roles). A single
 * unnamed one-band file takes the one band the question names ("the mean of this red band"). Returns the roles
 * bound (for the planner's view of the inputs) and the words for the answer; nothing when the names say it all.
 */
/**
 * The file of the band a band key names ('b6', 'swir1') among files whose names say their band (Landsat, Sentinel-2),
 * or null: "band 6" and "SWIR1" of a Landsat 8 scene are one file.
 */
export function bandFileOf(key: string, files: readonly string[]): string | null {
  for (const f of files) {
    const n = parseName(path.basename(f))
    if (!n || (n.kind !== 'landsat' && n.kind !== 'sentinel2')) continue
    const band = n.band.toUpperCase().replace(/^(?:SR|ST)_/, '')
    const roles = n.kind === 'landsat' ? landsatRoles(n.mission, n.band) : sentinel2Roles(band)
    const numbered = /^b\d{1,2}$/.test(key) && /^B\d{1,2}$/.test(band) && Number(band.slice(1)) === Number(key.slice(1))
    if (numbered || roles.includes(key)) return f
  }
  return null
}

export function bandBinding(spec: TaskSpec, inputs: InputFiles, params: Record<string, unknown>): { roles: string[]; words: string } {
  // The MTL and other text files beside the bands are no unnamed raster.
  const unnamed = inputs.files.filter((f) => !parseName(path.basename(f)) && !/\.(?:txt|json|xml|md)$/i.test(f))
  if (spec.subjects.includes('value')) return fileValues(inputs, unnamed, params)
  if (unnamed.length === 0) {
    // Files that name their bands (Landsat, Sentinel-2): a stated order or position must be theirs ("blue (band 2)"
    // of Landsat 8 repeats its names and binds nothing); one that is not contradicts them.
    const agrees = (role: string, band: number) => {
      const key = SPYNDEX_ROLE[role]?.[0]?.toLowerCase()
      const file = key ? bandFileOf(key, inputs.files) : null
      return file !== null && file === bandFileOf(`b${band}`, inputs.files)
    }
    if (spec.bands && !spec.bands.roles.every((r, i) => agrees(r, i + 1)))
      throw new Refusal(`the band order "${spec.bands.text}"`, 'the file names already say which band is which, and the stated order is not theirs')
    if (spec.bandAt && !agrees(spec.bandAt.role, spec.bandAt.band))
      throw new Refusal(`the band position "${spec.bandAt.text}"`, 'the file names already say which band is which, and the stated position is not theirs')
    return { roles: [], words: '' }
  }
  if (spec.bandAt && !spec.bands) {
    const role = SPYNDEX_ROLE[spec.bandAt.role]?.[0]
    if (!role) throw new Refusal(`the band position "${spec.bandAt.text}"`, `${spec.bandAt.role} is no band role the catalog knows`)
    const named = spec.subjects.filter((k) => isBandKey(k))
    if (named.length !== 1 || named[0].toUpperCase() !== role)
      throw new Refusal(`the band position "${spec.bandAt.text}"`, 'it is not the place of the one band the question asks about')
    const count = samplesPerPixel(unnamed[0])
    if (unnamed.length !== 1 || (count !== null && spec.bandAt.band > count))
      throw new Refusal(`the band position "${spec.bandAt.text}"`, `${path.basename(unnamed[0])} has ${count ?? 'fewer'} band${count === 1 ? '' : 's'}`)
    params.role_bands = { [role]: spec.bandAt.band }
    return { roles: [role], words: ` (band ${spec.bandAt.band} = ${role.toLowerCase()}, as the question states)` }
  }
  if (spec.bands) {
    const roles = spec.bands.roles.map((r) => SPYNDEX_ROLE[r]?.[0])
    const missing = spec.bands.roles.filter((_, i) => !roles[i])
    if (missing.length) throw new Refusal(`the band order "${spec.bands.text}"`, `${missing.join(', ')} is no band role the catalog knows`)
    const count = samplesPerPixel(unnamed[0])
    if (count !== null && count !== roles.length)
      throw new Refusal(`the band order "${spec.bands.text}"`, `it names ${roles.length} bands and ${path.basename(unnamed[0])} has ${count}`)
    // Each band by its role and by its number ("band 4" of "band 1 red, 2 green, 3 blue, 4 NIR" is the NIR band).
    params.role_bands = Object.fromEntries([...roles.map((r, i) => [r!, i + 1]), ...roles.map((_, i) => [`B${i + 1}`, i + 1])])
    return {
      roles: [...(roles as string[]), ...roles.map((_, i) => `B${i + 1}`)],
      words: ` (bands in the order the question states: ${roles.map((r, i) => `band ${i + 1} = ${r!.toLowerCase()}`).join(', ')})`,
    }
  }
  const band = spec.subjects.find((k) => isBandKey(k) && !/^b\d/.test(k))
  // A file whose colour interpretation is RGB (PhotometricInterpretation 2) labels its first three bands red,
  // green, blue; any further band is unlabelled (ExtraSamples "unspecified"), so only these three are taken from it.
  const rgb = unnamed.length === 1 && photometric(unnamed[0]) === 2 && (samplesPerPixel(unnamed[0]) ?? 0) >= 3
  if (band && rgb && ['red', 'green', 'blue'].includes(band)) {
    params.role_bands = { RED: 1, GREEN: 2, BLUE: 3 }
    return { roles: ['RED', 'GREEN', 'BLUE'], words: " (band 1 = red, 2 = green, 3 = blue by the file's RGB colour interpretation)" }
  }
  if (band && rgb)
    throw new Refusal(
      `the ${bandWord(band)}`,
      `${path.basename(unnamed[0])} labels only bands 1-3 (red, green, blue, its RGB colour interpretation) and the question does not say which band is the ${bandWord(band)} (state the band order, e.g. "bands are R, G, B, NIR")`,
    )
  if (band && unnamed.length === 1 && samplesPerPixel(unnamed[0]) === 1) {
    params.role_bands = { [band.toUpperCase()]: 1 }
    return { roles: [band.toUpperCase()], words: ` (the file's one band, as the ${bandWord(band)} the question names)` }
  }
  if (band && unnamed.length === 1) {
    throw new Refusal(
      `the ${bandWord(band)}`,
      `${path.basename(unnamed[0])} has ${samplesPerPixel(unnamed[0]) ?? 'several'} bands and neither its name nor the question says which is the ${bandWord(band)} (state the band order, e.g. "bands are R, G, B, NIR")`,
    )
  }
  return { roles: [], words: '' }
}

/**
 * A file's values as stored, asked with no variable named ("the mean DN of red.tif"): the one band of the one raster
 * given, when its name labels nothing; anywhere else which values are meant is not said, and the refusal says why.
 */
function fileValues(inputs: InputFiles, unnamed: string[], params: Record<string, unknown>): { roles: string[]; words: string } {
  const rasters = inputs.files.filter((f) => !/\.(?:txt|json|xml|md)$/i.test(f))
  const part = 'the values asked'
  if (rasters.length !== 1)
    throw new Refusal(
      part,
      `the question names no variable or band and ${rasters.length} rasters are given; name the layer, band or file whose values are meant`,
    )
  const base = path.basename(rasters[0])
  if (unnamed.length !== 1)
    throw new Refusal(part, `the question names no variable or band, and ${base} is named as a layer of its own; ask for that layer by name`)
  const count = samplesPerPixel(rasters[0])
  if (count !== 1) throw new Refusal(part, `the question names no band, and ${base} has ${count ?? 'several'} bands; say which band is meant`)
  params.role_bands = { VALUE: 1 }
  return { roles: ['VALUE'], words: ` (the one band of ${base}, its values as stored)` }
}

/** PhotometricInterpretation (262) of a GeoTIFF's first image (2 = RGB); null when absent or unreadable. */
export function photometric(file: string): number | null {
  const ifd = firstIfd(file)
  const n = ifd ? numbers(ifd, Tag.Photometric) : undefined
  return n && n.length ? n[0] : null
}

/** SamplesPerPixel (277) of a GeoTIFF's first image: its band count; null when unreadable. */
export function samplesPerPixel(file: string): number | null {
  const ifd = firstIfd(file)
  const n = ifd ? numbers(ifd, Tag.SamplesPerPixel) : undefined
  return n && n.length ? n[0] : ifd ? 1 : null
}

/** Files inside the period (and its months), so the catalog lists only them. */
export function filesIn(inputs: InputFiles, periods: Period[]): string[] {
  return inputs.files.filter((f) => {
    const d = inputs.fileDates.get(f)
    if (!d) return false
    return periods.some((p) => p.start <= d && d <= p.end && (!p.months || p.months.includes(Number(d.slice(5, 7)))))
  })
}

export function periodWords(periods: Period[]): string {
  // Periods read from one phrase ("April, May and June 2019") share its words: said once.
  // "from 2019-01-01 to 2019-12-31" follows "the 23 dates of": its leading "from" is dropped.
  // A season said apart from its year ("growing season mean ndvi 2019") is written with it, and a named span with
  // the convention it was placed with ("the growing season of 2019 (April to October ...)").
  const words = (p: Period) => {
    const raw = p.text.trim().replace(/^from\s+/i, '')
    // A period read from inside brackets ("growing season (we say April until October) of 2019") loses its lone bracket.
    const t = (raw.match(/\(/g)?.length ?? 0) === (raw.match(/\)/g)?.length ?? 0) ? raw : raw.replace(/\s*[()]\s*/g, ' ').trim()
    const dated = /\d{4}/.test(t) || p.granularity !== 'season' ? t : `${t} of ${p.end.slice(0, 4)}`
    const named = p.convention ? `${dated} (${p.convention.replace(/\s*\(([^)]*)\)/, ', $1')})` : dated
    const left = leftOutMonths(p)
    return left.length ? `${named}, without ${left.join(' and ')}` : named
  }
  return [...new Set(periods.map(words))].join(' and ') || 'all dates'
}

/**
 * The months a period set aside inside one stretch of at most a year ("1 March to 30 June 2019 except the April
 * ones": April), by name; none for a period with no `months`, or whose `months` recur over several years.
 */
function leftOutMonths(p: Period): string[] {
  if (!p.months) return []
  const spanned = monthsSpanned(p.start, p.end)
  if (spanned.length > 12) return []
  return spanned.filter((m) => !p.months!.includes(m)).map(monthName)
}

/** A month (1..12) by its name, capitalised ("April"). */
function monthName(m: number): string {
  const name = MONTHS.find((x) => x.month === m)!.names[0]
  return `${name[0].toUpperCase()}${name.slice(1)}`
}

/**
 * A period in words of its own dates, for a period read from a phrase that holds another too ("from April to August
 * 2019" compared: April and August): "April 2019", "2019-06-26", "2019", else its first and last day.
 */
export function ownPeriodWords(p: Period): string {
  const [y, m] = [p.start.slice(0, 4), Number(p.start.slice(5, 7))]
  if (p.start === p.end) return p.start
  if (p.start === monthStart(Number(y), m) && p.end === monthEnd(Number(y), m)) {
    return `${monthName(m)} ${y}`
  }
  if (p.start === `${y}-01-01` && p.end === `${y}-12-31`) return y
  return `${p.start} to ${p.end}`
}

/** EPSG codes of Web Mercator (3857 and its retired aliases). */
export const WEB_MERCATOR = new Set([3857, 3785, 900913, 102100])

/** The first image directory of a GeoTIFF, read with the engine's bounded TIFF parser; null when unreadable. */
export function firstIfd(file: string | undefined): Ifd | null {
  if (!file) return null
  let fd: number | null = null
  try {
    fd = fs.openSync(file, 'r')
    return readFirstIfd({ fd, size: fs.fstatSync(fd).size })
  } catch {
    return null
  } finally {
    if (fd !== null) fs.closeSync(fd)
  }
}

/** ProjectedCSTypeGeoKey (3072) of a GeoTIFF's GeoKeyDirectory in the first IFD; null when absent. */
export function projectedEpsg(file: string | undefined): number | null {
  const ifd = firstIfd(file)
  const epsg = ifd ? geoKeys(ifd)?.ProjectedCSTypeGeoKey : undefined
  return typeof epsg === 'number' ? epsg : null
}

/** The EPSG code a GeoTIFF names for its grid (projected, else geographic); null when it names none. */
export function gridEpsg(file: string | undefined): number | null {
  const ifd = firstIfd(file)
  const keys = ifd ? (geoKeys(ifd) ?? {}) : {}
  const code = keys.ProjectedCSTypeGeoKey ?? keys.GeographicTypeGeoKey
  // 32767 is GeoTIFF's "user-defined": no code.
  return typeof code === 'number' && code !== 32767 ? code : null
}

/** Whether a GeoTIFF's grid is geographic: GTModelType 2, a geographic CRS key without a projected one, or degree-sized pixels. */
export function geographic(file: string | undefined): boolean {
  const ifd = firstIfd(file)
  if (!ifd) return false
  const keys = geoKeys(ifd) ?? {}
  const scale = numbers(ifd, Tag.ModelPixelScale)
  return (
    keys.GTModelTypeGeoKey === 2 ||
    (keys.GeographicTypeGeoKey !== undefined && keys.ProjectedCSTypeGeoKey === undefined) ||
    GEOGRAPHIC_EPSG.has(Number(keys.ProjectedCSTypeGeoKey)) ||
    (!!scale && scale[0] > 0 && scale[0] < 1e-3)
  )
}

/** Pixel area in m² of a GeoTIFF from its ModelPixelScale tag (33550), read from the first IFD; null when absent or not metres. */
export function pixelAreaM2(file: string | undefined): number | null {
  const ifd = firstIfd(file)
  const scale = ifd ? numbers(ifd, Tag.ModelPixelScale) : undefined
  if (!scale || scale.length < 2) return null
  const [sx, sy] = scale
  // Degrees are not metres: a geographic grid's pixel is not a fixed area.
  if (!(sx > 0 && sy > 0) || sx < 1e-3) return null
  return sx * sy
}
