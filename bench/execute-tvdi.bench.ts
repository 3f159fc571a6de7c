/**
 * Earth-Bench task 46 through the execute tool: the 2019 TVDI pipeline over the 46 Xinjiang LST/NDVI GeoTIFFs
 * (2599 x 2573 px each), from folder to chosen option. Prints wall time (a cold run that includes starting the
 * worker pool, then a warm run), the peak resident memory of this process (workers are threads, so included),
 * and, where Debian's python3-gdal and python3-numpy are installed, the same pipeline in numpy + GDAL
 * (bench/tvdi_numpy_gdal.py) with the time ratio. It only uses them when present; it never installs anything.
 */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { RasterPool } from '../main/engines/raster/worker/pool'
import { ArtifactStore } from '../main/store/artifacts'
import { executeDag } from '../main/tools/execute'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const TASK = path.resolve(ROOT, '..', 'shared', 'benchmarks', 'earthbench-q46')
const PYTHON = '/usr/bin/python3'

export function q46Dag(options: string): unknown {
  return {
    base_dir: TASK,
    nodes: [
      { id: 'cat', op: 'asset.catalog', params: { dir: 'files', start: '2019-01-01', end: '2019-12-31', scales: { LST: { scale: 0.02, unit: 'K' }, NDVI: { scale: 0.0001, unit: 'dimensionless' } } } },
      { id: 'lst', op: 'raster.read', params: { role: 'LST', nodata: 'none' }, inputs: { data: '@cat' } },
      { id: 'ndvi', op: 'raster.read', params: { role: 'NDVI', nodata: 'none' }, inputs: { data: '@cat' } },
      { id: 'tvdi', op: 'raster.product', params: { product: 'tvdi', bins: 100, min_pixels: 100 }, inputs: { ndvi: '@ndvi', lst: '@lst' } },
      { id: 'daily', op: 'raster.batch_reduce', params: { stat: 'mean' }, inputs: { data: '@tvdi' } },
      { id: 'annual', op: 'timeseries.aggregate', params: { by: 'all', stat: 'mean' }, inputs: { data: '@daily' } },
      { id: 'pick', op: 'decision.select', params: { options, key: 'Annual Mean TVDI' }, inputs: { data: '@annual' } },
    ],
    output: 'pick',
  }
}

function pythonAvailable(): boolean {
  if (!fs.existsSync(PYTHON)) return false
  const r = spawnSync(PYTHON, ['-c', 'import numpy; from osgeo import gdal'], { encoding: 'utf8' })
  return r.status === 0
}

export default async function bench(): Promise<number> {
  const task = JSON.parse(fs.readFileSync(path.join(TASK, 'tasks.jsonl'), 'utf8').split('\n')[0]) as { options: string; answer: string }
  const dag = q46Dag(task.options)
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'rsure-bench-'))
  const artifacts = new ArtifactStore(tmp)
  const pool = new RasterPool()
  let code = 0
  try {
    const times: number[] = []
    let obs: { choice: string; value: number } | null = null
    for (let run = 0; run < 2; run++) {
      const t0 = performance.now()
      const r = await executeDag(dag, { artifacts }, { pool })
      times.push((performance.now() - t0) / 1000)
      if (r.status !== 'ok') {
        process.stdout.write(`execute-tvdi: status ${r.status}: ${r.reason}\n`)
        return 1
      }
      obs = r.observation as { choice: string; value: number }
    }
    const peakMb = process.resourceUsage().maxRSS / 1024
    const right = obs!.choice === task.answer && obs!.value.toFixed(4) === '0.6897'
    if (!right) code = 1
    process.stdout.write(
      `execute-tvdi: ${pool.size} worker(s) on ${os.availableParallelism()} core(s)\n` +
        `  rsure execute: cold ${times[0].toFixed(2)} s (incl. worker start), warm ${times[1].toFixed(2)} s, peak RSS ${peakMb.toFixed(0)} MB\n` +
        `  answer: mean of daily TVDI means ${obs!.value.toFixed(6)} -> option ${obs!.choice} (gold ${task.answer}) ${right ? 'OK' : 'WRONG'}\n`,
    )
    if (!pythonAvailable()) {
      process.stdout.write('  numpy+GDAL: not installed (Debian python3-gdal and python3-numpy); no comparison run\n')
      return code
    }
    const t0 = performance.now()
    const py = spawnSync(PYTHON, [path.join(ROOT, 'bench', 'tvdi_numpy_gdal.py'), path.join(TASK, 'files')], { encoding: 'utf8' })
    const pyWall = (performance.now() - t0) / 1000
    if (py.status !== 0) {
      process.stdout.write(`  numpy+GDAL: the reference script failed: ${py.stderr.trim().split('\n').pop()}\n`)
      return 1
    }
    const ref = JSON.parse(py.stdout.trim().split('\n').pop()!) as { annual_mean: number; seconds: number; maxrss_kb: number }
    process.stdout.write(
      `  numpy+GDAL: ${pyWall.toFixed(2)} s wall (${ref.seconds.toFixed(2)} s in the pipeline), peak RSS ${(ref.maxrss_kb / 1024).toFixed(0)} MB, mean ${ref.annual_mean.toFixed(6)}\n` +
        `  ratio numpy+GDAL / rsure: cold ${(pyWall / times[0]).toFixed(2)}x, warm ${(pyWall / times[1]).toFixed(2)}x\n`,
    )
    return code
  } finally {
    await pool.close()
    fs.rmSync(tmp, { recursive: true, force: true })
  }
}
