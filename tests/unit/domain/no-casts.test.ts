/**
 * Issue 19: values of unknown shape are narrowed by a type guard (domain/json.ts) or parsed by a zod schema at one
 * boundary, never cast. This reads the source of main/, preload/ and renderer/ as text and lists every
 * `as Record<string, unknown>` and `as unknown as` left in it, with file and line, so a new one fails here with its
 * place.
 */
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const root = path.resolve(__dirname, '..', '..', '..')
const CAST = /\bas (Record<string, unknown>|unknown as\b)/

function castsUnder(dir: string): string[] {
  const found: string[] = []
  for (const f of fs.readdirSync(path.join(root, dir), { recursive: true }) as string[]) {
    if (!/\.(ts|tsx)$/.test(f)) continue
    const rel = path.join(dir, f).split(path.sep).join('/')
    fs.readFileSync(path.join(root, rel), 'utf8')
      .split('\n')
      .forEach((line, i) => {
        if (CAST.test(line)) found.push(`${rel}:${i + 1}`)
      })
  }
  return found
}

describe('casts of unknown values', () => {
  it('the pattern finds a cast written on a line (so an empty list below means none)', () => {
    expect(CAST.test('const p = node.params as Record<string, unknown>')).toBe(true)
    expect(CAST.test('const x = y as unknown as Foo')).toBe(true)
    expect(CAST.test('const ok: Record<string, unknown> = {}')).toBe(false)
  })

  it('main/, preload/ and renderer/ narrow unknown values without casting them', () => {
    expect([...castsUnder('main'), ...castsUnder('preload'), ...castsUnder('renderer')]).toEqual([])
  })
})
