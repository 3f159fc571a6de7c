/**
 * `files.*` channels: add by path or by upload, list, look up, remove. Each waits until the stored files of the
 * session are restored (IpcDeps.ready), so no request sees a half-restored list.
 */
import { notFound } from '../errors'
import type { Handlers } from '../router'
import type { IpcDeps } from '../deps'

export function fileHandlers(deps: IpcDeps): Handlers {
  const { files, uploads, hub } = deps
  const entry = (id: string) => {
    const e = files.get(id)
    if (!e) throw notFound('file', id, 'add it again')
    return e
  }
  const { ready } = deps
  return {
    'files.add': async ({ paths }) => {
      await ready
      return files.addPaths(paths, 'path')
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
      const removed = files.remove(id)
      if (!removed) return { removed: false }
      if (removed.origin === 'upload') await uploads.discard(removed.path)
      hub.emit('files.removed', { id })
      return { removed: true }
    },
    'files.uploadBegin': async ({ name, size }) => {
      await ready
      return { uploadId: await uploads.begin(name, size) }
    },
    'files.uploadChunk': async ({ uploadId, offset, bytes }) => ({ received: await uploads.chunk(uploadId, offset, bytes) }),
    'files.uploadEnd': async ({ uploadId }) => files.addPaths([await uploads.end(uploadId)], 'upload'),
  }
}
