/**
 * `rsure perceive` and `rsure measure` through the real command-line dispatcher: one ToolResult as JSON, exit codes
 * 0 (ok), 3 (insufficient, with the reason on stderr) and 2 (bad arguments, one sentence).
 */
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { main } from '../../main/cli/index'
import { shared, tempDir } from '../helpers/tmp'

const { dir, cleanup } = tempDir('rsure-perception-cli-')
const previous = process.env.RSURE_DATA_DIR
afterAll(() => {
  if (previous === undefined) delete process.env.RSURE_DATA_DIR
  else process.env.RSURE_DATA_DIR = previous
  cleanup()
})

async function cli(argv: string[]) {
  process.env.RSURE_DATA_DIR = path.join(dir, 'data')
  let stdout = ''
  let stderr = ''
  const code = await main(argv, { stdout: (t) => void (stdout += t), stderr: (t) => void (stderr += t), signal: new AbortController().signal })
  return { code, stdout, stderr }
}

const LANDSAT = shared('fixtures', 'landsat8_L1TP_016037_20170813')

describe('rsure perceive and rsure measure', () => {
  it('perceive prints the ToolResult and saves its layers in the data folder', { timeout: 60_000 }, async () => {
    const { code, stdout, stderr } = await cli(['perceive', '--mode', 'regions', '--image', LANDSAT, '--target', 'water=water,lake', '--json'])
    expect(stderr).toBe('')
    expect(code).toBe(0)
    const r = JSON.parse(stdout)
    expect(r).toMatchObject({ status: 'ok', config: { fine: 'perceive:regions|auto|full' }, observation: { backend: 'classical:spectral-index' } })
    for (const a of r.artifacts) expect(a.path.startsWith(path.join(dir, 'data'))).toBe(true)
    const none = await cli(['perceive', '--mode', 'objects', '--image', shared('fixtures', 'levircd', 'A', 'test_2_0000_0000.png'), '--target', 'ship=ship'])
    expect(none.code).toBe(3)
    expect(none.stderr).toMatch(/rsure models add/)
    const bad = await cli(['perceive', '--mode', 'regions', '--image', LANDSAT, '--target', 'water'])
    expect(bad.code).toBe(2)
    expect(bad.stderr).toMatch(/--target takes NAME=VALUE/)
  })

  it('measure reads a spec file with paths relative to it', { timeout: 60_000 }, async () => {
    const spec = path.join(dir, 'water.json')
    fs.writeFileSync(spec, JSON.stringify({ sources: [{ id: 'scene', mode: 'regions', image_paths: [path.relative(dir, LANDSAT)], target_groups: { water: ['water'] } }], spec: { metric: 'area', subject: 'water', output_unit: 'ha' } }))
    const { code, stdout } = await cli(['measure', '--spec', spec, '--json'])
    expect(code).toBe(0)
    const r = JSON.parse(stdout)
    expect(r.observation).toMatchObject({ metric: 'area', unit: 'ha' })
    expect(r.observation.value).toBeCloseTo(r.evidence.intermediate.pixel_counts.water * 81, 6)
    fs.writeFileSync(spec, JSON.stringify({ sources: [], spec: { metric: 'area', subject: 'water' } }))
    const bad = await cli(['measure', '--spec', spec])
    expect(bad.code).toBe(2)
    expect(bad.stderr).toMatch(/The measure arguments are invalid: sources/)
  })
})
