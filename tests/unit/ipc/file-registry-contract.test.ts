/**
 * A description that breaks the contract (a bug in an engine) must not enter the session: it would fail every
 * files.list, and once stored, after every restart. The file is kept with one sentence instead.
 */
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { FileInfo } from '../../../preload/contract'
import { FileRegistry } from '../../../main/ipc/file-registry'
import { tempDir } from '../../helpers/tmp'

vi.mock('../../../main/engines/raster/describe', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../../main/engines/raster/describe')>()
  return { ...real, describeFile: async (file: string) => ({ kind: 'image', format: 'PNG', path: file, fileSize: 1, width: -4, height: 2, channels: 3, bitDepth: 8, colorModel: 'rgb' }) }
})

const tmp = tempDir()
afterAll(() => tmp.cleanup())

describe('FileRegistry and the contract', () => {
  it('keeps a file whose description breaks the contract with a sentence, so the list stays valid', async () => {
    const file = path.join(tmp.dir, 'odd.png')
    fs.writeFileSync(file, 'x')
    const reg = new FileRegistry()
    const { added } = await reg.addPaths([file])
    expect(added[0].info).toBeNull()
    expect(added[0].error).toMatch(/^'.*odd\.png' could not be read \(its description broke the contract at 'width': .+\); please report this file\.$/)
    expect(reg.list().every((e) => e.info === null || FileInfo.safeParse(e.info).success)).toBe(true)
  })
})
