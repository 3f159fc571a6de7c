/**
 * The desktop's tile protocol: maplibre in the window fetches `rsure-tile://layer/<key>/<z>/<x>/<y>.png?style=…`
 * and this handler answers with the same function as browser mode's token-guarded route (main/ipc/tile-route.ts).
 * The scheme is registered as privileged before the app is ready (fetch allowed, treated as secure) and handled
 * only for the app's own session; tile keys can name nothing but the session's files, run layers and the basemap.
 * The page loads from file:// (origin 'null'), so answers allow any origin: only the app's own windows can reach
 * the scheme at all (security.ts cancels every other request).
 */
import { protocol } from 'electron'
import type { IpcHost } from '../ipc'
import { serveTileUrl } from '../ipc/tile-route'
import { TILE_SCHEME } from './policy'

/** Call before app.whenReady(). */
export function registerTileScheme(): void {
  protocol.registerSchemesAsPrivileged([{ scheme: TILE_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, corsEnabled: true } }])
}

/** Call once the app is ready; returns the function that removes the handler. */
export function handleTiles(host: IpcHost): () => void {
  protocol.handle(TILE_SCHEME, async (request) => {
    const url = new URL(request.url)
    if (url.hostname !== 'layer') return new Response('No such tile.\n', { status: 404 })
    const answer = await serveTileUrl(host.deps, url.pathname.replace(/^\/+/, ''), url.search)
    return new Response(answer.body as BodyInit, {
      status: answer.status,
      headers: { 'Content-Type': answer.contentType, 'Cache-Control': 'no-store', 'Access-Control-Allow-Origin': '*' },
    })
  })
  return () => protocol.unhandle(TILE_SCHEME)
}
