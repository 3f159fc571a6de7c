/**
 * The shapes of the analyst's desk (issue 9) that cross the contract: runs of the agent and their streamed steps,
 * run history, feedback, the prior matrix, settings, map layers and tiles, derived layers and reports. The channels
 * and events that carry them are listed in contract.ts; this file only holds their schemas.
 *
 * Run steps are RunEvents (main/domain/run-events.ts), exactly what the agent records in the trajectory; their
 * payloads are loose objects, so a field the agent adds later is never lost on the way to the window.
 *
 * Units: r̂ is a probability in [0, 1]; fractions in [0, 1]; times in ISO 8601 UTC; tile sizes in pixels.
 */
import { z } from 'zod'

import { ArtifactId, RunId } from '../main/domain/ids'
import { RunEvent, RUN_EVENT_SCHEMA_VERSION } from '../main/domain/run-events'
import { LayerRef } from '../main/domain/layers'
import { BandChoice } from './contract-values'

export { ArtifactId, LayerRef, RunId }

// ---------------------------------------------------------------------------------------------------------------
// Backbones and switches

/** Which backbone answers: the deterministic rules, an OpenAI-compatible endpoint, or a local GGUF file. */
export const BackboneChoice = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('rules') }).strict(),
  z
    .object({
      kind: z.literal('openai'),
      baseUrl: z
        .string()
        .url('the endpoint must be a URL such as http://127.0.0.1:11434/v1')
        .refine((u) => /^https?:\/\//.test(u), 'the endpoint must use http or https'),
      model: z.string().min(1, 'name the model served at the endpoint').max(200),
    })
    .strict(),
  z.object({ kind: z.literal('llama'), path: z.string().regex(/\.gguf$/i, 'a local model is a .gguf file') }).strict(),
])
export type BackboneChoice = z.infer<typeof BackboneChoice>

export const RunSwitches = z
  .object({
    /** false: no rule checks and no verifier (RSure-Base with prior off). */
    verify: z.boolean().default(true),
    /** false: the verifier gets prior = None. */
    prior: z.boolean().default(true),
    /** Add a labelled, ungrounded guess where no option is supported (scored apart; never shown as verified). */
    forceChoice: z.boolean().default(false),
  })
  .strict()
export type RunSwitches = z.infer<typeof RunSwitches>

/** Start a run: the question, its options text, the session's files it is about, the backbone and the switches. */
export const AskStart = z
  .object({
    question: z.string().trim().min(3, 'the question is empty').max(4000),
    /** Options text as typed ("A. 0.71  B. 0.69" or one per line); empty for an open question. */
    options: z.string().max(4000).default(''),
    /** Files of this session (ids from files.list); none means every file of the session. */
    fileIds: z
      .array(z.string().regex(/^f[0-9a-z]{4,32}$/))
      .max(10_000)
      .default([]),
    /** The backbone; absent means the one chosen in settings. */
    backbone: BackboneChoice.optional(),
    switches: RunSwitches.default({ verify: true, prior: true, forceChoice: false }),
    /** The caller's own label for this run, echoed in run.started so a window can match it before the reply. */
    ref: z.string().max(100).optional(),
  })
  .strict()

// ---------------------------------------------------------------------------------------------------------------
// Steps of a run (streamed live as `run.step`, and returned by runs.get for a stored run)

/**
 * A step of a run is one RunEvent (main/domain/run-events.ts): the one versioned union the loop records, the store
 * keeps and the window reduces. main/ipc reads stored steps through its versioned reader (`readRunEvent`), so a
 * reopened run, a live run and an old run stored before versions all arrive in this one shape.
 */
export const RunStep = RunEvent.refine((e) => RunId.safeParse(e.runId).success, 'a run step names its run by a run id (run-...)')
export type RunStep = RunEvent
export { RunEvent, RUN_EVENT_SCHEMA_VERSION }

export const RunStatus = z.enum(['running', 'finished', 'failed', 'cancelled', 'interrupted'])

export const RunSummary = z.object({
  id: RunId,
  question: z.string(),
  options: z.string().nullable(),
  taskType: z.string().nullable(),
  status: RunStatus,
  answer: z.string().nullable(),
  backbone: z.string().nullable(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  /** tool_calls, llm_calls, tokens, seconds (when finished). */
  metrics: z.record(z.string(), z.unknown()).nullable(),
})
export type RunSummary = z.infer<typeof RunSummary>

/** A named session as History lists it: the desk's files and runs saved under the analyst's name. */
export const SessionId = z.string().regex(/^ses-[0-9A-Za-z-]{4,64}$/, 'a session id looks like ses-20261203T230000Z-1a2b3c4d')
/** The name the analyst gives a named session (saved or renamed): trimmed, 1 to 120 characters. */
export const SessionName = z.string().trim().min(1, 'give the session a name').max(120, 'a session name is at most 120 characters')
export const NamedSession = z.object({
  id: SessionId,
  name: z.string(),
  /** When it was saved, ISO 8601 UTC. */
  savedAt: z.string(),
  files: z.number().int().nonnegative(),
  runs: z.number().int().nonnegative(),
  /** Where its files are (the desk's files are matched by path), and its runs in order: what opening it shows. */
  paths: z.array(z.string()),
  runIds: z.array(RunId),
})
export type NamedSession = z.infer<typeof NamedSession>

/** A derived layer of a run: an artifact a tool saved (product raster, mask, detections, changed regions). */
export const DerivedLayer = z.object({
  id: ArtifactId,
  kind: z.string(),
  /** The call that produced it (1-based), when known. */
  call: z.number().int().positive().nullable(),
  /** The execute node that made it (e.g. 'ndvi'), when the tool recorded one. */
  node: z.string().nullable(),
  /** Physical unit of its values (e.g. 'K', 'dimensionless'), when recorded. */
  unit: z.string().nullable(),
  format: z.enum(['geotiff', 'geojson', 'png', 'jpeg', 'other']),
  name: z.string(),
  bytes: z.number().int().nonnegative().nullable(),
  /** Whether the file is still in the artifact store (its bytes are checked when it is read or exported). */
  available: z.boolean(),
  /** 'geographic': placed on the map; 'pixel': drawn over its source image; null: not an image. */
  georeference: z.enum(['geographic', 'pixel']).nullable(),
})
export type DerivedLayer = z.infer<typeof DerivedLayer>

/** An analyst's mark stored for a run: on the answer (stepSeq null) or one observation. */
export const FeedbackMarkView = z.object({
  stepSeq: z.number().int().nullable(),
  correct: z.boolean(),
  note: z.string().nullable(),
  configs: z.array(z.string()),
})

export const RunDetail = z.object({
  run: RunSummary.extend({
    settings: z.record(z.string(), z.unknown()),
    inputs: z.record(z.string(), z.unknown()),
    error: z.string().nullable(),
  }),
  steps: z.array(RunStep),
  layers: z.array(DerivedLayer),
  feedback: z.array(FeedbackMarkView),
})

// ---------------------------------------------------------------------------------------------------------------
// Prior

export const PriorCell = z.object({
  taskType: z.string(),
  level: z.enum(['fine', 'coarse']),
  config: z.string(),
  tool: z.string(),
  n: z.number().int().nonnegative(),
  n_valid: z.number().int().nonnegative(),
  r_hat: z.number().min(0).max(1),
  source: z.string(),
  /** Whether n reaches n_min, so a lookup at this level would use the cell. */
  usable: z.boolean(),
})

export const FeedbackResult = z.object({
  records: z.number().int().nonnegative(),
  /** The cells the mark touched, after the change. */
  cells: z.array(PriorCell),
})

// ---------------------------------------------------------------------------------------------------------------
// Settings

export const Settings = z.object({
  backbone: BackboneChoice,
  /** Whether RSURE_OPENAI_API_KEY is set for this process (the key itself never crosses the contract). */
  apiKeySet: z.boolean(),
  dataDir: z.string(),
  /** A data folder chosen in settings that takes effect at the next start, or null. */
  pendingDataDir: z.string().nullable(),
  /** Where the data folder comes from: the environment, the saved choice, or the platform default. */
  dataDirSource: z.enum(['environment', 'setting', 'default']),
  /** A local raster (GeoTIFF) the analyst picked as the map's basemap, or null: the map then has a plain background. */
  basemapPath: z.string().nullable(),
})
export type Settings = z.infer<typeof Settings>

export const SettingsUpdate = z
  .object({
    backbone: BackboneChoice.optional(),
    /** Absolute path of a folder to keep RSure's data in from the next start. */
    dataDir: z
      .string()
      .min(1)
      .refine((p) => /^([A-Za-z]:[\\/]|\/)/.test(p), 'the data folder must be an absolute path')
      .optional(),
    /** A local GeoTIFF for the basemap (absolute path), or null to remove it. */
    basemapPath: z
      .string()
      .min(1)
      .refine((p) => /^([A-Za-z]:[\\/]|\/)/.test(p), 'the basemap must be an absolute path')
      .nullable()
      .optional(),
  })
  .strict()

/** One capability of a served model as the probe found it (main/agent/llm/capability-probe.ts). */
const CapabilityCheck = z.object({ verdict: z.enum(['yes', 'no', 'unknown']), detail: z.string(), ms: z.number().nonnegative() })

export const BackboneTest = z.object({
  ok: z.boolean(),
  /** One sentence: what answered, or what went wrong and what to do. */
  message: z.string(),
  /** Models the endpoint lists (OpenAI /models), when it lists any. */
  models: z.array(z.string()),
  ms: z.number().nonnegative(),
  /** With `capabilities: true`, for an endpoint that answers: what the chosen model can do, each found by asking it. */
  capabilities: z.object({ tools: CapabilityCheck, images: CapabilityCheck, jsonSchema: CapabilityCheck }).optional(),
})

// ---------------------------------------------------------------------------------------------------------------
// Layers and tiles

export const TileStretch = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('minmax') }).strict(),
  z
    .object({ kind: z.literal('percentile'), low: z.number().min(0).max(100), high: z.number().min(0).max(100) })
    .strict()
    .refine((s) => s.low < s.high, 'low must be below high'),
  /** Fixed value range per band (e.g. -1..1 for NDVI). */
  z
    .object({ kind: z.literal('range'), min: z.number(), max: z.number() })
    .strict()
    .refine((s) => s.min < s.max, 'min must be below max'),
])
export type TileStretch = z.infer<typeof TileStretch>

export const TileStyle = z
  .object({
    /** 1-based bands: one (grey or colour ramp) or three (RGB). Default: 1 band, or 3 for RGB-like files. */
    bands: BandChoice.optional(),
    stretch: TileStretch.optional(),
    /** Colour ramp for one band. */
    ramp: z.enum(['grey', 'viridis', 'ndvi']).optional(),
    /**
     * A nodata override: the fill value the analyst set for a file without a nodata tag (or with a wrong one).
     * Pixels holding it are transparent, left out of the stretch statistics and identified as nodata.
     */
    nodata: z.number().finite().optional(),
  })
  .strict()
export type TileStyle = z.infer<typeof TileStyle>

/** Which pixels: a web-mercator tile (z/x/y, for maplibre) or a window of the image's own pixels. */
export const TileAddress = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('xyz'), z: z.number().int().min(0).max(24), x: z.number().int().nonnegative(), y: z.number().int().nonnegative() }).strict(),
  z
    .object({
      kind: z.literal('pixel'),
      /** Window in full-resolution pixels of the source. */
      x: z.number().int(),
      y: z.number().int(),
      width: z.number().int().positive(),
      height: z.number().int().positive(),
      /** Output size in pixels (the window is resampled to it). */
      outWidth: z.number().int().min(1).max(4096),
      outHeight: z.number().int().min(1).max(4096),
    })
    .strict(),
])
export type TileAddress = z.infer<typeof TileAddress>

export const LayerInfo = z.object({
  layer: LayerRef,
  name: z.string(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  bandCount: z.number().int().positive(),
  /** Longitude/latitude bounds [west, south, east, north] (EPSG:4326) for georeferenced rasters, else null. */
  bounds: z.tuple([z.number(), z.number(), z.number(), z.number()]).nullable(),
  /** The four corners in lon/lat (top-left, top-right, bottom-right, bottom-left), for maplibre image sources. */
  corners: z
    .array(z.tuple([z.number(), z.number()]))
    .length(4)
    .nullable(),
  /** Zoom range where tiles show useful detail (maxZoom matches the full resolution). */
  minZoom: z.number().int().nonnegative(),
  maxZoom: z.number().int().nonnegative(),
  tileSize: z.literal(256),
  /** Default style for this raster, and the value range of each band (from the smallest overview). */
  style: z.object({ bands: z.array(z.number().int().positive()), stretch: TileStretch }),
  ranges: z.array(z.object({ band: z.number().int(), min: z.number(), max: z.number() })),
  /**
   * The tile URL template for maplibre, with {z}/{x}/{y}: `rsure-tile://...` in the desktop app; a path on the
   * local server in browser mode, which must be fetched with the header `Authorization: Bearer <launch token>`.
   */
  tileUrl: z.string(),
})

/** layers.identify: the values of every band of one layer under a lon/lat. */
export const IdentifyResult = z.object({
  inside: z.boolean(),
  /** Full-resolution pixel (0-based), null outside the raster. */
  col: z.number().int().nullable(),
  row: z.number().int().nullable(),
  /** One per band; null where the pixel is nodata (the file's tag, the override, NaN). */
  values: z.array(z.object({ band: z.number().int().positive(), value: z.number().nullable() })),
  /** The nodata rule applied: the override when set, else the file's tag; null when there is none. */
  nodata: z.union([z.number(), z.literal('NaN')]).nullable(),
})

export const TileResult = z.object({
  png: z.custom<Uint8Array>((v) => v instanceof Uint8Array, { message: 'expected bytes' }),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  /** True when no valid pixel fell in the tile (a fully transparent PNG). */
  empty: z.boolean(),
  /** The overview level read (0 = full resolution). */
  level: z.number().int().nonnegative(),
})

/** A file handed back to the window to save (report, exported layer). */
export const ExportedFile = z.object({
  bytes: z.custom<Uint8Array>((v) => v instanceof Uint8Array, { message: 'expected bytes' }),
  fileName: z.string(),
  mime: z.string(),
})
