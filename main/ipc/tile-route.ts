/**
 * One function behind both ways a map fetches tiles by URL: the desktop's `rsure-tile://layer/<key>/<z>/<x>/<y>.png`
 * protocol (main/app/) and browser mode's token-guarded `GET /tiles/<key>/<z>/<x>/<y>.png` (main/server/). The
 * style travels as `?style=` base64url JSON (TileStyle in preload/desk.ts). Answers are plain status + body, so
 * each transport only copies them out.
 */
import { TileStyle, type TileStyle as TileStyleShape } from '../../preload/contract'
import { TileError } from '../engines/raster/tiles'
import type { IpcDeps } from './deps'
import { toErrorShape } from './errors'
import { layerFile, parseLayerKey } from './layer-files'

export interface TileResponse {
  status: number
  contentType: string
  body: Uint8Array | string
}

const text = (status: number, message: string): TileResponse => ({ status, contentType: 'text/plain; charset=utf-8', body: `${message}\n` })

/** Encode a style for a tile URL (base64url of its JSON). */
export function encodeStyle(style: TileStyleShape): string {
  return Buffer.from(JSON.stringify(style)).toString('base64url')
}

/** Answer `<key>/<z>/<x>/<y>.png` (the part after the base) with its query string. */
export async function serveTileUrl(deps: IpcDeps, rest: string, search: string): Promise<TileResponse> {
  const m = /^([A-Za-z0-9]+)\/(\d{1,2})\/(\d{1,8})\/(\d{1,8})\.png$/.exec(rest)
  const ref = m ? parseLayerKey(m[1]) : null
  if (!m || !ref) return text(404, 'No such tile: the address must be <layer>/<z>/<x>/<y>.png.')
  let style: TileStyleShape = {}
  const raw = new URLSearchParams(search).get('style')
  if (raw) {
    try {
      const parsed = TileStyle.safeParse(JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')))
      if (!parsed.success) return text(400, 'The tile style is not valid; ask layers.info for a fresh tile address.')
      style = parsed.data
    } catch {
      return text(400, 'The tile style is not readable; ask layers.info for a fresh tile address.')
    }
  }
  try {
    const file = await layerFile(deps, ref)
    const tile = await deps.tiles.tile(file.path, { kind: 'xyz', z: Number(m[2]), x: Number(m[3]), y: Number(m[4]) }, style)
    return { status: 200, contentType: 'image/png', body: tile.png }
  } catch (err) {
    if (err instanceof TileError) return text(400, err.message)
    const shape = toErrorShape(err, 'tile')
    return text(shape.code === 'not-found' ? 404 : shape.code === 'internal' ? 500 : 422, shape.message)
  }
}
