/**
 * A compact JSON rendering for model prompts (the app keeps the full record; the model gets the gist, as
 * vercel/ai does with tool results): long arrays keep their head and say how many items were left out, long
 * strings are cut, deep nesting is summarised, and the whole text is capped. Owned by the domain layer so the
 * observation schemas (observations.ts) put each tool's compact model form next to its full shape.
 */

export interface CompactOptions {
  maxArray?: number
  maxString?: number
  maxDepth?: number
  maxChars?: number
}

const isIterable = (v: object): v is Iterable<unknown> => typeof Reflect.get(v, Symbol.iterator) === 'function'

function shrink(value: unknown, depth: number, o: Required<CompactOptions>): unknown {
  if (typeof value === 'string') return value.length > o.maxString ? `${value.slice(0, o.maxString)}… (${value.length} chars)` : value
  if (typeof value === 'number') return Number.isFinite(value) ? Number(value.toPrecision(8)) : String(value)
  if (value === null || typeof value !== 'object') return value
  if (depth >= o.maxDepth) return Array.isArray(value) ? `[${value.length} items]` : `{${Object.keys(value).length} keys}`
  if (Array.isArray(value) || ArrayBuffer.isView(value)) {
    const arr: unknown[] = isIterable(value) ? Array.from(value) : []
    const head = arr.slice(0, o.maxArray).map((v) => shrink(v, depth + 1, o))
    return arr.length > o.maxArray ? [...head, `… ${arr.length - o.maxArray} more`] : head
  }
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shrink(v, depth + 1, o)]))
}

export function compactJson(value: unknown, opts: CompactOptions = {}): string {
  const o: Required<CompactOptions> = { maxArray: 12, maxString: 400, maxDepth: 6, maxChars: 6000, ...opts }
  const text = JSON.stringify(shrink(value, 0, o)) ?? 'null'
  return text.length > o.maxChars ? `${text.slice(0, o.maxChars)}… (cut at ${o.maxChars} of ${text.length} chars)` : text
}
