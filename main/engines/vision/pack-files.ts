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

/** Whether `child` lies inside `parent` (both absolute). */
function within(child: string, parent: string): boolean {
  const rel = path.relative(parent, child)
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel))
}

/** The real path of `p` when it exists, else `p` itself (a missing file is reported by the hash check). */
function real(p: string): string {
  try {
    return fs.realpathSync.native(p)
  } catch {
    return p
  }
}

/** An npm package name as npm allows it (scoped or not): no '..', no slashes beyond the scope. */
const NPM_NAME = /^(?:@[a-z0-9][a-z0-9._-]*\/)?[a-z0-9][a-z0-9._-]*$/

/**
 * Absolute path of a manifest file entry of the pack in `dir`, checked to stay where it must: inside the pack folder
 * (or inside the named npm package for `npm:` paths), lexically and after following links, before any file is
 * opened or hashed. `npm:../../../../etc/shadow`, `../x`, an absolute path or a link leading out is refused by name.
 */
export function resolvePackPath(dir: string, p: string): string {
  const refuse = (why: string) =>
    new VisionError(
      `The pack's manifest names the file '${p}', which ${why}; a pack may name only files inside its own folder (or inside an installed npm package with npm:<package>/<path>).`,
      'invalid',
    )
  if (p.includes('\0') || p.includes('\\') || /^[a-zA-Z]:/.test(p)) throw refuse('is not a plain relative path')
  let root: string
  let rest: string
  if (p.startsWith('npm:')) {
    const spec = p.slice(4)
    const parts = spec.split('/')
    const pkg = spec.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]
    rest = parts.slice(spec.startsWith('@') ? 2 : 1).join('/')
    if (!NPM_NAME.test(pkg) || !rest) throw refuse('does not name a file of an npm package (npm:<package>/<path>)')
    const found = packageRoot(pkg)
    if (!found) throw new VisionError(`The npm package '${pkg}' that holds a file of this pack is not installed; reinstall the app's dependencies.`, 'missing')
    root = found
  } else {
    root = dir
    rest = p
  }
  if (path.isAbsolute(rest) || rest.split('/').includes('..')) throw refuse('leads out of its folder')
  const full = path.join(root, rest)
  if (!within(full, root)) throw refuse('leads out of its folder')
  if (!within(real(full), real(root))) throw refuse('is a link that leads out of its folder')
  return full
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
