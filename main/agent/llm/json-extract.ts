/**
 * Tolerant JSON extraction for models without a JSON mode: take the whole reply if it parses, else the content of
 * a ```json fence, else the first balanced {...} object in the text. Returns undefined when nothing parses.
 */

function tryParse(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

/** The first balanced JSON object in `text` that parses, scanning with string and escape awareness. */
function firstObject(text: string): unknown {
  for (let start = text.indexOf('{'); start >= 0; start = text.indexOf('{', start + 1)) {
    let depth = 0
    let inString = false
    let escaped = false
    for (let i = start; i < text.length; i++) {
      const c = text[i]
      if (inString) {
        if (escaped) escaped = false
        else if (c === '\\') escaped = true
        else if (c === '"') inString = false
        continue
      }
      if (c === '"') inString = true
      else if (c === '{') depth += 1
      else if (c === '}') {
        depth -= 1
        if (depth === 0) {
          const parsed = tryParse(text.slice(start, i + 1))
          if (parsed !== undefined) return parsed
          break
        }
      }
    }
  }
  return undefined
}

export function extractJson(text: string): unknown {
  const trimmed = text.trim()
  if (trimmed === '') return undefined
  const whole = tryParse(trimmed)
  if (whole !== undefined) return whole
  const fence = trimmed.match(/```(?:json)?\s*([\s\S]*?)```/i)
  if (fence) {
    const inner = tryParse(fence[1].trim())
    if (inner !== undefined) return inner
  }
  return firstObject(trimmed)
}
