/** The model manager's contract channels (models.list / check / add / remove) through the router. */
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { modelHandlers } from '../../../../main/ipc/handlers/models'
import { createRouter } from '../../../../main/ipc/router'
import { anchorCount } from '../../../../main/engines/vision/contracts'
import { RawHead, YOLO_NORM, meanAffineModel, writePack } from '../../../helpers/onnx-packs'
import { tempDir } from '../../../helpers/tmp'

let root: string
beforeAll(() => {
  root = tempDir('rsure-models-ipc-').dir
})
afterAll(() => fs.rmSync(root, { recursive: true, force: true }))

describe('models.* channels', () => {
  it('lists, adds, checks and removes packs, and answers refusals with their sentence', async () => {
    const router = createRouter(modelHandlers({ dataDir: path.join(root, 'data') }))
    const ctx = { transport: 'ipc' as const }
    const A = anchorCount(64, 64)
    const dir = path.join(root, 'src', 'boats')
    fs.mkdirSync(dir, { recursive: true })
    meanAffineModel(path.join(dir, 'model.onnx'), { inputDims: [1, 3, 64, 64], outputs: [{ name: 'output0', dims: [1, 5, A], base: new RawHead(5, A).data }] })
    writePack(dir, { id: 'boats', family: 'yolo', task: 'detect', input: { width: 64, height: 64, resize: 'letterbox', normalisation: YOLO_NORM }, classNames: ['boat'], files: { model: 'model.onnx' } })

    const added = await router.call('models.add', { dir }, ctx)
    expect(added).toMatchObject({ id: 'boats', origin: 'user', io: { model: { outputs: [{ name: 'output0', shape: [1, 5, 84] }] } } })
    const { packs } = await router.call('models.list', {}, ctx)
    expect(packs.map((p) => [p.id, p.origin, p.status])).toEqual([
      ['ppocr-v4', 'built-in', 'ok'],
      ['boats', 'user', 'ok'],
    ])
    expect((await router.call('models.check', { id: 'boats' }, ctx)).files.model.file).toBe('model.onnx')
    expect(await router.call('models.remove', { id: 'boats' }, ctx)).toEqual({ removed: true })
    const missing = await router.dispatch('models.check', { id: 'boats' }, ctx)
    expect(missing).toEqual({ ok: false, error: { code: 'not-found', message: "'boats' is neither an installed pack nor a pack folder; run 'rsure models list' to see the installed packs." } })
    const builtin = await router.dispatch('models.remove', { id: 'ppocr-v4' }, ctx)
    expect(builtin).toEqual({ ok: false, error: { code: 'failed', message: "Pack 'ppocr-v4' ships with the app and cannot be removed." } })
  })
})
