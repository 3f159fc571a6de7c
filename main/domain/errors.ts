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
