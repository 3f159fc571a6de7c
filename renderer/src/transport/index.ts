/**
 * Picks the transport: Electron's preload bridge when `window.rsure` exists, else the WebSocket of the server that
 * served this page. Everything else in the renderer talks to the returned `RsureApi` only.
 */
import type { RsureApi, RsureBridge } from '../../../preload/contract'
import { ipcApi } from './ipc'
import { takeToken, websocketApi } from './websocket'

declare global {
  interface Window {
    rsure?: RsureBridge
  }
}

export async function connect(): Promise<RsureApi> {
  if (window.rsure) return ipcApi(window.rsure)
  const token = takeToken()
  if (!token) throw new Error('This page has no launch token; open the address that `rsure serve` printed, including its #token part.')
  const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws'
  return websocketApi(`${scheme}://${window.location.host}/ws`, token)
}
