/** What the handlers need, handed in by whoever hosts them (the Electron shell or the headless server). */
import type { PreviewOptions, PreviewResult } from '../engines/raster/preview'
import type { EventHub } from './events'
import type { FileRegistry } from './file-registry'
import type { UploadStore } from './uploads'

export interface IpcDeps {
  version: string
  /** The data folder (main/store/paths.ts). */
  dataDir: string
  files: FileRegistry
  uploads: UploadStore
  hub: EventHub
  /** Makes previews: in worker threads normally (preview-pool.ts), in-process where asked. */
  preview(file: string, opts: PreviewOptions): Promise<PreviewResult>
}
