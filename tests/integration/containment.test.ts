/**
 * Containment (issue 20): one access guard (main/tools/access.ts) that every tool passes through, since
 * ToolRegistry.register wraps each tool's run. A path outside the question's inputs is refused by name before any
 * file is opened: `../../etc/passwd`, absolute paths, a symlink inside an added folder that leads out of it (to a
 * file or a folder), a link loop and Windows-style paths (drive letter, UNC, backslashes). Checked three ways: the
 * guard itself, every installed tool called with each hostile path (execute's raster.read and asset.catalog dir and
 * files, perceive's image_paths, measure's image_paths and layer), and a whole run whose scripted model names them.
 * `rsure models add` is held to its pack folder the same way (npm:../.., '..', absolute, Windows, links out).
 */
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { installedTools } from '../../main/agent/installed-tools'
import { createBackbone } from '../../main/agent/llm/backbone-spec'
import { runAgent } from '../../main/agent/run-agent'
import { makeTask } from '../../main/agent/task'
import { main } from '../../main/cli/index'
import type { CliIo } from '../../main/cli/io'
import { FileAccess, refuseToolPaths } from '../../main/tools/access'
import { buildTiff } from '../../scripts/hostile-corpus'
import { meanAffineModel, RawHead, writePack, YOLO_NORM } from '../helpers/onnx-packs'
import { startScriptedModelServer, type ScriptedModelServer } from '../helpers/scripted-model-server'
import { tempDir } from '../helpers/tmp'
import { memoryStores, type StoreBundle } from '../unit/agent/doubles'
import { anchorCount } from '../../main/engines/vision/contracts'

const t = tempDir('rsure-containment-')
const IN = path.join(t.dir, 'inputs')
const OUT = path.join(t.dir, 'outside')
/** The secret's values (all 4242) never appear in a refused run. */
const SECRET_TEXT = 'TOP-SECRET-4242'
let stores: StoreBundle
let server: ScriptedModelServer | null = null

beforeAll(() => {
  fs.mkdirSync(IN, { recursive: true })
  fs.mkdirSync(OUT, { recursive: true })
  const tif = (w: number, v: number) => buildTiff({ width: w, height: w, chunks: [new Uint8Array(w * w).fill(v)] }).bytes
  fs.writeFileSync(path.join(IN, 'H_2019-07-28_NDVI.tif'), tif(4, 7))
  fs.writeFileSync(path.join(OUT, 'secret.tif'), tif(4, 42))
  fs.writeFileSync(path.join(OUT, 'secret.txt'), SECRET_TEXT)
  fs.symlinkSync(path.join(OUT, 'secret.tif'), path.join(IN, 'link-out.tif'))
  fs.symlinkSync(OUT, path.join(IN, 'link-dir'))
  fs.symlinkSync(path.join(IN, 'loop-b.tif'), path.join(IN, 'loop-a.tif'))
  fs.symlinkSync(path.join(IN, 'loop-a.tif'), path.join(IN, 'loop-b.tif'))
  fs.symlinkSync(path.join(IN, 'H_2019-07-28_NDVI.tif'), path.join(IN, 'link-in.tif'))
  stores = memoryStores()
})
afterAll(async () => {
  await server?.close()
  stores?.cleanup()
  t.cleanup()
})

/** What a model talked into anything might name, with the clause the refusal must give. */
const hostile = (): [string, RegExp][] => [
  ['../../../../../../etc/passwd', /is not among the files and folders added/],
  ['/etc/passwd', /is not among the files and folders added/],
  [path.join(OUT, 'secret.tif'), /is not among the files and folders added/],
  [path.join(IN, '..', 'outside', 'secret.tif'), /is not among the files and folders added/],
  [path.join(IN, 'link-out.tif'), /is a link that leads out of the added files and folders/],
  [path.join(IN, 'link-dir', 'secret.tif'), /is a link that leads out of the added files and folders/],
  [path.join(IN, 'link-dir'), /is a link that leads out of the added files and folders/],
  [path.join(IN, 'loop-a.tif'), /is a loop of symbolic links/],
  ['C:\\Windows\\System32\\config\\SAM', /is a Windows-style path/],
  ['\\\\server\\share\\secret.tif', /is a Windows-style path/],
  ['inputs\\..\\..\\outside\\secret.tif', /is a Windows-style path/],
]

describe('the access guard', () => {
  it('allows the inputs (and links that stay inside) and refuses every hostile form by name', () => {
    const access = FileAccess.forInputs([IN], stores.artifacts.dir)
    expect(access.problem(path.join(IN, 'H_2019-07-28_NDVI.tif'))).toBeNull()
    expect(access.problem(path.join(IN, 'link-in.tif'))).toBeNull()
    expect(access.problem(IN)).toBeNull()
    expect(access.problem(path.join(IN, 'not-yet-there.tif'))).toBeNull()
    for (const [p, why] of hostile()) expect(access.problem(path.resolve(p)) ?? access.problem(p), p).toMatch(why)
  })
})

/** Each tool's arguments naming `p`, with where the path sits. */
function callsNaming(p: string): { tool: string; what: string; args: unknown }[] {
  return [
    { tool: 'execute', what: 'nodes[0].params.path', args: { nodes: [{ id: 'r', op: 'raster.read', params: { path: p }, inputs: {} }], output: 'r' } },
    { tool: 'execute', what: 'nodes[0].params.dir', args: { nodes: [{ id: 'c', op: 'asset.catalog', params: { dir: p }, inputs: {} }], output: 'c' } },
    { tool: 'execute', what: 'nodes[0].params.files[1]', args: { nodes: [{ id: 'c', op: 'asset.catalog', params: { files: [path.join(IN, 'H_2019-07-28_NDVI.tif'), p] }, inputs: {} }], output: 'c' } },
    { tool: 'perceive', what: 'image_paths[0]', args: { mode: 'regions', image_paths: [p], target_groups: { water: ['water'] } } },
    { tool: 'measure', what: 'sources[0].image_paths[0]', args: { sources: [{ id: 's', mode: 'regions', image_paths: [p], target_groups: { water: ['water'] } }], spec: { metric: 'area', subject: 'water' } } },
    { tool: 'measure', what: 'sources[0].layer', args: { sources: [{ id: 's', mode: 'regions', layer: p }], spec: { metric: 'area', subject: 'water' } } },
  ]
}

describe('every tool passes through the guard', () => {
  it('execute, perceive and measure refuse each hostile path before running; retrieve names no path; the inputs still work', async () => {
    const registry = await installedTools()
    expect(registry.names().sort()).toEqual(['execute', 'measure', 'perceive', 'retrieve'])
    const access = FileAccess.forInputs([IN], stores.artifacts.dir)
    const ctx = { artifacts: stores.artifacts, access }
    for (const [p, why] of hostile()) {
      for (const c of callsNaming(p)) {
        const r = await registry.get(c.tool)!.run(c.args, ctx)
        expect(r.status, `${c.tool} ${c.what} ${p}`).toBe('error')
        expect(r.reason).toContain(`The ${c.tool} call's ${c.what} names '`)
        expect(r.reason).toMatch(why)
        expect(r.reason).toMatch(/a tool call may read only the analyst's inputs and run artifacts\.$/)
        expect(JSON.stringify(r)).not.toContain(SECRET_TEXT)
      }
    }
    // The guard finds no path in a retrieve call, and the added file reads as before.
    expect(refuseToolPaths('retrieve', { query: 'NDVI of /etc/passwd', top_k: 3 }, access)).toBeNull()
    const ok = await registry.get('execute')!.run({ nodes: [{ id: 'r', op: 'raster.read', params: { path: path.join(IN, 'link-in.tif') }, inputs: {} }, { id: 's', op: 'raster.summarize', params: { stats: ['mean'] }, inputs: { data: '@r' } }], output: 's' }, ctx)
    expect(ok.status).toBe('ok')
    expect((ok.observation as { mean: number }).mean).toBe(7)
  }, 120_000)

  it('a run whose scripted model names outside paths gets one refusal per call and reads nothing outside', async () => {
    const planned = [
      { name: 'perceive', arguments: { mode: 'regions', image_paths: ['/etc/passwd'], target_groups: { water: ['water'] } } },
      { name: 'measure', arguments: { sources: [{ id: 's', mode: 'regions', image_paths: [path.join(IN, 'link-out.tif')], target_groups: { water: ['water'] } }], spec: { metric: 'area', subject: 'water' } } },
      { name: 'execute', arguments: { nodes: [{ id: 'r', op: 'raster.read', params: { path: '../../../../../../etc/passwd' }, inputs: {} }], output: 'r' } },
      { name: 'execute', arguments: { nodes: [{ id: 'c', op: 'asset.catalog', params: { dir: path.join(IN, 'link-dir') }, inputs: {} }], output: 'c' } },
      { name: 'perceive', arguments: { mode: 'regions', image_paths: ['C:\\Windows\\System32\\config\\SAM'], target_groups: { water: ['water'] } } },
    ]
    server = await startScriptedModelServer({
      other: () => ({ text: 'environmental_assessment' }),
      planner: [...planned.map((c) => ({ toolCalls: [c] })), { text: 'Nothing could be read.' }],
      writer: [{ json: { answer: 'Not determined', explanation: 'No tool could read the files named.', choice: null } }],
    })
    const registry = await installedTools()
    const backbone = createBackbone({ kind: 'openai', baseUrl: server.url, model: 'scripted' }, registry, { stream: false })
    const task = makeTask({ question: 'What is the mean NDVI of the secret file?', options: [], files: [IN] })
    const result = await runAgent(task, { verify: false, prior: false }, { backbone, registry, artifacts: stores.artifacts, runs: stores.runs })
    const results = result.trajectory.filter((s) => s.kind === 'tool_result').map((s) => (s.payload as { result?: { status: string; reason: string } }).result)
    expect(results).toHaveLength(planned.length)
    for (const r of results) {
      expect(r?.status).toBe('error')
      expect(r?.reason).toMatch(/^The (perceive|measure|execute) call's .+ names '.+', which .+; a tool call may read only the analyst's inputs and run artifacts\.$/)
    }
    const all = JSON.stringify(result)
    expect(all).not.toContain('root:x:0')
    expect(all).not.toContain(SECRET_TEXT)
  }, 120_000)
})

describe('rsure models add stays inside its pack folder', () => {
  async function rsure(...argv: string[]) {
    let out = ''
    let err = ''
    const io: CliIo = { stdout: (s) => void (out += s), stderr: (s) => void (err += s), signal: new AbortController().signal }
    const code = await main([...argv, '--data-dir', path.join(t.dir, 'data')], io)
    return { code, out, err }
  }

  it('refuses manifests naming npm:../.., .., absolute, Windows and linked-out files in one sentence, hashing nothing outside', async () => {
    const A = anchorCount(64, 64)
    const outsideModel = path.join(OUT, 'outside.onnx')
    meanAffineModel(outsideModel, { inputDims: [1, 3, 64, 64], outputs: [{ name: 'output0', dims: [1, 5, A], base: new RawHead(5, A).data }] })
    const names: [string, string][] = [
      ['npm-up', 'npm:../../../../etc/shadow'],
      ['npm-abs', 'npm:/etc/shadow'],
      ['up', '../../outside/outside.onnx'],
      ['abs', outsideModel],
      ['windows', 'C:\\Windows\\model.onnx'],
      ['backslash', '..\\outside\\outside.onnx'],
      ['link-out', 'model.onnx'],
    ]
    for (const [id, file] of names) {
      const dir = path.join(t.dir, 'packs', id)
      fs.mkdirSync(dir, { recursive: true })
      if (id === 'link-out') fs.symlinkSync(outsideModel, path.join(dir, 'model.onnx'))
      else meanAffineModel(path.join(dir, 'model.onnx'), { inputDims: [1, 3, 64, 64], outputs: [{ name: 'output0', dims: [1, 5, A], base: new RawHead(5, A).data }] })
      writePack(dir, { id, family: 'yolo', task: 'detect', input: { width: 64, height: 64, resize: 'letterbox', normalisation: YOLO_NORM }, classNames: ['car'], files: { model: 'model.onnx' } }, {})
      const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8'))
      manifest.files.model.path = file
      fs.writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify(manifest))
      const r = await rsure('models', 'add', dir)
      expect(r.code, `${id}: ${r.out}${r.err}`).toBe(1)
      const line = r.err.trim()
      expect(line.split('\n'), id).toHaveLength(1)
      expect(line, id).toMatch(/stay inside the pack folder|leads out of its folder|is a link that leads out of its folder|is not a plain relative path|does not name a file of an npm package/)
      expect(r.out + r.err, id).not.toMatch(/sha256 of its/)
      expect(fs.existsSync(path.join(t.dir, 'data', 'models', id)), id).toBe(false)
    }
  }, 120_000)
})
