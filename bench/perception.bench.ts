/**
 * Perception throughput on the CPU (issue 10), weight-free engines on real data, in tiles of 256 x 256 px per second:
 * - spectral-index regions (water MNDWI, vegetation NDVI, bare soil BSI, built-up NDBI) on the Landsat 8 scene
 *   (../shared/fixtures/landsat8_L1TP_016037_20170813, 255 x 259 px at 900 m), bands already in memory;
 * - change vector analysis with its registration check and clean-up on the LEVIR-CD pair (256 x 256 px);
 * - the whole perceive call on the Landsat scene (read six bands, classify, trace and save the GeoJSON and mask
 *   layers), which is what the agent pays per call.
 * Checks that the figures come from right results: the water share stays that of the tests and the change mask
 * keeps its F1 against the label. Model packs (the vision helper's tiny ONNX models) are not timed here.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { fromPicture, loadBandStack } from '../main/engines/classical/band-stack'
import { DEFAULT_CHANGE, detectChange } from '../main/engines/classical/change'
import { REGION_CLASSES, spectralRegions } from '../main/engines/classical/spectral-regions'
import { ArtifactStore } from '../main/store/artifacts'
import { perceiveWithLayers } from '../main/tools/perceive/index'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const SHARED = path.resolve(ROOT, '..', 'shared', 'fixtures')
const LANDSAT = path.join(SHARED, 'landsat8_L1TP_016037_20170813')
const LEVIR = (p: string) => path.join(SHARED, 'levircd', p, 'test_2_0000_0000.png')
const TILE = 256 * 256

async function timed(runs: number, f: () => unknown | Promise<unknown>): Promise<number> {
  await f() // warm-up
  const t0 = performance.now()
  for (let i = 0; i < runs; i++) await f()
  return (performance.now() - t0) / 1000 / runs
}

export default async function bench(): Promise<number> {
  const stack = await loadBandStack(LANDSAT)
  const px = stack.grid.width * stack.grid.height
  let water = 0
  const regionS = await timed(20, () => {
    const r = spectralRegions(stack, [...REGION_CLASSES])
    water = r.indices.water.pixels
  })
  const [a, b, label] = await Promise.all([fromPicture(LEVIR('A')), fromPicture(LEVIR('B')), fromPicture(LEVIR('label'))])
  let f1 = 0
  const changeS = await timed(10, () => {
    const r = detectChange(a, b, DEFAULT_CHANGE)
    let tp = 0
    let fp = 0
    let fn = 0
    for (let i = 0; i < r.mask.data.length; i++) {
      const t = label.bands.red[i] > 127
      const p = r.mask.data[i] === 1
      if (t && p) tp++
      else if (p) fp++
      else if (t) fn++
    }
    f1 = (2 * tp) / (2 * tp + fp + fn)
  })
  const dir = path.join(os.tmpdir(), `rsure-bench-perception-${process.pid}`)
  const store = new ArtifactStore(dir)
  const toolS = await timed(3, async () => {
    const out = await perceiveWithLayers(
      { mode: 'regions', image_paths: [LANDSAT], target_groups: { water: ['water'], vegetation: ['vegetation'] } },
      { artifacts: store },
    )
    if (out.result.status !== 'ok') throw new Error(out.result.reason)
  })
  fs.rmSync(dir, { recursive: true, force: true })
  const rate = (pixels: number, s: number) => (pixels / TILE / s).toFixed(1)
  process.stdout.write(
    `  spectral regions, 4 classes, Landsat 8 ${stack.grid.width}x${stack.grid.height}: ${(regionS * 1000).toFixed(1)} ms = ${rate(px, regionS)} tiles/s (256x256) on ${os.cpus().length} CPU(s)\n`,
  )
  process.stdout.write(
    `  change vector analysis + registration + clean-up, LEVIR-CD 256x256: ${(changeS * 1000).toFixed(1)} ms = ${rate(TILE, changeS)} tiles/s, F1 ${f1.toFixed(3)}\n`,
  )
  process.stdout.write(
    `  perceive regions call (read 6 bands, classify, trace and save layers): ${(toolS * 1000).toFixed(0)} ms = ${rate(px, toolS)} tiles/s\n`,
  )
  const share = water / stack.valid.data.reduce((s, v) => s + v, 0)
  const ok = water > 0 && Math.abs(share - 0.4785) < 0.001 && f1 > 0.18
  if (!ok) process.stderr.write(`  results changed: water share ${share.toFixed(4)} (expected 0.4785), change F1 ${f1.toFixed(3)} (expected > 0.18)\n`)
  return ok ? 0 : 1
}
