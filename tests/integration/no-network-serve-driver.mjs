// Driven by no-network.test.ts inside a network namespace under strace: start `rsure serve` on a free loopback
// port, open its page in Debian's Chromium (playwright-core), add one file through the page's file picker, ask a
// question and wait for its answer, then stop both. Prints one JSON line: what the page showed. Any failure exits 1
// with its message. Usage: node no-network-serve-driver.mjs RENDERER_DIR DATA_DIR FILE QUESTION
import { spawn } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium } from 'playwright-core'

const [rendererDir, dataDir, file, question] = process.argv.slice(2)
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..')
const chromiumPath = process.env.RSURE_CHROMIUM ?? '/usr/bin/chromium'

const serve = spawn(process.execPath, [path.join(root, 'bin', 'rsure.mjs'), 'serve', '--port', '0', '--renderer', rendererDir, '--data-dir', dataDir], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] })
let log = ''
const url = await new Promise((resolve, reject) => {
  const timer = setTimeout(() => reject(new Error(`rsure serve printed no address within 90 s:\n${log}`)), 90_000)
  const onData = (d) => {
    log += d.toString()
    const m = /(http:\/\/127\.0\.0\.1:\d+\/#token=[0-9a-f]+)/.exec(log)
    if (m) {
      clearTimeout(timer)
      resolve(m[1])
    }
  }
  serve.stdout.on('data', onData)
  serve.stderr.on('data', onData)
  serve.once('exit', (code) => reject(new Error(`rsure serve exited with code ${code}:\n${log}`)))
})

let context
let code = 0
try {
  // One request of the driver's own (node, like rsure serve) to the served page: a loopback connect() from a node
  // process that the test must find in the trace and attribute to 'node', so a trace that attributes nothing fails.
  const own = await fetch(new URL(url).origin + '/')
  await own.arrayBuffer()
  if (!own.ok) throw new Error(`rsure serve answered its own page with HTTP ${own.status}`)
  context = await chromium.launchPersistentContext(path.join(dataDir, '..', 'chromium-profile'), {
    executablePath: chromiumPath,
    headless: true,
    // Chromium's own background traffic (DNS prefetch, sync, metrics, field trials, QUIC and WebRTC address
    // probes) switched off as far as flags allow; what remains is reported apart from the page's and RSure's.
    args: [
      '--headless', '--no-sandbox', '--use-angle=swiftshader', '--enable-unsafe-swiftshader',
      '--disable-background-networking', '--disable-component-update', '--disable-domain-reliability', '--disable-sync', '--no-pings',
      '--dns-prefetch-disable', '--disable-quic', '--no-first-run', '--disable-default-apps', '--disable-extensions',
      '--disable-client-side-phishing-detection', '--disable-field-trial-config', '--metrics-recording-only',
      '--force-webrtc-ip-handling-policy=disable_non_proxied_udp',
      '--disable-component-extensions-with-background-pages',
      '--disable-features=AsyncDns,MediaRouter,OptimizationHints,Translate,NetworkTimeServiceQuerying,CertificateTransparencyComponentUpdater,AutofillServerCommunication',
    ],
  })
  const page = context.pages()[0] ?? (await context.newPage())
  // Every request and WebSocket the page opens, by URL (data: and blob: URLs never leave the page).
  const requests = []
  page.on('request', (r) => requests.push(r.url()))
  page.on('websocket', (w) => requests.push(w.url()))
  await page.goto(url)
  await page.waitForFunction(() => document.querySelector('[data-testid=connection]')?.textContent?.includes('browser mode'), undefined, { timeout: 60_000 })
  await page.setInputFiles('[data-testid=file-input]', [file])
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=file-card]').length === 1, undefined, { timeout: 120_000 })
  await page.fill('[data-testid=question]', question)
  await page.press('[data-testid=question]', 'Enter')
  const answer = page.locator('[data-testid=run]').last().locator('[data-testid=answer]')
  await answer.waitFor({ timeout: 180_000 })
  const origins = [...new Set(requests.map((u) => (/^(data|blob):/.test(u) ? u.slice(0, u.indexOf(':')) : new URL(u).origin)))]
  console.log(JSON.stringify({ connected: true, files: 1, answer: await answer.innerText(), requests: requests.length, origins }))
} catch (err) {
  console.error(`${err?.message ?? err}\n--- rsure serve said:\n${log.slice(-3000)}`)
  code = 1
} finally {
  await context?.close().catch(() => undefined)
  const exited = new Promise((r) => serve.once('exit', r))
  serve.kill('SIGINT')
  await exited
}
process.exit(code)
