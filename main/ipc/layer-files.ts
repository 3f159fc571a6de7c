/**
 * Which file a layer reference names, checked: a file of this session (that could be read), a run's derived layer
 * (an artifact recorded in the database, inside the artifact folder), or the basemap chosen in settings. Nothing
 * else on disk can be shown through the layer channels, the tile protocol or the tile route.
 *
 * A layer's key in tile URLs: the file id (`f…`), `a` + the artifact's sha256, or `basemap`.
 */
import fs from 'node:fs'
import path from 'node:path'
import type { LayerRef } from '../../preload/contract'
import { layerKey, parseLayerKey } from '../domain/layers'
import type { IpcDeps } from './deps'
import { notFound, RsureError } from './errors'
import { needServices } from './handlers/need'
import { currentBasemap } from './handlers/settings'

export interface LayerFile {
  path: string
  /** What the analyst calls it: the file name as added, the layer's kind, or 'basemap'. */
  name: string
}

/** A layer's key and its reader: one encoding, owned by main/domain/layers.ts. */
export { layerKey, parseLayerKey }

/** The artifact's recorded file, if it lies inside the artifact folder. */
export function artifactFile(deps: IpcDeps, sha256: string): LayerFile {
  const services = needServices(deps)
  const row = services.artifacts.record(sha256)
  if (!row) throw notFound('derived layer', sha256.slice(0, 12), 'run the question again to make it')
  const rel = path.relative(path.resolve(services.paths.artifacts), path.resolve(row.path))
  if (rel.startsWith('..') || path.isAbsolute(rel))
    throw new RsureError('failed', `Derived layer ${sha256.slice(0, 12)} is recorded outside the artifact folder, so it is not shown; run the question again.`)
  if (!fs.existsSync(row.path))
    throw new RsureError('failed', `Derived layer ${sha256.slice(0, 12)} is no longer in the artifact folder; run the question again to make it.`)
  return { path: row.path, name: row.kind }
}

export async function layerFile(deps: IpcDeps, ref: LayerRef): Promise<LayerFile> {
  if ('fileId' in ref) {
    await deps.ready
    const f = deps.files.get(ref.fileId)
    if (!f) throw notFound('file', ref.fileId, 'add it again')
    if (!f.info) throw new RsureError('unsupported-file', f.error ?? `'${f.name}' cannot be read, so it cannot be shown.`)
    return { path: f.path, name: f.name }
  }
  if ('artifact' in ref) return artifactFile(deps, ref.artifact)
  const basemap = currentBasemap(deps)
  if (!basemap) throw new RsureError('not-found', 'No basemap is chosen; pick a local GeoTIFF as the basemap in the settings.')
  return { path: basemap, name: 'basemap' }
}
