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
  PriorCell,
  RunDetail,
  RunId,
  RunStatus,
  RunStep,
  RunSummary,
  Settings,
  SettingsUpdate,
  TileAddress,
  TileResult,
  TileStyle,
} from './desk'

export * from './desk'

// ---------------------------------------------------------------------------------------------------------------
// Values shared by several channels

/** Bytes; a Buffer also passes (it is a Uint8Array). */
export const Bytes = z.custom<Uint8Array>((v) => v instanceof Uint8Array, { message: 'expected bytes (a Uint8Array)' })

export const Dtype = z.enum(['uint8', 'int8', 'uint16', 'int16', 'uint32', 'int32', 'float32', 'float64', 'uint64', 'int64'])
export type Dtype = z.infer<typeof Dtype>

/** A nodata value; NaN and infinities are named as strings so they survive JSON. */
export const NoData = z.union([z.number(), z.enum(['NaN', 'Infinity', '-Infinity'])])

const Point = z.object({ x: z.number(), y: z.number() })

export const Crs = z.object({
  epsg: z.number().int().nullable(),
  kind: z.enum(['projected', 'geographic', 'geocentric', 'unknown']),
  name: z.string().nullable(),
  units: z.string().nullable(),
  proj4: z.string().nullable(),
  /** 'EPSG:n' where known, else a proj string or the file's citation. */
  definition: z.string().nullable(),
})

/** `rsure info` of a GeoTIFF/COG (main/engines/raster/describe.ts). */
export const RasterInfo = z.object({
  kind: z.literal('raster'),
  format: z.enum(['GeoTIFF', 'TIFF']),
  path: z.string(),
  fileSize: z.number().int().nonnegative(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  bandCount: z.number().int().positive(),
  dtype: z.union([Dtype, z.literal('mixed')]),
  bands: z.array(z.object({ band: z.number().int().positive(), dtype: Dtype, nodata: NoData.nullable() })),
  nodata: NoData.nullable(),
  crs: Crs.nullable(),
  /** GDAL order, origin at the top-left pixel corner. */
  geoTransform: z.tuple([z.number(), z.number(), z.number(), z.number(), z.number(), z.number()]).nullable(),
  origin: Point.extend({ convention: z.literal('corner') }).nullable(),
  /** The file's own convention; PixelIsPoint files have been shifted to the corner above. */
  rasterType: z.enum(['PixelIsArea', 'PixelIsPoint']),
  rawTiepoint: z.tuple([z.number(), z.number()]).nullable(),
  pixelSize: Point.nullable(),
  gsd: Point.nullable(),
  bounds: z.object({ minX: z.number(), minY: z.number(), maxX: z.number(), maxY: z.number() }).nullable(),
  overviews: z.array(z.object({ width: z.number().int(), height: z.number().int(), factor: z.number() })),
  compression: z.string(),
  predictor: z.enum(['none', 'horizontal', 'floating-point']).nullable(),
  tiled: z.boolean(),
  blockSize: z.object({ width: z.number().int(), height: z.number().int() }),
  interleave: z.enum(['pixel', 'band']),
  photometric: z.string(),
  cloudOptimized: z.boolean(),
})

/** `rsure info` of a PNG/JPEG picture. */
export const PictureInfo = z.object({
  kind: z.literal('image'),
  format: z.enum(['PNG', 'JPEG']),
  path: z.string(),
  fileSize: z.number().int().nonnegative(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  channels: z.number().int().positive(),
  bitDepth: z.number().int().positive(),
  colorModel: z.string(),
})

export const FileInfo = z.discriminatedUnion('kind', [RasterInfo, PictureInfo])
export type FileInfo = z.infer<typeof FileInfo>

export const FileId = z.string().regex(/^f[0-9a-z]{4,32}$/, 'a file id looks like f followed by letters and digits')

/** A file the analyst added to this session. `info` is null and `error` says why when the file cannot be read. */
export const FileEntry = z.object({
  id: FileId,
  /** Absolute path on the machine running the main side (uploads live in the data folder). */
  path: z.string(),
  name: z.string(),
  /** How it arrived: a path from the desktop/CLI, or bytes uploaded by a browser. */
  origin: z.enum(['path', 'upload']),
  info: FileInfo.nullable(),
  error: z.string().nullable(),
})
export type FileEntry = z.infer<typeof FileEntry>

export const Skipped = z.object({ path: z.string(), reason: z.string() })

const FilesAdded = z.object({ added: z.array(FileEntry), skipped: z.array(Skipped) })

export const Stretch = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('auto') }),
  z.object({ kind: z.literal('none') }),
  z.object({ kind: z.literal('minmax') }),
  z.object({ kind: z.literal('percentile'), low: z.number().min(0).max(100), high: z.number().min(0).max(100) }).refine((s) => s.low < s.high, {
    message: 'low must be below high',
  }),
])
export type Stretch = z.infer<typeof Stretch>

/** Largest upload accepted in browser mode, in bytes (16 GiB), and the size of one upload chunk (4 MiB). */
export const MAX_UPLOAD_BYTES = 16 * 1024 ** 3
export const UPLOAD_CHUNK_BYTES = 4 * 1024 ** 2

// ---------------------------------------------------------------------------------------------------------------
// Channels: request -> response

const channel = <Req extends z.ZodTypeAny, Res extends z.ZodTypeAny>(request: Req, response: Res, doc: string) => ({ request, response, doc })

// --- model packs (main/engines/vision; native-models/README.md)

const TensorInfo = z.object({ name: z.string(), type: z.string(), shape: z.array(z.union([z.number(), z.string()])) })

/** One installed pack as the model manager lists it; `problem` says why an invalid pack is refused. */
export const ModelPack = z.object({
  id: z.string(),
  version: z.string(),
  family: z.enum(['yolo', 'sam', 'sam2', 'clip', 'paddleocr']).nullable(),
  task: z.enum(['detect', 'obb', 'segment', 'prompt-segment', 'scene', 'ocr']).nullable(),
  /** Model input width, height in pixels. */
  inputSize: z.tuple([z.number(), z.number()]).nullable(),
  classNames: z.array(z.string()),
  /** Training ground sample distance, metres per pixel. */
  gsd: z.number().nullable(),
  licence: z.string().nullable(),
  origin: z.enum(['built-in', 'user']),
  status: z.enum(['ok', 'invalid']),
  problem: z.string().optional(),
})
export type ModelPack = z.infer<typeof ModelPack>

/** A fully checked pack: manifest facts, file hashes and each ONNX graph's inputs/outputs. */
export const ModelPackReport = z.object({
  id: z.string(),
  version: z.string(),
  family: z.string(),
  task: z.string(),
  origin: z.enum(['built-in', 'user']),
  licence: z.string(),
  classNames: z.array(z.string()),
  gsd: z.number().nullable(),
  files: z.record(z.string(), z.object({ file: z.string(), sha256: z.string() })),
  io: z.record(z.string(), z.object({ inputs: z.array(TensorInfo), outputs: z.array(TensorInfo) })),
})
export type ModelPackReport = z.infer<typeof ModelPackReport>

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
        bands: z
          .array(z.number().int().positive())
          .min(1)
          .max(3)
          .refine((b) => b.length !== 2, 'choose one band or three')
          .optional(),
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

// ---------------------------------------------------------------------------------------------------------------
// Results

export const ErrorCode = z.enum([
  /** The request does not match the contract. */
  'invalid-request',
  /** No such channel. */
  'unknown-channel',
  /** A file id, upload id... that this session does not know. */
  'not-found',
  /** The file is not a GeoTIFF/COG, PNG or JPEG, or is corrupt. */
  'unsupported-file',
  /** The request was valid but could not be carried out; the message says why. */
  'failed',
  /** A bug on the main side; the message says what to report. */
  'internal',
])
export type ErrorCode = z.infer<typeof ErrorCode>

export const RsureErrorShape = z.object({ code: ErrorCode, message: z.string() })
export type RsureErrorShape = z.infer<typeof RsureErrorShape>

export type Result<T = unknown> = { ok: true; value: T } | { ok: false; error: RsureErrorShape }

export const ResultSchema = z.union([z.object({ ok: z.literal(true), value: z.unknown() }), z.object({ ok: z.literal(false), error: RsureErrorShape })])

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

export class RsureRequestError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message)
    this.name = 'RsureRequestError'
  }
}

/** Accepted image file extensions (lower case, with the dot). */
export const IMAGE_EXTENSIONS = ['.tif', '.tiff', '.gtiff', '.png', '.jpg', '.jpeg'] as const

export function hasImageExtension(name: string): boolean {
  const lower = name.toLowerCase()
  return IMAGE_EXTENSIONS.some((e) => lower.endsWith(e))
}
