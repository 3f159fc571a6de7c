/**
 * Server-sent events as OpenAI-compatible servers stream them: `data: {...}` lines separated by blank lines,
 * ending with `data: [DONE]`. Yields each data payload as text; comments and other fields are ignored.
 */
export async function* sseData(body: ReadableStream<Uint8Array>, signal?: AbortSignal): AsyncGenerator<string> {
  const reader = body.getReader()
  const decoder = new TextDecoder()
  let buffer = ''
  try {
    for (;;) {
      if (signal?.aborted) throw signal.reason instanceof Error ? signal.reason : new Error('cancelled')
      const { value, done } = await reader.read()
      if (done) break
      buffer += decoder.decode(value, { stream: true })
      let cut: number
      while ((cut = buffer.search(/\r?\n\r?\n/)) >= 0) {
        const block = buffer.slice(0, cut)
        buffer = buffer.slice(cut).replace(/^\r?\n\r?\n/, '')
        const data = block
          .split(/\r?\n/)
          .filter((l) => l.startsWith('data:'))
          .map((l) => l.slice(5).replace(/^ /, ''))
          .join('\n')
        if (data === '') continue
        if (data === '[DONE]') return
        yield data
      }
    }
    const rest = buffer.trim()
    if (rest.startsWith('data:') && rest.slice(5).trim() !== '[DONE]') yield rest.slice(5).trim()
  } finally {
    reader.releaseLock()
  }
}
