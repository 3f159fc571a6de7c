/**
 * Files a catalog left out (issue 16, data-fault family "corrupt date in a name"): `asset.catalog` skips a file
 * whose name it cannot read as a dated asset and lists it under `intermediate.nodes.<catalog>.skipped`. A skipped
 * file whose name carries a date-like token (YYYY-MM-DD or YYYYMMDD) that is no calendar date (month 13, 30
 * February) is a corrupt date: the value computed without it may stand, but the answer must name the file and its
 * date, so the analyst knows a date of the requested period may be missing. A token that is a real date inside the
 * requested period means data of that period was left out for another reason: the same caveat, naming the reason.
 */
import { isRec, type Rec } from '../../tools/execute/evidence-reader'
import type { Finding } from './finding'

const CHECK = 'catalog_skipped'
const TOKEN = /(?<!\d)(\d{4})-?(\d{2})-?(\d{2})(?!\d)/

/** Whether year-month-day is a date of the proleptic Gregorian calendar. */
export function isCalendarDate(y: number, m: number, d: number): boolean {
  if (m < 1 || m > 12 || d < 1) return false
  return d <= new Date(Date.UTC(y, m, 0)).getUTCDate()
}

/** The date-like token of a file name, and whether it is a calendar date; null when the name has none. */
export function dateToken(name: string): { text: string; valid: boolean } | null {
  const m = TOKEN.exec(name)
  if (!m) return null
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])]
  if (y < 1900 || y > 2200) return null
  return { text: `${m[1]}-${m[2]}-${m[3]}`, valid: isCalendarDate(y, mo, d) }
}

export function checkCatalogSkipped(intermediate: Rec): Finding[] {
  const nodes = isRec(intermediate.nodes) ? intermediate.nodes : {}
  const corrupt: string[] = []
  for (const [, n] of Object.entries(nodes)) {
    if (!isRec(n) || !Array.isArray(n.skipped)) continue
    for (const s of n.skipped) {
      const file = isRec(s) && typeof s.file === 'string' ? s.file : null
      if (!file) continue
      const t = dateToken(file)
      if (t && !t.valid) corrupt.push(`${file} (${t.text} is not a valid date)`)
    }
  }
  if (corrupt.length === 0) return []
  const listed = `${corrupt.slice(0, 4).join(', ')}${corrupt.length > 4 ? `, and ${corrupt.length - 4} more` : ''}`
  return [
    {
      check: CHECK,
      severity: 'caveat',
      message: `left out ${corrupt.length} file${corrupt.length > 1 ? 's' : ''} whose file name carries an impossible date: ${listed}; a date of the period may be missing`,
    },
  ]
}
