/**
 * What an execute operator declares: its parameter schema, how compile-time inference types its output (and
 * checks its inputs, units and parameters), and how it runs: a catalog built on the calling thread, a raster node
 * shipped to the workers, a sink that reduces rasters inside the workers, or a scalar step on the calling thread.
 */
import type { z } from 'zod'
import type { JobNodeWork, SinkSpec } from '../../../engines/raster/job/types'
import type { InferContext, RuntimeValue, TypeInfo } from './types'

interface Base<P> {
  op: string
  params: z.ZodType<P>
  /** The detail of the fine configuration id, e.g. the product name (`execute:raster.product|tvdi`). */
  detail(params: P): string
}

export interface CatalogOp<P> extends Base<P> {
  kind: 'catalog'
  /** Builds the catalog at compile time (cheap: names, MTL files, TIFF headers), so band roles are checked early. */
  infer(ctx: InferContext, params: P): { info: TypeInfo; value: RuntimeValue }
}

export interface RasterOp<P> extends Base<P> {
  kind: 'raster'
  infer(ctx: InferContext, params: P): TypeInfo
  /** The job node's kind and the parameters handed to the worker (defaults filled). */
  jobNode(params: P): JobNodeWork
}

export interface SinkOp<P> extends Base<P> {
  kind: 'sink'
  infer(ctx: InferContext, params: P): TypeInfo
  sink(params: P): SinkSpec
}

export interface ScalarOp<P> extends Base<P> {
  kind: 'scalar'
  infer(ctx: InferContext, params: P): TypeInfo
  run(params: P, inputs: Record<string, RuntimeValue>, node: string): RuntimeValue
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a registry of specs with different parameter types; each validates its own
export type OpSpec<P = any> = CatalogOp<P> | RasterOp<P> | SinkOp<P> | ScalarOp<P>
