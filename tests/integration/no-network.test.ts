/**
 * No network, proven: `rsure ask` (rules, and an OpenAI-compatible backbone on a loopback address), `rsure mcp`
 * (stdio: initialize, tools/list, an execute call) and `rsure serve` with its page driven by Debian's Chromium (add a
 * file, ask, read the answer: no-network-serve-driver.mjs) run inside a network namespace with only loopback
 * (`unshare -n`, as root), under `strace -f -e trace=connect`; every connect() any of their processes or threads
 * attempts is read from the trace, and none may name an address other than loopback (127.0.0.0/8, ::1) or a local
 * socket. Chromium is not RSure: its own background lookups (Google update and autofill hosts, and a UDP probe of
 * 2001:4860:4860::8888 to find a default route, left after every flag that turns such traffic off) are told apart
 * by program and reported; what the page itself requests is checked by URL, every one on the loopback origin of
 * `rsure serve`. Where unshare, strace or root are missing the test says so and is skipped.
 */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { buildRenderer, CHROMIUM } from '../e2e/rsure-serve'
import { FIXTURES, shared, tempDir } from '../helpers/tmp'
import { readConnectTrace, type Connect } from './no-network-trace'

const root = path.resolve(__dirname, '..', '..')
const has = (cmd: string) => spawnSync('sh', ['-c', `command -v ${cmd}`]).status === 0
const canRun = process.getuid?.() === 0 && has('unshare') && has('strace') && has('ip') && spawnSync('unshare', ['-n', 'true']).status === 0
if (!canRun) console.warn('no-network test skipped: it needs root, unshare, ip and strace (apt-get install strace).')

const LS = shared('fixtures/landsat8_L1TP_016037_20170813')

interface Traced {
  status: number | null
  stdout: string
  stderr: string
  /** Every connect() target, in order: an IP address, or 'local' for Unix and netlink sockets. */
  targets: string[]
  /** The same, with the program (file name of the last execve) of the process or thread that attempted it. */
  connects: Connect[]
}

/** Run `node SCRIPT ARGS` (default bin/rsure.mjs) in a fresh network namespace under strace; the connect() targets. */
function traced(args: string[], stdin = '', script_ = 'bin/rsure.mjs', timeout = 240_000): Traced {
  const t = tempDir('rsure-nonet-')
  try {
    const log = path.join(t.dir, 'connect.log')
    const quoted = args.map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ')
    const script = `ip link set lo up && exec strace -f -qq -e trace=connect,execve,clone,clone3,fork,vfork -o '${log}' '${process.execPath}' ${script_} ${quoted}`
    const r = spawnSync('unshare', ['-n', 'sh', '-c', script], {
      cwd: root, input: stdin, encoding: 'utf8', timeout,
      env: { ...process.env, RSURE_DATA_DIR: path.join(t.dir, 'data'), RSURE_RASTER_WORKERS: '1' },
    })
    const connects = readConnectTrace(fs.existsSync(log) ? fs.readFileSync(log, 'utf8') : '')
    return { status: r.status, stdout: r.stdout, stderr: r.stderr, targets: connects.map((c) => c.target), connects }
  } finally {
    t.cleanup()
  }
}

const loopback = (a: string) => a === 'local' || /^127\./.test(a) || a === '::1' || a === '::ffff:127.0.0.1'

// The trace reader on strace's own line shapes (copied from a real log), at both pid widths: strace pads a pid to five
// columns, so pids under 10000 are followed by two spaces; split (unfinished / resumed) execve and vfork lines.
describe('reading the connect trace', () => {
  const log = (w: (pid: number) => string) => [
    `${w(1)}execve("/usr/bin/node", ["/usr/bin/node", "driver.mjs"], 0x7ffda2ea08f8 /* 37 vars */) = 0`,
    `${w(1)}clone(child_stack=NULL, flags=CLONE_CHILD_CLEARTID|CLONE_CHILD_SETTID|SIGCHLD, child_tidptr=0x7f6f844faf50) = ${w(2).trim()}`,
    `${w(2)}execve("/usr/bin/node", ["/usr/bin/node", "/work/main/bin/rsure.mjs", "serve"], 0x14b2c220 /* 37 vars */) = 0`,
    `${w(2)}clone3({flags=CLONE_VM|CLONE_FS|CLONE_FILES|CLONE_SIGHAND|CLONE_THREAD|CLONE_SYSVSEM|CLONE_SETTLS|CLONE_PARENT_SETTID|CLONE_CHILD_CLEARTID, child_tid=0x7f3264476990, parent_tid=0x7f3264476990, exit_signal=0, stack=0x7f3264076000, stack_size=0x3ffe00, tls=0x7f32644766c0} => {parent_tid=[${w(3).trim()}]}, 88) = ${w(3).trim()}`,
    `${w(3)}connect(24, {sa_family=AF_UNIX, sun_path="/tmp/tsx-0/5459.pipe"}, 110) = -1 ENOENT (No such file or directory)`,
    `${w(1)}connect(21, {sa_family=AF_INET, sin_port=htons(35637), sin_addr=inet_addr("127.0.0.1")}, 16 <unfinished ...>`,
    `${w(4)}vfork( <unfinished ...>`,
    `${w(1)}<... connect resumed>)            = -1 EINPROGRESS (Operation now in progress)`,
    `${w(1)}clone(child_stack=NULL, flags=CLONE_CHILD_CLEARTID|CLONE_CHILD_SETTID|SIGCHLD, child_tidptr=0x7f6f844faf50) = ${w(4).trim()}`,
    `${w(4)}execve("/bin/sh", ["sh", "/usr/bin/chromium"], 0x55f24b72b158 /* 37 vars */) = 0`,
    `${w(5)}execve("/usr/lib/chromium/chromium", ["/usr/lib/chromium/chromium", "--type=zygote"], 0x55f24b72b158 /* 41 vars */ <unfinished ...>`,
    `${w(4)}<... vfork resumed>)              = ${w(5).trim()}`,
    `${w(5)}<... execve resumed>)             = 0`,
    `${w(5)}connect(24, {sa_family=AF_INET6, sin6_port=htons(443), sin6_flowinfo=htonl(0), inet_pton(AF_INET6, "2001:4860:4860::8888", &sin6_addr), sin6_scope_id=0}, 28) = -1 ENETUNREACH (Network is unreachable)`,
    `${w(5)}connect(118, {sa_family=AF_INET, sin_port=htons(53), sin_addr=inet_addr("10.255.255.53")}, 16) = -1 ENETUNREACH (Network is unreachable)`,
    '',
  ].join('\n')
  const expected = ['node local', 'node 127.0.0.1', 'chromium 2001:4860:4860::8888', 'chromium 10.255.255.53']
  for (const [name, base] of [['4-digit pids (two spaces)', 5459], ['5-digit pids (one space)', 25459]] as const) {
    it(name, () => {
      const pad = (k: number) => `${String(base + k)} `.padEnd(6)
      const got = readConnectTrace(log(pad)).map((c) => `${c.program} ${c.target}`)
      expect(got).toEqual(expected)
    })
  }
})

describe.skipIf(!canRun)('no socket leaves the machine', () => {
  it('the trace sees an attempt to reach another machine, from a process, its worker thread and its child (the check can fail)', { timeout: 60_000 }, () => {
    const t = tempDir('rsure-nonet-ctl-')
    const probe = path.join(t.dir, 'probe.mjs')
    // The main thread, a worker thread and a child process (a fresh node) each try one address off the machine.
    fs.writeFileSync(probe, [
      "import net from 'node:net'; import { Worker } from 'node:worker_threads'; import { spawnSync } from 'node:child_process'",
      "const hit = (a) => new Promise((r) => net.connect(80, a).on('error', r))",
      'await hit("10.255.255.1")',
      "await new Promise((r) => new Worker(`require('node:net').connect(80, '10.255.255.2').on('error', () => process.exit(0))`, { eval: true }).on('exit', r))",
      "spawnSync(process.execPath, ['-e', `require('node:net').connect(80, '10.255.255.3').on('error', () => {})`])",
      '',
    ].join('\n'))
    try {
      const r = traced([], '', probe)
      const off = r.connects.filter((c) => /^10\.255\.255\./.test(c.target)).map((c) => `${c.program} ${c.target}`).sort()
      expect(off).toEqual(['node 10.255.255.1', 'node 10.255.255.2', 'node 10.255.255.3'])
      // Three distinct tasks (main thread, worker thread, child process).
      expect(new Set(r.connects.filter((c) => /^10\.255\.255\./.test(c.target)).map((c) => c.pid)).size).toBe(3)
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

  it('rsure serve with its page in Chromium: add a file, ask, read the answer', { timeout: 400_000 }, () => {
    if (!fs.existsSync(CHROMIUM)) throw new Error(`Chromium is missing at ${CHROMIUM}: install it with 'apt-get install -y chromium' (.ci/run does).`)
    const t = tempDir('rsure-nonet-serve-')
    try {
      const web = path.join(t.dir, 'web')
      buildRenderer(web)
      const r = traced([web, path.join(t.dir, 'data'), FIXTURES.B4, 'What is the mean value of this image?'], '', 'tests/integration/no-network-serve-driver.mjs', 360_000)
      expect(r.status, `${r.stderr.slice(-3000)}`).toBe(0)
      const page = JSON.parse(r.stdout.trim().split('\n').pop()!) as { connected: boolean; answer: string; requests: number; origins: string[] }
      expect(page.connected).toBe(true)
      expect(page.answer.length).toBeGreaterThan(0)
      // The page's own requests: its documents, scripts, API calls and WebSocket, all on rsure serve's loopback origin.
      expect(page.requests).toBeGreaterThan(2)
      for (const o of page.origins) expect(o).toMatch(/^(?:https?|wss?):\/\/127\.0\.0\.1:\d+$|^(?:data|blob)$/)
      // Every connect is attributed to a program (a parser that attributes nothing would make the checks below void).
      expect(r.connects.filter((c) => c.program === 'unknown')).toEqual([])
      // RSure's processes (rsure serve, its workers, the driver) attempt loopback only, and did reach it: the driver
      // fetches the served page itself once, so at least one TCP connect from node to 127.0.0.1 is always there.
      const ours = r.connects.filter((c) => c.program === 'node')
      expect(ours.some((c) => /^127\./.test(c.target))).toBe(true)
      expect(ours.filter((c) => !loopback(c.target))).toEqual([])
      // The browser reached rsure serve over loopback.
      expect(r.connects.some((c) => c.program !== 'node' && /^127\./.test(c.target))).toBe(true)
      const browser = r.connects.filter((c) => c.program !== 'node' && !loopback(c.target))
      expect(browser.every((c) => /^(?:chromium|exe)$/.test(c.program)), JSON.stringify(browser)).toBe(true)
      if (browser.length) console.warn(`no-network: Chromium itself attempted ${browser.length} connect(s) off loopback (${[...new Set(browser.map((c) => c.target))].join(', ')}), with no route off the machine; none came from RSure or the page.`)
    } finally {
      t.cleanup()
    }
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
