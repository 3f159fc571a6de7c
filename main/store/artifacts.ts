/**
 * The artifact store: derived layers (GeoTIFF, GeoJSON, masks, previews) saved under the data folder, addressed by
 * their sha256 so the same layer is stored once and every evidence record can name its exact bytes.
 * Files are written to a temporary name and renamed, so a crash never leaves a half-written artifact.
 */
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { z } from 'zod'
import type { Db } from './database'
import { asRecord } from '../domain/json'
import { optionalRow } from './rows'

/** A saved artifact; the same shape as `Artifact` in the observation protocol (tools/protocol.ts). */
export interface Artifact {
  kind: string
  /** Absolute path. */
  path: string
  sha256: string
}

export interface SaveOptions {
  kind: string
  /** File extension without the dot, e.g. 'tif', 'geojson'. */
  ext: string
  runId?: string | null
  meta?: Record<string, unknown>
}

export function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex')
}

const ArtifactRow = z.object({ kind: z.string(), path: z.string(), bytes: z.number(), run_id: z.string().nullable(), meta: z.string() })

export class ArtifactStore {
  constructor(
    readonly dir: string,
    private readonly db?: Db,
  ) {}

  /** Save bytes and return the artifact record (kind, absolute path, sha256). */
  save(bytes: Uint8Array, opts: SaveOptions): Artifact {
    if (!/^[a-z0-9]+$/i.test(opts.ext)) throw new Error(`Artifact extension '${opts.ext}' must be letters and digits only.`)
    const digest = sha256(bytes)
    const sub = path.join(this.dir, digest.slice(0, 2))
    const file = path.join(sub, `${digest}.${opts.ext}`)
    if (!fs.existsSync(file)) {
      fs.mkdirSync(sub, { recursive: true })
      const tmp = `${file}.${process.pid}.tmp`
      fs.writeFileSync(tmp, bytes)
      fs.renameSync(tmp, file)
    }
    this.db
      ?.prepare(
        `INSERT INTO artifacts (sha256, kind, path, bytes, run_id, meta) VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT(sha256) DO NOTHING`,
      )
      .run(digest, opts.kind, file, bytes.byteLength, opts.runId ?? null, JSON.stringify(opts.meta ?? {}))
    return { kind: opts.kind, path: file, sha256: digest }
  }

  /** What the database records of an artifact (kind, path, size, run, meta such as node and unit), if anything. */
  record(sha: string): { kind: string; path: string; bytes: number; runId: string | null; meta: Record<string, unknown> } | undefined {
    const row = this.db
      ? optionalRow(ArtifactRow, this.db.prepare('SELECT kind, path, bytes, run_id, meta FROM artifacts WHERE sha256 = ?').get(sha), 'artifacts')
      : undefined
    if (!row) return undefined
    let meta: Record<string, unknown> = {}
    try {
      meta = asRecord(JSON.parse(row.meta))
    } catch {
      // a damaged meta column leaves the artifact usable
    }
    return { kind: row.kind, path: row.path, bytes: row.bytes, runId: row.run_id, meta }
  }

  /** Read an artifact back and check its bytes still match the recorded digest. */
  read(artifact: Artifact): Buffer {
    const bytes = fs.readFileSync(artifact.path)
    if (sha256(bytes) !== artifact.sha256) {
      throw new Error(`Artifact ${artifact.path} no longer matches its sha256: it was changed on disk; re-run the step that made it.`)
    }
    return bytes
  }
}
