/**
 * The `--backbone` value: `rules` (default), `openai:URL#MODEL` or `llama:PATH.gguf`, validated with zod, and the
 * factory that builds the backbone it names.
 */
import { envSeconds } from '../run-deadline'
import { z } from 'zod'
import type { Backbone } from '../backbone'
import type { ToolRegistry } from '../tool-registry'
import { LlamaModel } from './llama-model'
import { createLlmBackbone } from './llm-backbone'
import { OpenAIClient } from './openai-client'
import { createRulesBackbone } from '../rules/rules-backbone'
import { vlmFromModel } from '../perception-backends'
import type { VisionLanguageModel } from '../../tools/perceive/backends'

export type BackboneSpec = { kind: 'rules' } | { kind: 'openai'; baseUrl: string; model: string } | { kind: 'llama'; path: string }

const OpenAISpec = z
  .string()
  .regex(/^openai:https?:\/\/[^#\s]+#\S+$/, 'write it as openai:URL#MODEL, e.g. openai:http://127.0.0.1:11434/v1#qwen2.5:7b')
  .transform((s) => {
    const rest = s.slice('openai:'.length)
    const hash = rest.lastIndexOf('#')
    return { kind: 'openai' as const, baseUrl: rest.slice(0, hash), model: rest.slice(hash + 1) }
  })
  .refine((s) => URL.canParse(s.baseUrl), 'the URL of the openai backbone is not a valid URL')

/**
 * The default addresses of the four local servers, so `--backbone ollama:qwen2.5vl:7b` means
 * `openai:http://127.0.0.1:11434/v1#qwen2.5vl:7b`.
 */
export const SERVER_PRESETS = {
  ollama: 'http://127.0.0.1:11434/v1',
  'llama-server': 'http://127.0.0.1:8080/v1',
  vllm: 'http://127.0.0.1:8000/v1',
  lmstudio: 'http://127.0.0.1:1234/v1',
} as const

const PresetSpec = z
  .string()
  .regex(/^(ollama|llama-server|vllm|lmstudio):\S+$/, 'write it as ollama:MODEL, llama-server:MODEL, vllm:MODEL or lmstudio:MODEL')
  .transform((s) => {
    const at = s.indexOf(':')
    return { kind: 'openai' as const, baseUrl: SERVER_PRESETS[s.slice(0, at) as keyof typeof SERVER_PRESETS], model: s.slice(at + 1) }
  })

export const BackboneSpecSchema = z.union([
  PresetSpec,
  z.literal('rules').transform(() => ({ kind: 'rules' as const })),
  OpenAISpec,
  z
    .string()
    .regex(/^llama:.+\.gguf$/i, 'write it as llama:PATH.gguf')
    .transform((s) => ({ kind: 'llama' as const, path: s.slice('llama:'.length) })),
])

/** Parse a `--backbone` value; throws one sentence naming the accepted forms. */
export function parseBackbone(value: string): BackboneSpec {
  const parsed = BackboneSpecSchema.safeParse(value.trim())
  if (parsed.success) return parsed.data
  throw new Error(
    `The backbone '${value}' is not understood: use rules, openai:URL#MODEL (e.g. openai:http://127.0.0.1:11434/v1#qwen2.5:7b), a local server preset (ollama:MODEL, llama-server:MODEL, vllm:MODEL, lmstudio:MODEL) or llama:PATH.gguf.`,
  )
}

export interface BackboneOptions {
  /** API key for a cloud endpoint (RSURE_OPENAI_API_KEY); local servers need none. */
  apiKey?: string
  /** Deadline of one model call, ms, across its retries: default RSURE_MODEL_TIMEOUT_S, else 120 s. */
  timeoutMs?: number
  /** Deadline of the run, its model calls and tools together, ms: default RSURE_ASK_TIMEOUT_S, else 1800 s (run-deadline.ts). */
  askTimeoutMs?: number
  stream?: boolean
}

export function createBackbone(spec: BackboneSpec, registry: ToolRegistry, opts: BackboneOptions = {}): Backbone {
  switch (spec.kind) {
    case 'rules':
      return createRulesBackbone()
    case 'openai':
      return createLlmBackbone(
        new OpenAIClient({
          baseUrl: spec.baseUrl,
          model: spec.model,
          apiKey: opts.apiKey,
          timeoutMs: opts.timeoutMs ?? envSeconds('RSURE_MODEL_TIMEOUT_S'),
          stream: opts.stream,
        }),
        registry,
        {
          askTimeoutMs: opts.askTimeoutMs ?? envSeconds('RSURE_ASK_TIMEOUT_S'),
        },
      )
    case 'llama':
      return createLlmBackbone(new LlamaModel(spec.path), registry, { askTimeoutMs: opts.askTimeoutMs ?? envSeconds('RSURE_ASK_TIMEOUT_S') })
  }
}

/**
 * The vision-language model perceive may use when none is configured (RSURE_VLM unset): the backbone's own model,
 * for an openai backbone (a vision-model backbone sees through perceive like any other tool user; a text-only one
 * answers perceive's image request with no valid JSON, and perceive says so). Null for rules and llama backbones.
 */
export function backboneVlm(spec: BackboneSpec, opts: BackboneOptions = {}): VisionLanguageModel | null {
  if (spec.kind !== 'openai') return null
  return vlmFromModel(
    new OpenAIClient({
      baseUrl: spec.baseUrl,
      model: spec.model,
      apiKey: opts.apiKey,
      timeoutMs: opts.timeoutMs ?? envSeconds('RSURE_MODEL_TIMEOUT_S'),
      stream: false,
    }),
  )
}
