/**
 * The request router: the one door between a renderer (Electron IPC or WebSocket) and the handlers. It validates
 * every request against its channel's schema in preload/contract.ts before any handler runs, validates the
 * handler's response on the way out, and turns every failure into a `Result` error (errors.ts). Transport-agnostic:
 * main/app/ and main/server/ only pass channel names and payloads through.
 */
import type { z } from 'zod'
import { channels, isChannel, type Channel, type Channels, type RequestOf, type ResponseOf, type Result } from '../../preload/contract'
import { toErrorShape } from './errors'

export interface RequestContext {
  /** Which transport carried the request. */
  transport: 'ipc' | 'websocket'
}

export type Handler<C extends Channel> = (
  request: z.output<Channels[C]['request']>,
  ctx: RequestContext,
) => Promise<z.input<Channels[C]['response']>> | z.input<Channels[C]['response']>

export type Handlers = { [C in Channel]?: Handler<C> }

export interface Router {
  /** Validate and answer one request; never throws. */
  dispatch(channel: unknown, payload: unknown, ctx: RequestContext): Promise<Result>
  /** Typed call for in-process use (tests, the CLI); throws the error message on failure. */
  call<C extends Channel>(channel: C, request: RequestOf<C>, ctx?: RequestContext): Promise<ResponseOf<C>>
}

/** The first zod issue as one sentence: where and what. */
export function describeIssue(error: z.ZodError, what: string): string {
  const issue = error.issues[0]
  const where = issue?.path.length ? ` at '${issue.path.join('.')}'` : ''
  const msg = (issue?.message ?? 'it does not match the contract').replace(/[.\s]+$/, '')
  const more = error.issues.length > 1 ? ` (and ${error.issues.length - 1} more problem${error.issues.length > 2 ? 's' : ''})` : ''
  return `${what} is invalid${where}: ${msg}${more}; fix the request to match preload/contract.ts.`
}

export function createRouter(handlers: Handlers): Router {
  async function dispatch(channel: unknown, payload: unknown, ctx: RequestContext): Promise<Result> {
    if (!isChannel(channel)) {
      const name = typeof channel === 'string' ? `'${channel.slice(0, 100)}'` : `a ${typeof channel}`
      return { ok: false, error: { code: 'unknown-channel', message: `There is no channel ${name}; use one listed in preload/contract.ts.` } }
    }
    const handler = handlers[channel] as Handler<Channel> | undefined
    if (!handler) {
      return { ok: false, error: { code: 'unknown-channel', message: `Channel '${channel}' is declared but this build does not serve it yet.` } }
    }
    const spec = channels[channel]
    const req = spec.request.safeParse(payload ?? {})
    if (!req.success) {
      return { ok: false, error: { code: 'invalid-request', message: describeIssue(req.error, `The '${channel}' request`) } }
    }
    let value: unknown
    try {
      value = await handler(req.data as never, ctx)
    } catch (err) {
      return { ok: false, error: toErrorShape(err, channel) }
    }
    const res = spec.response.safeParse(value)
    if (!res.success) {
      const msg = describeIssue(res.error, `The '${channel}' response`).replace(/; fix the request.*$/, '')
      return { ok: false, error: { code: 'internal', message: `${msg}; this is a bug on the main side, please report it.` } }
    }
    return { ok: true, value: res.data }
  }

  return {
    dispatch,
    async call(channel, request, ctx = { transport: 'ipc' }) {
      const result = await dispatch(channel, request, ctx)
      if (!result.ok) throw Object.assign(new Error(result.error.message), { code: result.error.code })
      return result.value as never
    },
  }
}
