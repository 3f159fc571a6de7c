/**
 * The compiler's own check of what the reader left unread (DESIGN section 9: "a word that could change the value
 * and is not understood stops the run with that word named"). The reader marks a phrase blocking when it knows the
 * phrase bears on the value; a phrase it calls context is still refused here when it carries a word of the
 * lexicon's value-bearing vocabularies (comparators and negations, image parts, boxes and CRSs, units, months and
 * seasons, statistics and combinations, the time of day) or a number the spec did not place. Context that bears on
 * nothing ("for a memo to the water office") passes. Where the compiler cannot be sure what was asked, it refuses
 * naming the phrase rather than answer another question.
 */
import { FILLER } from '../../domain/lexicon/context'
import { SPELLED_NUMBERS } from '../../domain/lexicon/comparators'
import { BAND_ROLES } from '../../domain/lexicon/indices'
import { indexBands } from '../../domain/spans/bands'
import { VARIABLES } from '../../domain/lexicon/variables'
import { REPORT_WHY, STATEMENT_WHY } from '../../domain/spans'
import type { TaskSpec } from '../../task/spec'
import {
  type Bearing,
  norm,
  escape,
  VOCABULARY,
  STAT_WORDS,
  SERIES_WORDS,
  END_WORDS,
  COMBINATION_WORDS,
  PERIOD_WORDS,
  NOT_STATISTIC,
  VARIABLE_NAMES,
  BAND_MENTIONS,
  UNIT_WORDS,
  STEP_MARKER,
  CRS_NAMES,
  REFERENCE_NUMBERS,
  SENSOR_NUMBERS,
  SINGLE_WORDS,
  SINGLE_SET,
  NOT_TYPO_SET,
  oneEdit,
  HARMLESS_ACRONYMS,
} from './unsure-vocabulary'

/** Number words that state a threshold or a bound ("from zero to one", "zero point five"); counts ("four bands") restate. */
const SPELLED_NUMBER_RE = new RegExp(`\\b(?:${SPELLED_NUMBERS.filter((w) => w === 'zero' || w === 'point').join('|')})\\b`, 'i')

/** What the spec already places, so its words restated in context say nothing new. */
function placedBy(spec: TaskSpec, answerUnit: string | null) {
  const years = new Set(
    spec.periods.flatMap((p) => {
      const out: string[] = []
      for (let y = Number(p.start.slice(0, 4)); y <= Number(p.end.slice(0, 4)); y++) out.push(String(y))
      return out
    }),
  )
  // Months the periods hold (a season or month named again in context is placed already). A whole year or run of
  // years places none: "the winter months ... of 2019" left unread would narrow the year the spec holds, so the
  // season's words still bear on the value (289.40 K was answered for a Dec/Jan/Feb mean of 266.03 K).
  const months = new Set<number>()
  for (const p of spec.periods) {
    if (p.months) p.months.forEach((m) => months.add(m))
    else if (p.granularity === 'year' || p.granularity === 'years') continue
    else if (Number(p.end.slice(0, 4)) > Number(p.start.slice(0, 4)) + 1) for (let m = 1; m <= 12; m++) months.add(m)
    else
      for (let d = new Date(`${p.start.slice(0, 7)}-01T00:00:00Z`); d.toISOString().slice(0, 10) <= p.end; d.setUTCMonth(d.getUTCMonth() + 1))
        months.add(d.getUTCMonth() + 1)
  }
  // Units the spec already holds (the answer unit, a condition's unit): their words say nothing new.
  // An area condition ("the dates whose share of dry pixels surpassed 40%") computes a share per date: its share words
  // ("proportion", "percentage") name that intermediate value, not the answer's unit.
  const units = new Set(
    [answerUnit, spec.unit, ...spec.conditions.map((c) => c.unit), ...(spec.areaCondition ? ['fraction', 'percent'] : [])].filter((u): u is string => !!u),
  )
  const regionPlaced = spec.region.kind !== 'whole'
  // Statistics the spec computes: the statistic, the one over dates, the per-step one, and the per-date mean a
  // series, a date count or a date of an extreme rests on; an extreme's words for a date of that extreme.
  const q = spec.quantity.statistic
  const statsPlaced = new Set<string>(
    [
      q,
      spec.quantity.acrossDates,
      spec.series?.perStep,
      q === 'date_of_max' ? 'max' : q === 'date_of_min' ? 'min' : null,
      ...(q && ['trend', 'count_dates', 'date_of_max', 'date_of_min'].includes(q) ? ['mean'] : []),
    ].filter((x): x is string => !!x),
  )
  // Numbers the spec holds (a threshold, a percentile) restated in context.
  const placed = new Set<number>(
    [
      ...spec.conditions.flatMap((c) => [c.value, c.low, c.high]),
      spec.quantity.percentile,
      spec.areaCondition ? spec.areaCondition.value * 100 : undefined,
    ].filter((v): v is number => v !== undefined),
  )
  return { years, months, units, regionPlaced, statsPlaced, placed }
}

/** The band letters of the spectral index the spec asks about (its first subject); null when it asks about no index. */
function subjectIndexBands(spec: TaskSpec): Set<string> | null {
  const key = spec.subjects[0]
  const ix = key ? indexBands(key) : undefined
  return ix ? new Set(ix.bands) : null
}

/**
 * Words that only name a band ("nir", "swir1", "red edge"); colour words ("green", "red", "coastal") are ordinary
 * words too ("a scene we call green") and are left out.
 */
const BAND_ONLY_WORDS = new Set(
  BAND_ROLES.filter((r) => ['N', 'RE1', 'S1', 'S2'].includes(r.role)).flatMap((r) => r.names.filter((n) => n.length > 2 && n !== 'infrared')),
)

/**
 * A band named beside the index asked that is none of its bands ("NDWI in the form of Gao (NIR and SWIR1 ...)"): the
 * question may mean another index of that name. The word, or null.
 */
function foreignBand(text: string, bands: ReadonlySet<string> | null): string | null {
  return (bands && bandRolesIn(norm(text)).find((r) => !bands.has(r.role))?.word) ?? null
}

/**
 * An unread acronym that may name an index or a layer ("the XYZ vegetation index"); the letters of a paperwork
 * identifier ("ref. CT-2017-08", "ticket GIS-3318") name nothing.
 */
function unreadAcronym(text: string): string | undefined {
  return text
    .replace(REFERENCE_NUMBERS, ' ')
    .match(/\b[A-Z][A-Z0-9]{1,5}\b/g)
    ?.find((a) => !HARMLESS_ACRONYMS.has(a) && !/^[A-Z]\d*$/.test(a))
}

/** Band roles named in a phrase by a word that only names a band. */
function bandRolesIn(t: string): { role: string; word: string }[] {
  return BAND_ROLES.flatMap((r) =>
    r.names
      .filter((n) => BAND_ONLY_WORDS.has(n) && new RegExp(`(?<![a-z0-9])${escape(n).replace(/ /g, '[ -]')}(?![a-z0-9])`).test(t))
      .map((word) => ({ role: r.role, word })),
  )
}

/**
 * The first unread phrase that could change the value, with the words that make it so; null when every unread
 * phrase is context. `answerUnit`: the unit the compiled value is stated in (its own words are harmless);
 * `fileNumbers`: hours and minutes the input file names carry ("0550" in `2020_02_23_0550_BT_31.tif`), which a time
 * in the question restates. Years the spec's periods cover and numbers it holds are placed already.
 */
export function unsurePhrase(
  spec: TaskSpec,
  answerUnit: string | null,
  corrected = false,
  fileNumbers: ReadonlySet<string> = new Set(),
): { text: string; word: string; bearing: Bearing } | null {
  const { years, months, units, regionPlaced, statsPlaced, placed } = placedBy(spec, answerUnit)
  const indexBands = subjectIndexBands(spec)
  for (const n of spec.notUnderstood) {
    // A report on other data (spans/statements.ts) was set aside only where the ask states its own value of every
    // kind of thing in it and no phrase in it blocks: its words and numbers are that data's.
    if (n.blocking || n.why === REPORT_WHY) continue
    const foreign = foreignBand(n.text, indexBands)
    if (foreign) return { text: n.text.trim(), word: foreign, bearing: 'a band' }
    // A statement set aside beside the ask (spans/statements.ts) holds no span and no number the ask does not state
    // (its thresholds restate the ask's): its statistic-like, comparison, unit, number and misspelt words ("the
    // warmest ones", "warmer than 44 °C") describe; its period, part, mask, series or combination words are checked.
    const statement = n.why === STATEMENT_WHY
    let t = norm(n.text)
    for (const re of VARIABLE_NAMES) t = t.replace(re, ' ')
    t = t.replace(BAND_MENTIONS, ' ').replace(STEP_MARKER, ' ').replace(NOT_STATISTIC, ' ')
    // A box's coordinate system named again ("in the scene's own CRS (WGS 84 / UTM zone 17N, EPSG:32617)").
    if (spec.region.kind === 'bbox') {
      t = t.replace(CRS_NAMES, ' ')
      const code = spec.region.srs?.match(/\d{4,5}/)?.[0]
      if (code) t = t.replace(new RegExp(`(?<![\\d.])${code}(?![\\d.])`, 'g'), ' ')
    }
    const series = SERIES_WORDS.find((p) => p.re.test(t) && p.key !== spec.series?.granularity)
    if (series) return { text: n.text.trim(), word: series.word, bearing: series.bearing }
    const end = statement ? undefined : END_WORDS.find((p) => t.match(p.re) && !statsPlaced.has(p.key))
    if (end) return { text: n.text.trim(), word: end.word, bearing: 'a statistic' }
    for (const p of END_WORDS) t = t.replace(p.re, ' ')
    // Comparator words bear on the value only with a number to compare with ("over Tokyo" is no comparison).
    // Without a number, a comparator word between two periods or regions asks to compare them ("by how many kelvin
    // does July exceed January").
    const sides = Math.max(spec.periods.length, spec.regions?.length ?? 0) >= 2 && !spec.quantity.combine
    const hit = VOCABULARY.find(
      (p) =>
        p.re.test(t) &&
        !(regionPlaced && p.bearing === 'a region') &&
        !(p.bearing === 'a comparison' && (statement || (!/\d/.test(t) && !sides))) &&
        !(statement && p.bearing === 'a statistic'),
    )
    if (hit)
      return { text: n.text.trim(), word: hit.word, bearing: hit.bearing === 'a comparison' && !/\d/.test(t) ? 'a comparison of two quantities' : hit.bearing }
    const stat = statement ? undefined : STAT_WORDS.find((p) => p.re.test(t) && !statsPlaced.has(p.key))
    if (stat) return { text: n.text.trim(), word: stat.word, bearing: 'a statistic' }
    const comb = spec.quantity.combine ? undefined : COMBINATION_WORDS.find((p) => p.re.test(t))
    if (comb) return { text: n.text.trim(), word: comb.word, bearing: comb.bearing }
    // A month's name that is also a word of asking ("may") names no month in a statement, where the parser read none.
    const period = PERIOD_WORDS.find((p) => p.re.test(t) && !p.months.every((m) => months.has(m)) && !(statement && FILLER.includes(p.word.toLowerCase())))
    if (period) return { text: n.text.trim(), word: period.word, bearing: 'a period' }
    const unit = statement ? undefined : UNIT_WORDS.find((p) => p.re.test(t) && !units.has(p.key) && !(p.key === 'percent' && units.has('fraction')))
    if (unit) return { text: n.text.trim(), word: unit.word, bearing: 'a unit' }
    const numbers = (
      t
        .replace(SENSOR_NUMBERS, ' ')
        .replace(REFERENCE_NUMBERS, ' ')
        .match(/\d+(?:[.,]\d+)?/g) ?? []
    ).filter((d) => !years.has(d) && !placed.has(Number(d.replace(',', '.'))) && !fileNumbers.has(d))
    if (numbers.length && !statement) return { text: n.text.trim(), word: numbers[0], bearing: 'a number' }
    // A number said in words no span read ("values from zero to one" left unread) is as unplaced as one in digits.
    const spelled = statement ? null : SPELLED_NUMBER_RE.exec(t)
    if (spelled) return { text: n.text.trim(), word: spelled[0], bearing: 'a number' }
    const misspelt = statement ? null : misspeltWord(spec, n, t, { answerUnit, corrected, fileNumbers })
    if (misspelt) return misspelt
    const acronym = unreadAcronym(n.text)
    if (acronym) return { text: n.text.trim(), word: acronym, bearing: 'a name the reader could not place' }
  }
  return null
}

/**
 * A misspelt word of the value-bearing vocabularies ("celcius", "brightnes", "quater"): one edit from a word of 5+
 * letters, and not an English word of its own (lexicon NOT_TYPOS: "table" is no "stable", "build" no "built"). A
 * misspelt variable the spec does not ask about is named; otherwise the phrase with the word corrected is checked
 * again: a misspelt word the spec placed anyway ("sumer" with the summer placed) says nothing new.
 */
function misspeltWord(
  spec: TaskSpec,
  n: TaskSpec['notUnderstood'][number],
  t: string,
  opts: { answerUnit: string | null; corrected: boolean; fileNumbers: ReadonlySet<string> },
): { text: string; word: string; bearing: Bearing } | null {
  const typo = t
    .split(/[^a-z]+/)
    .filter((w) => w.length >= 5 && !SINGLE_SET.has(w) && !NOT_TYPO_SET.has(w))
    .map((w) => ({ w, near: SINGLE_WORDS.find((v) => Math.abs(v.length - w.length) <= 1 && oneEdit(w, v)) }))
    .find((x): x is { w: string; near: string } => x.near !== undefined)
  if (!typo) return null
  const used = new Set([...spec.subjects, ...spec.conditions.map((c) => c.variable ?? '')])
  // A filler word of a variable's name ("pixel" of "pixel value") names no variable by itself.
  const typoKeys = FILLER.includes(typo.near)
    ? []
    : VARIABLES.filter((v) =>
        v.names.some((nm) =>
          nm
            .toLowerCase()
            .split(/[^a-z]+/)
            .includes(typo.near),
        ),
      ).map((v) => v.key)
  if (typoKeys.length && !typoKeys.some((k) => used.has(k)))
    return {
      text: n.text.trim(),
      word: `${typo.w} (read as "${typo.near}", a variable the question does not otherwise ask about)`,
      bearing: 'a name the reader could not place',
    }
  if (opts.corrected) return null
  const again = unsurePhrase(
    { ...spec, notUnderstood: [{ ...n, text: n.text.replace(new RegExp(typo.w, 'i'), typo.near) }] },
    opts.answerUnit,
    true,
    opts.fileNumbers,
  )
  return again ? { text: n.text.trim(), word: `${typo.w} (read as "${typo.near}")`, bearing: again.bearing } : null
}
