/**
 * The backends perceive and measure see with, built at the composition root: the vision engine's model packs, and
 * the configured vision-language model (RSURE_VLM=openai:URL#MODEL, an OpenAI-compatible server with image input;
 * RSURE_OPENAI_API_KEY for a cloud endpoint). Without RSURE_VLM the model-based modes answer 'insufficient'.
 */
import { visionEngineApi } from '../tools/perceive/vision-adapter'
import type { PerceiveBackends, VisionLanguageModel } from '../tools/perceive/backends'
import { OpenAIClient } from './llm/openai-client'
import type { Model } from './model'

/** A chat model with image input, reduced to perceive's one JSON call. */
export function vlmFromModel(model: Model): VisionLanguageModel {
  return {
    id: model.id,
    async askJson(prompt, images, signal) {
      const res = await model.chat(
        {
          messages: [{ role: 'user', content: [{ type: 'text', text: prompt }, ...images.map((i) => ({ type: 'image' as const, dataUri: i.dataUri }))] }],
          responseSchema: { name: 'perception', schema: { type: 'object' } },
          temperature: 0,
        },
        signal,
      )
      return res.json
    },
  }
}

/** `openai:URL#MODEL` -> a vision-language model, or throws one sentence. */
export function vlmFromSpec(spec: string, apiKey?: string): VisionLanguageModel {
  const m = /^openai:(https?:\/\/[^#\s]+)#(\S+)$/.exec(spec.trim())
  if (!m) throw new Error(`RSURE_VLM '${spec}' is not understood: write it as openai:URL#MODEL, e.g. openai:http://127.0.0.1:11434/v1#qwen2.5vl:7b.`)
  return vlmFromModel(new OpenAIClient({ baseUrl: m[1], model: m[2], apiKey }))
}

export function perceptionBackends(env: NodeJS.ProcessEnv = process.env, opts: { dataDir?: string } = {}): PerceiveBackends {
  return {
    vision: visionEngineApi(opts),
    vlm: env.RSURE_VLM ? vlmFromSpec(env.RSURE_VLM, env.RSURE_OPENAI_API_KEY) : null,
  }
}
