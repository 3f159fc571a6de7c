import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { appOrigin, DESKTOP_CSP, isAllowedNavigation, isAllowedRequest, isAppUrl, secureWebPreferences } from '../../../main/app/policy'

const root = path.resolve(__dirname, '..', '..', '..')
const rendererDir = path.join(root, 'out', 'renderer')

describe('desktop window policy', () => {
  it('isolates the renderer: context isolation, sandbox, no Node, web security, no webview', () => {
    const p = secureWebPreferences('/x/preload.cjs', false)
    expect(p).toMatchObject({
      preload: '/x/preload.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      devTools: false,
    })
  })

  it('has a CSP with nothing remote and no inline or eval script', () => {
    expect(DESKTOP_CSP).toContain("default-src 'none'")
    expect(DESKTOP_CSP).toContain("script-src 'self'")
    expect(DESKTOP_CSP).not.toMatch(/unsafe-inline|unsafe-eval|https?:/)
    const meta = fs.readFileSync(path.join(root, 'renderer', 'index.html'), 'utf8')
    expect(meta).toContain("default-src 'none'; script-src 'self'")
    expect(meta).not.toMatch(/unsafe-inline|unsafe-eval|https?:\/\//)
  })

  it('allows only the app files (or the dev server), blobs and data; nothing remote', () => {
    const files = appOrigin(rendererDir, undefined)
    expect(isAllowedRequest(`file://${rendererDir}/index.html`, files)).toBe(true)
    expect(isAllowedRequest(`file://${rendererDir}/assets/index.js`, files)).toBe(true)
    expect(isAllowedRequest('file:///etc/passwd', files)).toBe(false)
    expect(isAllowedRequest(`file://${rendererDir}/../../package.json`, files)).toBe(false)
    expect(isAllowedRequest('https://example.com/tracker.js', files)).toBe(false)
    expect(isAllowedRequest('http://localhost:5173/', files)).toBe(false)
    expect(isAllowedRequest('blob:file:///1234', files)).toBe(true)
    const dev = appOrigin(rendererDir, 'http://localhost:5173/')
    expect(isAllowedRequest('http://localhost:5173/src/main.tsx', dev)).toBe(true)
    expect(isAllowedRequest('ws://localhost:5173/', dev)).toBe(true)
    expect(isAllowedRequest('http://localhost:8080/', dev)).toBe(false)
    expect(isAppUrl('https://evil.example/', dev)).toBe(false)
  })

  it('blocks navigation away from the loaded page', () => {
    const page = `file://${rendererDir}/index.html`
    expect(isAllowedNavigation(page, page)).toBe(true)
    expect(isAllowedNavigation(`${page}#x`, page)).toBe(true)
    expect(isAllowedNavigation('https://example.com/', page)).toBe(false)
    expect(isAllowedNavigation('file:///home/user/photo.tif', page)).toBe(false)
    expect(isAllowedNavigation('not a url', page)).toBe(false)
  })

  it('creates windows only through the secure preferences, denies permissions, blocks new windows and webviews', () => {
    const app = path.join(root, 'main', 'app')
    const text = Object.fromEntries(fs.readdirSync(app).map((f) => [f, fs.readFileSync(path.join(app, f), 'utf8')]))
    const creating = Object.entries(text).filter(([, t]) => /new BrowserWindow\(/.test(t))
    expect(creating.map(([f]) => f)).toEqual(['window.ts'])
    expect(text['window.ts']).toMatch(/webPreferences: secureWebPreferences\(/)
    expect(text['security.ts']).toMatch(/setPermissionRequestHandler\(\(_wc, _permission, callback\) => callback\(false\)\)/)
    expect(text['security.ts']).toMatch(/setPermissionCheckHandler\(\(\) => false\)/)
    expect(text['security.ts']).toMatch(/setWindowOpenHandler\(\(\) => \(\{ action: 'deny' \}\)\)/)
    expect(text['security.ts']).toMatch(/will-attach-webview/)
    expect(text['security.ts']).toMatch(/will-navigate/)
  })
})
