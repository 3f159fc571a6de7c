/**
 * Values shared by several channels of the contract (contract.ts): file facts, ids and entries, stretches, upload
 * sizes, and the model packs the manager lists. Split from contract.ts, which re-exports all of it.
 *
 * Units: sizes in pixels, file sizes and offsets in bytes, coordinates in the CRS's units.
 */
import { z } from 'zod'

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

/** What every described file states, raster or picture: where it is, its size in bytes and in pixels. */
const FILE_FACTS = {
  path: z.string(),
  fileSize: z.number().int().nonnegative(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
}

/** `rsure info` of a GeoTIFF/COG (main/engines/raster/describe.ts). */
export const RasterInfo = z.object({
  kind: z.literal('raster'),
  format: z.enum(['GeoTIFF', 'TIFF']),
  ...FILE_FACTS,
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
  ...FILE_FACTS,
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

export const FilesAdded = z.object({ added: z.array(FileEntry), skipped: z.array(Skipped) })

export const Stretch = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('auto') }),
  z.object({ kind: z.literal('none') }),
  z.object({ kind: z.literal('minmax') }),
  z.object({ kind: z.literal('percentile'), low: z.number().min(0).max(100), high: z.number().min(0).max(100) }).refine((s) => s.low < s.high, {
    message: 'low must be below high',
  }),
])
export type Stretch = z.infer<typeof Stretch>

/** 1-based band numbers to show: one (grey or a colour ramp) or three (RGB). Previews and map tiles alike. */
export const BandChoice = z
  .array(z.number().int().positive())
  .min(1)
  .max(3)
  .refine((b) => b.length !== 2, 'choose one band or three')

/** Largest upload accepted in browser mode, in bytes (16 GiB), and the size of one upload chunk (4 MiB). */
export const MAX_UPLOAD_BYTES = 16 * 1024 ** 3
export const UPLOAD_CHUNK_BYTES = 4 * 1024 ** 2

// --- model packs (main/engines/vision; native-models/README.md)

export const TensorInfo = z.object({ name: z.string(), type: z.string(), shape: z.array(z.union([z.number(), z.string()])) })

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
