/**
 * The desktop window's security policy as plain data and predicates, kept free of Electron imports so tests can
 * check it in plain Node. window.ts and security.ts apply it.
 *
 * Follows Electron's security checklist (electronjs.org/docs/latest/tutorial/security): context isolation, sandbox,
 * no Node in the renderer, web security on, a strict CSP, no remote content, navigation and new windows blocked,
 * every permission request denied, no <webview>.
 */
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { rendererCsp } from '../server/csp'

/** The BrowserWindow webPreferences of every RSure window. */
export function secureWebPreferences(preload: string, devTools: boolean) {
  return {
    preload,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    webviewTag: false,
    experimentalFeatures: false,
    navigateOnDragDrop: false,
    safeDialogs: true,
    spellcheck: false,
    devTools,
  } as const
}

/** The app's own scheme for map tiles (tile-protocol.ts): rsure-tile://layer/<key>/<z>/<x>/<y>.png. */
export const TILE_SCHEME = 'rsure-tile'

/** CSP sent with every response the window loads (the page's own meta tag says the same). */
export const DESKTOP_CSP = rendererCsp({ schemes: [`${TILE_SCHEME}:`], dataWorkers: true })

/** Where the window's page comes from: the built renderer's index.html, or the dev server in development. */
export interface AppOrigin {
  /** file:// URL of the built renderer folder (with a trailing slash), when loading files. */
  fileRoot: string | null
  /** http://localhost:5173-style origin of electron-vite's dev server, when developing. */
  devOrigin: string | null
}

export function appOrigin(rendererDir: string, devUrl: string | undefined): AppOrigin {
  if (devUrl) return { fileRoot: null, devOrigin: new URL(devUrl).origin }
  return { fileRoot: pathToFileURL(path.resolve(rendererDir) + path.sep).href, devOrigin: null }
}

/** True when url belongs to the app itself (its files or its dev server). */
export function isAppUrl(url: string, origin: AppOrigin): boolean {
  let u: URL
  try {
    u = new URL(url)
  } catch {
    return false
  }
  if (origin.fileRoot && u.protocol === 'file:') return u.href.startsWith(origin.fileRoot) && !decodeURIComponent(u.pathname).includes('..')
  if (origin.devOrigin && (u.protocol === 'http:' || u.protocol === 'ws:')) return u.origin === origin.devOrigin || `http://${u.host}` === origin.devOrigin
  return false
}

/** Requests a window may make: the app's own files, the dev server, in-memory blobs/data (previews), its tiles, devtools. */
export function isAllowedRequest(url: string, origin: AppOrigin): boolean {
  if (url.startsWith('blob:') || url.startsWith('data:') || url.startsWith('devtools:')) return true
  if (url.startsWith(`${TILE_SCHEME}://layer/`)) return true
  return isAppUrl(url, origin)
}

/** Navigation is never allowed away from the page that was loaded (a reload of the same page is). */
export function isAllowedNavigation(url: string, current: string): boolean {
  try {
    const a = new URL(url)
    const b = new URL(current)
    return a.protocol === b.protocol && a.host === b.host && a.pathname === b.pathname
  } catch {
    return false
  }
}
