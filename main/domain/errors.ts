/**
 * What a thrown value says, read without trusting its type (a catch clause gets `unknown`): the one boundary for it,
 * instead of `(err as Error).message` at every catch. An Error gives its message and name; anything else thrown
 * gives its text and no name. A Node error's code (ENOENT, EPERM, ERR_BUFFER_TOO_LARGE) is read where it is a string.
 */

export function errorMessage(err: unknown): string {
  return err instanceof Error ? err.message : String(err)
}

export function errorName(err: unknown): string | undefined {
  return err instanceof Error ? err.name : undefined
}

export function errorCode(err: unknown): string | undefined {
  if (typeof err !== 'object' || err === null || !('code' in err)) return undefined
  return typeof err.code === 'string' ? err.code : undefined
}

/** Why a file system or memory failure happened, and what the reader can do about it, in a reader's words. */
export interface SystemCause {
  /** A clause to follow "because": "the disk is full". */
  why: string
  /** What to do, as an imperative: "free some space". */
  fix: string
}

/** The one table of errno words (Node's `err.code`, see errno(3)); callers add whose file or folder it was. */
const SYSTEM_CAUSES: Record<string, SystemCause> = {
  ENOENT: { why: 'the file was moved or deleted', fix: 'add the file again' },
  EACCES: { why: 'permission was denied', fix: 'check the permissions of the file and its folder' },
  EPERM: { why: 'permission was denied', fix: 'check the permissions of the file and its folder' },
  EISDIR: { why: 'a folder was given where a file is needed', fix: 'choose a file' },
  ENOTDIR: { why: 'a part of the path is not a folder', fix: 'check the path' },
  EIO: { why: 'the disk reported an input/output error', fix: 'copy the file to a healthy disk' },
  EMFILE: { why: 'too many files are open at once', fix: 'close other programs or raise the open-file limit' },
  ENFILE: { why: 'too many files are open at once', fix: 'close other programs or raise the open-file limit' },
  ENOSPC: { why: 'the disk is full', fix: 'free some space' },
  EDQUOT: { why: 'the disk quota is used up', fix: 'free some space' },
  EROFS: { why: 'the file system is read-only', fix: 'choose a writable folder' },
}

const OUT_OF_MEMORY: SystemCause = {
  why: 'the computer had no memory left for the pixel buffers',
  fix: 'close other work, or ask about a window or a smaller region',
}

/**
 * The cause of a failure that comes from the machine rather than from a bug: a file system error (by its code) or an
 * ArrayBuffer that could not be allocated (V8 throws RangeError "Array buffer allocation failed"). Undefined for
 * anything else.
 */
export function systemCause(err: unknown): SystemCause | undefined {
  const code = errorCode(err)
  if (code !== undefined && Object.hasOwn(SYSTEM_CAUSES, code)) return SYSTEM_CAUSES[code]
  if (code === 'ERR_MEMORY_ALLOCATION_FAILED' || (err instanceof RangeError && /allocation failed/i.test(err.message))) return OUT_OF_MEMORY
  return undefined
}
