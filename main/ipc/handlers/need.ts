/** The services and settings a desk channel needs, or the sentence saying why this host has none. */
import type { Services } from '../../services'
import type { SettingsStore } from '../../store/settings'
import type { IpcDeps } from '../deps'
import { RsureError } from '../errors'

export function needServices(deps: IpcDeps): Services {
  if (deps.services) return deps.services
  throw new RsureError(
    'failed',
    `${deps.session.note ?? 'The database is not open.'} Runs, the prior and settings need it; restart RSure, and report this if it repeats`,
  )
}

export function needSettings(deps: IpcDeps): SettingsStore {
  needServices(deps)
  return deps.settings as SettingsStore
}
