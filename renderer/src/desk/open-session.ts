/**
 * Opening a named session replaces the desk: its files become the desk's files and its runs the thread. Before
 * that, the window asks when the desk holds files or runs the session does not (they would leave it); this is the
 * question, in the window's words, or null when nothing would be lost.
 */
import type { FileEntry, NamedSession } from '../../../preload/contract'
import { fileLabel, middleEllipsis, pictureFiles } from '../components/short-name'

const plural = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`

/** The first three names, then how many more. */
function someNames(names: string[]): string {
  const shown = names.slice(0, 3).join(', ')
  return names.length > 3 ? `${shown} and ${names.length - 3} more` : shown
}

export function openSessionQuestion(
  session: Pick<NamedSession, 'name' | 'paths' | 'runIds'>,
  desk: { files: readonly FileEntry[]; thread: readonly string[] },
): string | null {
  const paths = new Set(session.paths)
  const runs = new Set(session.runIds)
  const leaving = desk.files.filter((f) => !paths.has(f.path))
  const closing = desk.thread.filter((r) => !runs.has(r))
  if (!leaving.length && !closing.length) return null
  const pictures = pictureFiles(desk.files)
  const parts: string[] = []
  if (leaving.length) parts.push(`${plural(leaving.length, 'file')} (${someNames(leaving.map((f) => middleEllipsis(fileLabel(pictures, f), 40)))})`)
  if (closing.length) parts.push(plural(closing.length, 'run'))
  const them = leaving.length + closing.length === 1 ? 'it' : 'them'
  const lines = [
    `Open "${session.name}"? Its files and runs replace the desk's: ${parts.join(' and ')} not in this session will leave the desk.`,
    closing.length ? `The ${closing.length === 1 ? 'run stays' : 'runs stay'} in History.` : '',
    leaving.some((f) => f.origin === 'upload') ? 'A file uploaded to the desk that no saved session holds is deleted.' : '',
    `To keep ${them}, choose Cancel and save the desk as a session first.`,
  ]
  return lines.filter(Boolean).join(' ')
}
