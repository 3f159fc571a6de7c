/**
 * Two house rules for the renderer that review lets slip (issue 17): no value is forced into a type with a cast
 * (`as Record<string, unknown>`, `as unknown as`; types come from their source, values crossing a boundary are
 * checked with zod), and the functions of the map, pixel and evidence views and the shared widgets stay under 80 lines (blank and comment lines not counted, as eslint counts). Function spans are
 * measured with the TypeScript parser, not by reading the code under test.
 */
import fs from 'node:fs'
import path from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

const root = path.resolve(__dirname, '..', '..', '..')

function files(dir: string): string[] {
  return (fs.readdirSync(path.join(root, dir), { recursive: true }) as string[]).filter((f) => /\.tsx?$/.test(f)).map((f) => path.join(dir, f))
}

/** Every function-like node of a file longer than `max` lines: "file:line name (n lines)". */
function longFunctions(file: string, max: number): string[] {
  const text = fs.readFileSync(path.join(root, file), 'utf8')
  const src = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS)
  const out: string[] = []
  const visit = (n: ts.Node) => {
    if (ts.isFunctionDeclaration(n) || ts.isArrowFunction(n) || ts.isFunctionExpression(n) || ts.isMethodDeclaration(n)) {
      const first = src.getLineAndCharacterOfPosition(n.getStart(src)).line
      const last = src.getLineAndCharacterOfPosition(n.getEnd()).line
      // Counted as eslint's max-lines-per-function counts them: blank lines and comment lines left out.
      const lines = text
        .split('\n')
        .slice(first, last + 1)
        .filter((l) => l.trim() !== '' && !/^\s*(\/\/|\/\*|\*)/.test(l)).length
      const name = ts.isFunctionDeclaration(n) || ts.isMethodDeclaration(n) ? (n.name?.getText(src) ?? '(anonymous)') : '(arrow)'
      if (lines > max) out.push(`${file}:${first + 1} ${name} (${lines} lines)`)
    }
    ts.forEachChild(n, visit)
  }
  visit(src)
  return out
}

describe('renderer house rules', () => {
  it('finds the files it checks', () => {
    expect(files('renderer/src').length).toBeGreaterThan(30)
    expect(files('renderer/src/map')).toContain(path.join('renderer/src/map', 'map-view.tsx'))
  })

  it('forces no value into a type with a cast', () => {
    const casts = files('renderer/src').flatMap((f) =>
      fs
        .readFileSync(path.join(root, f), 'utf8')
        .split('\n')
        .flatMap((line, i) => (/\bas Record<string, unknown>|\bas unknown as\b/.test(line) ? [`${f}:${i + 1}`] : [])),
    )
    expect(casts).toEqual([])
  })

  it('keeps the functions of the map, pixel and evidence views and the shared widgets under 80 lines', () => {
    const long = ['renderer/src/map', 'renderer/src/evidence', 'renderer/src/components'].flatMap((d) => files(d)).flatMap((f) => longFunctions(f, 80))
    expect(long).toEqual([])
  })
})
