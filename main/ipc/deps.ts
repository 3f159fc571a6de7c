/** What the handlers need, handed in by whoever hosts them (the Electron shell or the headless server). */
import type { PreviewOptions, PreviewResult } from '../engines/raster/preview'
import type { EventHub } from './events'
import type { FileRegistry } from './file-registry'
import type { UploadStore } from './uploads'

/** Whether this host keeps the session's files across restarts, and if not, why (one sentence). */
export interface SessionState {
  /** The workspace session's id in the database; null when the files live in memory only. */
  id: string | null
  persisted: boolean
  note: string | null
}

export interface IpcDeps {
  version: string
  /** The data folder (main/store/paths.ts). */
  dataDir: string
  files: FileRegistry
  uploads: UploadStore
  hub: EventHub
  session: SessionState
  /** Resolves once stored files are restored and orphaned uploads cleared; file and image handlers wait for it. */
  ready: Promise<void>
  /** Makes previews: in worker threads normally (preview-pool.ts), in-process where asked. */
  preview(file: string, opts: PreviewOptions): Promise<PreviewResult>
}
