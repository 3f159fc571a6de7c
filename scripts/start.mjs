#!/usr/bin/env node
// `npm start`: open the RSure desktop window where Electron's binary is installed; where it is not, say so in one
// sentence and start the browser mode (`rsure serve`) instead, which prints the address to open.
//
// The binary's presence is checked on disk (node_modules/electron/path.txt and dist/), never by loading the
// `electron` package, whose first use would try to download the binary (impossible offline).
// Extra arguments go to `rsure serve` in browser mode (e.g. `npm start -- --port 8080`).
import { spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const node = process.execPath

/** Absolute path of the Electron executable when it is installed, else null. */
function electronBinary() {
  const dir = path.join(root, 'node_modules', 'electron')
  const override = process.env.ELECTRON_OVERRIDE_DIST_PATH
  const pathTxt = path.join(dir, 'path.txt')
  if (!fs.existsSync(pathTxt)) return null
  const rel = fs.readFileSync(pathTxt, 'utf8').trim()
  const bin = override ? path.join(override, rel) : path.join(dir, 'dist', rel)
  return fs.existsSync(bin) ? bin : null
}

function run(args, what) {
  const r = spawnSync(node, args, { cwd: root, stdio: 'inherit' })
  if (r.status !== 0) {
    console.error(`${what} failed (exit code ${r.status}); see the messages above.`)
    process.exit(r.status ?? 1)
  }
}

/** Run a long-lived child with our stdio, forwarding Ctrl+C, and exit with its code. */
function hand(child) {
  for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig))
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)))
}

const binary = electronBinary()
if (binary) {
  run([path.join(root, 'node_modules', 'electron-vite', 'bin', 'electron-vite.js'), 'build'], 'Building the desktop app')
  const env = { ...process.env }
  delete env.ELECTRON_RUN_AS_NODE
  hand(spawn(binary, [root], { cwd: root, stdio: 'inherit', env }))
} else {
  console.log("Electron's binary is not installed here (node_modules/electron/dist is missing), so RSure starts in browser mode: open the address printed below.")
  run([path.join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--config', 'renderer/vite.config.ts', '--logLevel', 'warn'], 'Building the browser app')
  hand(spawn(node, [path.join(root, 'bin', 'rsure.mjs'), 'serve', ...process.argv.slice(2)], { cwd: root, stdio: 'inherit' }))
}
