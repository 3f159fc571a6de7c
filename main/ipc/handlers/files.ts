/**
 * `files.*` channels: add by path or by upload, list, look up, remove. Each waits until the stored files of the
 * session are restored (IpcDeps.ready), so no request sees a half-restored list.
 */
import path from 'node:path'
import type { FileEntry } from '../../../preload/contract'
import { notFound } from '../errors'
import type { Handlers } from '../router'
import type { IpcDeps } from '../deps'
import { isLandsatMtl } from '../uploads'
import { SessionFileStore } from '../../store/session-files'

/**
 * Take a file off the desk and tell every window. An upload is deleted unless a session still lists it (a named
 * session saved with it): without the database, nothing else can hold it.
 */
export async function forgetFile(deps: IpcDeps, id: string): Promise<boolean> {
  const removed = deps.files.remove(id)
  if (!removed) return false
  const held = removed.origin === 'upload' && deps.services && new SessionFileStore(deps.services.db).referencedPaths('upload').has(removed.path)
  if (removed.origin === 'upload' && !held) await deps.uploads.discard(removed.path)
  deps.hub.emit('files.removed', { id })
  return true
}

export function fileHandlers(deps: IpcDeps): Handlers {
  const { files, uploads } = deps
  const entry = (id: string) => {
    const e = files.get(id)
    if (!e) throw notFound('file', id, 'add it again')
    return e
  }
  const { ready } = deps
  /**
   * Add, then tell every window and page (not only the caller) about the files that are new to the session, as
   * files.remove does for removed ones. Files the session already had come back in `added` but are not announced.
   */
  const addAndAnnounce = async (add: () => Promise<{ added: FileEntry[]; skipped: { path: string; reason: string }[] }>) => {
    const known = new Set(files.list().map((f) => f.id))
    const result = await add()
    const fresh = result.added.filter((f) => !known.has(f.id))
    if (fresh.length > 0) deps.hub.emit('files.added', { files: fresh })
    return result
  }
  return {
    'files.add': async ({ paths }) => {
      await ready
      return addAndAnnounce(() => files.addPaths(paths, 'path'))
    },
    'files.list': async () => {
      await ready
      return { files: files.list() }
    },
    'files.info': async ({ id }) => {
      await ready
      return entry(id)
    },
    'files.remove': async ({ id }) => {
      await ready
      return { removed: await forgetFile(deps, id) }
    },
    'files.uploadBegin': async ({ name, size }) => {
      await ready
      return { uploadId: await uploads.begin(name, size) }
    },
    'files.uploadChunk': async ({ uploadId, offset, bytes }) => ({ received: await uploads.chunk(uploadId, offset, bytes) }),
    'files.uploadEnd': async ({ uploadId }) => {
      const file = await uploads.end(uploadId)
      // A Landsat scene's MTL is no image: it stays beside the scene's bands (uploads.ts puts them in one folder),
      // where the catalog reads its calibration, and is not listed as a file of the session.
      if (isLandsatMtl(path.basename(file))) return { added: [], skipped: [] }
      return addAndAnnounce(() => files.addPaths([file], 'upload'))
    },
  }
}
