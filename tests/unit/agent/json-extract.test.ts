import { describe, expect, it } from 'vitest'
import { extractJson } from '../../../main/agent/llm/json-extract'
import { parseSse } from './sse-helper'

describe('extractJson', () => {
  it('reads plain JSON, fenced JSON and the first balanced object in prose', () => {
    expect(extractJson('{"a": 1}')).toEqual({ a: 1 })
    expect(extractJson('Here:\n```json\n{"decision": "accept"}\n```\nthanks')).toEqual({ decision: 'accept' })
    expect(extractJson('I think {"x": "a } inside", "y": [1, {"z": 2}]} is right {"later": true}')).toEqual({ x: 'a } inside', y: [1, { z: 2 }] })
  })

  it('returns undefined when nothing parses', () => {
    expect(extractJson('')).toBeUndefined()
    expect(extractJson('no json {here')).toBeUndefined()
  })
})

describe('sseData', () => {
  it('splits events across chunk boundaries and stops at [DONE]', async () => {
    expect(await parseSse(['data: {"a"', ':1}\n\ndata: {"b":2}\r\n\r\n: comment\n\ndata: [DONE]\n\ndata: {"c":3}\n\n'])).toEqual(['{"a":1}', '{"b":2}'])
  })
})
