/**
 * The ids every layer passes around, as checked strings: runs, session files, artifacts (derived layers), and the
 * prior's configuration ids. The store mints run and file ids (main/store/ids.ts); everyone else only checks them.
 */
import { z } from 'zod'

export const RunId = z.string().regex(/^run-[0-9A-Za-z-]{4,64}$/, 'a run id looks like run-20261130T092301Z-1a2b3c4d')
export type RunId = z.infer<typeof RunId>

/** A file of a session, as files.list names it. */
export const FileId = z.string().regex(/^f[0-9a-z]{4,32}$/, 'a file id looks like f1a2b3c4 (from files.list)')
export type FileId = z.infer<typeof FileId>

/** sha256 of an artifact (a derived layer), 64 lowercase hex digits. */
export const ArtifactId = z.string().regex(/^[0-9a-f]{64}$/, 'an artifact id is its sha256: 64 lowercase hex digits')
export type ArtifactId = z.infer<typeof ArtifactId>

/** The configuration ids of one tool call, used by the prior (DESIGN section 6). */
export const ConfigIds = z.object({ tool: z.string(), coarse: z.string(), fine: z.string() })
export type ConfigIds = z.infer<typeof ConfigIds>
