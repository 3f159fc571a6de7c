/** Model outputs are read at one boundary (engines/vision/errors.ts): float32 as it is, other tensor types refused in a sentence. */
import { describe, expect, it } from 'vitest'
import { float32Output, numericOutput, VisionError } from '../../../../main/engines/vision/errors'

describe('model outputs', () => {
  it('float32 data is returned as it is', () => {
    const data = new Float32Array([0.5, -1])
    expect(float32Output({ data }, 'boxes')).toBe(data)
    expect(numericOutput({ data }, 'masks')).toBe(data)
  })

  it('a boolean or int32 mask is read as numbers; float32 is required elsewhere', () => {
    const bool = new Uint8Array([0, 1])
    expect(numericOutput({ data: bool }, 'masks')).toBe(bool)
    expect(() => float32Output({ data: bool }, 'boxes')).toThrow("The model's boxes output is a Uint8Array, not float32, so RSure cannot read it; use a pack whose model returns float32.")
    expect(() => float32Output({ data: new Uint16Array(2) }, 'embedding')).toThrow(/output is a Uint16Array, not float32/)
  })

  it('bigint, string and missing outputs are refused by both', () => {
    for (const data of [new BigInt64Array(2), ['a', 'b'], undefined]) {
      expect(() => float32Output({ data }, 'x')).toThrow(VisionError)
      expect(() => numericOutput({ data }, 'x')).toThrow(VisionError)
    }
    expect(() => numericOutput({ data: ['a'] }, 'logits')).toThrow("The model's logits output is a list (string tensor), not numbers RSure reads (float32, int32, bool), so it cannot be used.")
  })
})
