/**
 * Containment: a DAG planned for a question may read only the question's inputs (tools/access.ts); `/etc`, `..`
 * and absolute paths elsewhere are refused before anything is listed or opened, and a catalog of an added folder
 * lists only raster files.
 */
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { buildCatalog } from '../../../main/engines/raster/catalog/catalog'
import { RasterPool } from '../../../main/engines/raster/worker/pool'
import { FileAccess } from '../../../main/tools/access'
import { executeDag } from '../../../main/tools/execute'
import type { ToolContext } from '../../../main/tools/tool'
import { tempDir } from '../../helpers/tmp'
import { writeTinyTiff } from '../engines/raster/tiny-tiff'

const t = tempDir('rsure-contain-')
const added = path.join(t.dir, 'added')
const outside = path.join(t.dir, 'outside')
fs.mkdirSync(added)
fs.mkdirSync(outside)
const inFile = path.join(added, 'Testville_2020-01-01_NTL.tif')
const outFile = path.join(outside, 'secret.tif')
for (const f of [inFile, outFile]) writeTinyTiff(f, { width: 4, height: 2, bands: [[1, 2, 3, 4, 5, 6, 7, 8]], dtype: 'uint8' })
fs.writeFileSync(path.join(added, 'notes-private.txt'), 'x')
const pool = new RasterPool(0)
afterAll(async () => {
  await pool.close()
  t.cleanup()
})

const access = FileAccess.forInputs([added])
const ctx = (): ToolContext => ({ artifacts: { save: () => { throw new Error('no artifact expected') } } as unknown as ToolContext['artifacts'], access })
const read = (p: string, extra: Record<string, unknown> = {}) => ({
  nodes: [
    { id: 'r', op: 'raster.read', params: { path: p } },
    { id: 's', op: 'raster.summarize', params: { stats: ['mean'] }, inputs: { data: '@r' } },
  ],
  output: 's',
  ...extra,
})

describe('containment of planned tool arguments', () => {
  it('reads a file inside an added folder', async () => {
    const r = await executeDag(read(inFile), ctx(), { pool })
    expect(r.status).toBe('ok')
    expect((r.observation as { mean: number }).mean).toBe(4.5)
  })

  it('refuses an absolute path outside the added inputs, naming the node and the path', async () => {
    const r = await executeDag(read(outFile), ctx(), { pool })
    expect(r.status).toBe('error')
    expect(r.reason).toMatch(/^Node 'r' params\.path names '.*secret\.tif', which is not among the files and folders added/)
  })

  it('refuses a relative path that climbs out with ..', async () => {
    const r = await executeDag(read('../outside/secret.tif', { base_dir: added }), ctx(), { pool })
    expect(r.status).toBe('error')
    expect(r.reason).toMatch(/not among the files and folders added/)
  })

  it('refuses asset.catalog on /etc before listing it', async () => {
    const dag = { nodes: [{ id: 'c', op: 'asset.catalog', params: { dir: '/etc' } }, { id: 'r', op: 'raster.read', params: { role: 'x' }, inputs: { data: '@c' } }], output: 'r' }
    const r = await executeDag(dag, ctx(), { pool })
    expect(r.status).toBe('error')
    expect(r.reason).toMatch(/^Node 'c' params\.dir names '\/etc', which is not among/)
    expect(JSON.stringify(r)).not.toMatch(/passwd|hostname/)
  })

  it('refuses catalog files named outside, one by one', async () => {
    const dag = { nodes: [{ id: 'c', op: 'asset.catalog', params: { files: [inFile, outFile] } }, { id: 'r', op: 'raster.read', params: { role: 'NTL' }, inputs: { data: '@c' } }], output: 'r' }
    const r = await executeDag(dag, ctx(), { pool })
    expect(r.reason).toMatch(/params\.files\[1\] names '.*secret\.tif'/)
  })

  it('a catalog of an added folder lists raster files only, never other entry names', () => {
    const c = buildCatalog({ dir: added, calibration: 'dn', sun_correction: false }, t.dir)
    expect(c.assets.map((a) => a.id)).toEqual(['Testville_2020-01-01'])
    expect(JSON.stringify(c)).not.toContain('notes-private')
  })

  it('without an access list (rsure exec, the user names paths) the same read runs', async () => {
    const r = await executeDag(read(outFile), { artifacts: ctx().artifacts }, { pool })
    expect(r.status).toBe('ok')
  })

  it('FileAccess: exact files, folders and their insides; nothing by prefix', () => {
    const a = new FileAccess(['/data/a.tif'], ['/data/set'])
    expect(a.allows('/data/a.tif')).toBe(true)
    expect(a.allows('/data/set/x/y.tif')).toBe(true)
    expect(a.allows('/data/set-other/y.tif')).toBe(false)
    expect(a.allows('/data/set/../b.tif')).toBe(false)
    expect(a.allows('/data/b.tif')).toBe(false)
  })
})
