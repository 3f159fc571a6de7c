/**
 * The settings' connection test for a backbone: an OpenAI-compatible endpoint must answer GET /models (it lists
 * the models it serves, and the chosen one should be among them); a local model must be a readable GGUF file
 * (its first four bytes are the magic 'GGUF'); the rules backbone needs nothing. One sentence either way. With
 * `capabilities`, an endpoint that answers is also asked what the chosen model can do (agent/llm/capability-probe.ts).
 */
import fs from 'node:fs'
import type { BackboneChoice } from '../../preload/contract'
import { probeModel, type ModelProbe } from '../agent/llm/capability-probe'
import { checkEgress } from '../agent/llm/egress'

/** How long the endpoint may take to answer (ms). */
export const PROBE_TIMEOUT_MS = 5000

export interface ProbeResult {
  ok: boolean
  message: string
  models: string[]
  ms: number
  capabilities?: Pick<ModelProbe, 'tools' | 'images' | 'jsonSchema'>
}

export async function probeBackbone(
  choice: BackboneChoice,
  apiKey = process.env.RSURE_OPENAI_API_KEY,
  opts: { capabilities?: boolean } = {},
): Promise<ProbeResult> {
  const t0 = performance.now()
  const done = (ok: boolean, message: string, models: string[] = []) => ({ ok, message, models, ms: Math.round(performance.now() - t0) })
  if (choice.kind === 'rules') return done(true, 'The rules backbone needs no model; it is always available.')
  if (choice.kind === 'llama') {
    try {
      const fd = fs.openSync(choice.path, 'r')
      const head = Buffer.alloc(4)
      fs.readSync(fd, head, 0, 4, 0)
      fs.closeSync(fd)
      if (head.toString('latin1') !== 'GGUF') return done(false, `'${choice.path}' is not a GGUF model file; choose a .gguf file made for llama.cpp.`)
      return done(true, `'${choice.path}' is a GGUF model file; it is loaded when a run starts.`)
    } catch {
      return done(false, `'${choice.path}' cannot be read; check that the file exists and that RSure may read it.`)
    }
  }
  const url = `${choice.baseUrl.replace(/\/+$/, '')}/models`
  try {
    checkEgress(url)
  } catch (err) {
    return done(false, (err as Error).message)
  }
  let res: Response
  try {
    res = await fetch(url, { headers: apiKey ? { Authorization: `Bearer ${apiKey}` } : {}, signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) })
  } catch (err) {
    const timedOut = (err as Error)?.name === 'TimeoutError'
    return done(
      false,
      timedOut
        ? `${choice.baseUrl} did not answer within ${PROBE_TIMEOUT_MS / 1000} s; check that the model server is running.`
        : `Nothing answered at ${choice.baseUrl}; start the model server or correct the address.`,
    )
  }
  if (!res.ok)
    return done(false, `${choice.baseUrl} answered ${res.status} to the model list; check the address${res.status === 401 ? ' and RSURE_OPENAI_API_KEY' : ''}.`)
  let models: string[]
  try {
    const body = (await res.json()) as { data?: { id?: unknown }[] }
    models = (body.data ?? []).map((m) => m.id).filter((id): id is string => typeof id === 'string')
  } catch {
    return done(false, `${choice.baseUrl} answered, but not with an OpenAI model list; is it an OpenAI-compatible endpoint (usually ending in /v1)?`)
  }
  if (models.length && !models.includes(choice.model)) {
    return done(false, `${choice.baseUrl} answers but does not serve '${choice.model}'; it serves ${models.slice(0, 8).join(', ')}.`, models)
  }
  const result = done(true, `${choice.baseUrl} answers and serves '${choice.model}'.`, models)
  if (!opts.capabilities) return result
  const { tools, images, jsonSchema } = await probeModel(choice.baseUrl, choice.model, { apiKey })
  return { ...result, capabilities: { tools, images, jsonSchema }, ms: Math.round(performance.now() - t0) }
}
