/** What an answer says of the dates an execute run left out, read from its evidence. */
import { andList } from '../../domain/and-list'
import { isRec } from '../../tools/execute/evidence-reader'
import type { ObservationEntry } from '../verified-history'

/**
 * Dates the engine left out of a reduction and why, from the evidence, dates with one reason together
 * ("2019-02-02, 2019-09-30 and 2019-12-19 (only 0 valid NDVI/LST pixels; TVDI needs at least 100)"). The engine's
 * "node 'x' has no value:" lead is its own bookkeeping, not the reason.
 */
export function leftOut(entry: ObservationEntry): string[] {
  const items = isRec(entry.evidence.validity) ? entry.evidence.validity.insufficient_items : null
  const byReason = new Map<string, Set<string>>()
  if (isRec(items)) {
    for (const list of Object.values(items)) {
      if (!Array.isArray(list)) continue
      for (const it of list) {
        if (!isRec(it)) continue
        const reason = typeof it.reason === 'string' ? it.reason.replace(/^node '[^']*' has no value: /, '') : ''
        byReason.set(reason, (byReason.get(reason) ?? new Set()).add(String(it.date ?? it.id ?? it.asset ?? '?')))
      }
    }
  }
  return [...byReason].map(([reason, dates]) => `${andList([...dates])}${reason ? ` (${reason})` : ''}`)
}
