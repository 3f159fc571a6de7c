/**
 * How dated series files become assets (one asset = the layers of one place and date, paired by later nodes):
 * - key: place and date, as `<place>_<YYYY-MM-DD>` (just the date when there is no place);
 * - a file whose name has no place (`2021_08_05_0310_BT_31.tif`) joins the place of the other files when the
 *   list names exactly one place (`Hebei.tif_2021-08-05_0310_Emis31.tif`), so band and emissivity pair up;
 * - when one variable occurs at several times on one date (several MODIS overpasses a day), that place and date is
 *   split into one asset per time, `<place>_<date>T<HHMM>`, so no layer silently replaces another.
 * Each choice that rests on an assumption is returned as a note for the catalog's evidence.
 */
import type { SeriesName } from './series-names'

export interface SeriesGrouping {
  placeOf(n: SeriesName): string
  idOf(n: SeriesName): string
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
  const split = new Set([...times].filter(([, byVar]) => [...byVar.values()].some((s) => s.size > 1)).map(([k]) => k))
  return {
    placeOf,
    idOf(n) {
      const place = placeOf(n)
      const base = place ? `${place}_${n.date}` : n.date
      return split.has(key(n)) && n.time ? `${base}T${n.time.replace(':', '')}` : base
    },
    notesOf(n) {
      const notes: string[] = []
      if (!n.place && only) notes.push(`files without a place in their name are grouped with the only place named, ${only}`)
      if (n.datePrecision !== 'day') notes.push(`${n.datePrecision}-only date in the name, taken as ${n.date} (date_precision ${n.datePrecision})`)
      if (split.has(key(n))) notes.push('one variable occurs at several times on this date: one asset per acquisition time')
      if (n.variableSource === 'position') notes.push(`variable '${n.variable}' is not in the vocabulary; taken from the last name token before the date`)
      return notes
    },
  }
}
