/** The version `rsure --version` prints and the MCP server announces: package.json's, read once. */
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

function readVersion(): string {
  // From main/cli (sources) or out/cli (the built bundle): the nearest package.json named rsure-desktop.
  let dir = path.dirname(fileURLToPath(import.meta.url))
  for (let i = 0; i < 5; i++) {
    try {
      const pkg = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as { name?: string; version?: string }
      if (pkg.name === 'rsure-desktop' && pkg.version) return pkg.version
    } catch {
      // not here
    }
    dir = path.dirname(dir)
  }
  return '0.0.0-unknown'
}

export const RSURE_VERSION = readVersion()
