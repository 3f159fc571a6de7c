/**
 * Dated series file names: `{place}`, a date, an optional time and a variable, in either order.
 *
 * Layouts understood (underscore-separated; the place may contain spaces, hyphens and underscores):
 * - `<place>_<date>[_<HHMM>]_<VAR>[_<region>]` (`Xinjiang_2019-03-06_LST`, `Cyprus_2020-07-05_0000_albedo`);
 * - `<date>[_<HHMM>]_<VAR>[_<region>]` without a place (`2022_08_10_0110_BT_31`, `2022_12_23_BT_10_Polygon1`);
 * - `[<place>_]<VAR>_<date>` with the variable first (`Taihu Lake-China_sur_refl_b01_2022-01-01`, `SR_B3_2018-01-01`);
 * - year-only dates (`Shanghai_built_volume_total_1985`) and months (`X_NDVI_2020-05`).
 * Dates: `YYYY-MM-DD`, `YYYYMMDD` or `YYYY_MM_DD`. A year-only date is the year's first day with
 * `datePrecision: 'year'` (a month: its first day, `'month'`); it is accepted only beside a known variable token,
 * since a bare four-digit number is weak evidence of a date. A stray `.tif` inside the stem (`Bhutan_avg_rad.tif_
 * 2024-06-04.tif`, an export artefact) is dropped.
 * Place/variable split when the variable precedes the date: the longest trailing run of `_` tokens that the
 * vocabulary (series-vocabulary.ts) knows is the variable (`variableSource: 'vocabulary'`); if none is known, the
 * last token (`'position'`). After the date, everything is the variable, as before. A trailing `Polygon<n>`,
 * `Region<n>`, `ROI<n>` or `Area<n>` token names a region; it joins the place.
 */
import { isKnownVariable } from './series-vocabulary'

export interface SeriesName {
  kind: 'series'
  /** Where, as written ('' when the name has none). */
  place: string
  /** YYYY-MM-DD (the first day of the year or month for coarser dates). */
  date: string
  datePrecision: 'day' | 'month' | 'year'
  /** HH:MM when the name carries an acquisition time. */
  time: string | null
  variable: string
  phase: 'day' | 'night' | null
  /** How the variable was told apart from the place. */
  variableSource: 'after-date' | 'vocabulary' | 'position'
}

const EXT = /\.tiff?$/i
const FULL_DATE = /(?:^|_)(\d{4})([-_]?)(\d{2})\2(\d{2})(?:_(\d{2})(\d{2}))?(?=_|$)/g
const MONTH = /(?:^|_)(\d{4})-(\d{2})(?=_|$)/g
const YEAR = /(?:^|_)((?:19|20)\d{2})(?=_|$)/g
const REGION = /^(?:polygon|region|roi|area)_?\d+$/i

export function validDate(y: string, m: string, d: string): string | null {
  const iso = `${y}-${m}-${d}`
  const t = Date.parse(`${iso}T00:00:00Z`)
  return Number.isNaN(t) || new Date(t).toISOString().slice(0, 10) !== iso ? null : iso
}

interface DateHit {
  start: number
  end: number
  date: string
  precision: SeriesName['datePrecision']
  time: string | null
}

/** The last valid date token in the stem, preferring full dates to months to years. */
function findDate(stem: string): DateHit | null {
  type Made = Omit<DateHit, 'start' | 'end'> & { cut?: number }
  const last = (re: RegExp, make: (m: RegExpExecArray) => Made | null): DateHit | null => {
    let hit: DateHit | null = null
    for (const m of stem.matchAll(re)) {
      const made = make(m as RegExpExecArray)
      if (made) hit = { date: made.date, precision: made.precision, time: made.time, start: m.index!, end: m.index! + m[0].length - (made.cut ?? 0) }
    }
    return hit
  }
  return (
    last(FULL_DATE, (m) => {
      const date = validDate(m[1], m[3], m[4])
      if (!date) return null
      const time = m[5] !== undefined && Number(m[5]) < 24 && Number(m[6]) < 60 ? `${m[5]}:${m[6]}` : null
      // Four digits after the date that are no HHMM time stay outside the date (and then make the name unparsed).
      return { date, precision: 'day', time, cut: m[5] !== undefined && time === null ? 5 : 0 }
    }) ??
    last(MONTH, (m) => (validDate(m[1], m[2], '01') ? { date: `${m[1]}-${m[2]}-01`, precision: 'month', time: null } : null)) ??
    last(YEAR, (m) => ({ date: `${m[1]}-01-01`, precision: 'year', time: null }))
  )
}

const tidy = (s: string) => s.replace(/^[_\s-]+|[_\s-]+$/g, '').trim()

/** Parse a dated series name (see the module comment), or null. */
export function parseSeriesName(file: string): SeriesName | null {
  if (!EXT.test(file)) return null
  const stem = file.replace(EXT, '').replace(/\.tiff?(?=_)/gi, '')
  const hit = findDate(stem)
  if (!hit) return null
  const before = stem.slice(0, hit.start)
  let after = stem.slice(hit.end).replace(/^_/, '')
  let place = before
  let variable: string
  let source: SeriesName['variableSource']
  let region = ''
  const tail = after.split('_')
  if (tail.length > 1 && REGION.test(tail[tail.length - 1])) region = tail.pop()!
  after = tail.join('_')
  if (after) {
    if (!/^[A-Za-z]/.test(after)) return null
    variable = after
    source = 'after-date'
  } else {
    const tokens = before.split('_').filter((t) => t !== '')
    if (tokens.length === 0) return null
    let at = -1
    for (let i = 0; i < tokens.length; i++) {
      if (isKnownVariable(tokens.slice(i).join('_'))) {
        at = i
        break
      }
    }
    source = at >= 0 ? 'vocabulary' : 'position'
    if (at < 0) at = tokens.length - 1
    variable = tokens.slice(at).join('_').trim()
    place = tokens.slice(0, at).join('_')
    if (!/^[A-Za-z]/.test(variable)) return null
  }
  if (hit.precision !== 'day' && source === 'position') return null
  if (hit.precision !== 'day' && !isKnownVariable(variable)) return null
  place = [tidy(place), region].filter(Boolean).join('_')
  const phase = /(^|_)day(_|$)/i.test(variable) ? 'day' : /(^|_)night(_|$)/i.test(variable) ? 'night' : null
  return { kind: 'series', place, date: hit.date, datePrecision: hit.precision, time: hit.time, variable, phase, variableSource: source }
}
