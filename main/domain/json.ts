/**
 * Reading JSON-like values without casts: a type guard for plain objects and the object-or-empty reader that the
 * lenient readers (the window's observation views, dotted evidence paths) share.
 */

/** A plain JSON object (not null, not an array). */
export type JsonRecord = { [key: string]: unknown }

export function isRecord(v: unknown): v is JsonRecord {
  return v !== null && typeof v === 'object' && !Array.isArray(v)
}

/** The value when it is a plain object, else an empty one. */
export const asRecord = (v: unknown): JsonRecord => (isRecord(v) ? v : {})
