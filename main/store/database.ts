/**
 * The SQLite database: better-sqlite3 in WAL mode with foreign keys on and numbered migrations.
 * Synchronous by design (better-sqlite3): statements are short; long raster work never runs inside a transaction.
 */
import path from 'node:path'
import { ensureDataFolder } from './paths'
import Database from 'better-sqlite3'
import { migrations as allMigrations, type Migration } from './migrations/index'
import { z } from 'zod'
import { errorMessage } from '../domain/errors'

export type Db = Database.Database

export interface OpenOptions {
  /** File path, or ':memory:' for tests. */
  file: string
  migrations?: Migration[]
  readonly?: boolean
}

export function openDatabase({ file, migrations = allMigrations, readonly = false }: OpenOptions): Db {
  // The data folder is checked and created bounded (no recursive mkdir: it loops forever under /proc).
  if (file !== ':memory:') ensureDataFolder(path.dirname(path.resolve(file)))
  let db: Db
  try {
    db = new Database(file, { readonly, fileMustExist: readonly })
  } catch (err) {
    throw new Error(`Cannot open the database at ${file}: ${errorMessage(err)}. Check the path and its permissions.`, { cause: err })
  }
  if (!readonly) {
    db.pragma('journal_mode = WAL')
    db.pragma('synchronous = NORMAL')
  }
  db.pragma('foreign_keys = ON')
  db.pragma('busy_timeout = 5000')
  if (!readonly) migrate(db, migrations)
  return db
}

/** The schema version SQLite keeps in the database header (PRAGMA user_version). */
function userVersion(db: Db): number {
  return z
    .number()
    .int()
    .nonnegative()
    .parse(db.pragma('user_version', { simple: true }))
}

/** Apply every migration newer than the database's `user_version`, each in its own transaction. */
export function migrate(db: Db, migrations: Migration[] = allMigrations): number {
  const sorted = [...migrations].sort((a, b) => a.version - b.version)
  sorted.forEach((m, i) => {
    if (m.version !== i + 1) throw new Error(`Migration numbering has a gap or duplicate at '${m.name}' (version ${m.version}).`)
  })
  const current = userVersion(db)
  const newest = sorted.at(-1)?.version ?? 0
  if (current > newest) {
    throw new Error(`The database is at schema version ${current}, newer than this app knows (${newest}): update RSure Desktop.`)
  }
  for (const m of sorted) {
    if (m.version <= current) continue
    db.transaction(() => {
      db.exec(m.sql)
      db.pragma(`user_version = ${m.version}`)
    })()
  }
  return userVersion(db)
}
