/**
 * The files of this session: what the analyst dropped, picked or opened, each with a stable id and its `info`.
 * Folders are searched recursively for image files by extension; a file named explicitly is always described
 * (its signature decides), so a GeoTIFF without a .tif ending still works. Adding the same path twice returns the
 * existing entry. Shared by every window and WebSocket client of one process.
 *
 * With a journal (the session's rows in SQLite, main/store/session-files.ts) every add and remove is written
 * through, and `restore()` brings the list back after a restart: unchanged files from their stored info, changed
 * ones read again, missing ones kept with a sentence saying so (a drive may simply be unplugged).
 */
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { FileId, FileInfo as FileInfoSchema, hasImageExtension, type FileEntry, type FileInfo } from '../../preload/contract'
import { errorMessage, systemCause } from '../domain/errors'
import { describeFile, FileFormatError } from '../engines/raster/describe'
import type { StoredFile } from '../store/session-files'

/** Where a registry keeps its files between restarts; every method may throw (a full disk, a locked database). */
export interface FileJournal {
  load(): StoredFile[]
  add(files: StoredFile[]): void
  update(file: Pick<StoredFile, 'id' | 'size' | 'mtimeMs' | 'info' | 'error'>): void
  remove(file: { id: string; path: string }): void
}

export interface FileRegistryOptions {
  journal?: FileJournal
  /** Told, in one sentence, when the journal could not be written (the in-memory list still changed). */
  onJournalError?: (message: string) => void
}

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

/** What was read of one file: its entry and the size and time it had then. */
interface Described {
  entry: FileEntry
  size: number | null
  mtimeMs: number | null
}

/** Read one file's info; a file that cannot be read gets its reason as one sentence, never fails the batch. */
async function describeOne(file: string, name: string, origin: FileEntry['origin'], id = newFileId()): Promise<Described> {
  let info: FileInfo | null = null
  let error: string | null = null
  let size: number | null = null
  let mtimeMs: number | null = null
  try {
    const stat = await fs.promises.stat(file)
    size = stat.size
    mtimeMs = stat.mtimeMs
    // Checked here, not only when a response leaves: one entry that broke the contract would fail every
    // files.list of the session, and with the session stored, after every restart too.
    const described = FileInfoSchema.safeParse(await describeFile(file))
    if (!described.success) {
      const issue = described.error.issues[0]
      throw new Error(`its description broke the contract at '${issue?.path.join('.')}': ${issue?.message}`)
    }
    info = described.data
  } catch (err) {
    const cause = systemCause(err)
    if (err instanceof FileFormatError) error = err.message
    else if (cause) error = `'${file}' cannot be read because ${cause.why}; ${cause.fix}.`
    else error = `'${file}' could not be read (${errorMessage(err).replace(/[.\s]+$/, '')}); please report this file.`
  }
  // An upload's path is RSure's own (data folder/uploads/u.../); the analyst knows the file by the name they dropped.
  if (error && origin === 'upload') error = nameInstead(error, file, name)
  return { entry: { id, path: file, name, origin, info, error }, size, mtimeMs }
}

/** A message about `file` that names it by `name` instead (for uploads, whose path the analyst never chose). */
export function nameInstead(message: string, file: string, name: string): string {
  return message.split(file).join(name)
}

function toStored({ entry, size, mtimeMs }: Described): StoredFile {
  return { id: entry.id, path: entry.path, name: entry.name, origin: entry.origin, size, mtimeMs, info: entry.info, error: entry.error }
}

export class FileRegistry {
  private readonly byId = new Map<string, FileEntry>()
  private readonly byPath = new Map<string, string>()
  private restoring: Promise<void> = Promise.resolve()

  constructor(private readonly opts: FileRegistryOptions = {}) {}

  /** Whether adds and removes are written to a journal (kept across restarts). */
  get persistent(): boolean {
    return !!this.opts.journal
  }

  /** Resolves once `restore()` has finished; handlers wait for it so nobody sees a half-restored list. */
  ready(): Promise<void> {
    return this.restoring
  }

  private journal(what: string, write: (j: FileJournal) => void): void {
    const j = this.opts.journal
    if (!j) return
    try {
      write(j)
    } catch (err) {
      const why = String((err as Error)?.message ?? err).replace(/[.\s]+$/, '')
      this.opts.onJournalError?.(`The file list could not be saved after ${what} (${why}), so it may not come back after a restart.`)
    }
  }

  /**
   * Bring back the journal's files (once, at start): an unchanged file (same size and time) keeps its stored info,
   * a changed one is read again and its row updated, a missing one stays listed with a sentence saying so.
   */
  restore(): Promise<void> {
    const j = this.opts.journal
    if (!j) return this.restoring
    this.restoring = (async () => {
      let stored: StoredFile[]
      try {
        stored = j.load()
      } catch (err) {
        const why = String((err as Error)?.message ?? err).replace(/[.\s]+$/, '')
        this.opts.onJournalError?.(`The files of the last session could not be loaded (${why}); add them again.`)
        return
      }
      const entries = await mapLimit(stored, DESCRIBE_CONCURRENCY, async (s): Promise<FileEntry> => {
        // Ids come from a file on disk: one that no longer fits the contract gets a fresh id (and a fresh row).
        const id = FileId.safeParse(s.id).success ? s.id : null
        const stat = await fs.promises.stat(s.path).catch(() => null)
        if (!stat || !stat.isFile()) {
          const where = stat ? 'is no longer a file' : 'is missing'
          const error =
            s.origin === 'upload'
              ? `The uploaded '${s.name}' is no longer ${stat ? 'a file ' : ''}in the data folder; drop it again.`
              : `'${s.path}' ${where}; reconnect its drive or remove it from the list.`
          return { id: id ?? newFileId(), path: s.path, name: s.name, origin: s.origin, info: null, error }
        }
        const cached = s.info === null ? null : FileInfoSchema.safeParse(s.info)
        const unchanged = stat.size === s.size && stat.mtimeMs === s.mtimeMs
        if (id && unchanged && cached?.success) return { id, path: s.path, name: s.name, origin: s.origin, info: cached.data, error: null }
        // Changed, never readable (permissions may have been fixed), or stored info the contract no longer accepts.
        const fresh = await describeOne(s.path, s.name, s.origin, id ?? undefined)
        if (id)
          this.journal('reading a changed file again', (jj) =>
            jj.update({ id, size: fresh.size, mtimeMs: fresh.mtimeMs, info: fresh.entry.info, error: fresh.entry.error }),
          )
        else this.journal('renumbering a stored file', (jj) => (jj.remove({ id: s.id, path: s.path }), jj.add([toStored(fresh)])))
        return fresh.entry
      })
      for (const e of entries) {
        if (this.byPath.has(e.path) || this.byId.has(e.id)) continue
        this.byId.set(e.id, e)
        this.byPath.set(e.path, e.id)
      }
    })()
    return this.restoring
  }

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
    this.journal(`removing '${entry.name}'`, (j) => j.remove({ id, path: entry.path }))
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
    const described = await mapLimit(fresh, DESCRIBE_CONCURRENCY, ({ file, name }) => describeOne(file, name, origin))
    const kept: Described[] = []
    for (const d of described) {
      if (this.byPath.has(d.entry.path)) continue
      this.byId.set(d.entry.id, d.entry)
      this.byPath.set(d.entry.path, d.entry.id)
      kept.push(d)
    }
    this.journal(`adding ${kept.length === 1 ? `'${kept[0].entry.name}'` : `${kept.length} files`}`, (j) => j.add(kept.map(toStored)))
    const added = files.map(({ file }) => this.byId.get(this.byPath.get(file) ?? '')).filter((e): e is FileEntry => !!e)
    return { added: [...new Map(added.map((e) => [e.id, e])).values()], skipped }
  }
}
