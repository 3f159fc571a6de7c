/**
 * Perception faults through fake detector packs (tests/data-faults/detector-packs.ts): real ONNX models run by the
 * vision engine, whose fixed outputs are a detector's boxes on the test image, or those boxes with an object missed,
 * an object detected twice, or every box shifted off the image. measure counts and sizes them as it would any
 * detector's; the rules verifier (EvidencePolicyVerifier) decides from the evidence and the image. Expected counts
 * come from the objects drawn on the image, not from the code under test.
 *
 * What it shows: the clean pack is accepted (3 ships); the duplicate is rejected (a box inside another of its class);
 * the shifted boxes are rejected (they lie on featureless background); the dropped object is NOT caught (2 ships
 * accepted: nothing in the evidence or the image without a model says an object is missing), and a wrong GSD given
 * by the caller for an image without georeferencing is a caveat, not a rejection (nothing to check it against).
 */
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sharedVisionRuntime } from '../../main/engines/vision/runtime/host'
import { ArtifactStore } from '../../main/store/artifacts'
import { measure } from '../../main/tools/measure/index'
import { visionEngineApi } from '../../main/tools/perceive/vision-adapter'
import type { ToolResult } from '../../main/tools/protocol'
import { packTasks } from '../../main/eval/faults/fault-suite'
import { faultKind } from '../../main/eval/faults/kinds'
import { EvidencePolicyVerifier } from '../../main/verify/evidence-policy'
import { OBJECTS, writeDetectorFixtures, type PackFault } from '../data-faults/detector-packs'
import { tempDir } from '../helpers/tmp'

const tmp = tempDir('rsure-perception-faults-')
const ctx = { artifacts: new ArtifactStore(path.join(tmp.dir, 'artifacts')) }
let fixtures: Awaited<ReturnType<typeof writeDetectorFixtures>>

beforeAll(async () => {
  fixtures = await writeDetectorFixtures(tmp.dir)
})
afterAll(async () => {
  await sharedVisionRuntime().close()
  tmp.cleanup()
})

async function run(fault: PackFault, spec: Record<string, unknown> = { metric: 'count', subject: 'ships' }, gsd = 0.5) {
  const vision = visionEngineApi({ dataDir: fixtures.dataDir(fault) })
  const args = { sources: [{ id: 'img', mode: 'objects', image_paths: [fixtures.image], target_groups: { ships: ['ship'] }, gsd }], spec }
  const result = (await measure(args, ctx, { vision })) as ToolResult
  expect(result.status, result.reason).toBe('ok')
  const verdict = await new EvidencePolicyVerifier().verify({
    images: [{ path: fixtures.image }],
    question: 'How many ships are there?',
    options: [],
    taskType: 'object_counting',
    action: { tool: 'measure', args },
    status: result.status,
    observation: result.observation,
    evidence: result.evidence,
    config: result.config,
    prior: null,
  })
  return { value: (result.observation as { value: number }).value, verdict }
}

describe('perception faults from fake detector packs, judged by the rules verifier', () => {
  it('the clean pack: 3 ships, accepted, every box on image structure', { timeout: 60_000 }, async () => {
    const r = await run('clean')
    expect(r.value).toBe(OBJECTS.length)
    expect(r.verdict.decision, r.verdict.feedback).toBe('accept')
    expect(r.verdict.feedback).toContain('3 of 3 detections cover image structure')
  })

  it('an object detected twice: 4 boxes, rejected as a duplicate', { timeout: 60_000 }, async () => {
    const r = await run('duplicated')
    expect(r.value).toBe(OBJECTS.length + 1)
    expect(r.verdict.decision).toBe('reject')
    expect(r.verdict.feedback).toMatch(/1 detection\(s\) lie at least 80 % inside another detection of the same class/)
  })

  it('every box shifted 12 px off its object: rejected, the boxes cover featureless background', { timeout: 60_000 }, async () => {
    const r = await run('shifted')
    expect(r.verdict.decision).toBe('reject')
    expect(r.verdict.feedback).toMatch(/3 of 3 detections lie on featureless pixels/)
  })

  it('an object missed: 2 ships, accepted (not caught without a second detector or a model that sees the image)', { timeout: 60_000 }, async () => {
    const r = await run('dropped')
    expect(r.value).toBe(OBJECTS.length - 1)
    expect(r.verdict.decision).toBe('accept')
  })

  it('a wrong GSD given for an image without georeferencing: the area is 4x, stated as a caller-given GSD (a caveat)', { timeout: 60_000 }, async () => {
    const area = { metric: 'area', subject: 'ships', output_unit: 'm2' }
    const right = await run('clean', area, 0.5)
    const wrong = await run('clean', area, 1.0)
    // Three 10 x 10 px objects: 300 px at 0.25 m² (0.5 m GSD) = 75 m²; at a doubled GSD 300 m².
    expect(right.value).toBeCloseTo(75, 6)
    expect(wrong.value).toBeCloseTo(300, 6)
    expect(wrong.verdict.decision).toBe('accept')
    expect(wrong.verdict.caveats.join(' ')).toMatch(/given by the caller, not read from the image's georeferencing/)
  })

  it('the fault suite asks the count over the clean pack and once per spoiled pack, the drawn objects as reference', () => {
    const tasks = packTasks(tmp.dir)
    expect(tasks.map((t) => t.id)).toEqual(['p-ships-count', 'p-ships-count~pack-dropped', 'p-ships-count~pack-duplicated', 'p-ships-count~pack-shifted'])
    for (const t of tasks) {
      expect(t.answer).toBe(OBJECTS.length)
      expect(t.reference_observations).toEqual([{ tool: 'measure', key: 'value', value: OBJECTS.length, tolerance: 0 }])
      expect(t.vision_data).toBe(path.join(tmp.dir, t.fault ? t.fault.kind.replace('pack-', '') : 'clean'))
      if (t.fault) expect(faultKind(t.fault.kind)).toMatchObject({ point: 'model', tool: 'measure', family: 'perception' })
    }
    expect(packTasks(tmp.dir, { kinds: ['pack-shifted'] }).map((t) => t.id)).toEqual(['p-ships-count', 'p-ships-count~pack-shifted'])
  })
})
