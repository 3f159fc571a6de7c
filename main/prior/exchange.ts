/**
 * The JSON exchange format of the prior (`rsure prior export|import`, the desktop's prior view): every seed row
 * with its provenance and every judged record with its key, so that exporting, importing into an empty database
 * and exporting again gives the same document (apart from `exported_at`).
 */
import { z } from 'zod'
import { ConfigIdSchema, coarseOf } from './config-ids'
import { TaskTypeSchema } from './task-types'

export const PRIOR_EXPORT_FORMAT = 'rsure-prior'
export const PRIOR_EXPORT_VERSION = 1

export const RecordSource = z.enum(['calibration', 'feedback'])
export type RecordSource = z.infer<typeof RecordSource>

export const ExportedSeedSchema = z
  .object({
    task_type: TaskTypeSchema,
    level: z.enum(['coarse', 'fine']),
    config: ConfigIdSchema,
    tool: z.enum(['perceive', 'measure', 'execute', 'retrieve']),
    n: z.number().int().nonnegative(),
    n_valid: z.number().int().nonnegative(),
    provenance: z.string().min(1),
    reference: z.string(),
    r_published: z.number().min(0).max(1).nullable(),
  })
  .superRefine((e, ctx) => {
    if ((coarseOf(e.config) === e.config) !== (e.level === 'coarse')) {
      ctx.addIssue({ code: 'custom', path: ['config'], message: `'${e.config}' is not a ${e.level} configuration id` })
    }
    if (!e.config.startsWith(`${e.tool}:`)) ctx.addIssue({ code: 'custom', path: ['tool'], message: `'${e.config}' does not belong to tool '${e.tool}'` })
  })
export type ExportedSeed = z.infer<typeof ExportedSeedSchema>

export const ExportedRecordSchema = z
  .object({
    uid: z.string().min(1),
    task_type: TaskTypeSchema,
    tool: z.enum(['perceive', 'measure', 'execute', 'retrieve']),
    coarse: ConfigIdSchema,
    fine: ConfigIdSchema,
    valid: z.boolean(),
    source: RecordSource,
    run_id: z.string().nullable(),
    step_seq: z.number().int().nonnegative().nullable(),
    suite: z.string().nullable(),
    task_id: z.string().nullable(),
    note: z.string().nullable(),
    created_at: z.string().min(1),
  })
  .superRefine((r, ctx) => {
    if (coarseOf(r.fine) !== r.coarse) ctx.addIssue({ code: 'custom', path: ['fine'], message: `fine id '${r.fine}' does not refine '${r.coarse}'` })
  })
export type ExportedRecord = z.infer<typeof ExportedRecordSchema>

export const PriorExportSchema = z
  .object({
    format: z.literal(PRIOR_EXPORT_FORMAT, { error: `the document is not an RSure prior export (format must be '${PRIOR_EXPORT_FORMAT}')` }),
    version: z.literal(PRIOR_EXPORT_VERSION, { error: `only version ${PRIOR_EXPORT_VERSION} prior exports can be read` }),
    exported_at: z.string(),
    n_min: z.number().int().positive(),
    seeds: z.array(ExportedSeedSchema),
    records: z.array(ExportedRecordSchema),
    meta: z.record(z.string(), z.string()),
  })
  .superRefine((doc, ctx) => {
    doc.seeds.forEach((s, i) => {
      if (s.n_valid > s.n) ctx.addIssue({ code: 'custom', path: ['seeds', i, 'n_valid'], message: `n_valid exceeds n` })
    })
    const uids = new Set<string>()
    doc.records.forEach((r, i) => {
      if (uids.has(r.uid)) ctx.addIssue({ code: 'custom', path: ['records', i, 'uid'], message: `duplicate record uid '${r.uid}'` })
      uids.add(r.uid)
    })
  })
export type PriorExport = z.infer<typeof PriorExportSchema>
