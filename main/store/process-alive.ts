import { errorCode } from '../domain/errors'
/** Whether a process is running (EPERM from signal 0 means it is, but belongs to another user). */
export function processAlive(pid: number): boolean {
  if (pid === process.pid) return true
  try {
    process.kill(pid, 0)
    return true
  } catch (err) {
    return errorCode(err) === 'EPERM'
  }
}
