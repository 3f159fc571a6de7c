/**
 * No network, proven: `rsure ask` (rules, and an OpenAI-compatible backbone on a loopback address) and `rsure mcp`
 * (stdio: initialize, tools/list, an execute call) run inside a network namespace with only loopback (`unshare -n`,
 * as root), under `strace -f -e trace=connect`; every connect() any of their processes or threads attempts is read
 * from the trace, and none may name an address other than loopback (127.0.0.0/8, ::1) or a local socket. Where
 * unshare, strace or root are missing the test says so and is skipped.
 */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { shared, tempDir } from '../helpers/tmp'

const root = path.resolve(__dirname, '..', '..')
const has = (cmd: string) => spawnSync('sh', ['-c', `command -v ${cmd}`]).status === 0
const canRun = process.getuid?.() === 0 && has('unshare') && has('strace') && has('ip') && spawnSync('unshare', ['-n', 'true']).status === 0
if (!canRun) console.warn('no-network test skipped: it needs root, unshare, ip and strace (apt-get install strace).')

const LS = shared('fixtures/landsat8_L1TP_016037_20170813')

/** Run `node bin/rsure.mjs ARGS` in a fresh network namespace under strace; the connect() targets it attempted. */
function traced(args: string[], stdin = '', script_ = 'bin/rsure.mjs'): { status: number | null; stdout: string; stderr: string; targets: string[] } {
  const t = tempDir('rsure-nonet-')
  try {
    const log = path.join(t.dir, 'connect.log')
    const quoted = args.map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ')
    const script = `ip link set lo up && exec strace -f -qq -e trace=connect -o '${log}' '${process.execPath}' ${script_} ${quoted}`
    const r = spawnSync('unshare', ['-n', 'sh', '-c', script], {
      cwd: root, input: stdin, encoding: 'utf8', timeout: 240_000,
      env: { ...process.env, RSURE_DATA_DIR: path.join(t.dir, 'data'), RSURE_RASTER_WORKERS: '1' },
    })
    const lines = fs.existsSync(log) ? fs.readFileSync(log, 'utf8').split('\n').filter((l) => l.includes('connect(')) : []
    const targets = lines.map((l) => {
      const v4 = /sin_addr=inet_addr\("([^"]+)"\)/.exec(l)
      const v6 = /inet_pton\(AF_INET6, "([^"]+)"/.exec(l)
      return v4 ? v4[1] : v6 ? v6[1] : /AF_UNIX|AF_NETLINK/.test(l) ? 'local' : `unparsed: ${l.slice(0, 120)}`
    })
    return { status: r.status, stdout: r.stdout, stderr: r.stderr, targets }
  } finally {
    t.cleanup()
  }
}

const loopback = (a: string) => a === 'local' || /^127\./.test(a) || a === '::1' || a === '::ffff:127.0.0.1'

describe.skipIf(!canRun)('no socket leaves the machine', () => {
  it('the trace sees an attempt to reach another machine (the check can fail)', { timeout: 60_000 }, () => {
    const t = tempDir('rsure-nonet-ctl-')
    const probe = path.join(t.dir, 'probe.mjs')
    fs.writeFileSync(probe, "import net from 'node:net'; net.connect(80, '10.255.255.1').on('error', () => {})\n")
    try {
      const r = traced([], '', probe)
      expect(r.targets).toContain('10.255.255.1')
    } finally {
      t.cleanup()
    }
  })

  it('rsure ask (rules) on the Landsat fixture', { timeout: 300_000 }, () => {
    const r = traced(['ask', '--files', LS, 'What is the mean NDVI of the scene?'])
    expect(r.status, r.stderr.slice(-1500)).toBe(0)
    expect(r.targets.filter((a) => !loopback(a))).toEqual([])
  })

  it('rsure ask with an OpenAI-compatible backbone on loopback: the only connects are to loopback', { timeout: 300_000 }, () => {
    const r = traced(['ask', '--files', LS, '--backbone', 'openai:http://127.0.0.1:3/v1#m', 'What is the mean NDVI of the scene?'])
    // Nothing listens there: the run ends in one sentence, having tried loopback only.
    expect(r.status).not.toBe(0)
    expect(r.stderr).toMatch(/not reachable|did not answer/)
    expect(r.targets.some((a) => /^127\./.test(a))).toBe(true)
    expect(r.targets.filter((a) => !loopback(a))).toEqual([])
  })

  it('rsure mcp over stdio: initialize, tools/list and an execute call', { timeout: 300_000 }, () => {
    const b4 = path.join(LS, 'LC08_L1TP_016037_20170813_20170814_01_RT_B4.TIF')
    const msgs = [
      { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } } },
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      { jsonrpc: '2.0', id: 2, method: 'tools/list' },
      { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'execute', arguments: { args: { nodes: [{ id: 'r', op: 'raster.read', params: { path: b4, nodata: 0 } }, { id: 's', op: 'raster.summarize', params: { stats: ['count'] }, inputs: { data: '@r' } }], output: 's' } } } },
    ]
    // stdin closes after the last request; the server answers what it read, then ends.
    const r = traced(['mcp', '--allow', LS], `${msgs.map((m) => JSON.stringify(m)).join('\n')}\n`)
    const replies = r.stdout.split('\n').filter(Boolean).map((l) => JSON.parse(l) as { id?: number; result?: { structuredContent?: { result?: { status?: string } } } })
    expect(replies.find((x) => x.id === 2)?.result).toBeDefined()
    expect(replies.find((x) => x.id === 3)?.result?.structuredContent?.result?.status).toBe('ok')
    expect(r.targets.filter((a) => !loopback(a))).toEqual([])
  })
})
