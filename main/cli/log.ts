/**
 * The rotating log file a user can attach to a report: `<data folder>/logs/rsure.log`, one line per event (ISO time,
 * pid, command, what happened), rotated at `maxBytes` (default 2 MiB) into rsure.log.1 .. rsure.log.N (default 3).
 * Logging never fails a command: a folder that cannot be written loses the line, nothing else.
 */
import fs from 'node:fs'
import path from 'node:path'
import { defaultDataDir, ensureDataFolder } from '../store/paths'

export interface LogOptions {
  dir?: string
  maxBytes?: number
  keep?: number
}

export function logFile(opts: LogOptions = {}): string {
  return path.join(opts.dir ?? path.join(defaultDataDir(), 'logs'), 'rsure.log')
}

export function appendLog(line: string, opts: LogOptions = {}): void {
  const file = logFile(opts)
  const maxBytes = opts.maxBytes ?? 2 * 1024 * 1024
  const keep = opts.keep ?? 3
  try {
    ensureDataFolder(path.dirname(path.resolve(file)), 'The log folder')
    let size = 0
    try {
      size = fs.statSync(file).size
    } catch {
      size = 0
    }
    if (size > 0 && size + line.length + 1 > maxBytes) {
      for (let i = keep - 1; i >= 1; i--) {
        if (fs.existsSync(`${file}.${i}`)) fs.renameSync(`${file}.${i}`, `${file}.${i + 1}`)
      }
      fs.renameSync(file, `${file}.1`)
      if (fs.existsSync(`${file}.${keep + 1}`)) fs.rmSync(`${file}.${keep + 1}`)
    }
    fs.appendFileSync(file, `${new Date().toISOString()} [${process.pid}] ${line.replace(/\s+/g, ' ').trim()}\n`)
  } catch {
    // the log is a help, never a reason to fail
  }
}
