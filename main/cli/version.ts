/** The version `rsure --version` prints and the MCP server announces: package.json's, read once. */
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

/** The project folder (sources: above main/cli; the built bundle: above out/main): the nearest rsure-desktop package.json. */
function findProject(): { root: string | null; version: string } {
  let dir = path.dirname(fileURLToPath(import.meta.url))
  for (let i = 0; i < 5; i++) {
    try {
      const pkg = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as { name?: string; version?: string }
      if (pkg.name === 'rsure-desktop' && pkg.version) return { root: dir, version: pkg.version }
    } catch {
      // not here
    }
    dir = path.dirname(dir)
  }
  return { root: null, version: '0.0.0-unknown' }
}

const project = findProject()

/** The project folder, or null where no rsure-desktop package.json is found above this module. */
export const PROJECT_ROOT = project.root

export const RSURE_VERSION = project.version
