/**
 * What every case family of the second hostile corpus (hostile-corpus-2.ts) shares: the case type, what a surface may
 * answer for it, and the writer each family adds its files and cases through.
 */
import fs from 'node:fs'
import path from 'node:path'
import type { BandStats } from './hostile-corpus-2-tiff'

/** What a surface may answer for a case. */
export type Accept =
  /** A valid file: the right values (a refusal is a failure). */
  | 'values'
  /** Hostile but decodable: the right values, or one sentence naming the file and the reason. */
  | 'values-or-refusal'
  /** Corrupt or unsafe: one sentence naming the file and the reason (any value is a silent wrong result). */
  | 'refusal'

export interface Hostile2Case {
  name: string
  family: string
  /** The path handed to the tools (a file, a symlink, or a Landsat-like folder for MTL cases). */
  path: string
  kind: 'tiff' | 'picture' | 'mtl-folder' | 'special'
  accept: Accept
  /** Declared size, for `info` on files that must be described. */
  width?: number
  height?: number
  /** Band 1 over its valid pixels, when the file has right values. */
  stats?: BandStats
  /** Values also accepted (e.g. the pixels with a junk nodata string parsed as its leading number). */
  altStats?: BandStats[]
  /** The nodata value `info` must report (null: none usable; NaN or no value are both accepted then). */
  nodata?: number | null
  /** For MTL folders: the water share (%) of the clean scene, computed apart from RSure. */
  waterShare?: number
  note: string
}

export interface CorpusOptions {
  /** The Landsat fixture folder (../shared/fixtures/landsat8_L1TP_016037_20170813). */
  landsatDir: string
  /**
   * 'full' (default): the sizes of issue 20 (bombs of 256 MiB-1 GiB, 16384-30720 px, 10^6 tiles). 'ci': the same
   * families and cases at 1/16 of the bytes (bombs of 16-64 MiB still 256-1024 times their declared chunk, 4096 px,
   * 65536 tiles), so `npm test` runs every family in about a minute; names carry the sizes actually written.
   */
  scale?: 'full' | 'ci'
}

export const MiB = 1 << 20

/** A folder being filled with cases: the families write their files through it and add their cases to it. */
export interface CaseWriter {
  readonly opts: CorpusOptions
  /** A scratch folder inside `dir`, removed when the corpus is written. */
  readonly tmp: string
  readonly ci: boolean
  /** Side of the square greedy images (16384: 256 MiB of uint8; 4096 in CI: 16 MiB). */
  readonly SIDE: number
  /** The cases added so far, in order. */
  readonly cases: readonly Hostile2Case[]
  file(name: string): string
  add(c: Omit<Hostile2Case, 'path'> & { path?: string }): void
  zeros(n: number): BandStats
}

export function caseWriter(dir: string, opts: CorpusOptions): CaseWriter {
  fs.mkdirSync(dir, { recursive: true })
  const cases: Hostile2Case[] = []
  const ci = opts.scale === 'ci'
  return {
    opts,
    tmp: fs.mkdtempSync(path.join(dir, '.work-')),
    ci,
    SIDE: ci ? 4096 : 16384,
    cases,
    file: (name) => path.join(dir, name),
    add: (c) => cases.push({ ...c, path: c.path ?? path.join(dir, c.name) }),
    zeros: (n) => ({ mean: 0, min: 0, max: 0, valid: n }),
  }
}
