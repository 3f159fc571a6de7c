/** The local-server presets name each server's documented default address (Ollama 11434, llama-server 8080, vLLM 8000, LM Studio 1234). */
import { describe, expect, it } from 'vitest'
import { parseBackbone } from '../../../../main/agent/llm/backbone-spec'

describe('--backbone presets', () => {
  it.each([
    ['ollama:qwen2.5vl:7b', 'http://127.0.0.1:11434/v1', 'qwen2.5vl:7b'],
    ['llama-server:default', 'http://127.0.0.1:8080/v1', 'default'],
    ['vllm:Qwen/Qwen2.5-VL-7B-Instruct', 'http://127.0.0.1:8000/v1', 'Qwen/Qwen2.5-VL-7B-Instruct'],
    ['lmstudio:qwen2.5-vl-7b', 'http://127.0.0.1:1234/v1', 'qwen2.5-vl-7b'],
  ])('%s', (value, baseUrl, model) => {
    expect(parseBackbone(value)).toEqual({ kind: 'openai', baseUrl, model })
  })
  it('an unknown form names the presets', () => {
    expect(() => parseBackbone('kobold:x')).toThrow(/ollama:MODEL, llama-server:MODEL, vllm:MODEL, lmstudio:MODEL/)
  })
})
