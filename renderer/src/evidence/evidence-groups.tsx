/**
 * A ToolResult's evidence in its three labelled groups (DESIGN section 3): source (backend, parameters, formulas,
 * band mapping), intermediate (boxes, counts, per-node outputs) and validity (status, coverage, flags). Nested
 * objects fold open; arrays of records become small tables; numbers are shown with the precision they need.
 */
import { brief, num } from '../model/format'

const isRecord = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v)

/** An absolute path (POSIX or Windows): shown by its file name, never the data folder or upload path it lies in. */
const ABSOLUTE_PATH = /^(\/|[A-Za-z]:[\\/])[^\n]*[\\/][^\\/\n]+$/
export const shownPath = (s: string): string => (ABSOLUTE_PATH.test(s) ? (s.split(/[\\/]/).pop() ?? s) : s)

/** Evidence members that only say where the tool ran (its working folder): nothing an analyst can check. */
export const INTERNAL_KEYS = new Set(['base_dir'])

function Cell({ v }: { v: unknown }) {
  if (typeof v === 'number') return <>{num(v, 6)}</>
  if (typeof v === 'string') {
    const s = shownPath(v)
    return <span title={s.length > 60 ? s : undefined}>{brief(s, 160)}</span>
  }
  if (Array.isArray(v) && v.length && v.every((x) => typeof x === 'string'))
    return (
      <>
        {brief(
          v.map((x) => shownPath(x as string)),
          160,
        )}
      </>
    )
  return <>{brief(v, 160)}</>
}

function RecordsTable({ rows }: { rows: Record<string, unknown>[] }) {
  const cols = [...new Set(rows.slice(0, 50).flatMap((r) => Object.keys(r)))].slice(0, 10)
  return (
    <table className="records">
      <thead>
        <tr>
          {cols.map((c) => (
            <th key={c} scope="col">
              {c}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.slice(0, 50).map((r, i) => (
          <tr key={i}>
            {cols.map((c) => (
              <td key={c}>
                <Cell v={r[c]} />
              </td>
            ))}
          </tr>
        ))}
        {rows.length > 50 && (
          <tr>
            <td colSpan={cols.length} className="muted">
              and {rows.length - 50} more rows
            </td>
          </tr>
        )}
      </tbody>
    </table>
  )
}

const isRecords = (v: unknown): v is Record<string, unknown>[] => Array.isArray(v) && v.length > 0 && v.every(isRecord)
const isRecordTables = (v: unknown): v is Record<string, unknown>[][] => Array.isArray(v) && v.length > 0 && v.every(isRecords)

/** An empty record or list: said as 'none', with nothing to fold open. */
const isEmpty = (v: unknown): boolean => (isRecord(v) && Object.keys(v).length === 0) || (Array.isArray(v) && v.length === 0)

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`

/** A table of records reads when they are several and narrow; one record, or records with nested objects, read as fields. */
function asTable(rows: Record<string, unknown>[]): boolean {
  return rows.length > 1 && !rows.some((r) => Object.values(r).some((v) => isRecord(v)))
}

export function ValueTree({ value, depth = 0 }: { value: unknown; depth?: number }) {
  if (isRecords(value) && depth < 6) {
    if (asTable(value)) return <RecordsTable rows={value} />
    // A source with its perceive settings (a nested object) was one table row squeezed into ten columns, its JSON
    // a letter per line at 1024 px: each record is listed as its fields instead.
    return (
      <>
        {value.map((r, i) => (
          <ValueTree key={i} value={r} depth={depth + 1} />
        ))}
      </>
    )
  }
  // One table of records per image (a scene pack's scores per image: [[{label, score}, …], …]).
  if (isRecordTables(value) && depth < 6)
    return (
      <>
        {value.map((rows, i) => (
          <RecordsTable key={i} rows={rows} />
        ))}
      </>
    )
  if (!isRecord(value) || depth >= 6) return <Cell v={value} />
  const entries = Object.entries(value).filter(([k]) => !INTERNAL_KEYS.has(k))
  if (entries.length === 0) return <span className="muted">—</span>
  return (
    <table className="kv">
      <tbody>
        {entries.map(([k, v]) => (
          <tr key={k}>
            <th scope="row">{k}</th>
            <td>
              {isEmpty(v) ? (
                <span className="muted">none</span>
              ) : isRecord(v) || (Array.isArray(v) && v.some((x) => typeof x === 'object' && x !== null)) ? (
                <details open={depth < 1 && JSON.stringify(v).length < 600}>
                  <summary>{Array.isArray(v) ? plural(v.length, 'item') : plural(Object.keys(v).length, 'field')}</summary>
                  <ValueTree value={v} depth={depth + 1} />
                </details>
              ) : (
                <Cell v={v} />
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

export function EvidenceGroups({
  evidence,
}: {
  evidence: { source: Record<string, unknown>; intermediate: Record<string, unknown>; validity: Record<string, unknown> } | null
}) {
  if (!evidence) return <p className="muted">No evidence was returned.</p>
  const groups: [string, string, Record<string, unknown>][] = [
    ['source', 'Source — what produced it: backend, parameters, formulas, band mapping', evidence.source],
    ['intermediate', 'Intermediate — what it computed on the way: geometry, counts, per-node outputs', evidence.intermediate],
    ['validity', 'Validity — whether it can be trusted: status, coverage, flags, failed parts', evidence.validity],
  ]
  return (
    <div className="evidence-groups">
      {groups.map(([key, title, value]) => (
        <section key={key} className={`group group-${key}`} data-testid={`evidence-${key}`} aria-label={title}>
          <h4>{title}</h4>
          <ValueTree value={value} />
        </section>
      ))}
    </div>
  )
}
