/** `settings.*` channels: the backbone used by ask.start, the data folder (from the next start), the basemap. */
import path from 'node:path'
import { BackboneChoice, type Settings } from '../../../preload/contract'
import { z } from 'zod'
import { chooseDataDir, chosenDataDir, dataDirSource } from '../../store/paths'
import { probeBackbone } from '../backbone-probe'
import type { IpcDeps } from '../deps'
import { RsureError } from '../errors'
import type { Handlers } from '../router'
import { needSettings } from './need'

const BASEMAP = z.string().nullable()

/** The backbone chosen in settings (rules when none was chosen or the database is not open). */
export function currentBackbone(deps: IpcDeps): BackboneChoice {
  return deps.settings?.get('backbone', BackboneChoice, { kind: 'rules' }) ?? { kind: 'rules' }
}

export function currentBasemap(deps: IpcDeps): string | null {
  return deps.settings?.get('basemap', BASEMAP, null) ?? null
}

function read(deps: IpcDeps): Settings {
  const chosen = chosenDataDir()
  const source = dataDirSource()
  return {
    backbone: currentBackbone(deps),
    apiKeySet: !!process.env.RSURE_OPENAI_API_KEY,
    dataDir: deps.dataDir,
    pendingDataDir: source !== 'environment' && chosen && path.resolve(chosen) !== path.resolve(deps.dataDir) ? chosen : null,
    dataDirSource: source,
    basemapPath: currentBasemap(deps),
  }
}

export function settingsHandlers(deps: IpcDeps): Handlers {
  return {
    'settings.get': () => read(deps),
    'settings.set': ({ backbone, dataDir, basemapPath }) => {
      const store = needSettings(deps)
      if (backbone) store.set('backbone', backbone)
      if (basemapPath !== undefined) store.set('basemap', basemapPath)
      if (dataDir !== undefined) {
        try {
          chooseDataDir(dataDir)
        } catch (err) {
          // The validation's own sentence says why (a kernel file system, a file in the way, read-only, too deep).
          if ((err as Error)?.name === 'DataFolderError') throw new RsureError('failed', (err as Error).message)
          throw new RsureError('failed', `RSure cannot keep its data in '${dataDir}' because the folder cannot be created or written; choose another folder.`)
        }
      }
      return read(deps)
    },
    'settings.testBackbone': ({ backbone, capabilities }) => probeBackbone(backbone, undefined, { capabilities }),
  }
}
