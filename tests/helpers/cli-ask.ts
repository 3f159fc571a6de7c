/**
 * `rsure ask --json` through the command line's own entry (main/cli) in this process, with RSURE_DATA_DIR pointed at
 * a temporary folder for the session and put back by `cleanup` (call it in afterAll).
 */
import path from 'node:path'
import { expect } from 'vitest'
import { main } from '../../main/cli/index'
import { tempDir } from './tmp'

export interface CliAskSession {
  /** The session's temporary folder (files a test writes may go under it). */
  dir: string
  /** The parsed JSON answer of `rsure ask --json --files <files> <question>`; fails the test unless it exits 0. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the CLI's JSON answer, read field by field by each test
  ask(files: string, question: string): Promise<any>
  cleanup(): void
}

export function cliAskSession(prefix: string): CliAskSession {
  const { dir, cleanup } = tempDir(prefix)
  const previous = process.env.RSURE_DATA_DIR
  return {
    dir,
    async ask(files, question) {
      process.env.RSURE_DATA_DIR = path.join(dir, 'data')
      let stdout = ''
      let stderr = ''
      const code = await main(['ask', '--json', '--files', files, question], {
        stdout: (t) => void (stdout += t),
        stderr: (t) => void (stderr += t),
        signal: new AbortController().signal,
      })
      expect(code, stderr).toBe(0)
      return JSON.parse(stdout)
    },
    cleanup() {
      if (previous === undefined) delete process.env.RSURE_DATA_DIR
      else process.env.RSURE_DATA_DIR = previous
      cleanup()
    },
  }
}
