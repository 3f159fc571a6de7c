/** `models.list | check | add | remove`: the desk's model manager over the vision engine's pack registry. */
import { addModelPack, checkModelPack, listPacks, removeModelPack, VisionError } from '../../engines/vision/api'
import type { IpcDeps } from '../deps'
import { RsureError } from '../errors'
import type { Handlers } from '../router'

async function guarded<T>(fn: () => Promise<T> | T): Promise<T> {
  try {
    return await fn()
  } catch (err) {
    if (err instanceof VisionError) throw new RsureError(err.kind === 'missing' ? 'not-found' : 'failed', err.message)
    throw err
  }
}

export function modelHandlers(deps: Pick<IpcDeps, 'dataDir'>): Handlers {
  const c = { dataDir: deps.dataDir }
  return {
    'models.list': ({ check }) => guarded(async () => ({ packs: await listPacks({ ...c, check }) })),
    'models.check': ({ id }) => guarded(() => checkModelPack(id, c)),
    'models.add': ({ dir, replace, id, gsd }) => guarded(() => addModelPack(dir, { ...c, replace, id, gsd })),
    'models.remove': ({ id }) =>
      guarded(() => {
        removeModelPack(id, c)
        return { removed: true }
      }),
  }
}
