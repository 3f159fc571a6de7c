/**
 * The rules of the house that code review alone would let slip (DESIGN section 2):
 * - only main/app/ imports 'electron'; everything else under main/ runs in plain Node;
 * - dependencies point downward: app/ipc/cli/server -> agent -> verify/prior/tools -> engines/store -> domain;
 * - main/domain/ (ids, units, options, DAG and expression types, run events, the lexicon) imports nothing: no other
 *   folder of main/, no node: module, no package but zod (its schemas are zod); every layer may import it;
 * - raw ipcMain / ipcRenderer appear in exactly one file on each side.
 */
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const root = path.resolve(__dirname, '..', '..')

function sourceFiles(dir: string): string[] {
  const abs = path.join(root, dir)
  if (!fs.existsSync(abs)) return []
  return (fs.readdirSync(abs, { recursive: true }) as string[])
    .filter((f) => /\.(ts|tsx|mts|cts)$/.test(f))
    .map((f) => path.join(dir, f).split(path.sep).join('/'))
}

const importRe = /(?:^|\n)\s*(?:import|export)\s[^'"`]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|require\(\s*['"]([^'"]+)['"]\s*\)/g

function imports(file: string): string[] {
  const text = fs.readFileSync(path.join(root, file), 'utf8')
  const out: string[] = []
  for (const m of text.matchAll(importRe)) out.push(m[1] ?? m[2] ?? m[3])
  return out
}

/** Layer of a main/ file: its first folder under main/ (or 'root' for main/*.ts). */
function layerOf(file: string): string {
  const parts = file.split('/')
  return parts.length > 2 ? parts[1] : 'root'
}

// Which layers each layer may import from (besides itself). `root` is the composition root (services.ts).
const allowed: Record<string, string[]> = {
  app: ['ipc', 'eval', 'agent', 'task', 'verify', 'prior', 'tools', 'engines', 'store', 'root', 'server', 'cli', 'mcp', 'domain'],
  cli: ['ipc', 'eval', 'agent', 'task', 'verify', 'prior', 'tools', 'engines', 'store', 'root', 'server', 'mcp', 'domain'],
  // The Model Context Protocol server is a shell like the HTTP server: it calls the same services.
  mcp: ['agent', 'task', 'verify', 'prior', 'tools', 'engines', 'store', 'root', 'domain'],
  server: ['ipc', 'eval', 'agent', 'task', 'verify', 'prior', 'tools', 'engines', 'store', 'root', 'domain'],
  ipc: ['eval', 'agent', 'task', 'verify', 'prior', 'tools', 'engines', 'store', 'root', 'domain'],
  root: ['eval', 'agent', 'task', 'verify', 'prior', 'tools', 'engines', 'store', 'domain'],
  // The evaluation harness runs the agent over suites and wraps tools with known faults.
  eval: ['agent', 'task', 'verify', 'prior', 'tools', 'engines', 'store', 'domain'],
  agent: ['task', 'verify', 'prior', 'tools', 'engines', 'store', 'domain'],
  // Task understanding (question -> spec) is the planner's reader. The verifier keeps a reader of its own, so verify
  // may not import task: one misreading must not pass both.
  task: ['prior', 'tools', 'engines', 'store', 'domain'],
  verify: ['prior', 'tools', 'engines', 'store', 'domain'],
  prior: ['engines', 'store', 'domain'],
  tools: ['engines', 'store', 'domain'],
  engines: ['store', 'domain'],
  store: ['domain'],
  domain: [],
}

describe('house rules', () => {
  const mainFiles = sourceFiles('main')

  it('finds the sources it checks', () => {
    expect(mainFiles.length).toBeGreaterThan(5)
  })

  it("imports 'electron' only under main/app/", () => {
    const offenders = [...mainFiles, ...sourceFiles('renderer')].filter(
      (f) => !f.startsWith('main/app/') && imports(f).some((i) => i === 'electron' || i.startsWith('electron/')),
    )
    expect(offenders).toEqual([])
  })

  it('keeps dependencies pointing downward', () => {
    const violations: string[] = []
    for (const file of mainFiles) {
      const from = layerOf(file)
      for (const spec of imports(file)) {
        if (!spec.startsWith('.')) continue
        const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), spec))
        if (!target.startsWith('main/')) {
          if (!target.startsWith('preload/')) violations.push(`${file} -> ${spec} (leaves main/)`)
          continue
        }
        const to = layerOf(target.endsWith('.ts') ? target : `${target}.ts`)
        if (to === from) continue
        if (!(allowed[from] ?? []).includes(to)) violations.push(`${file} (${from}) -> ${spec} (${to})`)
      }
    }
    expect(violations).toEqual([])
  })

  it('keeps main/domain free of imports: nothing from main/, no node: module, no package but zod', () => {
    const domainFiles = mainFiles.filter((f) => f.startsWith('main/domain/'))
    expect(domainFiles.length).toBeGreaterThan(3)
    const violations: string[] = []
    for (const file of domainFiles) {
      for (const spec of imports(file)) {
        if (spec === 'zod') continue
        if (spec.startsWith('.')) {
          const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), spec))
          if (target.startsWith('main/domain/')) continue
        }
        violations.push(`${file} -> ${spec}`)
      }
    }
    expect(violations).toEqual([])
  })

  it('uses raw ipcMain and ipcRenderer in exactly one file each', () => {
    const all = [...mainFiles, ...sourceFiles('preload'), ...sourceFiles('renderer')]
    const using = (word: string) => all.filter((f) => new RegExp(`\\b${word}\\b`).test(fs.readFileSync(path.join(root, f), 'utf8')))
    expect(using('ipcMain').length).toBeLessThanOrEqual(1)
    expect(using('ipcRenderer').length).toBeLessThanOrEqual(1)
  })
})
