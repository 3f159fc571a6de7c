/**
 * What the tools read from arguments that failed validation (the narrow boundary each keeps for it): the tool config
 * the prior files the failed call under, the node a DAG error names, the base folder paths are resolved against, and
 * the data-folder pointer file. Any shape at all is taken without a throw; the keys and names are worked out by hand
 * from the rules in the tools' comments (a safe lower-case word, else 'invalid' / 'auto').
 */
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { chosenDataDir, DATA_DIR_POINTER, platformDataDir } from '../../../main/store/paths'
import { ArtifactStore } from '../../../main/store/artifacts'
import { toolPaths } from '../../../main/tools/access'
import { compileDag } from '../../../main/tools/execute/compile'
import { executeDag } from '../../../main/tools/execute/index'
import { measure } from '../../../main/tools/measure/index'
import { perceiveWithLayers } from '../../../main/tools/perceive/index'
import { tempDir } from '../../helpers/tmp'

const tmp = tempDir('rsure-boundary-')
afterAll(() => tmp.cleanup())
const ctx = { artifacts: new ArtifactStore(path.join(tmp.dir, 'artifacts')) }
const GARBAGE: unknown[] = [null, undefined, 5, 'x', [], [1, 2], { nodes: 'x' }, { spec: 5, sources: 'y' }, { mode: 7 }]

describe('the config of a call whose arguments are invalid', () => {
  it('measure: the metric, relation and layer mode when they are safe words, else invalid / auto', async () => {
    for (const g of GARBAGE) expect((await measure(g, ctx)).config).toEqual({ tool: 'measure', coarse: 'measure:invalid', fine: 'measure:invalid|auto|auto' })
    const r = await measure(
      {
        spec: { metric: 'area', relation: 'inside', subject: 'b.water' },
        sources: [
          { id: 'a', mode: 'objects' },
          { id: 'b', mode: 'regions' },
        ],
      },
      ctx,
    )
    expect(r.status).toBe('error')
    expect(r.config).toEqual({ tool: 'measure', coarse: 'measure:area', fine: 'measure:area|inside|regions' })
    const rel = await measure({ spec: { metric: 'relation', relation: 'Bad Word' }, sources: [null, { mode: 'UPPER' }] }, ctx)
    expect(rel.config).toEqual({ tool: 'measure', coarse: 'measure:boolean', fine: 'measure:boolean|auto|auto' })
  })

  it('perceive: the mode when it is a lower-case word, else invalid', async () => {
    for (const g of GARBAGE) expect((await perceiveWithLayers(g, ctx)).result.config.coarse).toBe('perceive:invalid')
    const r = await perceiveWithLayers({ mode: 'objects', image_paths: 5 }, ctx)
    expect(r.result.status).toBe('error')
    expect(r.result.config.coarse).toBe('perceive:objects')
    expect((await perceiveWithLayers({ mode: 'Objects!' }, ctx)).result.config.coarse).toBe('perceive:invalid')
  })

  it('execute: the product node, else the output node, when its op is a safe name, else invalid', async () => {
    for (const g of GARBAGE) expect((await executeDag(g, ctx)).config).toEqual({ tool: 'execute', coarse: 'execute:invalid', fine: 'execute:invalid|invalid' })
    const product = await executeDag({ nodes: [null, 3, { id: 'p', op: 'raster.product', params: 5 }], output: 'zz' }, ctx)
    expect(product.config.coarse).toBe('execute:raster.product')
    const algebra = await executeDag({ nodes: [{ id: 'a', op: 'raster.algebra', params: { index: 'NDVI' } }], output: 'q' }, ctx)
    expect(algebra.config.coarse).toBe('execute:raster.product')
    const plainAlgebra = await executeDag({ nodes: [{ id: 'a', op: 'raster.algebra', params: { index: 4 } }], output: 'a' }, ctx)
    expect(plainAlgebra.config.coarse).toBe('execute:raster.algebra')
    const output = await executeDag(
      {
        nodes: [
          { id: 's', op: 'raster.summarize' },
          { id: 't', op: 'drop table;' },
        ],
        output: 't',
      },
      ctx,
    )
    expect(output.config.coarse).toBe('execute:invalid')
    expect((await executeDag({ nodes: [{ id: 's', op: 'raster.summarize' }], output: 's' }, ctx)).config.coarse).toBe('execute:raster.summarize')
  })
})

describe('the node a DAG error names', () => {
  const message = (raw: unknown) => {
    try {
      compileDag(raw, tmp.dir)
    } catch (err) {
      return (err as Error).message
    }
    return 'compiled'
  }
  it('by its id when it has a string id, else by its place', () => {
    expect(message({ nodes: [{ id: 'r', op: 5 }], output: 'r' })).toMatch(/^The DAG is not valid at node 'r': /)
    expect(
      message({
        nodes: [
          { id: 'r', op: 'raster.read', params: { path: 'a.tif' } },
          { id: 7, op: 5 },
        ],
        output: 'r',
      }),
    ).toMatch(/^The DAG is not valid at node '#2': /)
    expect(message({ nodes: [null], output: 'r' })).toMatch(/^The DAG is not valid at node '#1': /)
    expect(message({ nodes: 'x' })).toMatch(/^The DAG is not valid: /)
    expect(message(null)).toMatch(/^The DAG is not valid: /)
  })
})

describe('the folder tool paths resolve against', () => {
  it("an execute DAG's base_dir when it is a string, else the working folder", () => {
    const cwd = path.join(tmp.dir, 'work')
    expect(toolPaths('execute', { base_dir: 'data', nodes: [{ params: { path: 'a.tif' } }] }, cwd)).toEqual([
      { what: 'nodes[0].params.path', path: path.join(cwd, 'data', 'a.tif') },
    ])
    expect(toolPaths('execute', { base_dir: 5, nodes: [{ params: { path: 'a.tif' } }] }, cwd)).toEqual([
      { what: 'nodes[0].params.path', path: path.join(cwd, 'a.tif') },
    ])
    expect(toolPaths('execute', null, cwd)).toEqual([])
    expect(toolPaths('measure', { base_dir: 'data', sources: [{ image_paths: ['b.png'] }] }, cwd)).toEqual([
      { what: 'sources[0].image_paths[0]', path: path.join(cwd, 'b.png') },
    ])
  })
})

describe('the data-folder pointer file', () => {
  const env = { XDG_DATA_HOME: path.join(tmp.dir, 'xdg') } as NodeJS.ProcessEnv
  const write = (text: string) => {
    fs.mkdirSync(platformDataDir(env, 'linux'), { recursive: true })
    fs.writeFileSync(path.join(platformDataDir(env, 'linux'), DATA_DIR_POINTER), text)
  }
  it('names an absolute folder, or nothing', () => {
    write(JSON.stringify({ dataDir: '/srv/rsure' }))
    expect(chosenDataDir(env, 'linux')).toBe('/srv/rsure')
    for (const bad of ['null', '5', '"/srv"', '[]', '{"dataDir": 5}', '{"dataDir": ["/srv"]}', '{"dataDir": "rel"}', '{']) {
      write(bad)
      expect(chosenDataDir(env, 'linux'), bad).toBeNull()
    }
  })
})
