/**
 * The manifest of a model pack (`manifest.json` in the pack folder), validated with zod before any file is opened.
 *
 * A pack is one model family with its files: Ultralytics YOLO (detect, obb, segment; raw or end-to-end layout),
 * SAM 1 / SAM 2.1 (encoder + decoder), CLIP-style (image tower, text tower, tokenizer.json) and PaddleOCR (det, rec,
 * dictionary, optional cls). Every file carries its sha256 so a pack is checked before use. Units: input sizes in
 * pixels, training GSD in metres per pixel.
 */
import { z } from 'zod'
import type { Provider, ProviderAttempt } from './providers'

export const FAMILIES = ['yolo', 'sam', 'sam2', 'clip', 'paddleocr'] as const
export type Family = (typeof FAMILIES)[number]

export const TASKS = ['detect', 'obb', 'segment', 'prompt-segment', 'scene', 'ocr'] as const
export type Task = (typeof TASKS)[number]

/** File roles each family needs (and may have). */
export const FAMILY_FILES: Record<Family, { required: string[]; optional: string[]; tasks: Task[] }> = {
  yolo: { required: ['model'], optional: [], tasks: ['detect', 'obb', 'segment'] },
  sam: { required: ['encoder', 'decoder'], optional: [], tasks: ['prompt-segment'] },
  sam2: { required: ['encoder', 'decoder'], optional: [], tasks: ['prompt-segment'] },
  clip: { required: ['image', 'text', 'tokenizer'], optional: ['tokenizer_config'], tasks: ['scene'] },
  paddleocr: { required: ['det', 'rec', 'dict'], optional: ['cls'], tasks: ['ocr'] },
}

const sha256 = z.string().regex(/^[0-9a-f]{64}$/, 'a sha256 is 64 lower-case hex digits')

/**
 * A file of the pack: `path` relative to the pack folder (no '..', no absolute path), or `npm:<package>/<path>` for a
 * file shipped inside an installed npm package (the built-in PaddleOCR pack).
 */
const packFile = z.object({
  path: z
    .string()
    .min(1)
    .refine(
      (p) =>
        !p.includes('\\') &&
        !/^[a-zA-Z]:/.test(p) &&
        !(p.startsWith('npm:') ? p.slice(4) : p).startsWith('/') &&
        !p.split(/[\\/]/).includes('..') &&
        !p.includes('\0'),
      {
        message: 'a file path must stay inside the pack folder',
      },
    ),
  sha256,
})

const normalisation = z.object({
  /** Pixel values are multiplied by `scale` first (1/255 for 0..1 models, 1 for 0..255 models). */
  scale: z.number().positive(),
  /** Then `(v - mean[c]) / std[c]` per RGB channel, on the scaled values. */
  mean: z.tuple([z.number(), z.number(), z.number()]),
  std: z.tuple([z.number().positive(), z.number().positive(), z.number().positive()]),
})

export const manifestSchema = z
  .object({
    schema: z.literal(1),
    id: z.string().regex(/^[a-z0-9][a-z0-9._-]{0,63}$/, 'an id is lower-case letters, digits, dot, dash or underscore'),
    name: z.string().min(1).optional(),
    version: z.string().min(1),
    family: z.enum(FAMILIES),
    task: z.enum(TASKS),
    /** YOLO only: 'raw' needs NMS ([1, 4+nc(+extra), A]); 'end2end' is the NMS-free [1, N, 6|7|38] export. */
    layout: z.enum(['raw', 'end2end']).default('raw'),
    input: z.object({
      width: z.number().int().positive(),
      height: z.number().int().positive(),
      /** letterbox (YOLO), long-side (SAM 1: long side to the size, pad right/bottom), stretch (SAM 2.1), centre-crop (CLIP). */
      resize: z.enum(['letterbox', 'long-side', 'stretch', 'centre-crop']),
      /** Channel order the model was trained on (PaddleOCR reads images as OpenCV BGR). */
      channelOrder: z.enum(['RGB', 'BGR']).default('RGB'),
      normalisation,
    }),
    classNames: z.array(z.string().min(1)).default([]),
    /** Ground sample distance of the training imagery, metres per pixel; null when unknown. */
    gsd: z.number().positive().nullable().default(null),
    licence: z.string().min(1),
    source: z.string().optional(),
    files: z.record(z.string(), packFile),
    /** CLIP only: prompt templates with '{}' for the label; the label space is ensembled over them. */
    templates: z.array(z.string().includes('{}')).optional(),
    /** CLIP only: token sequence length of the text tower (77 for OpenAI CLIP). */
    contextLength: z.number().int().positive().optional(),
    /** CLIP only: the factor on cosine similarities before softmax (100 for OpenAI CLIP). */
    logitScale: z.number().positive().optional(),
  })
  .superRefine((m, ctx) => {
    const spec = FAMILY_FILES[m.family]
    if (!spec.tasks.includes(m.task)) {
      ctx.addIssue({ code: 'custom', path: ['task'], message: `a ${m.family} pack cannot do task '${m.task}' (it does ${spec.tasks.join(', ')})` })
    }
    for (const role of spec.required) {
      if (!m.files[role]) ctx.addIssue({ code: 'custom', path: ['files', role], message: `a ${m.family} pack needs a '${role}' file` })
    }
    for (const role of Object.keys(m.files)) {
      if (!spec.required.includes(role) && !spec.optional.includes(role)) {
        ctx.addIssue({ code: 'custom', path: ['files', role], message: `'${role}' is not a file role of a ${m.family} pack` })
      }
    }
    if (m.family === 'yolo' && m.classNames.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['classNames'], message: 'a YOLO pack must list its class names in output order' })
    }
  })

export type Manifest = z.infer<typeof manifestSchema>
export type PackFile = z.infer<typeof packFile>

/** First zod issue as one sentence fragment: 'files.model: a yolo pack needs a 'model' file'. */
export function describeManifestIssue(error: z.ZodError): string {
  const issue = error.issues[0]
  const where = issue.path.length ? `${issue.path.join('.')}: ` : ''
  return `${where}${issue.message}`
}

/** What every result's evidence says about the pack that produced it (the verifier checks ids and hashes). */
export interface PackEvidence {
  id: string
  version: string
  family: Family
  task: Task
  layout: 'raw' | 'end2end'
  sha256: Record<string, string>
  licence: string
  classNames: string[]
  /** Training GSD, metres per pixel. */
  gsd: number | null
}

/** What the evidence of every pack run starts with: the pack, the execution provider that ran it and those tried. */
export interface PackRunEvidence {
  pack: PackEvidence
  provider: Provider
  providerAttempts: ProviderAttempt[]
}

export function packEvidence(m: Manifest): PackEvidence {
  return {
    id: m.id,
    version: m.version,
    family: m.family,
    task: m.task,
    layout: m.layout,
    sha256: Object.fromEntries(Object.entries(m.files).map(([role, f]) => [role, f.sha256])),
    licence: m.licence,
    classNames: m.classNames,
    gsd: m.gsd,
  }
}
