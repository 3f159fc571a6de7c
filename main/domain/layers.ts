/**
 * A map layer reference and its key: the one encoding used in tile URLs, caches and the layer channels.
 * A key is the file id (`f…`), `a` + the artifact's sha256, or `basemap`.
 */
import { z } from 'zod'
import { ArtifactId, FileId } from './ids'

/** A session file, a run's derived layer (artifact sha256) or the basemap chosen in settings. */
export const LayerRef = z.union([
  z.object({ fileId: FileId }).strict(),
  z.object({ artifact: ArtifactId }).strict(),
  z.object({ basemap: z.literal(true) }).strict(),
])
export type LayerRef = z.infer<typeof LayerRef>

export function layerKey(ref: LayerRef): string {
  if ('fileId' in ref) return ref.fileId
  if ('artifact' in ref) return `a${ref.artifact}`
  return 'basemap'
}

/** The reference a key names, or null when it is not a key. */
export function parseLayerKey(key: string): LayerRef | null {
  if (key === 'basemap') return { basemap: true }
  if (/^a[0-9a-f]{64}$/.test(key)) return { artifact: key.slice(1) }
  if (/^f[0-9a-z]{4,32}$/.test(key)) return { fileId: key }
  return null
}

const LAYER_FORM: Readonly<Record<string, string>> = { 'geojson-pixel': 'outlines in pixels', 'geojson-map': 'outlines in lon/lat', mask: 'class mask' }

/**
 * A saved perceive layer's artifact kind ('layer:change:geojson-pixel') in words: what it holds and in which
 * coordinates ('changed regions, outlines in pixels'); null for any other kind.
 */
export function layerWords(kind: string): string | null {
  const parts = /^layer:(.+):(geojson-pixel|geojson-map|mask)$/.exec(kind)
  return parts ? `${parts[1] === 'change' ? 'changed regions' : parts[1]}, ${LAYER_FORM[parts[2]]}` : null
}
