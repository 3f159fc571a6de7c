/**
 * Browser mode's tile route: `GET /tiles/<layer>/<z>/<x>/<y>.png?style=…` answered by the same function as the
 * desktop's tile protocol (main/ipc/tile-route.ts). Only this launch's pages may fetch tiles: each request must
 * carry `Authorization: Bearer <launch token>` (maplibre's transformRequest adds it), never the token in the URL.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { IpcHost } from '../ipc'
import { serveTileUrl } from '../ipc/tile-route'
import { tokensEqual } from './guard'
import { securityHeaders } from './static-files'

export const TILE_PATH = '/tiles/'

export function serveTiles(host: IpcHost, token: string, csp: string) {
  const headers = securityHeaders(csp)
  const send = (res: ServerResponse, status: number, type: string, body: Uint8Array | string, head: boolean) => {
    res.writeHead(status, { ...headers, 'Content-Type': type, 'Content-Length': String(Buffer.byteLength(body)) })
    res.end(head ? undefined : body)
  }
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const head = req.method === 'HEAD'
    if (req.method !== 'GET' && !head) return send(res, 405, 'text/plain', 'Only GET and HEAD are served.\n', false)
    const auth = req.headers.authorization ?? ''
    const offered = auth.startsWith('Bearer ') ? auth.slice('Bearer '.length).trim() : ''
    if (!offered || !tokensEqual(offered, token))
      return send(res, 401, 'text/plain', "Tiles need this launch's token in an Authorization: Bearer header.\n", head)
    const url = new URL(req.url ?? '/', 'http://localhost')
    try {
      const answer = await serveTileUrl(host.deps, url.pathname.slice(TILE_PATH.length), url.search)
      send(res, answer.status, answer.contentType, answer.body, head)
    } catch {
      send(res, 500, 'text/plain', 'The tile could not be made; please report this.\n', head)
    }
  }
}
