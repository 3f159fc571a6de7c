/** `rsure --version` prints package.json's version; `rsure help` lists every RSURE_ variable the sources read. */
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { main } from '../../../main/cli/index'
import type { CliIo } from '../../../main/cli/io'

const root = path.resolve(__dirname, '..', '..', '..')
async function cli(args: string[]) {
  let out = ''
  const io: CliIo = { stdout: (s) => void (out += s), stderr: () => undefined, signal: new AbortController().signal }
  const code = await main(args, io)
  return { code, out }
}
function sourcesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? sourcesUnder(path.join(dir, e.name)) : e.name.endsWith('.ts') ? [path.join(dir, e.name)] : []))
}

describe('rsure --version and help', () => {
  it('prints the version of package.json', async () => {
    const { code, out } = await cli(['--version'])
    expect(code).toBe(0)
    expect(out.trim()).toBe(`rsure ${JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).version}`)
  })
  it('lists the environment variables the commands read', async () => {
    const { out } = await cli(['help'])
    const read = new Set<string>()
    for (const f of sourcesUnder(path.join(root, 'main'))) for (const m of fs.readFileSync(f, 'utf8').matchAll(/env\.(RSURE_[A-Z_]+)/g)) read.add(m[1])
    expect(read.size).toBeGreaterThan(3)
    const missing = [...read].filter((v) => !out.includes(v))
    expect(missing).toEqual([])
  })
  it('rsure mcp --help names its environment variables', async () => {
    const { out } = await cli(['mcp', '--help'])
    expect(out).toMatch(/RSURE_MCP_TOKEN/)
  })
})
