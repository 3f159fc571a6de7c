/**
 * The one place on the main side that touches ipcMain: a single invoke channel carries every request of the
 * contract to the transport-agnostic router (main/ipc/), and a single push channel carries events to every window.
 * Requests from any frame that is not the app's own page are refused.
 */
import { BrowserWindow, ipcMain, type IpcMainInvokeEvent } from 'electron'
import { IPC_EVENT, IPC_INVOKE } from '../../preload/bridge-names'
import type { Result } from '../../preload/contract'
import type { IpcHost } from '../ipc'
import { isAppUrl, type AppOrigin } from './policy'

export function registerIpc(host: IpcHost, origin: AppOrigin): () => void {
  ipcMain.handle(IPC_INVOKE, async (e: IpcMainInvokeEvent, channel: unknown, payload: unknown): Promise<Result> => {
    const url = e.senderFrame?.url ?? ''
    if (!isAppUrl(url, origin)) {
      return { ok: false, error: { code: 'invalid-request', message: 'Requests are accepted only from the RSure window itself.' } }
    }
    return host.router.dispatch(channel, payload, { transport: 'ipc' })
  })
  const unsubscribe = host.hub.subscribe((event, payload) => {
    for (const w of BrowserWindow.getAllWindows()) if (!w.isDestroyed()) w.webContents.send(IPC_EVENT, event, payload)
  })
  return () => {
    ipcMain.removeHandler(IPC_INVOKE)
    unsubscribe()
  }
}
