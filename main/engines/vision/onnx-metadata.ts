/**
 * The metadata_props of an ONNX file (ModelProto field 14: key/value strings), read straight from the protobuf
 * because onnxruntime-node does not expose custom metadata (MODELS.md section 1). Only the top-level fields are
 * walked; the graph (field 7, the weights) is skipped by its length without being read, so a large model costs a
 * few small reads. Hand-written: the only protobuf library in the dependencies is a test-only one, and this needs
 * no more than varints and length-delimited fields.
 */
import fs from 'node:fs'

const METADATA_PROPS = 14

async function readVarint(fh: fs.promises.FileHandle, pos: number): Promise<{ value: number; next: number }> {
  const buf = Buffer.alloc(10)
  const { bytesRead } = await fh.read(buf, 0, 10, pos)
  let value = 0
  let mul = 1
  for (let i = 0; i < bytesRead; i++) {
    value += (buf[i] & 0x7f) * mul
    if ((buf[i] & 0x80) === 0) return { value, next: pos + i + 1 }
    mul *= 128
  }
  throw new Error('truncated varint')
}

function decodeVarint(buf: Buffer, pos: number): { value: number; next: number } {
  let value = 0
  let mul = 1
  for (let i = pos; i < buf.length; i++) {
    value += (buf[i] & 0x7f) * mul
    if ((buf[i] & 0x80) === 0) return { value, next: i + 1 }
    mul *= 128
  }
  throw new Error('truncated varint')
}

/** StringStringEntryProto: key = 1, value = 2. */
function decodeEntry(buf: Buffer): [string, string] {
  let key = ''
  let value = ''
  let pos = 0
  while (pos < buf.length) {
    const tag = decodeVarint(buf, pos)
    const field = Math.floor(tag.value / 8)
    const wire = tag.value & 7
    if (wire !== 2) throw new Error('unexpected wire type in a metadata entry')
    const len = decodeVarint(buf, tag.next)
    const text = buf.subarray(len.next, len.next + len.value).toString('utf8')
    if (field === 1) key = text
    else if (field === 2) value = text
    pos = len.next + len.value
  }
  return [key, value]
}

/** Key/value metadata of an ONNX model file; empty when it has none. Throws when the file is not a protobuf. */
export async function readOnnxMetadata(file: string): Promise<Record<string, string>> {
  const fh = await fs.promises.open(file, 'r')
  try {
    const size = (await fh.stat()).size
    const out: Record<string, string> = {}
    let pos = 0
    while (pos < size) {
      const tag = await readVarint(fh, pos)
      const field = Math.floor(tag.value / 8)
      const wire = tag.value & 7
      pos = tag.next
      if (wire === 0) pos = (await readVarint(fh, pos)).next
      else if (wire === 1) pos += 8
      else if (wire === 5) pos += 4
      else if (wire === 2) {
        const len = await readVarint(fh, pos)
        if (field === METADATA_PROPS) {
          const buf = Buffer.alloc(len.value)
          await fh.read(buf, 0, len.value, len.next)
          const [k, v] = decodeEntry(buf)
          out[k] = v
        }
        pos = len.next + len.value
      } else throw new Error(`unexpected wire type ${wire}`)
    }
    return out
  } finally {
    await fh.close()
  }
}

/** Ultralytics stores `names` as a Python dict literal, {0: 'plane', 1: 'ship'}: the names in index order. */
export function parseUltralyticsNames(text: string): string[] | null {
  const entries = [...text.matchAll(/(\d+)\s*:\s*(['"])(.*?)\2\s*(?=,|\})/g)].map((m) => [Number(m[1]), m[3]] as const)
  if (entries.length === 0) return null
  const names: string[] = []
  for (const [i, n] of entries) names[i] = n
  return names.length === entries.length ? names : null
}

/**
 * Compare an Ultralytics export's own metadata (task, imgsz, names, end2end) with the pack manifest; null when they
 * agree or the file carries none, else a sentence fragment naming the first difference.
 */
export function ultralyticsMismatch(
  meta: Record<string, string>,
  m: { task: string; layout: string; input: { width: number; height: number }; classNames: string[] },
): string | null {
  if (meta.task && meta.task !== m.task) return `the model says it was exported for task '${meta.task}', the manifest says '${m.task}'`
  if (meta.imgsz) {
    const sz = meta.imgsz.match(/\d+/g)?.map(Number) ?? []
    const [h, w] = sz.length === 1 ? [sz[0], sz[0]] : sz
    if (h && w && (h !== m.input.height || w !== m.input.width))
      return `the model was exported at ${w}x${h}, the manifest says ${m.input.width}x${m.input.height}`
  }
  if (meta.names) {
    const names = parseUltralyticsNames(meta.names)
    if (names && JSON.stringify(names) !== JSON.stringify(m.classNames)) {
      const i = names.findIndex((n, k) => n !== m.classNames[k])
      const at = i >= 0 ? i : names.length
      return `the model's class ${at} is '${names[at] ?? '(none)'}' but the manifest lists '${m.classNames[at] ?? '(none)'}' (${names.length} classes in the model, ${m.classNames.length} in the manifest)`
    }
  }
  if (meta.end2end !== undefined) {
    const e2e = meta.end2end.trim().toLowerCase() === 'true'
    if (e2e !== (m.layout === 'end2end')) return `the model is ${e2e ? '' : 'not '}an end-to-end export but the manifest says layout '${m.layout}'`
  }
  return null
}
