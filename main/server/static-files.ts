/**
 * Serves the built renderer (vite build --config renderer/vite.config.ts, default out/web) read-only: GET and HEAD
 * only, nothing outside the folder (no traversal, no symlinks out), unknown paths fall back to index.html so the
 * single-page app can route. Security headers on every response.
 */
import fs from 'node:fs'
import type { IncomingMessage, ServerResponse } from 'node:http'
import path from 'node:path'

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.map': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
}

export function securityHeaders(csp: string): Record<string, string> {
  return {
    'Content-Security-Policy': csp,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'X-Frame-Options': 'DENY',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cross-Origin-Resource-Policy': 'same-origin',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), usb=(), serial=(), hid=()',
    'Cache-Control': 'no-store',
  }
}

function send(res: ServerResponse, status: number, headers: Record<string, string>, body: string | Buffer, head: boolean): void {
  res.writeHead(status, { ...headers, 'Content-Length': String(Buffer.byteLength(body)) })
  res.end(head ? undefined : body)
}

/** Resolve a URL path inside root, or null when it would leave it. */
export function resolveInside(root: string, urlPath: string): string | null {
  let decoded: string
  try {
    decoded = decodeURIComponent(urlPath)
  } catch {
    return null
  }
  if (decoded.includes('\0')) return null
  const target = path.resolve(root, `.${path.posix.normalize(`/${decoded}`)}`)
  const rel = path.relative(root, target)
  return rel.startsWith('..') || path.isAbsolute(rel) ? null : target
}

export function serveStatic(root: string, csp: string) {
  const realRoot = fs.realpathSync(root)
  const headers = securityHeaders(csp)
  return (req: IncomingMessage, res: ServerResponse): void => {
    const head = req.method === 'HEAD'
    if (req.method !== 'GET' && !head) {
      send(res, 405, { ...headers, Allow: 'GET, HEAD', 'Content-Type': 'text/plain' }, 'Only GET and HEAD are served.\n', false)
      return
    }
    const urlPath = new URL(req.url ?? '/', 'http://localhost').pathname
    let file = resolveInside(realRoot, urlPath === '/' ? '/index.html' : urlPath)
    if (!file) {
      send(res, 404, { ...headers, 'Content-Type': 'text/plain' }, 'Not found.\n', head)
      return
    }
    let real: string | null
    try {
      real = fs.realpathSync(file)
      if (!fs.statSync(real).isFile() || path.relative(realRoot, real).startsWith('..')) real = null
    } catch {
      real = null
    }
    if (!real) {
      // Unknown routes get the app; unknown assets (with an extension) are a plain 404.
      if (path.extname(urlPath)) {
        send(res, 404, { ...headers, 'Content-Type': 'text/plain' }, 'Not found.\n', head)
        return
      }
      file = path.join(realRoot, 'index.html')
      real = file
    }
    const type = MIME[path.extname(real).toLowerCase()] ?? 'application/octet-stream'
    send(res, 200, { ...headers, 'Content-Type': type }, fs.readFileSync(real), head)
  }
}
