/**
 * The one thread that owns every ONNX Runtime session of the process (ORT's run() is blocking native code, and
 * several worker threads each holding sessions have crashed ORT: MODELS.md section 5). It opens sessions with the
 * provider fallback, runs them one request at a time and releases them when asked.
 */
import ort from 'onnxruntime-node'
import type { TensorInfo } from '../contracts'
import { openWithFallback, type Provider } from '../providers'
import { serveJobs } from '../../workers/serve'
import type { WireTensor, WorkerReply, WorkerRequest } from './protocol'

// Failed accelerator attempts are expected and reported in the evidence; keep ORT's own log to fatal errors.
ort.env.logLevel = 'fatal'

const sessions = new Map<string, { session: ort.InferenceSession; provider: Provider }>()

function describe(meta: readonly ort.InferenceSession.ValueMetadata[], names: readonly string[]): TensorInfo[] {
  return names.map((name, i) => {
    const m = meta[i]
    if (!m?.isTensor) return { name, type: 'unknown', shape: [] }
    return { name, type: m.type ?? 'unknown', shape: (m.shape ?? []).map((d) => (typeof d === 'number' ? d : String(d))) }
  })
}

function toWire(t: ort.Tensor): WireTensor {
  const data = t.data as WireTensor['data']
  // Copy into a JS-owned array so the buffer can be cloned to the host.
  const copy = data.slice() as WireTensor['data']
  return { type: t.type as WireTensor['type'], dims: [...t.dims], data: copy }
}

async function handle(req: WorkerRequest): Promise<WorkerReply> {
  if (req.op === 'open') {
    const old = sessions.get(req.key)
    if (old) await old.session.release()
    const opened = await openWithFallback((f, o) => ort.InferenceSession.create(f, o), req.file, req.providers, req.threads)
    sessions.set(req.key, { session: opened.session, provider: opened.provider })
    const s = opened.session
    const io = {
      inputs: describe(s.inputMetadata ?? [], s.inputNames),
      outputs: describe(s.outputMetadata ?? [], s.outputNames),
    }
    return { ok: true, open: { provider: opened.provider, attempts: opened.attempts, io } }
  }
  if (req.op === 'close') {
    const s = sessions.get(req.key)
    sessions.delete(req.key)
    if (s) await s.session.release()
    return { ok: true }
  }
  const entry = sessions.get(req.key)
  if (!entry) return { ok: false, message: 'The model session was released before the run; open it again.' }
  const feeds: Record<string, ort.Tensor> = {}
  for (const [name, t] of Object.entries(req.feeds)) feeds[name] = new ort.Tensor(t.type, t.data, t.dims)
  const result = req.outputs ? await entry.session.run(feeds, req.outputs) : await entry.session.run(feeds)
  const outputs: Record<string, WireTensor> = {}
  for (const [name, t] of Object.entries(result)) outputs[name] = toWire(t as ort.Tensor)
  return { ok: true, outputs }
}

// Requests are served strictly one after another (serveJobs); a failure is a reply, not a thrown error.
serveJobs<WorkerRequest, WorkerReply>(async (req) => {
  let reply: WorkerReply
  try {
    reply = await handle(req)
  } catch (err) {
    reply = { ok: false, message: err instanceof Error ? err.message : String(err) }
  }
  // Output arrays are this thread's own copies: hand their buffers over instead of cloning them again.
  const transfer = reply.ok && reply.outputs ? Object.values(reply.outputs).map((t) => t.data.buffer as ArrayBuffer) : []
  return { value: reply, transfer }
})
