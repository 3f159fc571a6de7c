/**
 * The one outbound allow-list of the main process's request paths (the model clients): loopback addresses, and the
 * endpoints the analyst configured in RSURE_ALLOWED_ENDPOINTS (comma-separated origins, e.g.
 * `https://models.lab.example:8443`). Anything else is refused before a socket is opened, with one sentence saying
 * how to allow it. Redirects are never followed (a local server cannot send a request elsewhere).
 */
import net from 'node:net'

export class EgressError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'EgressError'
  }
}

export function isLoopbackHost(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, '').toLowerCase()
  if (h === 'localhost' || h.endsWith('.localhost')) return true
  if (net.isIPv4(h)) return h.startsWith('127.')
  if (net.isIPv6(h)) return h === '::1' || /^::ffff:127\./.test(h)
  return false
}

/** The configured origins (lower case, no trailing slash). */
export function allowedEndpoints(env: NodeJS.ProcessEnv = process.env): string[] {
  return (env.RSURE_ALLOWED_ENDPOINTS ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((s) => {
      try {
        return new URL(s).origin.toLowerCase()
      } catch {
        return s.toLowerCase().replace(/\/+$/, '')
      }
    })
}

/** Throw an EgressError unless `url` is loopback or one of the configured endpoints. */
export function checkEgress(url: string, env: NodeJS.ProcessEnv = process.env): void {
  let u: URL
  try {
    u = new URL(url)
  } catch {
    throw new EgressError(`'${url}' is not a URL.`)
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new EgressError(`Only http and https endpoints are used; '${url}' is neither.`)
  if (isLoopbackHost(u.hostname)) return
  if (allowedEndpoints(env).includes(u.origin.toLowerCase())) return
  throw new EgressError(
    `RSure makes no request off this machine: ${u.origin} is not a loopback address; to use it, add it to RSURE_ALLOWED_ENDPOINTS (e.g. RSURE_ALLOWED_ENDPOINTS=${u.origin}).`,
  )
}
