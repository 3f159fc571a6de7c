/**
 * Browser-mode uploads: a page cannot hand Node a path, so a dropped File is sent in chunks (files.uploadBegin /
 * files.uploadChunk / files.uploadEnd) and written under `<data folder>/uploads/<upload id>/<name>`. Chunks must
 * arrive in order; the size is fixed at the start. Uploads left idle for UPLOAD_IDLE_MS (a closed page) are deleted
 * when the next one begins, and every unfinished one on `close()`.
 *
 * Each upload folder holds an `.owner` file with the id of the process that made it. At start, `removeOrphans`
 * deletes every upload folder that no session references and whose owner is no longer running: partial uploads of
 * a process that crashed or was killed, and files whose removal was interrupted. A folder with no owner file yet is
 * spared for UNOWNED_GRACE_MS (another process may be between making it and writing its owner).
 *
 * Bounds: an upload may announce at most `maxBytes` (RSURE_MAX_UPLOAD_MB, default 4 GiB), and only while the data
 * folder's disk has room for it and for the rest of the uploads in progress, with FREE_MARGIN_BYTES to spare. File
 * system failures become one sentence that names the upload, never the data folder's path.
 */
import { createHash, randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { errorCode, systemCause } from '../domain/errors'
import { processAlive } from '../store/process-alive'
import { RsureError } from './errors'

/** Name of the file in each upload folder that records the owning process id. */
export const OWNER_FILE = '.owner'
/** How an upload folder is named: `u` and 16 hex digits. Anything else under uploads/ is never touched. */
export const UPLOAD_FOLDER = /^u[0-9a-f]{16}$/

/** An upload folder without an owner file is left alone this long (ms) after its last change. */
export const UNOWNED_GRACE_MS = 60 * 1000

/** Room left free on the data folder's disk after every upload in progress has arrived. */
export const FREE_MARGIN_BYTES = 256 * 1024 * 1024

/** The largest upload accepted (bytes): RSURE_MAX_UPLOAD_MB, default 4 GiB. */
export function maxUploadBytes(): number {
  const mb = Number(process.env.RSURE_MAX_UPLOAD_MB)
  return (Number.isFinite(mb) && mb > 0 ? mb : 4096) * 1024 * 1024
}

function gib(n: number): string {
  return n >= 2 ** 30 ? `${(n / 2 ** 30).toFixed(1)} GiB` : `${Math.ceil(n / 2 ** 20)} MiB`
}

/** A file system failure during an upload as one sentence of our own (the errno text would name the data folder). */
function diskProblem(err: unknown, name: string): RsureError {
  const code = errorCode(err)
  const why = code === 'EACCES' || code === 'EPERM' ? 'the data folder is not writable' : (systemCause(err)?.why ?? 'the data folder could not be written')
  return new RsureError('failed', `The upload of '${name}' failed because ${why}; free some space or choose another data folder, then drop the file again.`)
}

/**
 * A Landsat product id at the start of a band or metadata file name (`LC08_L1TP_016037_20170813_20170814_01_RT_B4.TIF`,
 * `..._MTL.txt`; USGS Landsat Collection naming). Files of one scene are written to one upload folder, so the
 * scene's `_MTL.txt` lies beside its bands as it does in the scene's own folder, and the catalog calibrates them.
 */
export const LANDSAT_SCENE_FILE = /^(L[COTEM]0\d_[A-Z0-9]{4}_\d{6}_\d{8}_\d{8}_\d{2}_[A-Z0-9]{2})_[A-Z0-9_]+\.(tif|tiff|txt)$/i

/** Whether a file name is a Landsat scene's metadata file (`<product id>_MTL.txt`). */
export function isLandsatMtl(name: string): boolean {
  return LANDSAT_SCENE_FILE.test(name) && /_MTL\.txt$/i.test(name)
}

/** The upload folder name of a Landsat scene: `u` and the first 16 hex digits of SHA-256 of its product id. */
function sceneFolder(name: string): string | null {
  const m = LANDSAT_SCENE_FILE.exec(name)
  return m ? `u${createHash('sha256').update(`landsat-scene:${m[1].toUpperCase()}`).digest('hex').slice(0, 16)}` : null
}

/** Remove one uploaded file, and its folder once nothing but the owner file is left in it. */
async function removeUploadFile(file: string): Promise<void> {
  const folder = path.dirname(file)
  await fs.promises.rm(file, { force: true })
  const left = await fs.promises.readdir(folder).catch(() => [] as string[])
  if (left.every((f) => f === OWNER_FILE)) await fs.promises.rm(folder, { recursive: true, force: true })
}

/** Uploads open at once per process. */
export const MAX_OPEN_UPLOADS = 16
/** An upload with no chunk for this long (ms) is abandoned (the page was closed) and deleted. */
export const UPLOAD_IDLE_MS = 10 * 60 * 1000

interface Open {
  id: string
  file: string
  size: number
  received: number
  handle: fs.promises.FileHandle
  /** Serialises writes for one upload. */
  busy: boolean
  /** Time of the last begin/chunk, ms since the epoch. */
  touched: number
}

export class UploadStore {
  private readonly open = new Map<string, Open>()

  constructor(
    readonly dir: string,
    private readonly now: () => number = Date.now,
    /** Free bytes on the disk holding `dir` (tests pass their own). */
    private readonly freeBytes: (dir: string) => Promise<number> = async (dir) => {
      const st = await fs.promises.statfs(dir)
      return st.bavail * st.bsize
    },
  ) {}

  /** Delete uploads abandoned for longer than UPLOAD_IDLE_MS. */
  async sweep(): Promise<void> {
    for (const u of [...this.open.values()]) {
      if (u.busy || this.now() - u.touched < UPLOAD_IDLE_MS) continue
      this.open.delete(u.id)
      await u.handle.close().catch(() => undefined)
      await removeUploadFile(u.file)
    }
  }

  async begin(name: string, size: number): Promise<string> {
    await this.sweep()
    if (this.open.size >= MAX_OPEN_UPLOADS) {
      throw new RsureError('failed', `${MAX_OPEN_UPLOADS} uploads are already in progress; wait for them to finish and drop the rest again.`)
    }
    const base = path.basename(name)
    if (!base || base === '.' || base === '..' || base === OWNER_FILE || base.includes('\0')) {
      throw new RsureError('failed', `'${name}' cannot be used as a file name; rename the file and drop it again.`)
    }
    const max = maxUploadBytes()
    if (!Number.isSafeInteger(size) || size < 1 || size > max) {
      throw new RsureError(
        'failed',
        `'${base}' is ${gib(size)}, more than the ${gib(max)} an upload may be (RSURE_MAX_UPLOAD_MB); open it with the desktop app or the command line, which read files where they are.`,
      )
    }
    let free: number
    try {
      await fs.promises.mkdir(this.dir, { recursive: true })
      free = await this.freeBytes(this.dir)
    } catch (err) {
      throw diskProblem(err, base)
    }
    const pending = [...this.open.values()].reduce((n, u) => n + (u.size - u.received), 0)
    if (size + pending + FREE_MARGIN_BYTES > free) {
      throw new RsureError(
        'failed',
        `There is no room for '${base}' (${gib(size)}): the data folder's disk has ${gib(free)} free${pending ? `, ${gib(pending)} of it promised to uploads in progress` : ''}; free some space and drop it again.`,
      )
    }
    const id = `u${randomBytes(8).toString('hex')}`
    // A Landsat scene's files share one folder (its MTL beside its bands), unless that folder already holds a file
    // of this name or is being written under this name; anything else gets a folder of its own.
    const scene = sceneFolder(base)
    const shared = scene ? path.join(this.dir, scene) : null
    const busyThere = shared ? [...this.open.values()].some((u) => u.file === path.join(shared, base)) : false
    const folder = shared && !busyThere && !fs.existsSync(path.join(shared, base)) ? shared : path.join(this.dir, id)
    try {
      await fs.promises.mkdir(folder, { recursive: true })
      await fs.promises.writeFile(path.join(folder, OWNER_FILE), String(process.pid))
      const file = path.join(folder, base)
      const handle = await fs.promises.open(file, 'wx')
      this.open.set(id, { id, file, size, received: 0, handle, busy: false, touched: this.now() })
    } catch (err) {
      // The scene's folder goes only when nothing of the scene is in it (never another upload's file).
      if (folder === shared) {
        const left = await fs.promises.readdir(folder).catch(() => [] as string[])
        if (left.every((f) => f === OWNER_FILE)) await fs.promises.rm(folder, { recursive: true, force: true }).catch(() => undefined)
      } else await fs.promises.rm(folder, { recursive: true, force: true }).catch(() => undefined)
      throw diskProblem(err, base)
    }
    return id
  }

  private get(id: string): Open {
    const u = this.open.get(id)
    if (!u) throw new RsureError('not-found', `No upload '${id}' is in progress; start it again with files.uploadBegin.`)
    return u
  }

  async chunk(id: string, offset: number, bytes: Uint8Array): Promise<number> {
    const u = this.get(id)
    if (u.busy) throw new RsureError('failed', `Upload '${id}' got a chunk while the previous one was still being written; send chunks one at a time.`)
    if (offset !== u.received) {
      throw new RsureError('failed', `Upload '${id}' expected the chunk at byte ${u.received} but got one at ${offset}; send chunks in order.`)
    }
    if (u.received + bytes.byteLength > u.size) {
      throw new RsureError('failed', `Upload '${id}' got more bytes than the ${u.size} announced; restart it with the right size.`)
    }
    u.busy = true
    u.touched = this.now()
    try {
      await u.handle.write(bytes, 0, bytes.byteLength, offset)
      u.received += bytes.byteLength
    } catch (err) {
      // A disk that filled up meanwhile: the partial file is deleted at once rather than left to the next start.
      this.open.delete(id)
      await u.handle.close().catch(() => undefined)
      await removeUploadFile(u.file).catch(() => undefined)
      throw diskProblem(err, path.basename(u.file))
    } finally {
      u.busy = false
    }
    return u.received
  }

  /** Finish an upload and return the written file's path. */
  async end(id: string): Promise<string> {
    const u = this.get(id)
    if (u.received !== u.size) {
      throw new RsureError('failed', `Upload '${id}' is incomplete: ${u.received} of ${u.size} bytes arrived; send the remaining chunks first.`)
    }
    this.open.delete(id)
    await u.handle.close()
    return u.file
  }

  /**
   * Delete an uploaded file (when it is removed from the session), and its folder once empty. A scene folder keeps
   * its MTL while any band of the scene is left; with the last band, the MTL goes too.
   */
  async discard(file: string): Promise<void> {
    const folder = path.dirname(file)
    if (path.dirname(folder) !== path.resolve(this.dir)) return
    await fs.promises.rm(file, { force: true })
    const left = await fs.promises.readdir(folder).catch(() => [] as string[])
    if (left.every((f) => f === OWNER_FILE || isLandsatMtl(f))) await fs.promises.rm(folder, { recursive: true, force: true })
  }

  /**
   * Delete upload folders left behind by earlier runs: those holding no file in `referenced` (absolute paths the
   * sessions still list) whose owning process is not running. Returns the folders deleted. `isAlive` is for tests.
   */
  async removeOrphans(referenced: Set<string>, isAlive: (pid: number) => boolean = processAlive): Promise<string[]> {
    let names: string[]
    try {
      names = await fs.promises.readdir(this.dir)
    } catch {
      return []
    }
    const removed: string[] = []
    for (const name of names) {
      if (!UPLOAD_FOLDER.test(name) || this.open.has(name)) continue
      const folder = path.join(path.resolve(this.dir), name)
      let inside: string[]
      let stat: fs.Stats
      try {
        stat = await fs.promises.lstat(folder)
        if (!stat.isDirectory()) continue
        inside = await fs.promises.readdir(folder)
      } catch {
        continue
      }
      if (inside.some((f) => f !== OWNER_FILE && referenced.has(path.join(folder, f)))) continue
      const owner = Number.parseInt(await fs.promises.readFile(path.join(folder, OWNER_FILE), 'utf8').catch(() => ''), 10)
      if (Number.isInteger(owner) && owner > 0) {
        if (owner !== process.pid && isAlive(owner)) continue
      } else if (this.now() - stat.mtimeMs < UNOWNED_GRACE_MS) {
        // Another process may have just made it and not yet written its .owner; the next start decides.
        continue
      }
      await fs.promises.rm(folder, { recursive: true, force: true })
      removed.push(folder)
    }
    return removed
  }

  async close(): Promise<void> {
    for (const u of this.open.values()) {
      await u.handle.close().catch(() => undefined)
      await removeUploadFile(u.file)
    }
    this.open.clear()
  }
}
