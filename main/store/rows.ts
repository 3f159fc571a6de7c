/**
 * The store's one boundary for what SQLite hands back: better-sqlite3 types a row as `unknown`, and a database may
 * come from another version or be edited by hand, so every row is parsed with the zod schema of the columns read.
 * A single row that does not fit is refused with a sentence naming the table; in a list it is left out (as the
 * session files do), so one damaged row does not hide the others.
 */
import { z } from 'zod'

export class StoreRowError extends Error {
  override name = 'StoreRowError'
}

function refuse(table: string, issues: z.core.$ZodIssue[]): StoreRowError {
  const i = issues[0]
  return new StoreRowError(
    `A row of the ${table} table does not have the shape this version of RSure reads (${i.path.join('.') || 'row'}: ${i.message}); the database may come from another version or be damaged.`,
  )
}

/** The row a query returned, or undefined when it returned none. */
export function optionalRow<T>(schema: z.ZodType<T>, row: unknown, table: string): T | undefined {
  if (row === undefined) return undefined
  const r = schema.safeParse(row)
  if (!r.success) throw refuse(table, r.error.issues)
  return r.data
}

/** The row a query always returns (an aggregate such as COUNT or MAX). */
export function oneRow<T>(schema: z.ZodType<T>, row: unknown, table: string): T {
  const r = schema.safeParse(row)
  if (!r.success) throw refuse(table, r.error.issues)
  return r.data
}

/** The rows of a list that fit; the others are left out. */
export function rowsThatFit<T>(schema: z.ZodType<T>, rows: unknown[]): T[] {
  const out: T[] = []
  for (const row of rows) {
    const r = schema.safeParse(row)
    if (r.success) out.push(r.data)
  }
  return out
}

/** `{ next }` of `SELECT COALESCE(MAX(seq) + 1, 0) AS next`, `{ c }` of `SELECT COUNT(*) AS c`. */
export const NextSeq = z.object({ next: z.number().int().nonnegative() })
export const Count = z.object({ c: z.number().int().nonnegative() })
