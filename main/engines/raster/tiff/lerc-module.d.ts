/** The part of the `lerc` package (Esri's LERC decoder, plain JavaScript) the reader uses. */
declare module 'lerc' {
  interface LercBlock {
    width: number
    height: number
    pixelType: string
    dimCount?: number
    pixels: ArrayLike<number>[] & ArrayBufferView[]
    /** 1 = valid, 0 = masked; null when every pixel is valid. */
    mask: Uint8Array | null
  }
  const Lerc: { decode(input: ArrayBuffer, options?: { returnPixelInterleavedDims?: boolean }): LercBlock }
  export default Lerc
}
