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
