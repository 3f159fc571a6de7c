/** Stored runs, newest first: search the questions and answers, reopen a run into the thread, or delete it. */
import { useCallback, useEffect, useState } from 'react'
import type { ResponseOf, RsureApi } from '../../../preload/contract'

type Summary = ResponseOf<'runs.list'>['runs'][number]

export function RunHistory(props: { api: RsureApi; onOpen: (runId: string) => void; refreshKey: number; onError: (m: string) => void }) {
  const { api, onOpen, refreshKey, onError } = props
  const [query, setQuery] = useState('')
  const [runs, setRuns] = useState<Summary[]>([])
  const [total, setTotal] = useState(0)
  const load = useCallback(() => {
    api.invoke('runs.list', { query, limit: 100 }).then(
      (r) => {
        setRuns(r.runs)
        setTotal(r.total)
      },
      (e: Error) => onError(e.message),
    )
  }, [api, query, onError])
  useEffect(load, [load, refreshKey])
  return (
    <section className="history" aria-label="run history" data-testid="history">
      <div className="history-bar">
        <input
          type="search"
          placeholder="Search questions and answers"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          aria-label="search runs"
          data-testid="history-search"
        />
        <span className="muted">
          {runs.length} of {total}
        </span>
      </div>
      <table className="runs">
        <thead>
          <tr>
            <th scope="col">Started</th>
            <th scope="col">Question</th>
            <th scope="col">Answer</th>
            <th scope="col">Status</th>
            <th scope="col" aria-label="actions" />
          </tr>
        </thead>
        <tbody>
          {runs.map((r) => (
            <tr key={r.id} data-testid="history-row" data-run={r.id}>
              <td className="nowrap">{new Date(r.startedAt).toLocaleString()}</td>
              <td>{r.question}</td>
              <td>{r.answer ?? '—'}</td>
              <td>{r.status}</td>
              <td className="nowrap">
                <button type="button" onClick={() => onOpen(r.id)} data-testid="history-open">
                  Open
                </button>{' '}
                <button
                  type="button"
                  className="ghost"
                  aria-label={`delete run ${r.question}`}
                  onClick={() => api.invoke('runs.delete', { runId: r.id }).then(load, (e: Error) => onError(e.message))}
                >
                  ✕
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  )
}
