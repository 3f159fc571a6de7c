/**
 * Landsat MTL metadata (`*_MTL.txt`, Collection-1 and -2 ODL text): `GROUP = X` ... `END_GROUP = X` blocks of
 * `KEY = value` lines. Values are kept per group because Collection-2 Level-2 files repeat keys such as
 * REFLECTANCE_MULT_BAND_4 in both the Level-1 and the Level-2 groups with different meanings.
 */
import fs from 'node:fs'

export interface Mtl {
  /** group name -> key -> value (quotes removed). */
  groups: Map<string, Map<string, string>>
}

export function parseMtl(textContent: string): Mtl {
  const groups = new Map<string, Map<string, string>>()
  const stack: string[] = []
  for (const raw of textContent.split(/\r?\n/)) {
    const line = raw.trim()
    if (!line || line === 'END') continue
    const m = /^([A-Z0-9_]+)\s*=\s*(.*)$/.exec(line)
    if (!m) continue
    const [, key, value] = m
    if (key === 'GROUP') {
      stack.push(value)
      if (!groups.has(value)) groups.set(value, new Map())
    } else if (key === 'END_GROUP') {
      stack.pop()
    } else {
      const g = stack[stack.length - 1] ?? ''
      if (!groups.has(g)) groups.set(g, new Map())
      groups.get(g)!.set(key, value.replace(/^"(.*)"$/, '$1'))
    }
  }
  return { groups }
}

export function readMtl(path: string): Mtl {
  return parseMtl(fs.readFileSync(path, 'utf8'))
}

/** A numeric value by key, searching the named groups first (in order), then every group. */
export function mtlNumber(mtl: Mtl, key: string, preferGroups: string[] = []): number | undefined {
  for (const g of preferGroups) {
    const v = mtl.groups.get(g)?.get(key)
    if (v !== undefined && Number.isFinite(Number(v))) return Number(v)
  }
  for (const [, kv] of mtl.groups) {
    const v = kv.get(key)
    if (v !== undefined && Number.isFinite(Number(v))) return Number(v)
  }
  return undefined
}

export function mtlText(mtl: Mtl, key: string): string | undefined {
  for (const [, kv] of mtl.groups) {
    const v = kv.get(key)
    if (v !== undefined) return v
  }
  return undefined
}
