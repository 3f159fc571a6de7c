/**
 * A raster job: the part of an execute DAG that touches pixels, shipped to a worker thread and evaluated for one
 * asset (collections) or once (single rasters). Plain JSON plus transferable bytes, so it crosses
 * `postMessage` without custom serialisation. The tool layer compiles and validates DAGs into jobs; the engine
 * only evaluates them.
 */
import type { Asset } from '../catalog/catalog'
import type { Geometry } from '../spatial'
import type { ContentProfile } from '../stats'
import type { Unit } from '../units'
import type { PoolPartial, PoolSinkSpec } from '../pooled'

export type RasterOpKind = 'read' | 'algebra' | 'product' | 'mask'

export interface ReadParams {
  path?: string
  band: number
  role?: string
  nodata: 'file' | 'none' | number
  scale?: number | 'file'
  offset?: number
  unit?: Unit
  window?: { col: number; row: number; width: number; height: number }
}

interface JobNodeBase {
  id: string
  /** Input name -> id of a raster node earlier in this job, or a scalar value computed before the job. */
  inputs: Record<string, { node: string } | { value: number }>
  /** Output unit, decided at compile time. */
  unit: Unit
}

/** What a node does: its kind and its parameters, validated with defaults filled (products: `product` plus its own). */
export type JobNodeWork = { kind: 'read'; params: ReadParams } | { kind: Exclude<RasterOpKind, 'read'>; params: Record<string, unknown> }

/** A node of a raster job. */
export type JobNode = JobNodeBase & JobNodeWork

export type SinkKind = 'summarize' | 'reduce' | 'threshold' | 'query' | 'export' | 'pool'

export interface SummarizeSink {
  kind: 'summarize'
  stats: string[]
  min_valid: number
  ddof: number
}
export interface ReduceSink {
  kind: 'reduce'
  stat: string
  min_valid: number
}
export interface ThresholdSink {
  kind: 'threshold'
  op: '>' | '>=' | '<' | '<=' | 'between'
  value?: number
  low?: number
  high?: number
  as: 'fraction' | 'percent'
  min_valid: number
}
export interface QuerySink {
  kind: 'query'
  geometry: Geometry
  stat: string
  min_valid: number
}
export interface ExportSink {
  kind: 'export'
}

/** One item's share of a statistic pooled over every item of a collection (engines/raster/pooled.ts). */
export type PoolSink = PoolSinkSpec

export type SinkSpec = SummarizeSink | ReduceSink | ThresholdSink | QuerySink | ExportSink | PoolSink

export interface JobSink {
  /** The DAG node this sink computes (or, for exports, the raster node written). */
  id: string
  input: string
  spec: SinkSpec
}

export interface RasterJob {
  nodes: JobNode[]
  sinks: JobSink[]
  /** The asset a collection job runs for; null for single-raster jobs. */
  item: Asset | null
  /** Folder that relative paths resolve against. */
  baseDir: string
  /**
   * Rows per strip when the job may run strip by strip (pixel-local nodes only, one grid); default: sized so the
   * strip's buffers stay within the engine's strip budget, and whole rasters when they fit in it anyway.
   */
  stripRows?: number
}

export interface NodeReport {
  status: 'ok' | 'insufficient'
  reason?: string
  unit: Unit
  width?: number
  height?: number
  valid?: number
  total?: number
  min?: number
  max?: number
  mean?: number
  /** Read nodes: what was read and how it was scaled. */
  band?: Record<string, unknown>
  /** Mask nodes: pixels dropped per rule. */
  dropped?: Record<string, number>
  /** Product nodes: per-raster details (fitted edges, constants). */
  details?: Record<string, unknown>
  /** Content evidence: pixels at the extremes, constant rows, and for reads a fingerprint (engines/raster/stats.ts). */
  content?: ContentProfile
}

export interface SinkResult {
  status: 'ok' | 'insufficient'
  reason?: string
  /** summarize: the named statistics; reduce/threshold/query: one number. */
  value?: number | Record<string, number>
  valid?: number
  total?: number
  numerator?: number
  denominator?: number
  /** query: pixels inside the geometry. */
  pixels?: number
  /** export: the GeoTIFF bytes. */
  bytes?: Uint8Array
  /** pool: the item's moments and histogram, combined with the other items' by the caller. */
  pool?: PoolPartial
}

export interface JobResult {
  item: string | null
  date: string | null
  nodes: Record<string, NodeReport>
  sinks: Record<string, SinkResult>
}

/** A failure inside a job that names the DAG node it belongs to. */
export class RasterJobError extends Error {
  constructor(
    readonly node: string,
    message: string,
  ) {
    super(message)
    this.name = 'RasterJobError'
  }
}
