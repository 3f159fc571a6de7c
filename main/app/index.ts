/**
 * The Electron main process: single instance, hardening before anything loads (security.ts), one IPC host
 * (main/ipc/) registered on the one raw IPC bridge (ipc-bridge.ts), the menu, and the main window. RSure's data
 * lives in the same folder the CLI and `rsure serve` use (main/store/paths.ts), so all three share it.
 */
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { app, BrowserWindow, Menu } from 'electron'
import { createIpcHost } from '../ipc'
import { defaultDataDir } from '../store/paths'
import { registerIpc } from './ipc-bridge'
import { buildMenu } from './menu'
import { appOrigin } from './policy'
import { printPdfWithElectron } from './pdf-electron'
import { hardenApp, hardenDefaultSession } from './security'
import { handleTiles, registerTileScheme } from './tile-protocol'
import { createMainWindow } from './window'

/** Built layout of electron-vite: out/main/{index,preview-worker,tile-worker}.js, out/preload/index.cjs, out/renderer/index.html. */
const here = path.dirname(fileURLToPath(import.meta.url))
const preload = path.join(here, '..', 'preload', 'index.cjs')
const rendererDir = path.join(here, '..', 'renderer')
const devUrl = !app.isPackaged ? process.env.ELECTRON_RENDERER_URL : undefined
const devTools = !app.isPackaged
const origin = appOrigin(rendererDir, devUrl)

if (!app.requestSingleInstanceLock()) {
  app.quit()
} else {
  hardenApp(origin)
  registerTileScheme()
  let win: BrowserWindow | undefined
  const host = createIpcHost({
    version: app.getVersion(),
    dataDir: defaultDataDir(),
    previewWorker: path.join(here, 'preview-worker.js'),
    tileWorker: path.join(here, 'tile-worker.js'),
    printPdf: printPdfWithElectron,
  })
  const open = () => {
    win = createMainWindow({ preload, rendererIndex: path.join(rendererDir, 'index.html'), devUrl, devTools })
    win.on('closed', () => (win = undefined))
  }

  app.on('second-instance', () => {
    if (!win) return
    if (win.isMinimized()) win.restore()
    win.focus()
  })

  app.whenReady().then(() => {
    hardenDefaultSession(origin)
    const unregister = registerIpc(host, origin)
    const unhandleTiles = handleTiles(host)
    Menu.setApplicationMenu(buildMenu(host, () => win, devTools))
    open()
    app.on('activate', () => {
      if (BrowserWindow.getAllWindows().length === 0) open()
    })
    app.on('will-quit', () => {
      unregister()
      unhandleTiles()
      void host.close()
    })
  })

  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit()
  })
}
