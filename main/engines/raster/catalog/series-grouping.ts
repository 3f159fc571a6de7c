/**
 * How dated series files become assets (one asset = the layers of one place and date, paired by later nodes):
 * - key: place and date, as `<place>_<YYYY-MM-DD>` (just the date when there is no place);
 * - a file whose name has no place (`2021_08_05_0310_BT_31.tif`) joins the place of the other files when the
 *   list names exactly one place (`Hebei.tif_2021-08-05_0310_Emis31.tif`), so band and emissivity pair up;
 * - when one variable occurs at several times on one date (several MODIS overpasses a day), that place and date is
 *   split into one asset per time of those variables, `<place>_<date>T<HHMM>`, so no layer silently replaces
 *   another; a layer seen only once on that date (an albedo, an emissivity, the one night overpass) is shared by
 *   every acquisition time of the date, and the evidence says so.
 * Each choice that rests on an assumption is returned as a note for the catalog's evidence.
 */
import type { SeriesName } from './series-names'

export interface SeriesGrouping {
  placeOf(n: SeriesName): string
  /** The assets a file belongs to (several when a once-a-day layer is shared by the acquisitions of its date). */
  idsOf(n: SeriesName): string[]
  notesOf(n: SeriesName): string[]
}

export function seriesGrouping(names: SeriesName[]): SeriesGrouping {
  const places = new Set(names.map((n) => n.place).filter((p) => p !== ''))
  const only = places.size === 1 ? [...places][0] : null
  const placeOf = (n: SeriesName) => n.place || only || ''
  const key = (n: SeriesName) => `${placeOf(n)}|${n.date}`
  const times = new Map<string, Map<string, Set<string | null>>>()
  for (const n of names) {
    const byVar = times.get(key(n)) ?? new Map<string, Set<string | null>>()
    const set = byVar.get(n.variable.toUpperCase()) ?? new Set<string | null>()
    set.add(n.time)
    byVar.set(n.variable.toUpperCase(), set)
    times.set(key(n), byVar)
  }
  // Dates split by time, with the acquisition times of their repeated variables.
  const split = new Map<string, string[]>()
  for (const [k, byVar] of times) {
    const repeated = [...byVar.values()].filter((t) => t.size > 1)
    if (repeated.length) split.set(k, [...new Set(repeated.flatMap((t) => [...t]).filter((t): t is string => t !== null))].sort())
  }
  const repeats = (n: SeriesName) => (times.get(key(n))?.get(n.variable.toUpperCase())?.size ?? 0) > 1
  return {
    placeOf,
    idsOf(n) {
      const place = placeOf(n)
      const base = place ? `${place}_${n.date}` : n.date
      const at = split.get(key(n))
      if (!at) return [base]
      const tag = (t: string) => `${base}T${t.replace(':', '')}`
      return repeats(n) && n.time ? [tag(n.time)] : at.map(tag)
    },
    notesOf(n) {
      const notes: string[] = []
      if (!n.place && only) notes.push(`files without a place in their name are grouped with the only place named, ${only}`)
      if (n.datePrecision !== 'day') notes.push(`${n.datePrecision}-only date in the name, taken as ${n.date} (date_precision ${n.datePrecision})`)
      if (split.has(key(n))) {
        notes.push('one variable occurs at several times on this date: one asset per acquisition time')
        if (!repeats(n) || !n.time) notes.push(`${n.variable} is observed once on ${n.date} and shared by each acquisition time of that date`)
      }
      if (n.variableSource === 'position') notes.push(`variable '${n.variable}' is not in the vocabulary; taken from the last name token before the date`)
      return notes
    },
  }
}
