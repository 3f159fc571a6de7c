/**
 * The input/output contract of each family (MODELS.md sections 1-3), checked against what ONNX Runtime reads from
 * the graph (session inputNames/outputNames with their metadata) before a pack is used. A symbolic dimension
 * (a string such as 'batch') matches any size; a fixed one must equal the expected size.
 *
 * Each check returns null when the file fits, else one sentence fragment saying what is wrong.
 */
import type { Manifest } from './manifest'

export interface TensorInfo {
  name: string
  /** ORT element type: 'float32', 'int64', 'int32', 'bool', ... */
  type: string
  /** Fixed sizes as numbers, symbolic ones as strings. */
  shape: (number | string)[]
}

export interface ModelIo {
  inputs: TensorInfo[]
  outputs: TensorInfo[]
}

type Dim = number | null // null: any size

function fmtShape(shape: (number | string)[]): string {
  return `[${shape.map((d) => (typeof d === 'number' && d >= 0 ? String(d) : '?')).join(', ')}]`
}

function fmtWant(dims: Dim[]): string {
  return `[${dims.map((d) => (d === null ? '?' : String(d))).join(', ')}]`
}

function shapeFits(shape: (number | string)[], want: Dim[]): boolean {
  if (shape.length !== want.length) return false
  return want.every((w, i) => w === null || typeof shape[i] !== 'number' || (shape[i] as number) < 0 || shape[i] === w)
}

function checkTensor(t: TensorInfo | undefined, what: string, want: Dim[], types: string[]): string | null {
  if (!t) return `it has no ${what}`
  if (!types.includes(t.type)) return `its ${what} '${t.name}' is ${t.type}, not ${types.join(' or ')}`
  if (!shapeFits(t.shape, want)) return `its ${what} '${t.name}' has shape ${fmtShape(t.shape)}, expected ${fmtWant(want)}`
  return null
}

function byName(list: TensorInfo[], name: string): TensorInfo | undefined {
  return list.find((t) => t.name === name)
}

/** Anchor count of a raw Ultralytics head at input W x H: strides 8, 16 and 32. */
export function anchorCount(width: number, height: number): number {
  return [8, 16, 32].reduce((n, s) => n + Math.floor(width / s) * Math.floor(height / s), 0)
}

/** Rows of the raw output beyond the 4 box rows and the class scores. */
export function extraRows(task: Manifest['task']): number {
  return task === 'obb' ? 1 : task === 'segment' ? 32 : 0
}

/** Columns per detection of the end-to-end layout: x1,y1,x2,y2,conf,cls (+ angle for OBB, + 32 coefficients for segment). */
export function end2endColumns(task: Manifest['task']): number {
  return task === 'obb' ? 7 : task === 'segment' ? 38 : 6
}

function checkYolo(m: Manifest, io: ModelIo): string | null {
  const { width: W, height: H } = m.input
  const input = io.inputs[0]
  const bad = checkTensor(input, 'input', [1, 3, H, W], ['float32'])
  if (bad) return bad
  if (io.inputs.length !== 1) return `it has ${io.inputs.length} inputs, a YOLO model has one ('images')`
  const nc = m.classNames.length
  const out0 = io.outputs[0]
  if (m.layout === 'raw') {
    const rows = 4 + nc + extraRows(m.task)
    const r = checkTensor(out0, 'first output', [1, rows, anchorCount(W, H)], ['float32'])
    if (r)
      return `${r} (4 box rows + ${nc} class${nc === 1 ? '' : 'es'}${m.task === 'obb' ? ' + 1 angle' : m.task === 'segment' ? ' + 32 mask coefficients' : ''} at ${W}x${H})`
  } else {
    const cols = end2endColumns(m.task)
    const r = checkTensor(out0, 'first output', [1, null, cols], ['float32'])
    if (r) return `${r} (the end-to-end ${m.task} layout has ${cols} values per detection)`
  }
  if (m.task === 'segment') {
    const r = checkTensor(io.outputs[1], 'second output (mask prototypes)', [1, 32, H / 4, W / 4], ['float32'])
    if (r) return r
  } else if (io.outputs.length !== 1) {
    return `it has ${io.outputs.length} outputs, a YOLO ${m.task} model has one`
  }
  return null
}

const SAM1_DECODER_INPUTS = ['image_embeddings', 'point_coords', 'point_labels', 'mask_input', 'has_mask_input', 'orig_im_size']
const SAM2_ORT_DECODER_INPUTS = [
  'image_features_0',
  'image_features_1',
  'image_embeddings',
  'point_coords',
  'point_labels',
  'input_masks',
  'has_input_masks',
  'original_image_size',
]
const SAM2_DECODER_INPUTS = ['image_embed', 'high_res_feats_0', 'high_res_feats_1', 'point_coords', 'point_labels', 'mask_input', 'has_mask_input']

function checkSamEncoder(m: Manifest, io: ModelIo): string | null {
  if (m.family === 'sam') {
    const r = checkTensor(byName(io.inputs, 'x'), "input 'x'", [1, 3, 1024, 1024], ['float32'])
    return r ?? checkTensor(byName(io.outputs, 'image_embeddings'), "output 'image_embeddings'", [1, 256, 64, 64], ['float32'])
  }
  if (byName(io.outputs, 'image_features_0')) {
    // The ONNX Runtime converter's names (MODELS.md section 2).
    return (
      checkTensor(byName(io.inputs, 'image'), "input 'image'", [null, 3, 1024, 1024], ['float32']) ??
      checkTensor(byName(io.outputs, 'image_features_0'), "output 'image_features_0'", [null, 32, 256, 256], ['float32']) ??
      checkTensor(byName(io.outputs, 'image_features_1'), "output 'image_features_1'", [null, 64, 128, 128], ['float32']) ??
      checkTensor(byName(io.outputs, 'image_embeddings'), "output 'image_embeddings'", [null, 256, 64, 64], ['float32'])
    )
  }
  return (
    checkTensor(byName(io.inputs, 'image'), "input 'image'", [1, 3, 1024, 1024], ['float32']) ??
    checkTensor(byName(io.outputs, 'high_res_feats_0'), "output 'high_res_feats_0'", [1, 32, 256, 256], ['float32']) ??
    checkTensor(byName(io.outputs, 'high_res_feats_1'), "output 'high_res_feats_1'", [1, 64, 128, 128], ['float32']) ??
    checkTensor(byName(io.outputs, 'image_embed'), "output 'image_embed'", [1, 256, 64, 64], ['float32'])
  )
}

/** Which SAM decoder contract a graph follows, from its input names. */
export function samContract(m: Manifest, io: ModelIo): 'sam1' | 'sam2-samexporter' | 'sam2-ort' {
  if (m.family === 'sam') return 'sam1'
  return byName(io.inputs, 'image_features_0') ? 'sam2-ort' : 'sam2-samexporter'
}

function checkSamDecoder(m: Manifest, io: ModelIo): string | null {
  const contract = samContract(m, io)
  const names = contract === 'sam1' ? SAM1_DECODER_INPUTS : contract === 'sam2-ort' ? SAM2_ORT_DECODER_INPUTS : SAM2_DECODER_INPUTS
  const missing = names.filter((n) => !byName(io.inputs, n))
  if (missing.length)
    return `its inputs lack ${missing.map((n) => `'${n}'`).join(', ')} (the ${contract === 'sam1' ? 'SAM 1' : contract === 'sam2-ort' ? 'SAM 2.1 ONNX Runtime converter' : 'SAM 2.1 samexporter'} decoder contract)`
  if (contract === 'sam2-ort') {
    return (
      checkTensor(byName(io.outputs, 'masks'), "output 'masks'", [null, null, null, null], ['float32', 'bool']) ??
      checkTensor(byName(io.outputs, 'iou_predictions'), "output 'iou_predictions'", [null, null], ['float32'])
    )
  }
  if (m.family === 'sam') {
    return (
      checkTensor(byName(io.outputs, 'masks'), "output 'masks'", [1, null, null, null], ['float32']) ??
      checkTensor(byName(io.outputs, 'iou_predictions'), "output 'iou_predictions'", [1, null], ['float32']) ??
      checkTensor(byName(io.outputs, 'low_res_masks'), "output 'low_res_masks'", [1, null, 256, 256], ['float32'])
    )
  }
  return (
    checkTensor(byName(io.outputs, 'masks'), "output 'masks'", [null, null, 256, 256], ['float32']) ??
    checkTensor(byName(io.outputs, 'iou_predictions'), "output 'iou_predictions'", [null, null], ['float32'])
  )
}

function checkClipImage(m: Manifest, io: ModelIo): string | null {
  if (io.inputs.length !== 1) return `its image tower has ${io.inputs.length} inputs, expected one pixel tensor`
  return (
    checkTensor(io.inputs[0], 'image input', [null, 3, m.input.height, m.input.width], ['float32']) ??
    checkTensor(io.outputs[0], 'image embedding output', [null, null], ['float32'])
  )
}

function checkClipText(m: Manifest, io: ModelIo): string | null {
  if (io.inputs.length !== 1) return `its text tower has ${io.inputs.length} inputs, expected one token-id tensor`
  return (
    checkTensor(io.inputs[0], 'token input', [null, m.contextLength ?? 77], ['int64', 'int32']) ??
    checkTensor(io.outputs[0], 'text embedding output', [null, null], ['float32'])
  )
}

function checkOcrDet(io: ModelIo): string | null {
  return (
    checkTensor(io.inputs[0], 'input', [null, 3, null, null], ['float32']) ??
    checkTensor(io.outputs[0], 'probability map output', [null, 1, null, null], ['float32'])
  )
}

function checkOcrRec(io: ModelIo, dictSize: number | null): string | null {
  const r = checkTensor(io.inputs[0], 'input', [null, 3, 48, null], ['float32'])
  if (r) return r
  // Classes: CTC blank + the dictionary + the space character PaddleOCR appends.
  return checkTensor(io.outputs[0], 'class-probability output', [null, null, dictSize === null ? null : dictSize + 2], ['float32'])
}

function checkOcrCls(io: ModelIo): string | null {
  return checkTensor(io.inputs[0], 'input', [null, 3, 48, 192], ['float32']) ?? checkTensor(io.outputs[0], 'orientation output', [null, 2], ['float32'])
}

/**
 * Check one ONNX file of a pack against its family's contract. `role` names the file (model, encoder, det, ...);
 * `dictSize` is the number of characters of a PaddleOCR dictionary.
 */
export function checkContract(m: Manifest, role: string, io: ModelIo, dictSize: number | null = null): string | null {
  switch (m.family) {
    case 'yolo':
      return checkYolo(m, io)
    case 'sam':
    case 'sam2':
      return role === 'encoder' ? checkSamEncoder(m, io) : checkSamDecoder(m, io)
    case 'clip':
      return role === 'image' ? checkClipImage(m, io) : checkClipText(m, io)
    case 'paddleocr':
      return role === 'det' ? checkOcrDet(io) : role === 'rec' ? checkOcrRec(io, dictSize) : checkOcrCls(io)
  }
}

/** The roles of a family whose files are ONNX graphs (the others are tokenizers and dictionaries). */
export function onnxRoles(m: Manifest): string[] {
  const all = { yolo: ['model'], sam: ['encoder', 'decoder'], sam2: ['encoder', 'decoder'], clip: ['image', 'text'], paddleocr: ['det', 'rec', 'cls'] }[
    m.family
  ]
  return all.filter((r) => m.files[r])
}
