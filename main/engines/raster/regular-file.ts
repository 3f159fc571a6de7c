/**
 * Opening image files without following a path into a special file. A FIFO named `scene.tif` blocks a plain
 * open() until a writer appears, and a read of `/dev/zero` never ends; so files are opened non-blocking and then
 * checked with fstat on the open descriptor (no window between the check and the use): anything other than a
 * regular file (directory, FIFO, socket, device) is closed again and refused with one sentence.
 */
import fs from 'node:fs'
import path from 'node:path'
import { errorCode } from '../../domain/errors'

/** A path that is missing, unreadable or not a regular file; the message is one sentence for the analyst. */
export class SpecialFileError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'SpecialFileError'
  }
}

/** What kind of non-regular file a stat describes, for messages. */
export function fileKind(st: fs.Stats): string {
  if (st.isDirectory()) return 'a folder'
  if (st.isFIFO()) return 'a named pipe (FIFO)'
  if (st.isSocket()) return 'a socket'
  if (st.isCharacterDevice() || st.isBlockDevice()) return 'a device'
  if (st.isSymbolicLink()) return 'a symbolic link'
  return 'not a regular file'
}

/** `what`: what the path should have named, for the message (default: an image file). */
function refusal(file: string, kind: string, what?: string): SpecialFileError {
  if (what) return new SpecialFileError(`'${path.basename(file)}' is ${kind}, not a regular file; give the path of ${what}.`)
  return new SpecialFileError(`'${path.basename(file)}' is ${kind}, not an image file; RSure reads only regular GeoTIFF, PNG and JPEG files.`)
}

/** Open a regular file for reading; returns its descriptor and size. The caller closes the descriptor. */
export function openRegularFile(file: string, what?: string): { fd: number; size: number } {
  let fd: number
  try {
    // O_NONBLOCK: opening a FIFO for reading returns at once instead of waiting for a writer.
    fd = fs.openSync(file, fs.constants.O_RDONLY | (fs.constants.O_NONBLOCK ?? 0))
  } catch (err) {
    const code = errorCode(err)
    // A socket cannot be opened at all (ENXIO on Linux); say what it is rather than the errno.
    if (code === 'ENXIO' || code === 'EOPNOTSUPP') throw refusal(file, 'a socket or device', what)
    if (code === 'EISDIR') throw refusal(file, 'a folder', what)
    throw new SpecialFileError(
      `'${path.basename(file)}' does not exist or cannot be read${code === 'EACCES' || code === 'EPERM' ? ' (permission denied)' : ''}; check the path.`,
    )
  }
  const st = fs.fstatSync(fd)
  if (!st.isFile()) {
    fs.closeSync(fd)
    throw refusal(file, fileKind(st), what)
  }
  return { fd, size: st.size }
}

/** Check without keeping it open that a path names a regular file (refuses FIFOs, devices, sockets, folders). */
export function assertRegularFile(file: string): number {
  const { fd, size } = openRegularFile(file)
  fs.closeSync(fd)
  return size
}

/** Read a whole regular file (refusing special files) into memory, at most `maxBytes`. */
export function readRegularFile(file: string, maxBytes: number, what?: string): Buffer {
  const { fd, size } = openRegularFile(file, what)
  try {
    if (size > maxBytes)
      throw new SpecialFileError(`'${path.basename(file)}' has ${size} bytes, more than the ${maxBytes} RSure reads at once; use a smaller file.`)
    const buf = Buffer.allocUnsafe(size)
    let got = 0
    while (got < size) {
      const n = fs.readSync(fd, buf, got, size - got, got)
      if (n === 0) break
      got += n
    }
    return buf.subarray(0, got)
  } finally {
    fs.closeSync(fd)
  }
}
