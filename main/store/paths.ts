/**
 * Where RSure keeps its data: the SQLite database and the artifact store.
 *
 * Order: an explicit directory (the Electron shell passes `app.getPath('userData')`), then the `RSURE_DATA_DIR`
 * environment variable, then a folder chosen in the settings (a pointer file in the platform folder), then the
 * platform's per-user data folder (XDG on Linux, Application Support on macOS,
 * APPDATA on Windows). Plain Node code, so the CLI and the headless server share the desktop app's data.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { z } from 'zod'
import { errorCode, systemCause } from '../domain/errors'

export const APP_DIR_NAME = 'rsure-desktop'

/** The platform's per-user data folder (XDG on Linux, Application Support on macOS, APPDATA on Windows). */
export function platformDataDir(env: NodeJS.ProcessEnv = process.env, platform = process.platform): string {
  const home = os.homedir()
  if (platform === 'win32') return path.join(env.APPDATA ?? path.join(home, 'AppData', 'Roaming'), APP_DIR_NAME)
  if (platform === 'darwin') return path.join(home, 'Library', 'Application Support', APP_DIR_NAME)
  return path.join(env.XDG_DATA_HOME ?? path.join(home, '.local', 'share'), APP_DIR_NAME)
}

/** File in the platform folder that names another data folder chosen in the settings. */
export const DATA_DIR_POINTER = 'data-folder.json'

const DataDirPointer = z.object({ dataDir: z.string() })

/** The data folder chosen in the settings (read from the platform folder's pointer file), or null. */
export function chosenDataDir(env: NodeJS.ProcessEnv = process.env, platform = process.platform): string | null {
  try {
    const doc = DataDirPointer.safeParse(JSON.parse(fs.readFileSync(path.join(platformDataDir(env, platform), DATA_DIR_POINTER), 'utf8')))
    return doc.success && path.isAbsolute(doc.data.dataDir) ? doc.data.dataDir : null
  } catch {
    return null
  }
}

/** A data folder RSure will not use or create; the message is one sentence naming the folder and the reason. */
export class DataFolderError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'DataFolderError'
  }
}

/** Most folder levels one data folder may add below its nearest existing ancestor. */
export const MAX_NEW_LEVELS = 16
/** Kernel file systems (Linux) that hold no files of their own: their paths are refused before any mkdir. */
const SPECIAL_ROOTS = ['/proc', '/sys', '/dev']
/** statfs magic numbers of pseudo file systems (linux/magic.h): proc, sysfs, debugfs, securityfs, cgroup, cgroup2, tracefs, bpf, configfs, devpts, pstore. */
const SPECIAL_FS = new Set([0x9fa0, 0x62656572, 0x64626720, 0x73636673, 0x27e0eb, 0x63677270, 0x74726163, 0xcafe4a11, 0x62656570, 0x1cd1, 0x6165676c])

/**
 * Check a data folder and create what is missing of it, bounded: an absolute path with no NUL byte, not on a kernel
 * pseudo file system (/proc, /sys, /dev or one whose statfs type says so), below an existing ancestor that is a
 * folder, at most MAX_NEW_LEVELS new levels, each made with one plain mkdir (Node's recursive mkdir loops forever
 * under /proc: `RSURE_DATA_DIR=/proc/evil` hung the CLI and a settings.set hung the server), then writable.
 * Throws DataFolderError with one sentence.
 */
export function ensureDataFolder(dir: string, what = 'The data folder'): string {
  const shown = dir.length > 200 ? `${dir.slice(0, 200)}...` : dir
  const refuse = (why: string) =>
    new DataFolderError(`${what} '${shown}' ${why}; choose a folder on a disk you may write to (RSURE_DATA_DIR, --data-dir or Settings).`)
  if (typeof dir !== 'string' || !dir || dir.includes('\0')) throw refuse('is not a usable path')
  if (!path.isAbsolute(dir)) throw refuse('is not an absolute path')
  const abs = path.resolve(dir)
  if (process.platform !== 'win32' && SPECIAL_ROOTS.some((r) => abs === r || abs.startsWith(`${r}/`)))
    throw refuse(`is on ${SPECIAL_ROOTS.find((r) => abs === r || abs.startsWith(`${r}/`))}, a kernel file system that holds no files`)
  const missing: string[] = []
  let head = abs
  for (;;) {
    let st: fs.Stats | null = null
    try {
      st = fs.statSync(head)
    } catch (err) {
      const code = errorCode(err)
      if (code !== 'ENOENT')
        throw refuse(
          `cannot be reached (${code === 'EACCES' ? 'permission denied' : code === 'ENOTDIR' ? 'a part of it is a file, not a folder' : code === 'ELOOP' ? 'a loop of links' : 'it cannot be read'})`,
        )
    }
    if (st) {
      if (!st.isDirectory()) throw refuse(head === abs ? 'is a file, not a folder' : `lies under '${head}', which is a file, not a folder`)
      break
    }
    missing.push(head)
    if (missing.length > MAX_NEW_LEVELS) throw refuse(`would need more than ${MAX_NEW_LEVELS} new folder levels`)
    const parent = path.dirname(head)
    if (parent === head) throw refuse('has no existing folder above it')
    head = parent
  }
  try {
    const type = (fs.statfsSync(head) as { type: number | bigint }).type
    if (SPECIAL_FS.has(Number(type))) throw refuse('is on a kernel pseudo file system that holds no files')
  } catch (err) {
    if (err instanceof DataFolderError) throw err
  }
  for (const level of missing.reverse()) {
    try {
      fs.mkdirSync(level)
    } catch (err) {
      const code = errorCode(err)
      if (code !== 'EEXIST') throw refuse(`cannot be created because ${systemCause(err)?.why ?? `mkdir failed with ${code}`}`)
    }
  }
  try {
    fs.accessSync(abs, fs.constants.W_OK)
  } catch {
    throw refuse('is not writable')
  }
  return abs
}

/** Remember a data folder for the next start (null forgets the choice); the folder is checked and created now. */
export function chooseDataDir(dir: string | null, env: NodeJS.ProcessEnv = process.env, platform = process.platform): void {
  if (dir !== null) ensureDataFolder(dir)
  const home = platformDataDir(env, platform)
  ensureDataFolder(home, 'The platform data folder')
  const pointer = path.join(home, DATA_DIR_POINTER)
  if (dir === null) {
    fs.rmSync(pointer, { force: true })
    return
  }
  fs.writeFileSync(pointer, `${JSON.stringify({ dataDir: path.resolve(dir) })}\n`)
}

/** Where the data folder comes from: RSURE_DATA_DIR, the settings' choice, or the platform default. */
export function dataDirSource(env: NodeJS.ProcessEnv = process.env, platform = process.platform): 'environment' | 'setting' | 'default' {
  if (env.RSURE_DATA_DIR) return 'environment'
  return chosenDataDir(env, platform) ? 'setting' : 'default'
}

export function defaultDataDir(env: NodeJS.ProcessEnv = process.env, platform = process.platform): string {
  if (env.RSURE_DATA_DIR) return path.resolve(env.RSURE_DATA_DIR)
  return chosenDataDir(env, platform) ?? platformDataDir(env, platform)
}

export interface DataPaths {
  root: string
  database: string
  artifacts: string
}

export function dataPaths(root: string = defaultDataDir()): DataPaths {
  return { root, database: path.join(root, 'rsure.sqlite'), artifacts: path.join(root, 'artifacts') }
}
