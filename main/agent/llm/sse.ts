/**
 * Server-sent events as OpenAI-compatible servers stream them: `data: {...}` lines separated by blank lines,
 * ending with `data: [DONE]`. Yields each data payload as text; comments and other fields are ignored.
 *
 * Linear in the stream's length: each chunk is split into lines once and only the unfinished last line is carried
 * over, so no text is searched twice. Bounded: a stream longer than `maxBytes` (default 16 MiB) ends in a
 * `StreamTooLongError` instead of growing a string until the runtime gives up.
 */
export const DEFAULT_MAX_STREAM_BYTES = 16 * 1024 * 1024

export class StreamTooLongError extends Error {
  constructor(readonly maxBytes: number) {
    super(`the reply stream passed ${maxBytes} bytes without ending`)
    this.name = 'StreamTooLongError'
  }
}

export async function* sseData(body: ReadableStream<Uint8Array>, signal?: AbortSignal, maxBytes = DEFAULT_MAX_STREAM_BYTES): AsyncGenerator<string> {
  const reader = body.getReader()
  const decoder = new TextDecoder()
  let partial = ''
  let data: string[] = []
  let bytes = 0
  /** One complete line; returns 'done' at [DONE], the event's data at a blank line, else null. */
  const line = (raw: string): string | null | 'done' => {
    const l = raw.endsWith('\r') ? raw.slice(0, -1) : raw
    if (l === '') {
      if (data.length === 0) return null
      const event = data.join('\n')
      data = []
      return event === '[DONE]' ? 'done' : event
    }
    if (l.startsWith('data:')) data.push(l.slice(5).replace(/^ /, ''))
    return null
  }
  try {
    for (;;) {
      if (signal?.aborted) throw signal.reason instanceof Error ? signal.reason : new Error('cancelled')
      const { value, done } = await reader.read()
      if (done) break
      bytes += value.byteLength
      if (bytes > maxBytes) throw new StreamTooLongError(maxBytes)
      const text = decoder.decode(value, { stream: true })
      let start = 0
      for (let nl = text.indexOf('\n'); nl >= 0; nl = text.indexOf('\n', start)) {
        const out = line(partial + text.slice(start, nl))
        partial = ''
        start = nl + 1
        if (out === 'done') return
        if (out !== null && out !== '') yield out
      }
      partial += text.slice(start)
    }
    if (partial) line(partial)
    const out = line('')
    if (out !== null && out !== 'done' && out.trim() !== '') yield out.trim()
  } finally {
    await reader.cancel().catch(() => undefined)
    reader.releaseLock()
  }
}
