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
})
