/**
 * Where RSure keeps its data: the SQLite database and the artifact store.
 *
 * Order: an explicit directory (the Electron shell passes `app.getPath('userData')`), then the `RSURE_DATA_DIR`
 * environment variable, then the platform's per-user data folder (XDG on Linux, Application Support on macOS,
 * APPDATA on Windows). Plain Node code, so the CLI and the headless server share the desktop app's data.
 */
import os from 'node:os'
import path from 'node:path'

export const APP_DIR_NAME = 'rsure-desktop'

export function defaultDataDir(env: NodeJS.ProcessEnv = process.env, platform = process.platform): string {
  if (env.RSURE_DATA_DIR) return path.resolve(env.RSURE_DATA_DIR)
  const home = os.homedir()
  if (platform === 'win32') return path.join(env.APPDATA ?? path.join(home, 'AppData', 'Roaming'), APP_DIR_NAME)
  if (platform === 'darwin') return path.join(home, 'Library', 'Application Support', APP_DIR_NAME)
  return path.join(env.XDG_DATA_HOME ?? path.join(home, '.local', 'share'), APP_DIR_NAME)
}

export interface DataPaths {
  root: string
  database: string
  artifacts: string
}

export function dataPaths(root: string = defaultDataDir()): DataPaths {
  return { root, database: path.join(root, 'rsure.sqlite'), artifacts: path.join(root, 'artifacts') }
}
