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

/** The data folder chosen in the settings (read from the platform folder's pointer file), or null. */
export function chosenDataDir(env: NodeJS.ProcessEnv = process.env, platform = process.platform): string | null {
  try {
    const doc = JSON.parse(fs.readFileSync(path.join(platformDataDir(env, platform), DATA_DIR_POINTER), 'utf8')) as { dataDir?: unknown }
    return typeof doc.dataDir === 'string' && path.isAbsolute(doc.dataDir) ? doc.dataDir : null
  } catch {
    return null
  }
}

/** Remember a data folder for the next start (null forgets the choice); the folder is created now to check it. */
export function chooseDataDir(dir: string | null, env: NodeJS.ProcessEnv = process.env, platform = process.platform): void {
  const home = platformDataDir(env, platform)
  fs.mkdirSync(home, { recursive: true })
  const pointer = path.join(home, DATA_DIR_POINTER)
  if (dir === null) {
    fs.rmSync(pointer, { force: true })
    return
  }
  fs.mkdirSync(dir, { recursive: true })
  fs.accessSync(dir, fs.constants.W_OK)
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
