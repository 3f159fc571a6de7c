/**
 * The files of this session: what the analyst dropped, picked or opened, each with a stable id and its `info`.
 * Folders are searched recursively for image files by extension; a file named explicitly is always described
 * (its signature decides), so a GeoTIFF without a .tif ending still works. Adding the same path twice returns the
 * existing entry. Shared by every window and WebSocket client of one process.
 */
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { hasImageExtension, type FileEntry, type FileInfo } from '../../preload/contract'
import { describeFile, FileFormatError } from '../engines/raster/describe'

/** Deepest folder level searched below a dropped folder, and the most files one add may bring in. */
export const MAX_FOLDER_DEPTH = 12
export const MAX_FILES_PER_ADD = 10_000
/** Files described at once. */
const DESCRIBE_CONCURRENCY = 4

export interface AddResult {
  added: FileEntry[]
  skipped: { path: string; reason: string }[]
}

export function newFileId(): string {
  return `f${randomBytes(8).toString('hex')}`
}

/** Image files under a folder (sorted, hidden entries left out), at most `limit`. */
export async function listImagesUnder(dir: string, limit = MAX_FILES_PER_ADD): Promise<string[]> {
  const found: string[] = []
  async function walk(d: string, depth: number): Promise<void> {
    if (depth > MAX_FOLDER_DEPTH || found.length >= limit) return
    let entries: fs.Dirent[]
    try {
      entries = await fs.promises.readdir(d, { withFileTypes: true })
    } catch {
      return
    }
    entries.sort((a, b) => a.name.localeCompare(b.name))
    for (const e of entries) {
      if (found.length >= limit) return
      if (e.name.startsWith('.')) continue
      const p = path.join(d, e.name)
      if (e.isDirectory()) await walk(p, depth + 1)
      else if (e.isFile() && hasImageExtension(e.name)) found.push(p)
    }
  }
  await walk(dir, 0)
  return found
}

async function mapLimit<T, R>(items: T[], limit: number, fn: (t: T) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length)
  let next = 0
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const i = next++
      out[i] = await fn(items[i])
    }
  })
  await Promise.all(workers)
  return out
}

export class FileRegistry {
  private readonly byId = new Map<string, FileEntry>()
  private readonly byPath = new Map<string, string>()

  list(): FileEntry[] {
    return [...this.byId.values()]
  }

  get(id: string): FileEntry | undefined {
    return this.byId.get(id)
  }

  remove(id: string): FileEntry | undefined {
    const entry = this.byId.get(id)
    if (!entry) return undefined
    this.byId.delete(id)
    this.byPath.delete(entry.path)
    return entry
  }

  /** Add files and folders by path (absolute, or relative to the process's working folder). */
  async addPaths(paths: string[], origin: FileEntry['origin'] = 'path', displayNames?: string[]): Promise<AddResult> {
    const skipped: AddResult['skipped'] = []
    const files: { file: string; name: string }[] = []
    for (let i = 0; i < paths.length; i++) {
      const abs = path.resolve(paths[i])
      let stat: fs.Stats
      try {
        stat = await fs.promises.stat(abs)
      } catch {
        skipped.push({ path: paths[i], reason: 'It does not exist or cannot be read.' })
        continue
      }
      if (stat.isDirectory()) {
        const inside = await listImagesUnder(abs, MAX_FILES_PER_ADD - files.length)
        if (inside.length === 0) skipped.push({ path: paths[i], reason: 'The folder holds no GeoTIFF, PNG or JPEG files.' })
        for (const f of inside) files.push({ file: f, name: path.relative(path.dirname(abs), f) })
      } else if (stat.isFile()) {
        files.push({ file: abs, name: displayNames?.[i] ?? path.basename(abs) })
      } else {
        skipped.push({ path: paths[i], reason: 'It is neither a file nor a folder.' })
      }
      if (files.length >= MAX_FILES_PER_ADD) {
        skipped.push({ path: paths[i], reason: `Only the first ${MAX_FILES_PER_ADD} files are added at once.` })
        break
      }
    }
    const fresh = files.filter(({ file }) => !this.byPath.has(file))
    const described = await mapLimit(fresh, DESCRIBE_CONCURRENCY, async ({ file, name }) => {
      let info: FileInfo | null = null
      let error: string | null = null
      try {
        info = (await describeFile(file)) as FileInfo
      } catch (err) {
        if (!(err instanceof FileFormatError)) throw err
        error = err.message
      }
      return { id: newFileId(), path: file, name, origin, info, error } satisfies FileEntry
    })
    for (const entry of described) {
      if (this.byPath.has(entry.path)) continue
      this.byId.set(entry.id, entry)
      this.byPath.set(entry.path, entry.id)
    }
    const added = files.map(({ file }) => this.byId.get(this.byPath.get(file) ?? '')).filter((e): e is FileEntry => !!e)
    return { added: [...new Map(added.map((e) => [e.id, e])).values()], skipped }
  }
}
