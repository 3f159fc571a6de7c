/** `app.*` channels: who is answering, and whether the session's files are kept across restarts. */
import { IMAGE_EXTENSIONS } from '../../../preload/contract'
import type { Handlers } from '../router'
import type { IpcDeps } from '../deps'

export function appHandlers(deps: IpcDeps): Handlers {
  return {
    'app.hello': (_req, ctx) => ({
      app: 'rsure-desktop',
      version: deps.version,
      transport: ctx.transport,
      platform: process.platform,
      dataDir: deps.dataDir,
      extensions: [...IMAGE_EXTENSIONS],
      session: { persisted: deps.session.persisted, note: deps.session.note },
    }),
  }
}
