/**
 * The Content-Security-Policy of the renderer, shared by the headless server's HTTP headers and (as text) by the
 * Electron shell. Nothing remote: scripts, styles and fonts from the app itself, images from the app, blob: (the
 * PNG previews) and data:, connections only back to the local server's WebSocket.
 */
export function rendererCsp(opts: { websocketOrigins?: string[] } = {}): string {
  const connect = ["'self'", ...(opts.websocketOrigins ?? [])].join(' ')
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' blob: data:",
    "font-src 'self'",
    `connect-src ${connect}`,
    "worker-src 'none'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ')
}
