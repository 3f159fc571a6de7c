/**
 * The references of the blind development sets (tests/dev-questions/references-N.json: python3 + GDAL + numpy by each
 * set's author, never by the code under test), by computation id.
 */
import fs from 'node:fs'
import path from 'node:path'

/** `alternatives`: the value under each reading the author spanned (a convention that splits), when listed. */
export type DevReference = { value: number; tolerance: number; alternatives: number[] }

/** One set's references file in tests/dev-questions ("references-5.json"), by computation id. */
export function references(file: string): Readonly<Record<string, DevReference>> {
  return JSON.parse(fs.readFileSync(path.resolve(__dirname, '../dev-questions', file), 'utf8')) as Record<string, DevReference>
}

export const REFS_2 = references('references-2.json')
export const REFS_3 = references('references-3.json')
