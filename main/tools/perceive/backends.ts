/**
 * What perceive can see with, beside the weight-free engines: local model packs (the vision engine, see
 * /work/coord/notes/vision-api.md) and the configured vision-language model. Both arrive injected (the composition
 * root builds them), so a build without packs or without a model still runs and answers 'insufficient' naming
 * what to install.
 */

export interface PackSummaryLike {
  id: string
  version?: string
  family: string
  task: string
  classNames?: string[]
  gsd?: number | null
}

export interface DetectionLike {
  label: string
  score: number
  box: [number, number, number, number]
  polygon?: [number, number][]
  tile?: number
}

export interface DetectResultLike {
  detections: DetectionLike[]
  evidence: Record<string, unknown> & {
    tiles?: { coverage?: number; count?: number }
    candidates?: number
    thresholds?: Record<string, unknown>
    provider?: string
    pack?: Record<string, unknown>
  }
}

/** The subset of the vision engine's API that perceive calls. */
export interface VisionApi {
  findPack(task: 'detect' | 'obb' | 'segment' | 'sam' | 'clip' | 'ocr'): Promise<PackSummaryLike | null>
  listPacks(): Promise<PackSummaryLike[]>
  detect(image: string, packId: string, opts: { view?: 'full' | 'tiles'; conf?: number; classes?: string[]; signal?: AbortSignal }): Promise<DetectResultLike>
  segment(image: string, packId: string, opts: { view?: 'full' | 'tiles'; conf?: number; classes?: string[]; signal?: AbortSignal }): Promise<DetectResultLike>
  classifyScene(
    image: string,
    packId: string,
    labels: string[],
    opts: { signal?: AbortSignal },
  ): Promise<{ label: string; score: number; scores: { label: string; score: number }[]; evidence: Record<string, unknown> }>
  ocr(
    image: string,
    opts: { packId?: string; signal?: AbortSignal },
  ): Promise<{ text: string; lines: { text: string; score: number; box: [number, number][] }[]; evidence: Record<string, unknown> }>
}

/** One image for the vision-language model: a PNG data URI and how its pixels map to the source's. */
export interface VlmImage {
  dataUri: string
  description: string
}

/** The configured vision-language model, reduced to one JSON-answer call with images. */
export interface VisionLanguageModel {
  /** e.g. `openai:http://127.0.0.1:11434/v1#qwen2.5vl:7b`. */
  readonly id: string
  askJson(prompt: string, images: VlmImage[], signal?: AbortSignal): Promise<unknown>
}

export interface PerceiveBackends {
  vision?: VisionApi | null
  vlm?: VisionLanguageModel | null
}
