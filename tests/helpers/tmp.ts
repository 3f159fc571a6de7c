import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

/** A fresh temporary folder, removed by the returned cleanup. */
export function tempDir(prefix = 'rsure-test-'): { dir: string; cleanup: () => void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix))
  return { dir, cleanup: () => fs.rmSync(dir, { recursive: true, force: true }) }
}

/** Absolute path of a file under ../shared (fixtures and benchmarks), relative to the project root. */
export function shared(...parts: string[]): string {
  return path.resolve(__dirname, '..', '..', '..', 'shared', ...parts)
}
