/**
 * Files of a pack on disk: where a manifest path points (inside the pack folder, or inside an installed npm package
 * for `npm:` paths) and their sha256, computed by streaming and remembered per (path, size, mtime) so a multi-GB
 * encoder is hashed once per process, not on every use.
 */
import crypto from 'node:crypto'
import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { VisionError } from './errors'

const require = createRequire(import.meta.url)

/**
 * Folder of an installed package. Packages with an `exports` map may not export package.json, so the node_modules
 * folders Node would search (from this module, then from the working directory) are looked at directly.
 */
function packageRoot(pkg: string): string | null {
  const bases = [...(require.resolve.paths(pkg) ?? []), path.join(process.cwd(), 'node_modules')]
  for (const base of bases) {
    const dir = path.join(base, pkg)
    if (fs.existsSync(path.join(dir, 'package.json'))) return dir
  }
  return null
}

/** Absolute path of a manifest file entry of the pack in `dir`. */
export function resolvePackPath(dir: string, p: string): string {
  if (p.startsWith('npm:')) {
    const spec = p.slice(4)
    const parts = spec.split('/')
    const pkg = spec.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]
    const rest = parts.slice(spec.startsWith('@') ? 2 : 1).join('/')
    const root = packageRoot(pkg)
    if (!root) throw new VisionError(`The npm package '${pkg}' that holds a file of this pack is not installed; reinstall the app's dependencies.`, 'missing')
    return path.join(root, rest)
  }
  return path.join(dir, p)
}

const hashCache = new Map<string, string>()

/** sha256 (hex) of a file, streamed. */
export async function sha256File(file: string): Promise<string> {
  const st = await fs.promises.stat(file)
  const key = `${file}|${st.size}|${st.mtimeMs}`
  const hit = hashCache.get(key)
  if (hit) return hit
  const hash = crypto.createHash('sha256')
  await new Promise<void>((resolve, reject) => {
    fs.createReadStream(file)
      .on('data', (chunk) => hash.update(chunk))
      .on('end', () => resolve())
      .on('error', reject)
  })
  const hex = hash.digest('hex')
  hashCache.set(key, hex)
  return hex
}
