/**
 * Where a worker thread's entry file is: the path in `envVar` when set; under tsx (sources ending in .ts) the
 * `boot.mjs` beside the caller, which registers tsx first; in a bundle the compiled `compiled` file beside it.
 * Null when the bundle lacks it: the caller says which worker is missing in its own words.
 */
import fs from 'node:fs'
import { fileURLToPath } from 'node:url'

export function workerEntry(callerUrl: string, compiled: string, envVar: string): URL | string | null {
  const fromEnv = process.env[envVar]
  if (fromEnv) return fromEnv
  if (fileURLToPath(callerUrl).endsWith('.ts')) return new URL('./boot.mjs', callerUrl)
  const built = new URL(`./${compiled}`, callerUrl)
  return fs.existsSync(fileURLToPath(built)) ? built : null
}
