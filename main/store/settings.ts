/**
 * The analyst's settings in the data folder's database (migration 004): one JSON value per key. Readers pass a
 * zod schema, so a value written by another version that no longer fits is ignored (the default applies) instead
 * of breaking the app.
 */
import { z } from 'zod'
import type { Db } from './database'
import { optionalRow } from './rows'

const SettingRow = z.object({ value: z.string() })

export class SettingsStore {
  constructor(private readonly db: Db) {}

  get<T>(key: string, schema: z.ZodType<T>, fallback: T): T {
    let row: z.infer<typeof SettingRow> | undefined
    try {
      row = optionalRow(SettingRow, this.db.prepare('SELECT value FROM settings WHERE key = ?').get(key), 'settings')
    } catch {
      return fallback // a value column that is not text: the default applies, as for a value that no longer fits
    }
    if (!row) return fallback
    try {
      const parsed = schema.safeParse(JSON.parse(row.value))
      return parsed.success ? parsed.data : fallback
    } catch {
      return fallback
    }
  }

  set(key: string, value: unknown): void {
    if (value === null || value === undefined) {
      this.db.prepare('DELETE FROM settings WHERE key = ?').run(key)
      return
    }
    this.db
      .prepare(
        `INSERT INTO settings (key, value) VALUES (?, ?)
         ON CONFLICT(key) DO UPDATE SET value = excluded.value, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`,
      )
      .run(key, JSON.stringify(value))
  }
}
