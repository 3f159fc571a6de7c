import { describe, expect, it } from 'vitest'
import { decodeFrame, encodeFrame } from '../../../preload/wire'

describe('wire frames', () => {
  it('sends plain JSON as text', () => {
    const f = encodeFrame({ type: 'request', id: 1, channel: 'app.hello', payload: {} })
    expect(typeof f).toBe('string')
    expect(decodeFrame(f)).toEqual({ type: 'request', id: 1, channel: 'app.hello', payload: {} })
  })

  it('carries several byte fields (and Buffers) in one binary frame', () => {
    const a = new Uint8Array([1, 2, 3])
    const b = Buffer.from([9, 8])
    const f = encodeFrame({ x: { bytes: a }, list: [b, 'text'] })
    expect(f).toBeInstanceOf(Uint8Array)
    const back = decodeFrame(f as Uint8Array) as any
    expect(Array.from(back.x.bytes)).toEqual([1, 2, 3])
    expect(Array.from(back.list[0])).toEqual([9, 8])
    expect(back.list[1]).toBe('text')
  })

  it('never revives byte references from a text frame, and rejects references outside a binary frame', () => {
    expect(decodeFrame('{"$bytes":[0,1]}')).toEqual({ $bytes: [0, 1] })
    const head = new TextEncoder().encode('{"$bytes":[0,99]}')
    const bad = new Uint8Array(4 + head.length + 2)
    new DataView(bad.buffer).setUint32(0, head.length)
    bad.set(head, 4)
    expect(() => decodeFrame(bad)).toThrow(/outside the frame/)
    expect(() => decodeFrame(new Uint8Array([0, 0, 1]))).toThrow(/shorter than/)
  })

  it('takes a byte reference only as two whole numbers inside the frame (hand-made frames)', () => {
    const frame = (head: string, body: number[]) => {
      const h = new TextEncoder().encode(head)
      const out = new Uint8Array(4 + h.length + body.length)
      new DataView(out.buffer).setUint32(0, h.length)
      out.set(h, 4)
      out.set(body, 4 + h.length)
      return out
    }
    const body = [10, 11, 12, 13]
    expect(Array.from((decodeFrame(frame('{"b":{"$bytes":[1,2]}}', body)) as { b: Uint8Array }).b)).toEqual([11, 12])
    expect(Array.from((decodeFrame(frame('{"b":{"$bytes":[4,0]}}', body)) as { b: Uint8Array }).b)).toEqual([])
    expect(Array.from((decodeFrame(frame('{"b":{"$bytes":[3,1,"more"]}}', body)) as { b: Uint8Array }).b)).toEqual([13])
    for (const ref of ['[-1,1]', '[0.5,1]', '["0",1]', '[0]', '[1,-1]', '[3,2]', '[null,1]', '[1e300,1]']) {
      expect(() => decodeFrame(frame(`{"b":{"$bytes":${ref}}}`, body)), ref).toThrow(/^A byte reference in the binary frame points outside the frame\.$/)
    }
    expect(decodeFrame(frame('{"b":{"$bytes":[0,1],"x":1}}', body))).toEqual({ b: { $bytes: [0, 1], x: 1 } })
  })
})
