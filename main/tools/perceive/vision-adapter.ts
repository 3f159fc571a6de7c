/**
 * The vision engine (main/engines/vision/api.ts) seen through perceive's VisionApi. The engine is imported on first
 * use, so a run that never needs a model pack does not load the ONNX runtime.
 */
import type * as VisionEngine from '../../engines/vision/api'
import type { DetectResultLike, PackSummaryLike, VisionApi } from './backends'

type Engine = typeof VisionEngine

let engine: Promise<Engine> | null = null
const load = () => (engine ??= import('../../engines/vision/api'))

/** perceive's task names -> the engine's. */
const TASKS: Record<string, string> = { detect: 'detect', obb: 'obb', segment: 'segment', sam: 'prompt-segment', clip: 'scene', ocr: 'ocr' }

function summary(p: { id: string; version: string; family: string | null; task: string | null; classNames: string[]; gsd: number | null }): PackSummaryLike {
  return { id: p.id, version: p.version, family: p.family ?? 'unknown', task: p.task ?? 'unknown', classNames: p.classNames, gsd: p.gsd }
}

export function visionEngineApi(opts: { dataDir?: string } = {}): VisionApi {
  const ctx = opts.dataDir ? { dataDir: opts.dataDir } : {}
  const detectLike = (r: Awaited<ReturnType<Engine['detect']>>): DetectResultLike => ({
    detections: r.detections.map((d) => ({ label: d.label, score: d.score, box: d.box, ...(d.polygon ? { polygon: d.polygon } : {}), tile: d.tile })),
    evidence: { ...r.evidence, pack: { ...r.evidence.pack } },
  })
  return {
    async findPack(task) {
      const p = await (await load()).findPack(TASKS[task] as never, ctx)
      return p ? summary(p) : null
    },
    async listPacks() {
      return (await (await load()).listPacks(ctx)).filter((p) => p.status === 'ok').map(summary)
    },
    async detect(image, packId, o) {
      return detectLike(await (await load()).detect(image, packId, { ...ctx, view: o.view, conf: o.conf, classes: o.classes, signal: o.signal }))
    },
    async segment(image, packId, o) {
      return detectLike(await (await load()).segment(image, packId, { ...ctx, view: o.view, conf: o.conf, classes: o.classes, signal: o.signal }))
    },
    async classifyScene(image, packId, labels, o) {
      const r = await (await load()).classifyScene(image, packId, labels, { ...ctx, ...o })
      return { ...r, evidence: { ...r.evidence } }
    },
    async ocr(image, o) {
      const r = await (await load()).ocr(image, { ...ctx, packId: o.packId, signal: o.signal })
      return { text: r.text, lines: r.lines.map((l) => ({ text: l.text, score: l.score, box: l.box as [number, number][] })), evidence: { ...r.evidence } }
    },
  }
}
