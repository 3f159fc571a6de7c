/**
 * Sending a File's bytes through the contract (files.uploadBegin / uploadChunk / uploadEnd), in chunks of
 * UPLOAD_CHUNK_BYTES read with File.slice, so a large GeoTIFF never sits whole in the page's memory.
 */
import { UPLOAD_CHUNK_BYTES, type Channel, type RequestOf, type ResponseOf } from '../../../preload/contract'

type Invoke = <C extends Channel>(channel: C, request: RequestOf<C>) => Promise<ResponseOf<C>>

export async function uploadFile(invoke: Invoke, file: File, onBytes: (sent: number) => void = () => undefined): Promise<ResponseOf<'files.uploadEnd'>> {
  const { uploadId } = await invoke('files.uploadBegin', { name: file.name, size: file.size })
  for (let offset = 0; offset < file.size; offset += UPLOAD_CHUNK_BYTES) {
    const bytes = new Uint8Array(await file.slice(offset, offset + UPLOAD_CHUNK_BYTES).arrayBuffer())
    await invoke('files.uploadChunk', { uploadId, offset, bytes })
    onBytes(offset + bytes.byteLength)
  }
  return invoke('files.uploadEnd', { uploadId })
}

/** Add many files by upload, one after the other, merging their results. */
export async function uploadAll(invoke: Invoke, files: File[], onProgress?: (sent: number, total: number) => void): Promise<ResponseOf<'files.add'>> {
  const total = files.reduce((s, f) => s + f.size, 0)
  let done = 0
  const out: ResponseOf<'files.add'> = { added: [], skipped: [] }
  for (const f of files) {
    if (f.size === 0) {
      out.skipped.push({ path: f.name, reason: 'It is empty (0 bytes).' })
      continue
    }
    try {
      const r = await uploadFile(invoke, f, (sent) => onProgress?.(done + sent, total))
      out.added.push(...r.added)
      out.skipped.push(...r.skipped)
    } catch (err) {
      out.skipped.push({ path: f.name, reason: (err as Error).message })
    }
    done += f.size
    onProgress?.(done, total)
  }
  return out
}
