/**
 * The one error type of the vision engine: its message is a single sentence in the app's own words, saying what was
 * wrong and what to do, so the CLI, IPC and the perceive tool can show it as is.
 */
export class VisionError extends Error {
  constructor(
    message: string,
    /** 'missing': no usable pack/backend (perceive answers insufficient); 'invalid': a pack or input was refused. */
    readonly kind: 'missing' | 'invalid' | 'failed' = 'failed',
  ) {
    super(message)
    this.name = 'VisionError'
  }
}

/**
 * A model output's values as float32, the one boundary where what a pack's model returned is read: ONNX Runtime
 * types an output's data loosely (any tensor type), and a float16, integer or string output read as float32 would
 * give wrong numbers without a word, so another type is refused with a sentence naming the output.
 */
export function float32Output(t: { data: unknown }, what: string): Float32Array {
  if (t.data instanceof Float32Array) return t.data
  throw new VisionError(
    `The model's ${what} output is ${tensorKind(t.data)}, not float32, so RSure cannot read it; use a pack whose model returns float32.`,
    'invalid',
  )
}

/** A model output read only as numbers (compared with 0, ranked): float32, or an integer or boolean (uint8) tensor. */
export function numericOutput(t: { data: unknown }, what: string): Float32Array | Int32Array | Uint8Array {
  if (t.data instanceof Float32Array || t.data instanceof Int32Array || t.data instanceof Uint8Array) return t.data
  throw new VisionError(`The model's ${what} output is ${tensorKind(t.data)}, not numbers RSure reads (float32, int32, bool), so it cannot be used.`, 'invalid')
}

function tensorKind(data: unknown): string {
  if (ArrayBuffer.isView(data)) return `a ${data.constructor.name}`
  return Array.isArray(data) ? 'a list (string tensor)' : `of type ${typeof data}`
}
