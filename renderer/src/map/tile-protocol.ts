/**
 * Map tiles through the contract: maplibre asks for `rsure://tile/<layer+style>/{z}/{x}/{y}` and this handler
 * answers with the PNG from the `layers.tile` channel. The same path works over Electron IPC and the browser-mode
 * WebSocket, so no page request goes anywhere but the app's own transport and the CSP needs no extra source.
 *
 * A mask layer (a class layer file: 0 outside every class, a class bit inside, NaN where the source had no data)
 * is asked for with the fixed 0..1 range and recoloured here: 0 becomes transparent, any class one colour, so the
 * scene under it stays visible where no class is.
 */
import { addProtocol } from 'maplibre-gl'
import type { LayerRef, RsureApi, TileStyle } from '../../../preload/contract'
import { backgroundTurn } from '../model/background-gate'

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
    const { layer, style, mask, bg } = JSON.parse(decodeURIComponent(m[1])) as { layer: LayerRef; style: TileStyle; mask?: string; bg?: true }
    // The desk map's tiles are background work: they wait while a question runs (model/background-gate.ts).
    if (bg) await backgroundTurn(abort.signal)
    const tile = await current.invoke('layers.tile', {
      layer,
      style: mask ? maskStyle(style) : style,
      tile: { kind: 'xyz', z: Number(m[2]), x: Number(m[3]), y: Number(m[4]) },
    })
    if (abort.signal.aborted) throw new Error('aborted')
    const bytes = tile.png
    if (mask) return { data: await recolourMask(bytes, mask) }
    return { data: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer }
  })
}

/** A mask's tiles: its values 0..1 on the grey ramp (0 black, 1 and every higher class bit white). */
function maskStyle(style: TileStyle): TileStyle {
  return { ...style, bands: [1], ramp: 'grey', stretch: { kind: 'range', min: 0, max: 1 } }
}

/** Parse '#rrggbb'. */
export function hexColour(hex: string): [number, number, number] {
  const m = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex)
  return m ? [parseInt(m[1], 16), parseInt(m[2], 16), parseInt(m[3], 16)] : [79, 179, 255]
}

/** RGBA pixels of a grey mask tile recoloured in place: black (value 0) transparent, the rest `rgb`, opaque. */
export function recolourMaskPixels(px: Uint8ClampedArray, rgb: [number, number, number]): void {
  for (let i = 0; i < px.length; i += 4) {
    if (px[i + 3] === 0) continue
    if (Math.max(px[i], px[i + 1], px[i + 2]) < 128) px[i + 3] = 0
    else {
      px[i] = rgb[0]
      px[i + 1] = rgb[1]
      px[i + 2] = rgb[2]
      px[i + 3] = 255
    }
  }
}

async function recolourMask(png: Uint8Array, colour: string): Promise<ArrayBuffer> {
  const bitmap = await createImageBitmap(new Blob([png as Uint8Array<ArrayBuffer>], { type: 'image/png' }), {
    premultiplyAlpha: 'none',
    colorSpaceConversion: 'none',
  })
  const canvas = new OffscreenCanvas(bitmap.width, bitmap.height)
  const g = canvas.getContext('2d')!
  g.drawImage(bitmap, 0, 0)
  bitmap.close()
  const img = g.getImageData(0, 0, canvas.width, canvas.height)
  recolourMaskPixels(img.data, hexColour(colour))
  g.putImageData(img, 0, 0)
  return (await canvas.convertToBlob({ type: 'image/png' })).arrayBuffer()
}

/**
 * The tile URL template of one layer drawn with one style; a mask layer names the colour its classes get; `background`
 * marks the desk map's tiles, which wait while a question runs.
 */
export function tileTemplate(layer: LayerRef, style: TileStyle, mask?: string, background = false): string {
  const key = { layer, style, ...(mask ? { mask } : {}), ...(background ? { bg: true } : {}) }
  return `${TILE_SCHEME}://tile/${encodeURIComponent(JSON.stringify(key))}/{z}/{x}/{y}`
}

/** Whether a derived layer is a class mask (0 = no class): a perceive layer file or an execute mask node. */
export function isMaskLayer(l: { kind: string; node: string | null }): boolean {
  return /(^|[:_-])mask$/i.test(l.kind) || /(^|[:_-])mask$/i.test(l.node ?? '')
}

/** The colour a mask's classes are drawn in. */
export const MASK_COLOUR = '#4fb3ff'
