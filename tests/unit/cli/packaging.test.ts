/**
 * Packaging for an isolated site: electron-builder.yml names the targets (AppImage, deb, NSIS), takes Electron from
 * a local folder (no download) and publishes nothing (no auto-update). Where electron-builder and an Electron zip are
 * both present (RSURE_ELECTRON_DIST), the `dir` target is built; where not, the test says which is missing and skips.
 */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const root = path.resolve(__dirname, '..', '..', '..')
const config = fs.readFileSync(path.join(root, 'electron-builder.yml'), 'utf8')
const builder = path.join(root, 'node_modules', '.bin', 'electron-builder')
const dist = process.env.RSURE_ELECTRON_DIST
const zipPresent = !!dist && fs.existsSync(dist) && fs.readdirSync(dist).some((f) => /^electron-v[\d.]+-.*\.zip$/.test(f))
const canBuild = fs.existsSync(builder) && zipPresent
if (!canBuild) {
  console.warn(`packaging: the dir build is skipped: ${fs.existsSync(builder) ? '' : 'electron-builder is not installed; '}${zipPresent ? '' : 'no Electron zip in RSURE_ELECTRON_DIST'}.`)
}

describe('electron-builder configuration', () => {
  it('targets AppImage, deb and NSIS, takes Electron from a local folder, and publishes nothing', () => {
    expect(config).toMatch(/target: \[AppImage, deb\]/)
    expect(config).toMatch(/target: \[nsis\]/)
    expect(config).toMatch(/^electronDist: \$\{env\.RSURE_ELECTRON_DIST\}$/m)
    expect(config).toMatch(/^publish: null$/m)
    const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { devDependencies: Record<string, string> }
    expect(config).toMatch(new RegExp(`electronVersion: ${pkg.devDependencies.electron.replace(/\./g, '\\.')}`))
  })

  it.skipIf(!canBuild)('builds the dir target from the local Electron zip', { timeout: 600_000 }, () => {
    const r = spawnSync(builder, ['--dir', '--config', 'electron-builder.yml'], { cwd: root, encoding: 'utf8', env: { ...process.env, ELECTRON_SKIP_BINARY_DOWNLOAD: '1' } })
    expect(r.status, r.stderr.slice(-2000)).toBe(0)
    expect(fs.readdirSync(path.join(root, 'release')).some((f) => /unpacked/.test(f))).toBe(true)
  })
})
