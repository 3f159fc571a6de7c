/**
 * Numbered schema migrations, applied in order inside one transaction each; `PRAGMA user_version` records the last.
 * Append only: a shipped migration is never edited. Each module that owns tables adds its file here
 * (001 core, 002 prior, 003 session files, ...).
 */
import { core001 } from './001-core'
import { prior002 } from './002-prior'
import { sessionFiles003 } from './003-session-files'
import { settings004 } from './004-settings'
import { runEventVersion005 } from './005-run-event-version'
import { namedSessions006 } from './006-named-sessions'

export interface Migration {
  version: number
  name: string
  sql: string
}

export const migrations: Migration[] = [core001, prior002, sessionFiles003, settings004, runEventVersion005, namedSessions006]
