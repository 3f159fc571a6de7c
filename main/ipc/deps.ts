/** What the handlers need, handed in by whoever hosts them (the Electron shell or the headless server). */
import type { PreviewOptions, PreviewResult } from '../engines/raster/preview'
import type { LayerGeometry, RenderedTile, TileAddress } from '../engines/raster/tiles'
import type { TileStyle } from '../engines/raster/tiles-style'
import type { IdentifyResult } from './identify'
import type { Services } from '../services'
import type { SettingsStore } from '../store/settings'
import type { EventHub } from './events'
import type { FileRegistry } from './file-registry'
import type { LiveRuns } from './live-runs'
import type { UploadStore } from './uploads'

/** Prints a self-contained HTML document to PDF bytes (Electron's printToPDF in the app, Chromium in browser mode). */
export type PdfPrinter = (html: string) => Promise<Uint8Array>

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
  /** Map tiles and layer descriptions: in worker threads normally (tile-pool.ts), in-process where asked. */
  tiles: {
    tile(file: string, address: TileAddress, style?: TileStyle): Promise<RenderedTile>
    geometry(file: string, style?: TileStyle): Promise<LayerGeometry>
    /** The values of every band under a lon/lat (identify.ts). */
    identify(file: string, lon: number, lat: number, nodata?: number | null): Promise<IdentifyResult>
  }
  /** The application services over the data folder's database; null when it could not be opened (session.note says why). */
  services: Services | null
  settings: SettingsStore | null
  /** Runs started from a window, with their cancel switches. */
  live: LiveRuns
  /** Where a transport's pages fetch map tiles: `rsure-tile://layer/` in the app, `/tiles/` on the local server. */
  tileBase(transport: 'ipc' | 'websocket'): string
  /** PDF export; null where this host has no printer (the message then says how to get one). */
  printPdf: PdfPrinter | null
}
