/**
 * The Content-Security-Policy of the renderer, shared by the headless server's HTTP headers and (as text) by the
 * Electron shell. Nothing remote: scripts, styles and fonts from the app itself, images from the app, blob: (the
 * PNG previews) and data:, connections only back to the local server's WebSocket and its tile route, or (desktop)
 * to the app's own tile protocol. maplibre draws in a web worker started from the app's own script file or from
 * a blob: (data: in the desktop, where a file:// page has no origin to start it from).
 */
export interface CspOptions {
  websocketOrigins?: string[]
  /** Extra schemes the page may fetch and show images from, e.g. 'rsure-tile:' in the desktop app. */
  schemes?: string[]
  /** Whether a worker may start from a data: URL (the desktop's file:// page). */
  dataWorkers?: boolean
}

export function rendererCsp(opts: CspOptions = {}): string {
  const schemes = opts.schemes ?? []
  const connect = ["'self'", ...(opts.websocketOrigins ?? []), ...schemes].join(' ')
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    ['img-src', "'self'", 'blob:', 'data:', ...schemes].join(' '),
    "font-src 'self'",
    `connect-src ${connect}`,
    ['worker-src', "'self'", 'blob:', ...(opts.dataWorkers ? ['data:'] : [])].join(' '),
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ')
}
