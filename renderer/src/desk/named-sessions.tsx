/**
 * Named sessions in History (issue 17): name the desk as it is (its files and the runs it shows) and save it; the
 * saved sessions are listed with their name, the date saved and how many files and runs they hold; Open makes one
 * the desk again.
 */
import { useCallback, useEffect, useState } from 'react'
import type { NamedSession, ResponseOf, RsureApi } from '../../../preload/contract'

const plural = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`

export function NamedSessions(props: {
  api: RsureApi
  /** The runs the desk shows, in order: saved with the files. */
  thread: string[]
  refreshKey: number
  onError: (m: string) => void
  onOpened: (opened: ResponseOf<'sessions.open'>) => void
}) {
  const { api, thread, refreshKey, onError, onOpened } = props
  const [sessions, setSessions] = useState<NamedSession[]>([])
  const [name, setName] = useState('')
  const load = useCallback(() => {
    api.invoke('sessions.list', {}).then(
      (r) => setSessions(r.sessions),
      (e: Error) => onError(e.message),
    )
  }, [api, onError])
  useEffect(load, [load, refreshKey])
  const save = () => {
    if (!name.trim()) return
    api.invoke('sessions.save', { name, runIds: thread }).then(
      () => (setName(''), load()),
      (e: Error) => onError(e.message),
    )
  }
  const open = (id: string) => api.invoke('sessions.open', { id }).then(onOpened, (e: Error) => onError(e.message))
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
              <tr key={s.id} data-testid="session-row" data-name={s.name} data-saved={s.savedAt}>
                <td>{s.name}</td>
                <td className="nowrap">{new Date(s.savedAt).toLocaleString()}</td>
                <td className="nowrap">
                  {plural(s.files, 'file')}, {plural(s.runs, 'run')}
                </td>
                <td className="nowrap">
                  <button type="button" onClick={() => void open(s.id)} data-testid="session-open" aria-label={`open session ${s.name}`}>
                    Open
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  )
}
