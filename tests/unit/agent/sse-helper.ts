import { sseData } from '../../../main/agent/llm/sse'

/** Feed text chunks through sseData as a byte stream and collect the data payloads. */
export async function parseSse(chunks: string[]): Promise<string[]> {
  const enc = new TextEncoder()
  const stream = new ReadableStream<Uint8Array>({
    start(c) {
      for (const chunk of chunks) c.enqueue(enc.encode(chunk))
      c.close()
    },
  })
  const out: string[] = []
  for await (const d of sseData(stream)) out.push(d)
  return out
}
