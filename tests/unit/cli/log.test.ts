/** The rotating log: lines appended, rotated at the size bound into .1 .. .keep, older ones dropped. */
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { appendLog, logFile } from '../../../main/cli/log'
import { main } from '../../../main/cli/index'
import { tempDir } from '../../helpers/tmp'

const t = tempDir('rsure-log-')
afterAll(() => t.cleanup())

describe('rotating log', () => {
  it('rotates at maxBytes and keeps at most `keep` old files', () => {
    const opts = { dir: path.join(t.dir, 'logs'), maxBytes: 200, keep: 2 }
    for (let i = 0; i < 40; i++) appendLog(`line ${i} ${'x'.repeat(30)}`, opts)
    const file = logFile(opts)
    const names = fs.readdirSync(opts.dir).sort()
    expect(names).toEqual(['rsure.log', 'rsure.log.1', 'rsure.log.2'])
    for (const n of names) expect(fs.statSync(path.join(opts.dir, n)).size).toBeLessThanOrEqual(200 + 80)
    expect(fs.readFileSync(file, 'utf8')).toMatch(/line 39 /)
    const all = names.map((n) => fs.readFileSync(path.join(opts.dir, n), 'utf8')).join('')
    expect(all).not.toMatch(/line 0 /)
  })
  it('a command writes its start and outcome to <data folder>/logs/rsure.log', async () => {
    const saved = process.env.RSURE_DATA_DIR
    process.env.RSURE_DATA_DIR = path.join(t.dir, 'data')
    try {
      await main(['classify', '--nope'], { stdout: () => undefined, stderr: () => undefined, signal: new AbortController().signal })
      const text = fs.readFileSync(path.join(t.dir, 'data', 'logs', 'rsure.log'), 'utf8')
      expect(text).toMatch(/rsure \S+ classify started/)
      expect(text).toMatch(/rsure classify failed \(exit 2\)/)
    } finally {
      if (saved === undefined) delete process.env.RSURE_DATA_DIR
      else process.env.RSURE_DATA_DIR = saved
    }
  })
})
