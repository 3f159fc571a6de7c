/**
 * THE contract between the renderer and the main side (DESIGN section 2). Every request, response and pushed
 * event that crosses from the UI to Node is described here by a zod schema; both sides import this file.
 *
 * - The main side (main/ipc/router.ts) validates every request before any handler runs, and every response before
 *   it leaves; a mismatch is answered with an `invalid-request` (caller's fault) or `internal` (our fault) error.
 * - The same channels travel over Electron IPC (desktop) and over a local WebSocket (`rsure serve`, browser mode);
 *   renderer code talks to `RsureApi` and never knows which.
 * - Later issues add their channels (ask, runs, prior, models...) as new sections of `channels` and `events`.
 *
 * Units: sizes in pixels, file sizes and offsets in bytes, coordinates in the CRS's units.
 */
import { z } from 'zod'
import {
  AskStart,
  ArtifactId,
  BackboneChoice,
  BackboneTest,
  DerivedLayer,
  ExportedFile,
  FeedbackResult,
  IdentifyResult,
  LayerInfo,
  LayerRef,
  NamedSession,
  PriorCell,
  RunDetail,
  RunId,
  RunStatus,
  RunStep,
  RunSummary,
  SessionId,
  SessionName,
  Settings,
  SettingsUpdate,
  TileAddress,
  TileResult,
  TileStyle,
} from './desk'
import { BandChoice, Bytes, FileId, FileEntry, FilesAdded, Stretch, MAX_UPLOAD_BYTES, UPLOAD_CHUNK_BYTES, ModelPack, ModelPackReport } from './contract-values'
import type { Result } from './contract-results'

export * from './desk'
export * from './contract-values'
export * from './contract-results'

// ---------------------------------------------------------------------------------------------------------------
// Channels: request -> response

const channel = <Req extends z.ZodTypeAny, Res extends z.ZodTypeAny>(request: Req, response: Res, doc: string) => ({ request, response, doc })

export const channels = {
  // --- app
  'app.hello': channel(
    z.object({}).strict(),
    z.object({
      app: z.literal('rsure-desktop'),
      version: z.string(),
      transport: z.enum(['ipc', 'websocket']),
      platform: z.string(),
      dataDir: z.string(),
      /** File extensions the drop zone accepts, lower case with the dot. */
      extensions: z.array(z.string()),
      /** Whether the session's files are saved in the data folder and come back after a restart; if not, why. */
      session: z.object({ persisted: z.boolean(), note: z.string().nullable() }),
    }),
    'who is answering: version, transport, data folder, accepted file extensions, whether files are kept',
  ),

  // --- files
  'files.add': channel(
    z.object({ paths: z.array(z.string().min(1, 'a path cannot be empty')).min(1, 'give at least one path').max(10_000) }).strict(),
    FilesAdded,
    'add files or folders (searched recursively for GeoTIFF/COG/PNG/JPEG) by path on the main side',
  ),
  'files.list': channel(
    z.object({}).strict(),
    z.object({ files: z.array(FileEntry) }),
    'the files of this session, in order added (after a restart: the stored ones, re-read where they changed)',
  ),
  'files.info': channel(z.object({ id: FileId }).strict(), FileEntry, 'one file with its info'),
  'files.remove': channel(
    z.object({ id: FileId }).strict(),
    z.object({ removed: z.boolean() }),
    'forget a file, also in the stored session (uploads are deleted)',
  ),
  'files.uploadBegin': channel(
    z
      .object({
        name: z
          .string()
          .min(1)
          .max(255)
          .refine((n) => !/[/\\\0]/.test(n) && n !== '.' && n !== '..', 'a file name cannot contain / or \\'),
        size: z.number().int().positive('an empty file cannot be uploaded').max(MAX_UPLOAD_BYTES, 'the file is larger than 16 GiB'),
      })
      .strict(),
    z.object({ uploadId: z.string() }),
    'browser mode: start sending a dropped file in chunks',
  ),
  'files.uploadChunk': channel(
    z
      .object({
        uploadId: z.string().min(1),
        offset: z.number().int().nonnegative(),
        bytes: Bytes.refine((b) => b.byteLength > 0 && b.byteLength <= UPLOAD_CHUNK_BYTES, 'a chunk holds 1 byte to 4 MiB'),
      })
      .strict(),
    z.object({ received: z.number().int() }),
    'browser mode: the next chunk, in order',
  ),
  'files.uploadEnd': channel(z.object({ uploadId: z.string().min(1) }).strict(), FilesAdded, 'browser mode: the last chunk was sent; add the file'),

  // --- images
  'image.preview': channel(
    z
      .object({
        id: FileId,
        /** 1-based band numbers: one (grey) or three (RGB). */
        bands: BandChoice.optional(),
        stretch: Stretch.optional(),
        /** Longest side of the preview in pixels. */
        maxSize: z.number().int().min(16).max(4096).optional(),
      })
      .strict(),
    z.object({
      id: FileId,
      png: Bytes,
      width: z.number().int().positive(),
      height: z.number().int().positive(),
      sourceWidth: z.number().int().positive(),
      sourceHeight: z.number().int().positive(),
      bands: z.array(z.number().int().positive()),
      stretch: z.union([
        z.object({ kind: z.literal('none') }),
        z.object({ kind: z.literal('minmax') }),
        z.object({ kind: z.literal('percentile'), low: z.number(), high: z.number() }),
      ]),
      ranges: z.array(z.object({ band: z.number().int(), min: z.number(), max: z.number() })),
      level: z.number().int().nonnegative(),
      levelWidth: z.number().int().positive(),
      levelHeight: z.number().int().positive(),
      validPixels: z.number().int().nonnegative(),
    }),
    'an 8-bit RGBA PNG preview made on the main side (overviews, band selection, stretch)',
  ),

  // --- named sessions (issue 17): the desk's files and runs saved under a name, listed in History, reopened
  'sessions.save': channel(
    z
      .object({
        name: SessionName,
        /** The runs the desk shows, in order. */
        runIds: z.array(RunId).max(500),
      })
      .strict(),
    NamedSession,
    "save this desk's files and the given runs as a named session",
  ),
  'sessions.list': channel(z.object({}).strict(), z.object({ sessions: z.array(NamedSession) }), 'the named sessions, most recently saved first'),
  'sessions.open': channel(
    z.object({ id: SessionId }).strict(),
    z.object({ files: z.array(FileEntry), runIds: z.array(RunId), skipped: z.array(z.object({ path: z.string(), reason: z.string() })) }),
    "make a named session's files the desk's files (the others leave it) and return its runs to reopen",
  ),
  'sessions.rename': channel(
    z.object({ id: SessionId, name: SessionName }).strict(),
    NamedSession,
    'give a named session another name (its files, runs and the date saved stay)',
  ),
  'sessions.delete': channel(
    z.object({ id: SessionId }).strict(),
    z.object({ deleted: z.boolean() }),
    'delete a named session (its runs stay in the history; an upload no other session or the desk holds is deleted)',
  ),

  // --- runs of the agent (issue 9): start, cancel; steps arrive as `run.*` events
  'ask.start': channel(
    AskStart,
    z.object({ runId: RunId }),
    'start a run over the session files (all, or fileIds) and return its id at once; steps stream as run.step events',
  ),
  'ask.cancel': channel(z.object({ runId: RunId }).strict(), z.object({ cancelled: z.boolean() }), 'cancel a running run (false when it is not running here)'),

  // --- run history
  'runs.list': channel(
    z
      .object({
        /** Words searched in the question and the answer (all must occur). */
        query: z.string().max(200).default(''),
        status: RunStatus.optional(),
        limit: z.number().int().min(1).max(500).default(50),
        offset: z.number().int().nonnegative().default(0),
      })
      .strict(),
    z.object({ runs: z.array(RunSummary), total: z.number().int().nonnegative() }),
    'stored runs, newest first, optionally searched',
  ),
  'runs.get': channel(z.object({ runId: RunId }).strict(), RunDetail, 'reopen a run: its settings, every stored step, its derived layers and the marks given'),
  'runs.delete': channel(z.object({ runId: RunId }).strict(), z.object({ deleted: z.boolean() }), 'delete a stored run and its trajectory (not while it runs)'),
  'runs.feedback': channel(
    z
      .object({
        runId: RunId,
        /** true right, false wrong, null withdraws the mark. */
        correct: z.boolean().nullable(),
        /** Any step of the observation's call; absent to mark the answer. */
        stepSeq: z.number().int().nonnegative().optional(),
        note: z.string().max(2000).optional(),
      })
      .strict(),
    FeedbackResult,
    'mark the answer or one observation right/wrong: updates n and n_valid of the configurations it used',
  ),
  'runs.layers': channel(z.object({ runId: RunId }).strict(), z.object({ layers: z.array(DerivedLayer) }), 'the derived layers (artifacts) of a run'),
  'runs.exportReport': channel(
    z.object({ runId: RunId, format: z.enum(['html', 'pdf']) }).strict(),
    ExportedFile,
    'a self-contained report of a run (HTML opens offline; PDF printed by Chromium)',
  ),
  'layers.geojson': channel(
    z.object({ artifact: ArtifactId }).strict(),
    z.object({ geojson: z.unknown() }),
    'a vector derived layer (detections, regions, changed areas) as parsed GeoJSON, to draw over the map or the image',
  ),
  'layers.export': channel(
    z.object({ artifact: ArtifactId, format: z.enum(['geotiff', 'geojson']) }).strict(),
    ExportedFile,
    'a derived layer as a file to save: GeoTIFF for rasters, GeoJSON for vector layers',
  ),

  // --- the prior
  'prior.matrix': channel(
    z.object({ level: z.enum(['fine', 'coarse']).default('coarse'), taskType: z.string().max(100).optional() }).strict(),
    z.object({ nMin: z.number().int().positive(), taskTypes: z.array(z.string()), configs: z.array(z.string()), cells: z.array(PriorCell) }),
    'the task-type x configuration matrix at one level: r̂, n, n_valid, provenance',
  ),

  // --- settings
  'settings.get': channel(z.object({}).strict(), Settings, 'the backbone, the data folder and where it comes from'),
  'settings.set': channel(SettingsUpdate, Settings, 'choose the backbone (used by ask.start without one) or the data folder (from the next start)'),
  'settings.testBackbone': channel(
    z.object({ backbone: BackboneChoice, capabilities: z.boolean().default(false) }).strict(),
    BackboneTest,
    "check that a backbone answers: lists an endpoint's models, or checks that a GGUF file is readable; capabilities: also ask the model whether it calls tools, sees images and keeps to a JSON schema (up to 3 x 30 s)",
  ),

  // --- model packs
  'models.list': channel(
    z.object({ check: z.boolean().default(false) }).strict(),
    z.object({ packs: z.array(ModelPack) }),
    'the installed model packs; check: also verify hashes and graphs (slower)',
  ),
  'models.check': channel(
    z.object({ id: z.string().min(1) }).strict(),
    ModelPackReport,
    'verify one installed pack: manifest, file hashes, graph inputs/outputs',
  ),
  'models.add': channel(
    z
      .object({
        /** A pack folder, or a bare Ultralytics .onnx export (its manifest is made from the file's metadata). */
        dir: z.string().min(1),
        replace: z.boolean().default(false),
        /** For a bare .onnx: the pack id (default from the file name) and the training GSD in metres per pixel. */
        id: z
          .string()
          .regex(/^[a-z0-9][a-z0-9._-]{0,63}$/)
          .optional(),
        gsd: z.number().positive().optional(),
      })
      .strict(),
    ModelPackReport,
    'check the pack folder (or Ultralytics .onnx file) on this computer and install it into the data folder',
  ),
  'models.remove': channel(z.object({ id: z.string().min(1) }).strict(), z.object({ removed: z.boolean() }), 'remove an added pack (built-in packs stay)'),

  // --- map layers
  'layers.info': channel(
    z.object({ layer: LayerRef, style: TileStyle.optional() }).strict(),
    LayerInfo,
    'how to show a raster: size, lon/lat bounds, zoom range, default style, tile URL; with a style, the value ranges its stretch uses (the legend)',
  ),
  'layers.identify': channel(
    z.object({ layer: LayerRef, lon: z.number().min(-180).max(180), lat: z.number().min(-90).max(90), nodata: z.number().finite().optional() }).strict(),
    IdentifyResult,
    'the value of every band of a raster at one longitude/latitude (the identify tool); nodata shown as null',
  ),
  'layers.tile': channel(
    z.object({ layer: LayerRef, tile: TileAddress, style: TileStyle.default({}) }).strict(),
    TileResult,
    'one 256x256 web-mercator tile (xyz) or a pixel window of a raster as an RGBA PNG; nodata is transparent',
  ),
} as const

export type Channels = typeof channels
export type Channel = keyof Channels
export type RequestOf<C extends Channel> = z.input<Channels[C]['request']>
export type ResponseOf<C extends Channel> = z.output<Channels[C]['response']>

export function isChannel(name: unknown): name is Channel {
  return typeof name === 'string' && Object.prototype.hasOwnProperty.call(channels, name)
}

// ---------------------------------------------------------------------------------------------------------------
// Events: pushed from the main side to every window / connected page

export const events = {
  /** Files added by any window or page, or by the app menu's Add Images…/Add Folder… (the adder hears it too). */
  'files.added': z.object({ files: z.array(FileEntry) }),
  'files.removed': z.object({ id: FileId }),
  /** A short message for the status line. */
  'app.notice': z.object({ level: z.enum(['info', 'warning', 'error']), message: z.string() }),
  /** A menu command the page carries out (it owns the file picker). */
  'app.command': z.object({ command: z.enum(['open-files', 'open-folder', 'clear-files']) }),
  /** A run began (ref: the caller's label from ask.start). Its steps may arrive before ask.start's reply. */
  'run.started': z.object({ runId: RunId, ref: z.string().nullable(), question: z.string() }),
  /** One recorded step of a running run, as it is written to the trajectory. */
  'run.step': RunStep,
  /** Progress of a long operation inside a tool call (reading files, DAG nodes). fraction = done / total. */
  'run.progress': z.object({
    runId: RunId,
    call: z.number().int().positive().nullable(),
    stage: z.string(),
    done: z.number(),
    total: z.number(),
    fraction: z.number().min(0).max(1),
  }),
  /** The run ended: finished (with its answer), failed (error says why), or cancelled. */
  'run.finished': z.object({
    runId: RunId,
    status: RunStatus,
    answer: z.string().nullable(),
    error: z.string().nullable(),
    metrics: z.record(z.string(), z.unknown()).nullable(),
  }),
  /** A run was deleted from the history. */
  'run.deleted': z.object({ runId: RunId }),
} as const

export type Events = typeof events
export type EventName = keyof Events
export type EventOf<E extends EventName> = z.infer<Events[E]>

export function isEventName(name: unknown): name is EventName {
  return typeof name === 'string' && Object.prototype.hasOwnProperty.call(events, name)
}

/** What preload/index.ts exposes as `window.rsure` in the desktop app (a raw, untyped bridge; see RsureApi). */
export interface RsureBridge {
  invoke(channel: string, payload: unknown): Promise<Result>
  /** Subscribe to pushed events; returns the unsubscribe function. */
  onEvent(listener: (event: string, payload: unknown) => void): () => void
  /** Absolute path of a dropped or picked File (desktop only). */
  pathForFile(file: File): string
}

/** The typed API renderer code uses, whatever the transport. Failed requests reject with `RsureRequestError`. */
export interface RsureApi {
  transport: 'ipc' | 'websocket'
  invoke<C extends Channel>(channel: C, request: RequestOf<C>): Promise<ResponseOf<C>>
  on<E extends EventName>(event: E, listener: (payload: EventOf<E>) => void): () => void
  /** Add files dropped on or picked in the page: by path on the desktop, by upload in a browser. */
  addFiles(files: File[], onProgress?: (sentBytes: number, totalBytes: number) => void): Promise<z.infer<typeof FilesAdded>>
}
