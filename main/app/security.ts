/**
 * Hardening applied to every session and every web contents the app creates (policy.ts has the rules): permission
 * requests and checks denied, requests outside the app cancelled (no remote content), CSP header added,
 * navigation and new windows blocked, <webview> refused.
 */
import { app, session, type Session } from 'electron'
import { DESKTOP_CSP, isAllowedNavigation, isAllowedRequest, type AppOrigin } from './policy'

export function hardenSession(ses: Session, origin: AppOrigin): void {
  ses.setPermissionRequestHandler((_wc, _permission, callback) => callback(false))
  ses.setPermissionCheckHandler(() => false)
  ses.setDevicePermissionHandler(() => false)
  ses.webRequest.onBeforeRequest((details, callback) => callback({ cancel: !isAllowedRequest(details.url, origin) }))
  ses.webRequest.onHeadersReceived((details, callback) => {
    callback({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [DESKTOP_CSP] } })
  })
}

export function hardenApp(origin: AppOrigin): void {
  app.enableSandbox()
  app.on('session-created', (ses) => hardenSession(ses, origin))
  app.on('web-contents-created', (_e, contents) => {
    contents.setWindowOpenHandler(() => ({ action: 'deny' }))
    const guard = (e: { preventDefault(): void }, url: string) => {
      if (!isAllowedNavigation(url, contents.getURL())) e.preventDefault()
    }
    contents.on('will-navigate', guard)
    contents.on('will-redirect', guard)
    contents.on('will-attach-webview', (e) => e.preventDefault())
  })
}

/** Harden the default session (created before `session-created` listeners can run). */
export function hardenDefaultSession(origin: AppOrigin): void {
  hardenSession(session.defaultSession, origin)
}
