/**
 * Files out of a drop: plain files as they are, folders walked (webkitGetAsEntry) for GeoTIFF/COG/PNG/JPEG files by
 * extension and a Landsat scene's `_MTL.txt` (its calibration, kept beside its bands). Files given explicitly are
 * kept whatever their name; the main side checks their signature.
 */
import { hasImageExtension } from '../../../preload/contract'

/** A Landsat scene's metadata file (`<product id>_MTL.txt`): uploaded with the bands, never shown as a file. */
export const isSceneMetadata = (name: string): boolean => /_MTL\.txt$/i.test(name)

/** What the pickers and folder walks take: images and rasters by extension, and scene metadata. */
export const isWanted = (name: string): boolean => hasImageExtension(name) || isSceneMetadata(name)

/** Files in upload order: images and rasters first, then each scene's metadata (it joins its bands' folder). */
export function uploadOrder(files: File[]): File[] {
  return [...files.filter((f) => !isSceneMetadata(f.name)), ...files.filter((f) => isSceneMetadata(f.name))]
}

/** Most files taken from one dropped folder tree. */
export const MAX_DROPPED_FILES = 10_000

function readAll(reader: FileSystemDirectoryReader): Promise<FileSystemEntry[]> {
  return new Promise((resolve, reject) => {
    const out: FileSystemEntry[] = []
    const next = () =>
      reader.readEntries((batch) => {
        if (batch.length === 0) resolve(out)
        else {
          out.push(...batch)
          next()
        }
      }, reject)
    next()
  })
}

function fileOf(entry: FileSystemFileEntry): Promise<File> {
  return new Promise((resolve, reject) => entry.file(resolve, reject))
}

async function walk(entry: FileSystemEntry, out: File[]): Promise<void> {
  if (out.length >= MAX_DROPPED_FILES) return
  if (entry.isFile) {
    if (isWanted(entry.name)) out.push(await fileOf(entry as FileSystemFileEntry))
    return
  }
  if (entry.isDirectory) {
    const children = await readAll((entry as FileSystemDirectoryEntry).createReader())
    children.sort((a, b) => a.name.localeCompare(b.name))
    for (const c of children) if (!c.name.startsWith('.')) await walk(c, out)
  }
}

/** Every file of a DataTransfer, folders expanded. */
export async function collectDropped(dt: DataTransfer): Promise<File[]> {
  const out: File[] = []
  const entries = Array.from(dt.items ?? [])
    .filter((i) => i.kind === 'file')
    .map((i) => ({ entry: i.webkitGetAsEntry?.() ?? null, file: i.getAsFile() }))
  if (entries.length === 0) return Array.from(dt.files ?? [])
  for (const { entry, file } of entries) {
    if (entry?.isDirectory) await walk(entry, out)
    else if (file) out.push(file)
  }
  return out
}

/** Files from an <input type=file> (with or without webkitdirectory): folder picks are filtered by extension. */
export function collectPicked(list: FileList | null, folder: boolean): File[] {
  const files = Array.from(list ?? [])
  return folder ? files.filter((f) => isWanted(f.name)).slice(0, MAX_DROPPED_FILES) : files
}
