/**
 * `npm run bench`: runs every `bench/*.bench.ts` in turn (alphabetical), each in this process.
 *
 * A bench file exports `default async function (argv: string[]): Promise<number>` that prints its own figures
 * and returns 0 when its result is right (non-zero fails the bench run). `npm run bench -- NAME...` runs only the
 * benches whose file name contains one of the NAMEs.
 */
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

export async function runBenches(argv: string[]): Promise<number> {
  const dir = path.dirname(fileURLToPath(import.meta.url))
  const wanted = argv.filter((a) => !a.startsWith('-'))
  const files = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.bench.ts'))
    .filter((f) => wanted.length === 0 || wanted.some((w) => f.includes(w)))
    .sort()
  if (files.length === 0) {
    process.stderr.write(`No bench matches ${wanted.join(', ')}; the benches are the bench/*.bench.ts files.\n`)
    return 2
  }
  let failures = 0
  for (const f of files) {
    process.stdout.write(`\n== ${f} ==\n`)
    const mod = (await import(pathToFileURL(path.join(dir, f)).href)) as { default?: (argv: string[]) => Promise<number> }
    if (typeof mod.default !== 'function') {
      process.stderr.write(`${f} does not export a default bench function; skipping it counts as a failure.\n`)
      failures++
      continue
    }
    try {
      const code = await mod.default(argv)
      if (code !== 0) failures++
    } catch (err) {
      process.stderr.write(`${f} failed: ${(err as Error).message}\n`)
      failures++
    }
  }
  return failures ? 1 : 0
}
