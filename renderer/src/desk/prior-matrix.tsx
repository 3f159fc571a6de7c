/**
 * The task-tool reliability prior as a heatmap: task types down, configurations across, each cell coloured by r̂
 * (red low, green high), with r̂ and n written in it; cells below n_min (not used by a lookup) are hatched.
 */
import { useEffect, useState } from 'react'
import type { ResponseOf, RsureApi } from '../../../preload/contract'
import { num } from '../model/format'

type Matrix = ResponseOf<'prior.matrix'>

/** Red (0) through yellow to green (1), as an HSL hue. */
export function rHatColour(r: number): string {
  return `hsl(${Math.round(120 * Math.max(0, Math.min(1, r)))} 55% 42%)`
}

export function PriorMatrix(props: { api: RsureApi; refreshKey: number; onError: (m: string) => void }) {
  const { api, refreshKey, onError } = props
  const [level, setLevel] = useState<'coarse' | 'fine'>('coarse')
  const [m, setM] = useState<Matrix | null>(null)
  useEffect(() => {
    api.invoke('prior.matrix', { level }).then(setM, (e: Error) => onError(e.message))
  }, [api, level, refreshKey, onError])
  if (!m) return <p className="muted">Loading the prior…</p>
  const cell = new Map(m.cells.map((c) => [`${c.taskType}|${c.config}`, c]))
  return (
    <section className="prior" aria-label="prior matrix" data-testid="prior-matrix">
      <div className="history-bar">
        <label>
          Level{' '}
          <select value={level} onChange={(e) => setLevel(e.target.value as 'coarse' | 'fine')} aria-label="prior level">
            <option value="coarse">coarse (tool + mode/op)</option>
            <option value="fine">fine (+ backend, product…)</option>
          </select>
        </label>
        <span className="muted">
          r̂ = (n_valid + 1) / (n + 2); a lookup uses a cell with n ≥ {m.nMin}. {m.cells.length} cells.
        </span>
      </div>
      <div className="matrix-scroll">
        <table className="matrix">
          <thead>
            <tr>
              <th scope="col">task type</th>
              {m.configs.map((c) => (
                <th key={c} scope="col" className="rot">
                  <span>{c}</span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {m.taskTypes.map((t) => (
              <tr key={t}>
                <th scope="row">{t}</th>
                {m.configs.map((c) => {
                  const x = cell.get(`${t}|${c}`)
                  return x ? (
                    <td
                      key={c}
                      data-testid="prior-cell"
                      data-task={t}
                      data-config={c}
                      data-n={x.n}
                      className={x.usable ? 'usable' : 'thin'}
                      style={{ background: rHatColour(x.r_hat) }}
                      title={`${t} × ${c}: r̂ ${num(x.r_hat, 3)}, n ${x.n}, n_valid ${x.n_valid}, source ${x.source}${x.usable ? '' : ` (below n_min ${m.nMin}: not used)`}`}
                    >
                      {num(x.r_hat, 2)}
                      <small>n {x.n}</small>
                    </td>
                  ) : (
                    <td key={c} className="none" aria-label="no data" />
                  )
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  )
}
