/**
 * Operators that produce rasters or assets: asset.catalog, raster.read, raster.algebra, raster.product,
 * raster.mask. Parameters are validated here; pixels are computed by the engine in worker threads.
 */
import path from 'node:path'
import { z } from 'zod'
import { asRecord } from '../../../domain/json'
import { buildCatalog, CatalogError, type Catalog, type CatalogParams } from '../../../engines/raster/catalog/catalog'
import { PRODUCT_NAMES, PRODUCTS, productInputNames } from '../../../engines/raster/products'
import { openRasterFile } from '../../../engines/raster/picture-raster'
import { readProblem, type TiffFile } from '../../../engines/raster/tiff/reader'
import { describeUnitClass, Unit, unitFits } from '../../../engines/raster/units'
import { parseExpr } from '../../../engines/raster/expr'
import { expressionUnit } from './expr-units'
import type { CatalogOp, RasterOp } from './spec'
import { CompileError, commonDomain, expressionVariables, info, need, onlyInputs, optional, type InferContext, type LinkedInput } from './types'
import { errorCode, errorMessage } from '../../../domain/errors'

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'dates are written YYYY-MM-DD')
const finite = z.number().refine(Number.isFinite, 'must be a finite number')

// ---- asset.catalog -------------------------------------------------------------------------------------------

const CatalogParamsSchema = z
  .strictObject({
    dir: z.string().min(1).optional(),
    files: z.array(z.string().min(1)).min(1).optional(),
    start: isoDate.optional(),
    end: isoDate.optional(),
    phases: z.array(z.string().min(1)).min(1).optional(),
    role_bands: z.record(z.string(), z.union([z.string().min(1), z.number().int().min(1)])).optional(),
    scales: z.record(z.string(), z.strictObject({ scale: finite.optional(), offset: finite.optional(), unit: Unit.optional() })).optional(),
    calibration: z.enum(['dn', 'toa']).default('dn'),
    sun_correction: z.boolean().default(false),
  })
  .refine((p) => p.dir !== undefined || p.files !== undefined, 'give dir (a folder) or files (a list)')
  .refine((p) => !(p.start && p.end && p.start > p.end), 'start must not be after end')

export const assetCatalog: CatalogOp<z.infer<typeof CatalogParamsSchema>> = {
  op: 'asset.catalog',
  kind: 'catalog',
  params: CatalogParamsSchema,
  detail: (p) => p.calibration,
  infer(ctx, p) {
    onlyInputs(ctx, [])
    let catalog
    try {
      catalog = buildCatalog(p as CatalogParams, ctx.baseDir)
    } catch (err) {
      if (err instanceof CatalogError || errorCode(err)) throw new CompileError(ctx.node, `node '${ctx.node}': ${errorMessage(err)}`)
      throw err
    }
    return { info: info('assets'), value: { type: 'assets', catalog } }
  },
}

// ---- raster.read ---------------------------------------------------------------------------------------------

const Window = z.strictObject({ col: z.number().int().min(0), row: z.number().int().min(0), width: z.number().int().min(1), height: z.number().int().min(1) })

const ReadParams = z.strictObject({
  path: z.string().min(1).optional(),
  band: z.number().int().min(1, 'band numbers start at 1').default(1),
  role: z.string().min(1).optional(),
  nodata: z.union([z.literal('file'), z.literal('none'), finite]).default('file'),
  scale: z.union([finite, z.literal('file')]).optional(),
  offset: finite.optional(),
  unit: Unit.optional(),
  window: Window.optional(),
})

/** The first skipped file with its reason, so a refusal says why a catalog is empty (e.g. a FIFO named .tif). */
function skippedExample(skipped: { file: string; reason: string }[]): string {
  const first = skipped.find((s) => !s.file.startsWith('('))
  return first ? `; '${first.file}': ${first.reason}` : ''
}

/** The catalog value of the node feeding a read (compile time), for role and unit checks. */
export type CatalogLookup = (node: string) => Catalog | null

export function rasterRead(lookup: CatalogLookup): RasterOp<z.infer<typeof ReadParams>> {
  return {
    op: 'raster.read',
    kind: 'raster',

    params: ReadParams,
    detail: (p) => (p.role !== undefined ? `role-${p.role}` : 'path'),
    jobNode: (p) => ({ kind: 'read', params: { ...p } }),
    infer(ctx, p) {
      onlyInputs(ctx, ['data'])
      const data = optional(ctx, 'data', ['assets'])
      if (data) {
        if (p.path !== undefined) throw new CompileError(ctx.node, `node '${ctx.node}' reads from a catalog, so it takes params.role, not params.path`)
        if (p.role === undefined)
          throw new CompileError(ctx.node, `node '${ctx.node}' reads from catalog '${data.ref}' and needs params.role (e.g. 'red', 'NDVI')`)
        const catalog = lookup(data.ref!)
        if (!catalog || catalog.assets.length === 0) {
          throw new CompileError(
            ctx.node,
            `node '${ctx.node}' reads from catalog '${data.ref}', which found no assets${catalog?.skipped.length ? ` (${catalog.skipped.length} file(s) skipped${skippedExample(catalog.skipped)})` : ''}; check its dir, files and period`,
          )
        }
        const units = new Set<string>()
        for (const a of catalog.assets) {
          const ref = a.bands[p.role] ?? Object.entries(a.bands).find(([k]) => k.toLowerCase() === p.role!.toLowerCase())?.[1]
          if (!ref)
            throw new CompileError(
              ctx.node,
              `node '${ctx.node}' asks for role '${p.role}', which asset ${a.id} does not have (it has ${Object.keys(a.bands).join(', ')}); bind it with role_bands on '${data.ref}'`,
            )
          units.add(ref.unit)
        }
        if (!p.unit && units.size > 1)
          throw new CompileError(
            ctx.node,
            `node '${ctx.node}' role '${p.role}' has different units across assets (${[...units].join(', ')}); give params.unit and scale`,
          )
        const unit = p.unit ?? ([...units][0] as Unit)
        if (p.scale !== undefined && p.unit === undefined && unit === 'dn') {
          throw new CompileError(ctx.node, `node '${ctx.node}' scales its values, so it must say their unit (params.unit)`)
        }
        return info('rasters', unit, data.ref)
      }
      if (p.role !== undefined)
        throw new CompileError(ctx.node, `node '${ctx.node}' names role '${p.role}' but has no catalog input (inputs.data = "@<asset.catalog node>")`)
      if (p.path === undefined) throw new CompileError(ctx.node, `node '${ctx.node}' needs params.path (a GeoTIFF) or a catalog input with params.role`)
      const file = path.resolve(ctx.baseDir, p.path)
      let tif: TiffFile
      try {
        tif = openRasterFile(file)
      } catch (err) {
        throw new CompileError(ctx.node, `node '${ctx.node}' cannot open its file: ${readProblem(file, err)}`)
      }
      try {
        if (p.band > tif.bandCount)
          throw new CompileError(ctx.node, `node '${ctx.node}' asks for band ${p.band}, but ${path.basename(file)} has ${tif.bandCount} band(s)`)
        const w = p.window
        if (w && (w.col + w.width > tif.width || w.row + w.height > tif.height)) {
          throw new CompileError(ctx.node, `node '${ctx.node}' window reaches outside the ${tif.width}x${tif.height} image`)
        }
      } finally {
        tif.close()
      }
      const scaled = p.scale !== undefined || p.offset !== undefined
      if (scaled && p.unit === undefined) throw new CompileError(ctx.node, `node '${ctx.node}' scales its values, so it must say their unit (params.unit)`)
      return info('raster', p.unit ?? 'dn')
    },
  }
}

// ---- raster.algebra ------------------------------------------------------------------------------------------

/** `index` (optional) names the spectral index the expression computes (a spyndex key such as NDVI): provenance for
 * the evidence and the product the execute call is keyed by in the prior (execute/index.ts definingNode). */
const AlgebraParams = z.strictObject({
  expr: z.string().min(1, 'expr is the expression to evaluate'),
  unit: Unit.optional(),
  index: z
    .string()
    .regex(/^[A-Za-z][A-Za-z0-9_.-]*$/, 'index is the name of the spectral index the expression computes, e.g. NDVI')
    .optional(),
})

function rasterOutput(ctx: InferContext, inputs: LinkedInput[], unit: Unit | null) {
  const domain = commonDomain(ctx, inputs)
  return info(domain ? 'rasters' : 'raster', unit, domain)
}

export const rasterAlgebra: RasterOp<z.infer<typeof AlgebraParams>> = {
  op: 'raster.algebra',
  kind: 'raster',
  params: AlgebraParams,
  detail: (p) => (p.index ? p.index.toLowerCase() : 'expr'),
  jobNode: (p) => ({ kind: 'algebra', params: { expr: p.expr } }),
  infer(ctx, p) {
    const vars = expressionVariables(ctx, p.expr)
    const ins = Object.keys(ctx.inputs).map((k) => need(ctx, k, ['raster', 'rasters', 'scalar']))
    for (const i of ins) if (!vars.has(i.name)) throw new CompileError(ctx.node, `node '${ctx.node}' input '${i.name}' is not used by its expression`)
    const rasters = ins.filter((i) => i.info.type !== 'scalar')
    if (rasters.length === 0) throw new CompileError(ctx.node, `node '${ctx.node}' has no raster input; use math.expr for numbers`)
    // The unit by dimensional analysis of the expression (a ratio of like units is dimensionless, a comparison a
    // 0/1 mask); where it cannot be derived, the common unit of the raster inputs, else dimensionless.
    const units = new Set(rasters.map((r) => r.info.unit))
    const derived = expressionUnit(parseExpr(p.expr), Object.fromEntries(ins.map((i) => [i.name, i.info.unit])))
    const unit = p.unit ?? derived ?? (units.size === 1 ? [...units][0] : 'dimensionless')
    return rasterOutput(ctx, rasters, unit)
  },
}

// ---- raster.product ------------------------------------------------------------------------------------------

const ProductParams = z.looseObject({
  product: z.enum(PRODUCT_NAMES as [string, ...string[]], { error: (i) => `'${String(i.input)}' is not a product (use one of ${PRODUCT_NAMES.join(', ')})` }),
})

export const rasterProduct: RasterOp<Record<string, unknown> & { product: string }> = {
  op: 'raster.product',
  kind: 'raster',
  params: ProductParams.transform((p, zctx) => {
    const { product, ...rest } = p
    const def = PRODUCTS.get(product)!
    const parsed = def.params.safeParse(rest)
    if (!parsed.success) {
      const issue = parsed.error.issues[0]
      zctx.addIssue({ code: 'custom', path: issue.path, message: `${product}: ${issue.message}` })
      return z.NEVER
    }
    return { product, ...asRecord(parsed.data) }
  }),
  detail: (p) => p.product,
  jobNode: (p) => ({ kind: 'product', params: { ...p } }),
  infer(ctx, p) {
    const def = PRODUCTS.get(p.product)!
    const allowed = productInputNames(def)
    onlyInputs(ctx, allowed)
    const ins: LinkedInput[] = []
    if (def.variadic) {
      const v = def.variadic
      const given = allowed.filter((n) => ctx.inputs[n])
      if (given.length < v.min)
        throw new CompileError(ctx.node, `node '${ctx.node}' (${def.name}) needs at least ${v.min} inputs named ${v.prefix}1..${v.prefix}${v.max}`)
      for (const n of given) ins.push(need(ctx, n, ['raster', 'rasters']))
    }
    for (const spec of def.inputs) {
      const i = spec.optional ? optional(ctx, spec.name, ['raster', 'rasters']) : need(ctx, spec.name, ['raster', 'rasters'])
      if (i) ins.push(i)
    }
    const unitClass = (name: string) => def.inputs.find((s) => s.name === name)?.unit ?? def.variadic?.unit ?? 'any'
    for (const i of ins) {
      const cls = unitClass(i.name)
      if (!unitFits(i.info.unit!, cls)) {
        throw new CompileError(
          ctx.node,
          `node '${ctx.node}' input '${i.name}' has unit '${i.info.unit}' (from node '${i.ref}'), but ${def.name} needs ${describeUnitClass(cls)}; give the source a scale and unit or convert it first`,
        )
      }
    }
    const { product: _p, ...params } = p
    const why =
      def.check?.(
        params,
        ins.map((i) => i.name),
      ) ?? null
    if (why) throw new CompileError(ctx.node, `node '${ctx.node}' (${def.name}) has impossible parameters: ${why}`)
    const units: Record<string, Unit> = {}
    for (const i of ins) units[i.name] = i.info.unit!
    return rasterOutput(ctx, ins, def.outputUnit(params, units))
  },
}

// ---- raster.mask ---------------------------------------------------------------------------------------------

const range = z.tuple([finite, finite]).refine((r) => r[0] <= r[1], 'a range [lo, hi] needs lo <= hi')

const MaskParams = z
  .strictObject({
    nodata: z.array(finite).min(1).optional(),
    valid_range: range.optional(),
    min: finite.optional(),
    max: finite.optional(),
    qa_bits: z
      .array(
        z
          .strictObject({ first: z.number().int().min(0).max(52), last: z.number().int().min(0).max(52), reject: z.array(z.number().int().min(0)).min(1) })
          .refine((r) => r.first <= r.last, 'a QA bit field needs first <= last')
          .refine((r) => r.reject.every((v) => v < 2 ** (r.last - r.first + 1)), 'a rejected QA value does not fit in its bit field'),
      )
      .min(1)
      .optional(),
  })
  .refine(
    (p) => p.nodata || p.valid_range || p.min !== undefined || p.max !== undefined || p.qa_bits,
    'give at least one rule: nodata, valid_range, min, max or qa_bits',
  )
  .refine((p) => p.min === undefined || p.max === undefined || p.min <= p.max, 'min must not exceed max')

export const rasterMask: RasterOp<z.infer<typeof MaskParams>> = {
  op: 'raster.mask',
  kind: 'raster',
  params: MaskParams,
  detail: (p) => [p.nodata && 'nodata', (p.valid_range || p.min !== undefined || p.max !== undefined) && 'range', p.qa_bits && 'qa'].filter(Boolean).join('+'),
  jobNode: (p) => ({ kind: 'mask', params: { ...p } }),
  infer(ctx, p) {
    onlyInputs(ctx, ['data', 'qa'])
    const data = need(ctx, 'data', ['raster', 'rasters'])
    const qa = optional(ctx, 'qa', ['raster', 'rasters'])
    if (qa && !p.qa_bits) throw new CompileError(ctx.node, `node '${ctx.node}' has a qa input but no qa_bits rule to apply to it`)
    return rasterOutput(ctx, qa ? [data, qa] : [data], data.info.unit)
  },
}
