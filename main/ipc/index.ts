/**
 * The transport-agnostic side of the contract: one router with every handler, the session's files and uploads, and
 * the event hub. The Electron shell (main/app/) and the headless server (main/server/) each create one and only
 * move requests, responses and events between it and their transport.
 */
import path from 'node:path'
import { appHandlers } from './handlers/app'
import { fileHandlers } from './handlers/files'
import { imageHandlers } from './handlers/image'
import type { IpcDeps } from './deps'
import { EventHub } from './events'
import { FileRegistry } from './file-registry'
import { renderPreview } from '../engines/raster/preview'
import { PreviewPool } from './preview-pool'
import { createRouter, type Router } from './router'
import { UploadStore } from './uploads'

export interface IpcHostOptions {
  version: string
  /** The data folder; uploads go to its `uploads/` sub-folder. */
  dataDir: string
  /**
   * Where previews are made: 'worker' (default) in worker threads so requests are never blocked by pixel work,
   * 'inline' in this thread (simple tools and tests).
   */
  previews?: 'worker' | 'inline'
  /** The preview worker's code; defaults to the source bootstrap (the desktop build passes its bundled worker). */
  previewWorker?: URL | string
}

export interface IpcHost {
  router: Router
  hub: EventHub
  deps: IpcDeps
  close(): Promise<void>
}

export function createIpcHost(opts: IpcHostOptions): IpcHost {
  const hub = new EventHub()
  const pool = opts.previews === 'inline' ? null : new PreviewPool(opts.previewWorker)
  const deps: IpcDeps = {
    version: opts.version,
    dataDir: opts.dataDir,
    files: new FileRegistry(),
    uploads: new UploadStore(path.join(opts.dataDir, 'uploads')),
    hub,
    preview: pool ? (file, o) => pool.preview(file, o) : renderPreview,
  }
  const router = createRouter({ ...appHandlers(deps), ...fileHandlers(deps), ...imageHandlers(deps) })
  return {
    router,
    hub,
    deps,
    async close() {
      await deps.uploads.close()
      await pool?.close()
    },
  }
}

export { createRouter, describeIssue, type Handlers, type RequestContext, type Router } from './router'
export { RsureError } from './errors'
