/**
 * Named sessions in History (issue 17): name the desk as it is (its files and the runs it shows) and save it; the
 * saved sessions are listed with their name, the date saved and how many files and runs they hold; Open makes one
 * the desk again (after asking, when the desk holds files or runs the session does not), Rename gives it another
 * name in place, Delete removes it after a confirmation (its runs stay in the history).
 */
import { useCallback, useEffect, useState } from 'react'
import type { FileEntry, NamedSession, ResponseOf, RsureApi } from '../../../preload/contract'
import { openSessionQuestion } from './open-session'

const plural = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`

/** Its name, or the name being edited (Enter or Save renames, Escape or Cancel leaves it). */
function SessionName(props: { session: NamedSession; editing: boolean; onRename: (name: string) => void; onStop: () => void }) {
  const { session, editing, onRename, onStop } = props
  const [name, setName] = useState(session.name)
  if (!editing) return <>{session.name}</>
  return (
    <form
      className="session-rename"
      onSubmit={(e) => {
        e.preventDefault()
        if (name.trim()) onRename(name.trim())
      }}
    >
      <input
        aria-label={`new name for session ${session.name}`}
        value={name}
        maxLength={120}
        autoFocus
        onChange={(e) => setName(e.target.value)}
        onKeyDown={(e) => e.key === 'Escape' && onStop()}
        data-testid="session-rename-input"
      />
      <button type="submit" disabled={!name.trim()} data-testid="session-rename-save">
        Save
      </button>
      <button type="button" className="ghost" onClick={onStop} data-testid="session-rename-cancel">
        Cancel
      </button>
    </form>
  )
}

function SessionRow(props: { session: NamedSession; onOpen: () => void; onRename: (name: string) => Promise<void>; onDelete: () => void }) {
  const { session: s, onOpen, onRename, onDelete } = props
  const [editing, setEditing] = useState(false)
  return (
    <tr data-testid="session-row" data-name={s.name} data-saved={s.savedAt}>
      <td>
        <SessionName
          key={String(editing)}
          session={s}
          editing={editing}
          onRename={(n) => void onRename(n).then(() => setEditing(false))}
          onStop={() => setEditing(false)}
        />
      </td>
      <td className="nowrap">{new Date(s.savedAt).toLocaleString()}</td>
      <td className="nowrap">
        {plural(s.files, 'file')}, {plural(s.runs, 'run')}
      </td>
      <td className="nowrap">
        <button type="button" onClick={onOpen} data-testid="session-open" aria-label={`open session ${s.name}`}>
          Open
        </button>
        <button type="button" onClick={() => setEditing(true)} disabled={editing} data-testid="session-rename" aria-label={`rename session ${s.name}`}>
          Rename
        </button>
        <button type="button" className="danger" onClick={onDelete} data-testid="session-delete" aria-label={`delete session ${s.name}`}>
          Delete
        </button>
      </td>
    </tr>
  )
}

/** Rename, and delete once the analyst confirms; a refusal of the main side is reported to `onError`. */
function useSessionActions(api: RsureApi, load: () => void, onError: (m: string) => void, confirm: (m: string) => boolean) {
  const failed = (e: Error) => onError(e.message)
  const rename = (s: NamedSession, name: string) => api.invoke('sessions.rename', { id: s.id, name }).then(load, failed)
  const remove = (s: NamedSession) => api.invoke('sessions.delete', { id: s.id }).then(load, failed)
  const askDelete = (s: NamedSession) => {
    const what = `${plural(s.files, 'file')} and ${plural(s.runs, 'run')}`
    const question = [
      `Delete the session "${s.name}"? Its list of ${what} is forgotten: the runs stay in History and the desk is not changed.`,
      'A file uploaded to it that neither the desk nor another session holds is deleted.',
    ]
    if (confirm(question.join(' '))) void remove(s)
  }
  return { rename, askDelete }
}

export function NamedSessions(props: {
  api: RsureApi
  /** The desk's files and the runs it shows, in order: saved with the session; what opening another would replace. */
  files: FileEntry[]
  thread: string[]
  refreshKey: number
  onError: (m: string) => void
  onOpened: (opened: ResponseOf<'sessions.open'>) => void
  /** Asks the analyst a yes/no question (the window's confirm dialog unless a test gives its own). */
  confirm?: (message: string) => boolean
}) {
  const { api, files, thread, refreshKey, onError, onOpened, confirm = (m: string) => window.confirm(m) } = props
  const [sessions, setSessions] = useState<NamedSession[]>([])
  const [name, setName] = useState('')
  const load = useCallback(() => {
    api.invoke('sessions.list', {}).then(
      (r) => setSessions(r.sessions),
      (e: Error) => onError(e.message),
    )
  }, [api, onError])
  useEffect(load, [load, refreshKey])
  const { rename, askDelete } = useSessionActions(api, load, onError, confirm)
  const save = () => {
    if (!name.trim()) return
    api.invoke('sessions.save', { name, runIds: thread }).then(
      () => (setName(''), load()),
      (e: Error) => onError(e.message),
    )
  }
  const open = (s: NamedSession) => {
    const question = openSessionQuestion(s, { files, thread })
    if (question && !confirm(question)) return
    void api.invoke('sessions.open', { id: s.id }).then(onOpened, (e: Error) => onError(e.message))
  }
  return (
    <section className="named-sessions" aria-label="named sessions" data-testid="named-sessions">
      <form
        className="history-bar"
        onSubmit={(e) => {
          e.preventDefault()
          save()
        }}
      >
        <label htmlFor="session-name">Save the desk as</label>
        <input
          id="session-name"
          placeholder="a name for this session"
          value={name}
          maxLength={120}
          onChange={(e) => setName(e.target.value)}
          data-testid="session-name"
        />
        <button type="submit" disabled={!name.trim()} data-testid="session-save">
          Save session
        </button>
      </form>
      {sessions.length > 0 && (
        <table className="runs">
          <thead>
            <tr>
              <th scope="col">Session</th>
              <th scope="col">Saved</th>
              <th scope="col">Holds</th>
              <th scope="col" aria-label="actions" />
            </tr>
          </thead>
          <tbody>
            {sessions.map((s) => (
              <SessionRow key={s.id} session={s} onOpen={() => open(s)} onRename={(n) => rename(s, n)} onDelete={() => askDelete(s)} />
            ))}
          </tbody>
        </table>
      )}
    </section>
  )
}
