/**
 * Map tiles through the contract: maplibre asks for `rsure://tile/<layer+style>/{z}/{x}/{y}` and this handler
 * answers with the PNG from the `layers.tile` channel. The same path works over Electron IPC and the browser-mode
 * WebSocket, so no page request goes anywhere but the app's own transport and the CSP needs no extra source.
 */
import { addProtocol } from 'maplibre-gl'
import type { LayerRef, RsureApi, TileStyle } from '../../../preload/contract'

export const TILE_SCHEME = 'rsure'

let current: RsureApi | null = null
let registered = false

/** Register the handler once per page; the latest api is the one used. */
export function registerTileProtocol(api: RsureApi): void {
  current = api
  if (registered) return
  registered = true
  addProtocol(TILE_SCHEME, async (params, abort) => {
    const m = /^rsure:\/\/tile\/([^/]+)\/(\d+)\/(\d+)\/(\d+)$/.exec(params.url)
    if (!m || !current) throw new Error(`RSure cannot read the tile address ${params.url}.`)
    const { layer, style } = JSON.parse(decodeURIComponent(m[1])) as { layer: LayerRef; style: TileStyle }
    const tile = await current.invoke('layers.tile', { layer, style, tile: { kind: 'xyz', z: Number(m[2]), x: Number(m[3]), y: Number(m[4]) } })
    if (abort.signal.aborted) throw new Error('aborted')
    const bytes = tile.png
    return { data: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer }
  })
}

/** The tile URL template of one layer drawn with one style. */
export function tileTemplate(layer: LayerRef, style: TileStyle): string {
  return `${TILE_SCHEME}://tile/${encodeURIComponent(JSON.stringify({ layer, style }))}/{z}/{x}/{y}`
}
