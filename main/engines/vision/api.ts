/**
 * The vision engine's entry points for tools (perceive, measure) and services: every call finds the pack, checks it
 * (manifest, hashes, graph contract), decodes the image with sharp and runs the models in the shared inference
 * worker. Errors are VisionError sentences; kind 'missing' means no pack is installed for the job (perceive answers
 * insufficient and names what to install).
 */
import { runScene, type SceneOptions, type SceneResult } from './clip'
import { runSam, type SamOptions, type SamPrompts, type SamResult } from './sam'
import { runDetector, type DetectOptions, type DetectResult } from './detect'
import { VisionError } from './errors'
import { loadImage, type ImageInput } from './image'
import type { Task } from './manifest'
import { runOcr, type OcrOptions, type OcrResult } from './ocr/ocr'
import fs from 'node:fs'
import path from 'node:path'
import {
  addPack as addToRegistry,
  checkPack,
  defaultDirs,
  findPackDir,
  listPacks as listRegistry,
  loadPack,
  removePack as removeFromRegistry,
  type CheckedPack,
  type PackSummary,
  type RegistryDirs,
} from './registry'
import { sharedVisionRuntime, type VisionRuntime } from './runtime/host'
import { packFromUltralyticsExport } from './ultralytics-pack'

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

/** What a pack check reports: the manifest's main facts and the graphs' inputs/outputs as ONNX Runtime read them. */
export interface PackReport {
  id: string
  version: string
  family: string
  task: string
  origin: 'built-in' | 'user'
  licence: string
  classNames: string[]
  gsd: number | null
  files: Record<string, { file: string; sha256: string }>
  io: CheckedPack['io']
}

function report(p: CheckedPack): PackReport {
  const m = p.manifest
  return {
    id: m.id,
    version: m.version,
    family: m.family,
    task: m.task,
    origin: p.origin,
    licence: m.licence,
    classNames: m.classNames,
    gsd: m.gsd,
    files: Object.fromEntries(Object.entries(m.files).map(([role, f]) => [role, { file: path.basename(f.path), sha256: f.sha256 }])),
    io: p.io,
  }
}

/** Check a pack folder (a path) or an installed pack (an id): manifest, hashes and graph contracts. */
export async function checkModelPack(idOrDir: string, c: EngineContext = {}): Promise<PackReport> {
  const { dirs, runtime } = ctx(c)
  const loc = findPackDir(dirs, idOrDir)
  if (loc) return report(await checkPack(loc.dir, runtime, loc.origin))
  if (fs.existsSync(idOrDir) && fs.statSync(idOrDir).isDirectory()) return report(await checkPack(path.resolve(idOrDir), runtime, 'user'))
  throw new VisionError(`'${idOrDir}' is neither an installed pack nor a pack folder; run 'rsure models list' to see the installed packs.`, 'missing')
}

/**
 * Check the pack in `source` and install it into the data folder. `source` is a pack folder (with manifest.json) or a
 * bare Ultralytics .onnx export, whose manifest is made from its own metadata (`id` and `gsd` may be given).
 */
export async function addModelPack(source: string, c: EngineContext & { replace?: boolean; id?: string; gsd?: number } = {}): Promise<PackReport> {
  const { dirs, runtime } = ctx(c)
  if (!fs.existsSync(source)) throw new VisionError(`'${path.basename(source)}' does not exist; give a pack folder or an Ultralytics .onnx file.`, 'invalid')
  if (fs.statSync(source).isFile()) {
    const staged = await packFromUltralyticsExport(source, { id: c.id, gsd: c.gsd })
    try {
      return report(await addToRegistry(dirs, staged, runtime, { replace: c.replace }))
    } finally {
      fs.rmSync(path.dirname(staged), { recursive: true, force: true })
    }
  }
  return report(await addToRegistry(dirs, path.resolve(source), runtime, { replace: c.replace }))
}

/** Remove an added pack. */
export function removeModelPack(id: string, c: EngineContext = {}): void {
  removeFromRegistry(ctx(c).dirs, id)
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
  if (pack.manifest.task !== 'segment')
    throw new VisionError(`Pack '${pack.manifest.id}' does ${pack.manifest.task}, not instance segmentation; choose a YOLO segment pack.`, 'invalid')
  return runDetector(pack, await loadImage(image), runtime, opts)
}

/** Zero-shot scene label of an image over `labels` with a CLIP-style pack (prompt-template ensemble). */
export async function classifyScene(
  image: ImageInput,
  packId: string | 'auto',
  labels: string[],
  opts: SceneOptions & EngineContext = {},
): Promise<SceneResult> {
  const { dirs, runtime } = ctx(opts)
  const pack = await loadPack(dirs, await packIdFor(['scene'], packId, opts))
  return runScene(pack, await loadImage(image), labels, runtime, opts)
}

/** Segment the objects the prompts point at with a SAM 1 / SAM 2.1 pack (one mask per box, one for all points). */
export async function promptSegment(
  image: ImageInput,
  packId: string | 'auto',
  prompts: SamPrompts,
  opts: EngineContext & SamOptions = {},
): Promise<SamResult> {
  const { dirs, runtime } = ctx(opts)
  const pack = await loadPack(dirs, await packIdFor(['prompt-segment'], packId, opts))
  return runSam(pack, await loadImage(image), prompts, runtime, opts)
}

/** Read text (document mode) with the PaddleOCR pack. */
export async function ocr(image: ImageInput, opts: OcrOptions & EngineContext & { packId?: string } = {}): Promise<OcrResult> {
  const { dirs, runtime } = ctx(opts)
  const pack = await loadPack(dirs, await packIdFor(['ocr'], opts.packId ?? 'ppocr-v4', opts))
  return runOcr(pack, await loadImage(image), runtime, opts)
}

export { VisionError } from './errors'
export { cropToPng, loadImage } from './image'
export type { DetectOptions, DetectResult, Detection } from './detect'
export type { ImageInput } from './image'
export type { OcrResult, OcrLine } from './ocr/ocr'
export type { SceneResult } from './clip'
export type { SamPrompts, SamResult, SamMask } from './sam'
export type { PackSummary } from './registry'
