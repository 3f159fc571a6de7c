import { randomUUID } from 'node:crypto'

/** A sortable id: UTC timestamp then a random suffix, e.g. `run-20261130T092301Z-1a2b3c4d`. */
export function newId(prefix: string, now: Date = new Date()): string {
  const stamp = now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z')
  return `${prefix}-${stamp}-${randomUUID().slice(0, 8)}`
}
