import { describe, expect, it } from 'vitest'
import { progressPrinter, type CliIo } from '../../../main/cli/io'

describe('progressPrinter', () => {
  it('writes to stderr only, throttled, and always the final step', () => {
    const out: string[] = []
    const err: string[] = []
    const io: CliIo = { stdout: (t) => out.push(t), stderr: (t) => err.push(t), signal: new AbortController().signal }
    const progress = progressPrinter(io)
    progress({ stage: 'read a.tif', done: 1, total: 3 })
    progress({ stage: 'read b.tif', done: 2, total: 3 }) // within 250 ms of the first: skipped
    progress({ stage: 'read c.tif', done: 3, total: 3 })
    expect(out).toEqual([])
    expect(err).toEqual(['  1/3 read a.tif\n', '  3/3 read c.tif\n'])
  })
})
