/**
 * The application menu. File > Add Images… / Add Folder… use the native dialog and adds the chosen files through the same router the
 * page uses; the page hears about them through the `files.added` event.
 */
import { app, dialog, Menu, type BrowserWindow, type MenuItemConstructorOptions } from 'electron'
import type { IpcHost } from '../ipc'

async function openWith(host: IpcHost, win: BrowserWindow | undefined, folders: boolean): Promise<void> {
  const options: Electron.OpenDialogOptions = {
    title: folders ? 'Add a folder of images' : 'Add images',
    properties: folders ? ['openDirectory', 'multiSelections'] : ['openFile', 'multiSelections'],
    filters: folders ? undefined : [{ name: 'GeoTIFF / COG, PNG, JPEG', extensions: ['tif', 'tiff', 'gtiff', 'png', 'jpg', 'jpeg'] }],
  }
  const picked = win ? await dialog.showOpenDialog(win, options) : await dialog.showOpenDialog(options)
  if (picked.canceled || picked.filePaths.length === 0) return
  try {
    // The files.add handler tells the page about the added files (files.added).
    const { skipped } = await host.router.call('files.add', { paths: picked.filePaths })
    if (skipped.length) {
      host.hub.emit('app.notice', { level: 'warning', message: `Skipped ${skipped.length}: ${skipped.map((s) => `${s.path} — ${s.reason}`).join('; ')}` })
    }
  } catch (err) {
    host.hub.emit('app.notice', { level: 'error', message: (err as Error).message })
  }
}

export function buildMenu(host: IpcHost, getWindow: () => BrowserWindow | undefined, devTools: boolean): Menu {
  const template: MenuItemConstructorOptions[] = [
    {
      label: 'File',
      submenu: [
        { label: 'Add Images…', accelerator: 'CmdOrCtrl+O', click: () => void openWith(host, getWindow(), false) },
        { label: 'Add Folder…', accelerator: 'CmdOrCtrl+Shift+O', click: () => void openWith(host, getWindow(), true) },
        { label: 'Clear Files', click: () => host.hub.emit('app.command', { command: 'clear-files' }) },
        { type: 'separator' },
        { role: 'quit' },
      ],
    },
    { role: 'editMenu' },
    {
      label: 'View',
      submenu: [
        { role: 'reload' },
        ...(devTools ? [{ role: 'toggleDevTools' } as const] : []),
        { type: 'separator' },
        { role: 'resetZoom' },
        { role: 'zoomIn' },
        { role: 'zoomOut' },
        { type: 'separator' },
        { role: 'togglefullscreen' },
      ],
    },
    {
      role: 'help',
      submenu: [
        {
          label: 'About RSure',
          click: () =>
            void dialog.showMessageBox({
              type: 'info',
              title: 'About RSure',
              message: `RSure Desktop ${app.getVersion()}`,
              detail: 'An offline remote-sensing analyst whose every tool observation is verified before it shapes the answer.',
            }),
        },
      ],
    },
  ]
  if (process.platform === 'darwin') template.unshift({ role: 'appMenu' })
  return Menu.buildFromTemplate(template)
}
