/** The main window: secure webPreferences (policy.ts), shown when ready, the renderer loaded from disk or dev server. */
import { BrowserWindow } from 'electron'
import { secureWebPreferences } from './policy'

export interface WindowOptions {
  preload: string
  rendererIndex: string
  devUrl: string | undefined
  devTools: boolean
}

export function createMainWindow(opts: WindowOptions): BrowserWindow {
  const win = new BrowserWindow({
    width: 1280,
    height: 860,
    minWidth: 720,
    minHeight: 480,
    show: false,
    title: 'RSure',
    backgroundColor: '#111418',
    webPreferences: secureWebPreferences(opts.preload, opts.devTools),
  })
  win.once('ready-to-show', () => win.show())
  if (opts.devUrl) void win.loadURL(opts.devUrl)
  else void win.loadFile(opts.rendererIndex)
  return win
}

/** A hidden window for printing a self-contained report to PDF: no preload, no scripts, the same secure preferences. */
export function createPrintWindow(): BrowserWindow {
  const { preload: _none, ...prefs } = secureWebPreferences('', false)
  void _none
  return new BrowserWindow({ show: false, webPreferences: { ...prefs, javascript: false } })
}
