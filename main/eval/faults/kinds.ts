/**
 * The catalogue of known faults (DESIGN section 8, paper section 3: observations that are wrong although the tool
 * ran normally). Each fault is injected at one of three points, and that decides what the evidence can show:
 *
 * - `tool`: the tool runs different arguments from the ones it was asked to run (a band bound to the wrong role, a
 *   scale factor lost, files missing from a folder, nodata not honoured, a mask inverted, a wrong GSD, a unit
 *   mislabelled). The call recorded in the trajectory is the planner's honest one; the evidence the tool returns
 *   describes what really ran (band mapping, scales, dates, nodata, operator parameters), as a faithful tool would.
 *   A verifier can catch these only from the evidence.
 * - `planner`: the question is misread: the planned call itself computes the wrong statistic, period, mask or
 *   region. Call and evidence agree with each other; only a reading of the question against the evidence's
 *   provenance catches it.
 * - `result`: the observation is changed after an honest run and the evidence is changed to match it (a detector
 *   that missed or doubled objects reports its own boxes consistently). Nothing in the evidence contradicts it; only
 *   a verifier that looks at the image can catch it, so the rules backbone cannot.
 *
 * Every corruption is chosen by rule from the call itself, never per task. `corrupt` returns null when the call has
 * nothing the fault can act on (the fault is then reported as not applied for that task). The corruptions live by
 * family: kinds-data.ts (at the tool), kinds-misreading.ts (at the planner), kinds-result.ts (in the result).
 */
import type { ToolResult } from '../../tools/protocol'
import { FILE_FAULTS } from './data-files'
import type { Dag, DagNode } from './dag-edit'
import { datesMissing, maskWrongClass, nodataLeak, scaleDropped, unitsMislabelled, wrongBand, wrongGsd } from './kinds-data'
import { wrongMask, wrongPeriod, wrongRegion, wrongStatistic } from './kinds-misreading'
import { editDetections, reducerOff } from './kinds-result'

export { REDUCER_BIAS } from './kinds-result'

export type FaultPoint = 'tool' | 'planner' | 'result' | 'file' | 'model'

export interface Corruption {
  args: unknown
  /** What was changed, in words (kept in the fault log, never shown to the agent). */
  note: string
}

export interface FaultKind {
  id: string
  family: 'data' | 'misreading' | 'perception'
  point: FaultPoint
  tool: 'execute' | 'measure' | 'perceive'
  title: string
  /** Where the fault shows, so the report can say why a verifier caught it or could not. */
  visibleIn: string
  corrupt?: (args: unknown) => Promise<Corruption | null>
  corruptResult?: (result: ToolResult) => ToolResult | null
}

export const FAULT_KINDS: readonly FaultKind[] = [
  {
    id: 'wrong-band',
    family: 'data',
    point: 'tool',
    tool: 'execute',
    title: 'wrong band bound to a role',
    visibleIn: 'band mapping (file and band read for each role) and the value range of the layer',
    corrupt: wrongBand,
  },
  {
    id: 'scale-dropped',
    family: 'data',
    point: 'tool',
    tool: 'execute',
    title: 'scale factor dropped',
    visibleIn: 'band mapping scale/offset and the physical range of the layer',
    corrupt: scaleDropped,
  },
  {
    id: 'dates-missing',
    family: 'data',
    point: 'tool',
    tool: 'execute',
    title: 'dates silently missing from a period',
    visibleIn: 'temporal coverage (dates found against the requested period)',
    corrupt: datesMissing,
  },
  {
    id: 'nodata-leak',
    family: 'data',
    point: 'tool',
    tool: 'execute',
    title: 'nodata leaking into statistics',
    visibleIn: "band mapping nodata ('none') and valid-pixel counts",
    corrupt: nodataLeak,
  },
  {
    id: 'mask-wrong-class',
    family: 'data',
    point: 'tool',
    tool: 'execute',
    title: 'mask covering the wrong class',
    visibleIn: 'operator parameters of the mask (comparison run)',
    corrupt: maskWrongClass,
  },
  {
    id: 'units-mislabelled',
    family: 'data',
    point: 'tool',
    tool: 'execute',
    title: 'units mislabelled',
    visibleIn: 'band mapping unit and the physical range of the layer',
    corrupt: unitsMislabelled,
  },
  {
    id: 'wrong-gsd',
    family: 'data',
    point: 'tool',
    tool: 'measure',
    title: 'wrong GSD',
    visibleIn: 'the GSD in the source evidence against the image metadata',
    corrupt: wrongGsd,
  },
  {
    id: 'wrong-statistic',
    family: 'misreading',
    point: 'planner',
    tool: 'execute',
    title: 'wrong statistic computed',
    visibleIn: 'the reducing operator of the call (provenance against the question)',
    corrupt: wrongStatistic,
  },
  {
    id: 'wrong-period',
    family: 'misreading',
    point: 'planner',
    tool: 'execute',
    title: 'wrong period computed',
    visibleIn: 'the catalog period and temporal coverage against the question',
    corrupt: wrongPeriod,
  },
  {
    id: 'wrong-mask',
    family: 'misreading',
    point: 'planner',
    tool: 'execute',
    title: 'wrong mask computed',
    visibleIn: 'the mask condition of the call against the question',
    corrupt: wrongMask,
  },
  {
    id: 'wrong-region',
    family: 'misreading',
    point: 'planner',
    tool: 'execute',
    title: 'wrong region computed',
    visibleIn: 'the read window against the file size and the question',
    corrupt: wrongRegion,
  },
  {
    id: 'reducer-off',
    family: 'data',
    point: 'result',
    tool: 'execute',
    title: 'reduction operator 3 % off',
    visibleIn:
      'nowhere in the evidence (the reduced values and all that follows agree); a second route that does not reduce through the same operator shows it',
    corruptResult: reducerOff,
  },
  {
    id: 'detections-dropped',
    family: 'perception',
    point: 'result',
    tool: 'measure',
    title: 'detections dropped',
    visibleIn: 'nowhere in the evidence (boxes and counts agree); only the image shows the missed objects',
    corruptResult: (r) => editDetections(r, (list) => list.filter((_, i) => i % 3 !== 2)),
  },
  {
    id: 'detections-duplicated',
    family: 'perception',
    point: 'result',
    tool: 'measure',
    title: 'detections duplicated',
    visibleIn: 'overlapping boxes in the evidence (a duplicate sits on its original)',
    corruptResult: (r) => editDetections(r, (list) => list.flatMap((x, i) => (i % 3 === 0 ? [x, structuredClone(x)] : [x]))),
  },
]

/** Faults that live in the files (data-files.ts writes them); no call is changed, the wrapper leaves the tool alone. */
export const FILE_FAULT_KINDS: readonly FaultKind[] = FILE_FAULTS.map((f) => ({
  id: f.id,
  family: 'data',
  point: 'file',
  tool: 'execute',
  title: f.title,
  visibleIn: f.visibleIn,
}))

/**
 * Faults that live in the model: the task runs a spoiled detector pack (a real ONNX model whose fixed output misses
 * an object, detects one twice, or shifts every box off the image; tests/data-faults/detector-packs.ts writes them)
 * in place of the clean one. No call or result is changed; the tool runs the pack it is given, as with any detector.
 */
export const MODEL_FAULT_KINDS: readonly FaultKind[] = [
  ['pack-dropped', 'detector misses an object', 'nowhere without a second detector or a model that sees the image'],
  ['pack-duplicated', 'detector reports one object twice', 'a box lying inside another of its class'],
  ['pack-shifted', 'detector boxes shifted off the objects', 'the image under the boxes (featureless background)'],
].map(([id, title, visibleIn]) => ({ id, family: 'perception' as const, point: 'model' as const, tool: 'measure' as const, title, visibleIn }))

export function faultKind(id: string): FaultKind {
  const file = FILE_FAULT_KINDS.find((k) => k.id === id) ?? MODEL_FAULT_KINDS.find((k) => k.id === id)
  if (file) return file
  const kind = FAULT_KINDS.find((k) => k.id === id)
  if (!kind) throw new Error(`Unknown fault kind '${id}'; known: ${[...FAULT_KINDS, ...FILE_FAULT_KINDS, ...MODEL_FAULT_KINDS].map((k) => k.id).join(', ')}.`)
  return kind
}

export type { Dag, DagNode }
