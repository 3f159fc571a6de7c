/**
 * The vision engine's entry points for tools (perceive, measure) and services: every call finds the pack, checks it
 * (manifest, hashes, graph contract), decodes the image with sharp and runs the models in the shared inference
 * worker. Errors are VisionError sentences; kind 'missing' means no pack is installed for the job (perceive answers
 * insufficient and names what to install).
 */
import { runDetector, type DetectOptions, type DetectResult } from './detect'
import { VisionError } from './errors'
import { loadImage, type ImageInput } from './image'
import type { Task } from './manifest'
import { runOcr, type OcrOptions, type OcrResult } from './ocr/ocr'
import { defaultDirs, listPacks as listRegistry, loadPack, type PackSummary, type RegistryDirs } from './registry'
import { sharedVisionRuntime, type VisionRuntime } from './runtime/host'

export interface EngineContext {
  /** Data folder root (defaults to main/store/paths.ts defaultDataDir()). */
  dataDir?: string
  /** Registry folders, overriding dataDir (tests). */
  dirs?: RegistryDirs
  /** The runtime (defaults to the process-wide worker). */
  runtime?: VisionRuntime
}

function ctx(c: EngineContext = {}): { dirs: RegistryDirs; runtime: VisionRuntime } {
  return { dirs: c.dirs ?? defaultDirs(c.dataDir), runtime: c.runtime ?? sharedVisionRuntime() }
}

/** Installed packs with their status (manifest and file presence; `check: true` also verifies hashes and graphs). */
export async function listPacks(c: EngineContext & { check?: boolean } = {}): Promise<PackSummary[]> {
  const { dirs, runtime } = ctx(c)
  return listRegistry(dirs, c.check ? runtime : undefined)
}

/** The first valid pack for a task, or null. */
export async function findPack(task: Task, c: EngineContext = {}): Promise<PackSummary | null> {
  return (await listPacks(c)).find((p) => p.task === task && p.status === 'ok') ?? null
}

const NO_PACK: Record<Task, string> = {
  detect: 'No object-detection pack is installed; add a YOLO detect pack with rsure models add DIR.',
  obb: 'No oriented-detection pack is installed; add a YOLO OBB (DOTA) pack with rsure models add DIR.',
  segment: 'No instance-segmentation pack is installed; add a YOLO segment pack with rsure models add DIR.',
  'prompt-segment': 'No SAM pack is installed; add a SAM or SAM 2.1 pack with rsure models add DIR.',
  scene: 'No scene-classification pack is installed; add a CLIP-style pack with rsure models add DIR.',
  ocr: 'The built-in OCR pack ppocr-v4 is missing or invalid; reinstall the app.',
}

async function packIdFor(task: Task[], packId: string | undefined, c: EngineContext): Promise<string> {
  if (packId && packId !== 'auto') return packId
  for (const t of task) {
    const p = await findPack(t, c)
    if (p) return p.id
  }
  throw new VisionError(NO_PACK[task[0]], 'missing')
}

/** Detect objects with a YOLO detect/obb/segment pack ('auto': the first installed detect, obb or segment pack). */
export async function detect(image: ImageInput, packId: string | 'auto', opts: DetectOptions & EngineContext = {}): Promise<DetectResult> {
  const { dirs, runtime } = ctx(opts)
  const pack = await loadPack(dirs, await packIdFor(['detect', 'obb', 'segment'], packId, opts))
  return runDetector(pack, await loadImage(image), runtime, opts)
}

/** Instance segmentation with a YOLO segment pack: each detection carries a mask in source pixels. */
export async function segment(image: ImageInput, packId: string | 'auto', opts: DetectOptions & EngineContext = {}): Promise<DetectResult> {
  const { dirs, runtime } = ctx(opts)
  const pack = await loadPack(dirs, await packIdFor(['segment'], packId, opts))
  if (pack.manifest.task !== 'segment') throw new VisionError(`Pack '${pack.manifest.id}' does ${pack.manifest.task}, not instance segmentation; choose a YOLO segment pack.`, 'invalid')
  return runDetector(pack, await loadImage(image), runtime, opts)
}

/** Read text (document mode) with the PaddleOCR pack. */
export async function ocr(image: ImageInput, opts: OcrOptions & EngineContext & { packId?: string } = {}): Promise<OcrResult> {
  const { dirs, runtime } = ctx(opts)
  const pack = await loadPack(dirs, await packIdFor(['ocr'], opts.packId ?? 'ppocr-v4', opts))
  return runOcr(pack, await loadImage(image), runtime, opts)
}

export { VisionError } from './errors'
export type { DetectOptions, DetectResult, Detection } from './detect'
export type { ImageInput } from './image'
export type { OcrResult, OcrLine } from './ocr/ocr'
export type { PackSummary } from './registry'
