/**
 * Configuration ids: how the prior names "the way a tool was called" (paper section 4.3 and appendix E).
 *
 * Grammar (ids are compared in lower case; parts contain no spaces and no '|'):
 *   coarse = <tool> ':' <key>                      key = perception mode | measurement metric | execute op | 'cards'
 *   fine   = <coarse> ( '|' <qualifier> )*
 *     perceive: mode|backend|view                   e.g. perceive:objects|auto|full, perceive:scene|clip-rs|tiles
 *     measure:  metric|relation|layer type          e.g. measure:count|auto|objects, measure:area|auto|regions
 *     execute:  op|product-or-detail (optional)     e.g. execute:raster.product|tvdi
 *     retrieve: cards|ranker                        e.g. retrieve:cards|bm25
 * `auto` stands for "chosen automatically" (backend picked by the tool, no explicit relation).
 *
 * The tools write these ids themselves into `ToolResult.config` (tools may not import this module, which sits
 * above them; they follow the grammar). The prior uses the helpers here to validate ids that arrive from the CLI,
 * JSON imports and trajectories, and to derive the coarse id of a fine one. The prior keys on these ids alone: it
 * does not know the tool registry, so a tool added later needs no change here.
 */
import { z } from 'zod'

/** A part is anything without white space or '|', exactly what the protocol's ToolConfig accepts, so no id a
 * tool may emit is refused here (execute details such as `mean+max` or `polygon-mean` included). */
const PART = /^[^\s|]+$/
/** The tool part: a lower-case word (perceive, measure, execute, retrieve, or a tool added later). */
const TOOL = /^[a-z][a-z0-9_-]*$/

export interface ParsedConfigId {
  tool: string
  /** Mode, metric, op or 'cards'. */
  key: string
  /** Qualifiers after the key (backend, view, relation, layer type, product...). Empty for a coarse id. */
  qualifiers: string[]
  coarse: string
  /** The id as given, normalised. */
  id: string
  level: 'coarse' | 'fine'
}

/** Parse a coarse or fine id; throws one sentence naming what is wrong. */
export function parseConfigId(raw: string): ParsedConfigId {
  const id = raw.trim().toLowerCase()
  const colon = id.indexOf(':')
  if (colon <= 0) {
    throw new Error(`The configuration id '${raw}' must start with a tool and a colon, e.g. 'measure:count|auto|objects'.`)
  }
  const tool = id.slice(0, colon)
  if (!TOOL.test(tool)) {
    throw new Error(`The configuration id '${raw}' must start with a tool name in letters, e.g. perceive, measure, execute or retrieve.`)
  }
  const [key, ...qualifiers] = id.slice(colon + 1).split('|')
  for (const part of [key, ...qualifiers]) {
    if (!PART.test(part)) {
      throw new Error(`The configuration id '${raw}' has an empty or malformed part '${part}'; parts are words without spaces joined by '|'.`)
    }
  }
  const coarse = `${tool}:${key}`
  return { tool, key, qualifiers, coarse, id, level: qualifiers.length ? 'fine' : 'coarse' }
}

/** The coarse id of a fine (or coarse) id. */
export function coarseOf(id: string): string {
  return parseConfigId(id).coarse
}

/** A zod schema for one configuration id string (normalised to lower case). */
export const ConfigIdSchema = z
  .string()
  .trim()
  .transform((s, ctx) => {
    try {
      return parseConfigId(s).id
    } catch (err) {
      ctx.addIssue({ code: 'custom', message: (err as Error).message })
      return z.NEVER
    }
  })

/** The {tool, coarse, fine} triple of a `ToolResult.config`, checked for agreement between its parts. */
export const ConfigTripleSchema = z.object({ tool: z.string().regex(TOOL), coarse: ConfigIdSchema, fine: ConfigIdSchema }).superRefine((c, ctx) => {
  if (!c.coarse.startsWith(`${c.tool}:`))
    ctx.addIssue({ code: 'custom', path: ['coarse'], message: `coarse id '${c.coarse}' does not belong to tool '${c.tool}'` })
  if (coarseOf(c.coarse) !== c.coarse) ctx.addIssue({ code: 'custom', path: ['coarse'], message: `'${c.coarse}' is a fine id, not a coarse one` })
  if (coarseOf(c.fine) !== c.coarse) ctx.addIssue({ code: 'custom', path: ['fine'], message: `fine id '${c.fine}' does not refine '${c.coarse}'` })
})
export type ConfigTriple = z.infer<typeof ConfigTripleSchema>

/** {tool, coarse, fine} from one id given on the command line: a fine id implies its coarse id. */
export function configFromId(raw: string): ConfigTriple {
  const p = parseConfigId(raw)
  return { tool: p.tool, coarse: p.coarse, fine: p.id }
}

const part = (value: string | undefined | null, fallback = 'auto') => {
  const v = (value ?? '').trim().toLowerCase().replace(/\s+/g, '-')
  return v === '' ? fallback : v
}

/** perceive: coarse = mode, fine = mode|backend|view. */
export function perceiveConfig(mode: string, backend?: string | null, view?: string | null): ConfigTriple {
  const coarse = `perceive:${part(mode)}`
  return { tool: 'perceive', coarse, fine: `${coarse}|${part(backend)}|${part(view, 'full')}` }
}

/** measure: coarse = metric, fine = metric|relation|layer type. */
export function measureConfig(metric: string, relation?: string | null, layer?: string | null): ConfigTriple {
  const coarse = `measure:${part(metric)}`
  return { tool: 'measure', coarse, fine: `${coarse}|${part(relation)}|${part(layer)}` }
}

/** execute: coarse = op, fine = op|detail (the product or sub-operation) when there is one. */
export function executeConfig(op: string, detail?: string | null): ConfigTriple {
  const coarse = `execute:${part(op)}`
  return { tool: 'execute', coarse, fine: detail ? `${coarse}|${part(detail)}` : coarse }
}
