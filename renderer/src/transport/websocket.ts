/**
 * The browser transport (`rsure serve`): the contract over a WebSocket to the page's own origin, in the frames of
 * preload/wire.ts. The launch token arrives in the address's fragment (#token=...), is kept in sessionStorage for
 * reloads and removed from the address bar; it is offered as a subprotocol, so it never appears in a URL the server
 * sees. Dropped files are uploaded in chunks.
 */
import { events, RsureRequestError, type RsureApi } from '../../../preload/contract'
import { decodeFrame, encodeFrame, ServerFrame, TOKEN_PROTOCOL_PREFIX, WIRE_PROTOCOL } from '../../../preload/wire'
import { uploadAll } from './upload'

const TOKEN_KEY = 'rsure.token'

/** Take the token from the fragment (and hide it) or from this tab's storage. */
export function takeToken(loc: Location = window.location, storage: Storage = window.sessionStorage): string | null {
  const m = /(?:^#|&)token=([0-9a-f]{16,128})(?:&|$)/.exec(loc.hash)
  if (m) {
    storage.setItem(TOKEN_KEY, m[1])
    history.replaceState(null, '', loc.pathname + loc.search)
    return m[1]
  }
  return storage.getItem(TOKEN_KEY)
}

export async function websocketApi(url: string, token: string, WebSocketImpl: typeof WebSocket = WebSocket): Promise<RsureApi> {
  const ws = new WebSocketImpl(url, [WIRE_PROTOCOL, `${TOKEN_PROTOCOL_PREFIX}${token}`])
  ws.binaryType = 'arraybuffer'
  const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>()
  const listeners = new Set<(event: string, payload: unknown) => void>()
  let nextId = 1
  let closedReason: string | null = null

  await new Promise<void>((resolve, reject) => {
    ws.addEventListener('open', () => resolve(), { once: true })
    ws.addEventListener(
      'error',
      () => reject(new Error('The connection to RSure was refused; open the address that `rsure serve` printed (it carries the token).')),
      { once: true },
    )
  })
  ws.addEventListener('message', (e: MessageEvent) => {
    let frame
    try {
      frame = ServerFrame.parse(decodeFrame(e.data as string | ArrayBuffer))
    } catch {
      return
    }
    if (frame.type === 'response') {
      const p = pending.get(frame.id)
      pending.delete(frame.id)
      if (!p) return
      if (frame.result.ok) p.resolve(frame.result.value)
      else p.reject(new RsureRequestError(frame.result.error.code, frame.result.error.message))
    } else {
      for (const l of listeners) l(frame.event, frame.payload)
    }
  })
  ws.addEventListener('close', (e: CloseEvent) => {
    closedReason = `The connection to RSure closed${e.reason ? ` (${e.reason})` : ''}; restart \`rsure serve\` and reload the page.`
    for (const p of pending.values()) p.reject(new Error(closedReason))
    pending.clear()
  })

  const invoke: RsureApi['invoke'] = (channel, request) =>
    new Promise((resolve, reject) => {
      if (closedReason) return reject(new Error(closedReason))
      const id = nextId++
      pending.set(id, { resolve: resolve as (v: unknown) => void, reject })
      ws.send(encodeFrame({ type: 'request', id, channel, payload: request }))
    })

  return {
    transport: 'websocket',
    invoke,
    on(event, listener) {
      const l = (name: string, payload: unknown) => {
        if (name !== event) return
        const parsed = events[event].safeParse(payload)
        if (parsed.success) listener(parsed.data as never)
      }
      listeners.add(l)
      return () => listeners.delete(l)
    },
    addFiles: (files, onProgress) => uploadAll(invoke, files, onProgress),
  }
}
