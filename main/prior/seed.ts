/**
 * The seeded prior: the published reliability matrix shipped in `resources/prior/published.json`, validated on
 * load. Entries carry provenance "published" and counts with n >= n_min, so they are treated as calibrated from
 * the first run (DESIGN section 6). How the counts were chosen is stated in the file itself (`counts_note`).
 */
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { z } from 'zod'
import { ConfigIdSchema, coarseOf, parseConfigId } from './config-ids'
import { TaskTypeSchema } from './task-types'

export const PUBLISHED_SEED_FILE = path.join('prior', 'published.json')

/**
 * `resources/` of the app: RSURE_RESOURCES_DIR when set (a packaged app points it at its resources), else the
 * nearest `resources/` above this module that holds the published seed, which finds the source tree from
 * main/prior and from a bundled out/main alike.
 */
export function resourcesDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.RSURE_RESOURCES_DIR) return path.resolve(env.RSURE_RESOURCES_DIR)
  const here = path.dirname(fileURLToPath(import.meta.url))
  for (let dir = here, i = 0; i < 8; i++, dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'resources', PUBLISHED_SEED_FILE))) return path.join(dir, 'resources')
    if (path.dirname(dir) === dir) break
  }
  return path.resolve(here, '..', '..', 'resources')
}

export const SeedEntrySchema = z
  .object({
    task_type: TaskTypeSchema,
    level: z.enum(['coarse', 'fine']),
    config: ConfigIdSchema,
    n: z.number().int().nonnegative(),
    n_valid: z.number().int().nonnegative(),
    r_published: z.number().min(0).max(1).nullable().optional(),
    reference: z.string().default(''),
  })
  .superRefine((e, ctx) => {
    if (e.n_valid > e.n) ctx.addIssue({ code: 'custom', path: ['n_valid'], message: `n_valid (${e.n_valid}) exceeds n (${e.n})` })
    const isCoarse = coarseOf(e.config) === e.config
    if ((e.level === 'coarse') !== isCoarse) {
      ctx.addIssue({ code: 'custom', path: ['config'], message: `'${e.config}' is not a ${e.level} configuration id` })
    }
  })
export type SeedEntry = z.infer<typeof SeedEntrySchema>

export const SeedDocumentSchema = z.object({
  format: z.literal('rsure-prior-seed'),
  version: z.number().int().positive(),
  provenance: z.string().min(1),
  reference: z.string().default(''),
  counts_note: z.string().optional(),
  entries: z.array(SeedEntrySchema).min(1),
})
export type SeedDocument = z.infer<typeof SeedDocumentSchema>

/** Read and validate a seed file; throws one sentence saying what is wrong. */
export function loadSeedDocument(file = path.join(resourcesDir(), PUBLISHED_SEED_FILE)): SeedDocument {
  let raw: unknown
  try {
    raw = JSON.parse(fs.readFileSync(file, 'utf8'))
  } catch (err) {
    throw new Error(`Cannot read the prior seed ${file}: ${(err as Error).message}. Reinstall the app or point RSURE_RESOURCES_DIR at its resources.`, {
      cause: err,
    })
  }
  const parsed = SeedDocumentSchema.safeParse(raw)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    throw new Error(`The prior seed ${file} is not valid at ${issue.path.join('.') || 'the top level'}: ${issue.message}.`)
  }
  return parsed.data
}

/** The tool a configuration id belongs to. */
export function toolOf(config: string): string {
  return parseConfigId(config).tool
}
