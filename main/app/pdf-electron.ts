/**
 * PDF export in the desktop app: the report's self-contained HTML loaded into a hidden print window (window.ts:
 * sandboxed, no preload, no scripts) and printed with Electron's webContents.printToPDF; the window is destroyed
 * after each print.
 */
import { createPrintWindow } from './window'

export async function printPdfWithElectron(html: string): Promise<Uint8Array> {
  const win = createPrintWindow()
  try {
    await win.loadURL(`data:text/html;charset=utf-8;base64,${Buffer.from(html, 'utf8').toString('base64')}`)
    const pdf = await win.webContents.printToPDF({ pageSize: 'A4', printBackground: true })
    return new Uint8Array(pdf)
  } finally {
    win.destroy()
  }
}
