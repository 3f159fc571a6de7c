/** `files.*` channels: add by path or by upload, list, look up, remove. */
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
  return {
    'files.add': ({ paths }) => files.addPaths(paths, 'path'),
    'files.list': () => ({ files: files.list() }),
    'files.info': ({ id }) => entry(id),
    'files.remove': async ({ id }) => {
      const removed = files.remove(id)
      if (!removed) return { removed: false }
      if (removed.origin === 'upload') await uploads.discard(removed.path)
      hub.emit('files.removed', { id })
      return { removed: true }
    },
    'files.uploadBegin': async ({ name, size }) => ({ uploadId: await uploads.begin(name, size) }),
    'files.uploadChunk': async ({ uploadId, offset, bytes }) => ({ received: await uploads.chunk(uploadId, offset, bytes) }),
    'files.uploadEnd': async ({ uploadId }) => files.addPaths([await uploads.end(uploadId)], 'upload'),
  }
}
