/** `image.*` channels: previews of the session's files. */
import { notFound, RsureError } from '../errors'
import { nameInstead } from '../file-registry'
import type { Handlers } from '../router'
import type { IpcDeps } from '../deps'

export function imageHandlers(deps: IpcDeps): Handlers {
  return {
    'image.preview': async ({ id, bands, stretch, maxSize }) => {
      await deps.ready
      const file = deps.files.get(id)
      if (!file) throw notFound('file', id, 'add it again')
      if (!file.info) throw new RsureError('unsupported-file', file.error ?? `'${file.name}' cannot be read, so it has no preview.`)
      try {
        const p = await deps.preview(file.path, { bands, stretch, maxSize })
        return { id, ...p }
      } catch (err) {
        // Name an upload as the analyst dropped it, not by its path inside the data folder.
        if (file.origin === 'upload' && err instanceof Error) err.message = nameInstead(err.message, file.path, file.name)
        throw err
      }
    },
  }
}
