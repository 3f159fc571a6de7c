/**
 * The transport-agnostic side of the contract: one router with every handler, the session's files and uploads, and
 * the event hub. The Electron shell (main/app/) and the headless server (main/server/) each create one and only
 * move requests, responses and events between it and their transport.
 *
 * Every handler works on the one composition root (main/services.ts): the host opens the services over the data
 * folder (or is handed them) and the session's files, runs, prior and settings all live in that one database.
 * Where the database cannot be opened (the Electron build runs better-sqlite3 compiled for Node) the host keeps
 * the file list in memory only and says so in `app.hello` (`session.persisted`, `session.note`); the channels that
 * need the database then answer with that sentence.
 */
import path from 'node:path'
import { appHandlers } from './handlers/app'
import { fileHandlers } from './handlers/files'
import { imageHandlers } from './handlers/image'
import { layerHandlers } from './handlers/layers'
import { modelHandlers } from './handlers/models'
import { priorHandlers } from './handlers/prior'
import { reportHandlers } from './handlers/report'
import { runHandlers } from './handlers/runs'
import { sessionHandlers } from './handlers/sessions'
import { settingsHandlers } from './handlers/settings'
import type { IpcDeps, PdfPrinter, SessionState } from './deps'
import { EventHub } from './events'
import { FileRegistry, type FileJournal } from './file-registry'
import { LiveRuns } from './live-runs'
import { renderPreview } from '../engines/raster/preview'
import { layerGeometry, renderTile } from '../engines/raster/tiles'
import { identifyPixel } from './identify'
import { TilePool } from './tile-pool'
import { PreviewPool } from './preview-pool'
import { createRouter, type Router } from './router'
import { UploadStore } from './uploads'
import { openServices, type Services } from '../services'
import type { Db } from '../store/database'
import { SessionFileStore } from '../store/session-files'
import { SettingsStore } from '../store/settings'

export interface IpcHostOptions {
  version: string
  /** The data folder; uploads go to its `uploads/` sub-folder, the session's files to its database. */
  dataDir: string
  /**
   * Where previews are made: 'worker' (default) in worker threads so requests are never blocked by pixel work,
   * 'inline' in this thread (simple tools and tests).
   */
  previews?: 'worker' | 'inline'
  /** The preview worker's code; defaults to the source bootstrap (the desktop build passes its bundled worker). */
  previewWorker?: URL | string
  /** Where map tiles are made: 'worker' threads or 'inline'; defaults to the same as `previews`. */
  tiles?: 'worker' | 'inline'
  /** The tile worker's code; defaults to the source bootstrap (the desktop build passes its bundled worker). */
  tileWorker?: URL | string
  /**
   * Keep the session's files across restarts: 'database' (default) in the data folder's SQLite database, 'memory'
   * for this process only. `openDb` replaces how the database is opened (tests).
   */
  persistence?: 'database' | 'memory'
  openDb?: (file: string) => Db
  /** Services opened by the caller (the app or `rsure serve` share theirs); the host then does not close them. */
  services?: Services
  /** How map tiles are addressed for each transport (see IpcDeps.tileBase). */
  tileBase?: (transport: 'ipc' | 'websocket') => string
  /** PDF export for this host (Electron's printToPDF, or Chromium in browser mode). */
  printPdf?: PdfPrinter
}

export interface IpcHost {
  router: Router
  hub: EventHub
  deps: IpcDeps
  /** Resolves when the stored files are restored and orphaned uploads are cleared (requests wait for it anyway). */
  ready: Promise<void>
  close(): Promise<void>
}

interface Workspace {
  services: Services
  /** Whether the host opened the services (and so closes them). */
  owned: boolean
  journal: FileJournal
  referencedUploads(): Set<string>
  sessionId: string
}

/** Open the services (or take the caller's) and reopen the workspace session; null and the reason when impossible. */
function openWorkspace(opts: IpcHostOptions): { workspace: Workspace | null; note: string | null } {
  if (opts.persistence === 'memory') return { workspace: null, note: 'This session keeps its files in memory only; they are not restored after a restart.' }
  let services: Services | undefined
  try {
    services = opts.services ?? openServices({ dataDir: opts.dataDir, openDb: opts.openDb })
    const store = new SessionFileStore(services.db)
    const sessionId = store.openWorkspace()
    const journal: FileJournal = {
      load: () => store.list(sessionId),
      add: (files) => store.add(sessionId, files),
      update: (f) => store.update(sessionId, f),
      remove: (f) => void store.remove(sessionId, f),
    }
    return { workspace: { services, owned: !opts.services, journal, sessionId, referencedUploads: () => store.referencedPaths('upload') }, note: null }
  } catch (err) {
    try {
      if (!opts.services) services?.close()
    } catch {
      // already unusable
    }
    const why = String((err as Error)?.message ?? err).replace(/[.\s]+$/, '')
    return { workspace: null, note: `The file list cannot be saved because the database did not open (${why}), so it will not be restored after a restart.` }
  }
}

export function createIpcHost(opts: IpcHostOptions): IpcHost {
  const hub = new EventHub()
  const pool = opts.previews === 'inline' ? null : new PreviewPool(opts.previewWorker)
  const tilePool = (opts.tiles ?? opts.previews ?? 'worker') === 'inline' ? null : new TilePool(opts.tileWorker)
  const { workspace, note } = openWorkspace(opts)
  const session: SessionState = { id: workspace?.sessionId ?? null, persisted: !!workspace, note }
  const files = new FileRegistry({
    journal: workspace?.journal,
    onJournalError: (message) => hub.emit('app.notice', { level: 'warning', message }),
  })
  const uploads = new UploadStore(path.join(opts.dataDir, 'uploads'))
  const deps: IpcDeps = {
    version: opts.version,
    dataDir: opts.dataDir,
    files,
    uploads,
    hub,
    session,
    // Orphans are judged only against the database: without it, another process's session may own an upload.
    ready: (async () => {
      if (workspace) await uploads.removeOrphans(workspace.referencedUploads()).catch(() => undefined)
      await files.restore()
    })().catch((err) => {
      // Never reject: requests wait on this. The list is then simply what this process adds.
      const why = String((err as Error)?.message ?? err).replace(/[.\s]+$/, '')
      hub.emit('app.notice', { level: 'warning', message: `The files of the last session could not all be restored (${why}); add the missing ones again.` })
    }),
    preview: pool ? (file, o) => pool.preview(file, o) : renderPreview,
    tiles: tilePool
      ? {
          tile: (file, address, style) => tilePool.tile(file, address, style),
          geometry: (file, style) => tilePool.geometry(file, style),
          identify: (file, lon, lat, nodata) => tilePool.identify(file, lon, lat, nodata),
        }
      : { tile: renderTile, geometry: layerGeometry, identify: identifyPixel },
    services: workspace?.services ?? null,
    settings: workspace ? new SettingsStore(workspace.services.db) : null,
    live: new LiveRuns(() => {
      if (!workspace) throw new Error(note ?? 'the database is not open')
      return workspace.services
    }, hub),
    tileBase: opts.tileBase ?? ((transport) => (transport === 'ipc' ? 'rsure-tile://layer/' : '/tiles/')),
    printPdf: opts.printPdf ?? null,
  }
  const ready = deps.ready
  const router = createRouter({
    ...appHandlers(deps),
    ...fileHandlers(deps),
    ...imageHandlers(deps),
    ...runHandlers(deps),
    ...sessionHandlers(deps),
    ...priorHandlers(deps),
    ...settingsHandlers(deps),
    ...layerHandlers(deps),
    ...reportHandlers(deps),
    ...modelHandlers(deps),
  })
  return {
    router,
    hub,
    deps,
    ready,
    async close() {
      await ready.catch(() => undefined)
      await deps.uploads.close()
      await deps.live.cancelAll()
      await pool?.close()
      await tilePool?.close()
      if (workspace?.owned) workspace.services.close()
    },
  }
}

export { createRouter, describeIssue, type Handlers, type RequestContext, type Router } from './router'
export { RsureError } from './errors'
