/**
 * The preload script (sandboxed, context-isolated): exposes `window.rsure` (RsureBridge in contract.ts) and nothing
 * else. It forwards requests and events unchanged; the main side validates every request against the contract.
 * This is the only file of the renderer side that touches ipcRenderer.
 */
import { contextBridge, ipcRenderer, webUtils, type IpcRendererEvent } from 'electron'
import type { Result, RsureBridge } from './contract'
import { IPC_EVENT, IPC_INVOKE } from './bridge-names'

const bridge: RsureBridge = {
  invoke(channel: string, payload: unknown): Promise<Result> {
    if (typeof channel !== 'string') {
      return Promise.resolve({ ok: false, error: { code: 'unknown-channel', message: 'A channel name must be a string.' } })
    }
    return ipcRenderer.invoke(IPC_INVOKE, channel, payload) as Promise<Result>
  },
  onEvent(listener) {
    const handler = (_e: IpcRendererEvent, event: string, payload: unknown) => listener(event, payload)
    ipcRenderer.on(IPC_EVENT, handler)
    return () => void ipcRenderer.removeListener(IPC_EVENT, handler)
  },
  pathForFile(file: File): string {
    try {
      return webUtils.getPathForFile(file)
    } catch {
      return ''
    }
  },
}

contextBridge.exposeInMainWorld('rsure', bridge)
