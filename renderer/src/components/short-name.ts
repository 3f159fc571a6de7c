import type { FileEntry } from '../../../preload/contract'

/**
 * A long file name shortened in the middle, so names that differ only at the end (Landsat bands `..._B4.TIF`,
 * `..._B5.TIF`, dates) stay told apart where an end ellipsis would cut them all to the same prefix.
 */
export function middleEllipsis(name: string, max = 34): string {
  if (name.length <= max) return name
  const tail = Math.ceil((max - 1) / 2)
  return `${name.slice(0, max - 1 - tail)}…${name.slice(-tail)}`
}

/** The files shown in the pixel viewer, not on the map: pictures and rasters without a CRS. */
export function pictureFiles(files: readonly FileEntry[]): FileEntry[] {
  return files.filter((f) => f.info && !(f.info.kind === 'raster' && f.info.crs))
}

/**
 * Files of one name (a change pair's A/ and B/ pictures) are told apart by their place in the list they are shown
 * from: ' (2)' for the second of that list; '' when the name is the only one of its kind.
 */
export function twinSuffix<T extends { id: string; name: string }>(list: readonly T[], file: T): string {
  const twin = list.some((q) => q.id !== file.id && q.name === file.name)
  return twin ? ` (${list.findIndex((q) => q.id === file.id) + 1})` : ''
}

/**
 * A file as the analyst is shown it wherever two may share a name (cards, picture tabs, the T1 | T2 swipes): its
 * name, and its twin number among `list` (the session's pictures) when another has the same name.
 */
export function fileLabel<T extends { id: string; name: string }>(list: readonly T[], file: T): string {
  return `${file.name}${twinSuffix(list, file)}`
}
