/**
 * The lexicon is data (DESIGN section 9, issue 15): main/domain/lexicon/ imports nothing at all, not even another
 * domain module; the span parser that reads questions with it lives beside it in main/domain/spans/ and is the
 * lexicon's only reader in domain/.
 */
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const root = path.resolve(__dirname, '..', '..', '..', '..')
const LEXICON = path.join(root, 'main', 'domain', 'lexicon')

describe('the lexicon module', () => {
  it('holds only data files, none with an import, export-from or require', () => {
    const entries = fs.readdirSync(LEXICON, { withFileTypes: true })
    expect(entries.filter((e) => e.isDirectory()).map((e) => e.name)).toEqual([])
    const files = entries.filter((e) => e.isFile() && e.name.endsWith('.ts')).map((e) => e.name)
    expect(files.length).toBeGreaterThan(5)
    const offending: string[] = []
    for (const f of files) {
      const src = fs.readFileSync(path.join(LEXICON, f), 'utf8')
      // index.ts may gather the data files of this folder ("export * from './units'"), nothing else.
      for (const m of src.matchAll(/^\s*(?:import\b.*|export\s+(?:\*|\{[^}]*\}|type\s+\{[^}]*\})\s+from\s+['"]([^'"]+)['"].*)$/gm)) {
        const target = m[1]
        if (f === 'index.ts' && target && /^\.\/[\w-]+$/.test(target) && files.includes(`${target.slice(2)}.ts`)) continue
        offending.push(`${f}: ${m[0].trim()}`)
      }
      if (/\brequire\s*\(|\bimport\s*\(/.test(src)) offending.push(`${f}: dynamic import or require`)
    }
    expect(offending).toEqual([])
  })

  it('the span parser is no longer inside it', () => {
    expect(fs.existsSync(path.join(LEXICON, 'spans'))).toBe(false)
    expect(fs.existsSync(path.join(root, 'main', 'domain', 'spans', 'parse.ts'))).toBe(true)
  })
})
