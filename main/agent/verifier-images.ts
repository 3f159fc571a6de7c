/**
 * The images the LLM verifier receives for one result: every task image it can read (PNG/JPEG as data URIs), the
 * one the result names (or the first) with the evidence geometry drawn on it.
 */
import path from 'node:path'
import type { ToolResult } from '../tools/protocol'
import { overlayDataUri } from '../verify/evidence-overlay'
import type { VerifierImage } from '../verify/verdict'
import { dataUriOf } from './llm/image-parts'
import type { TaskSpec } from './task'

export async function verifierImages(task: TaskSpec, result: ToolResult): Promise<VerifierImage[]> {
  const named = [result.evidence.source.image_path, result.evidence.source.image].find((v): v is string => typeof v === 'string')
  const target = named ? path.resolve(named) : task.images[0]
  return task.images.map((file) => {
    const overlay = file === target ? overlayDataUri(file, result.evidence.intermediate) : null
    const dataUri = dataUriOf(file)
    return { path: file, ...(overlay ? { overlay } : {}), ...(dataUri ? { dataUri } : {}) }
  })
}
