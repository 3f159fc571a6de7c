/**
 * A refiner before the parsers: numbers said in words are written as digits ("above thirty degrees celsius" ->
 * "above 30 degrees celsius", "zero point three" -> "0.3", "twenty nineteen" -> "2019", "the fifth of July" ->
 * "the 5th of July", "the seventy-fifth percentile" -> "the 75th percentile"), so a dictated question is read by
 * the same rules as a typed one.
 *
 * Written here rather than with a library: the readers need the spoken year ("twenty nineteen"), digit-by-digit
 * decimals ("zero point zero five") and ordinal days only beside a month, and they need words that are not values
 * left alone ("the two dates", "at least one pixel", "two thirds", "which one"); the packages on the registry
 * (words-to-numbers, compromise's number plugin) convert every number word they meet. The words come from the
 * lexicon (lexicon/numbers.ts).
 *
 * Rules: a run of two or more number words is always a number; one word of 13 or more ("thirty") is one; a lone
 * word of 0-12 is one after "band" or "percentile", before a unit ("five percent"), or after a comparison with
 * nothing but the clause's end after it ("NDVI above zero."; "over two regions" stays), or as the second bound of a
 * range whose first is a number ("between zero and one") or as a count of a unit of time after "per" or "every" ("per
 * hundred days"); "one" alone is one only there;
 * after "bands", each word of a list of band numbers is one ("bands five seven and ten" -> "bands 5 7 and 10"). A run the grammar of English numbers does not make ("five five") is left as written, so
 * the ledger still sees it.
 */
import { MONTHS } from '../lexicon/periods'
import { DECIMAL_POINT_WORDS, NUMBERED_WORDS, NUMBER_SCALES, NUMBER_TAKING_WORDS, NUMBER_TENS, NUMBER_UNITS, ORDINAL_WORDS } from '../lexicon/numbers'
import { UNITS } from '../lexicon/units'
import { alternation } from './words'

const WORD_VALUE: Readonly<Record<string, number>> = { ...NUMBER_UNITS, ...NUMBER_TENS, ...NUMBER_SCALES }
const isNumberWord = (w: string) => w in WORD_VALUE
const isPoint = (w: string) => DECIMAL_POINT_WORDS.includes(w)

/** A token: one word or a hyphenated compound ("twenty-five"), lower-cased, with its place in the text. */
interface Token {
  parts: string[]
  at: number
  end: number
}

/** The value of whole-number words ("three hundred and ten", "two thousand nineteen"), or null if not one number. */
function cardinal(words: readonly string[]): number | null {
  let total = 0
  let current = 0
  // What the last word was: a unit (0-19), a tens word, a scale, or nothing yet.
  let last: 'unit' | 'tens' | 'scale' | null = null
  for (const w of words) {
    if (w === 'and') {
      if (last !== 'scale') return null
      continue
    }
    if (w in NUMBER_UNITS) {
      // "five five" is two numbers; "twenty five" is one (but not "twenty fifteen", which is a year, read apart).
      if (last === 'unit' || (last === 'tens' && NUMBER_UNITS[w] >= 10)) return null
      current += NUMBER_UNITS[w]
      last = 'unit'
    } else if (w in NUMBER_TENS) {
      if (last === 'unit' || last === 'tens') return null
      current += NUMBER_TENS[w]
      last = 'tens'
    } else if (w === 'hundred') {
      if (last === 'scale' && current === 0) return null
      current = (current || 1) * 100
      last = 'scale'
    } else if (w in NUMBER_SCALES) {
      total += (current || 1) * NUMBER_SCALES[w]
      current = 0
      last = 'scale'
    } else return null
  }
  return last === null ? null : total + current
}

/** A year said in two halves ("twenty nineteen", "nineteen ninety-nine", "twenty twenty three"), or null. */
function spokenYear(words: readonly string[]): number | null {
  const century = words[0] === 'nineteen' ? 1900 : words[0] === 'twenty' ? 2000 : null
  if (century === null || words.length < 2 || words.length > 3) return null
  const rest = cardinal(words.slice(1))
  return rest !== null && rest >= 10 && rest <= 99 ? century + rest : null
}

/** The number a run of number words says, as written in digits, or null. */
function spoken(words: readonly string[]): string | null {
  const p = words.findIndex(isPoint)
  if (p >= 0) {
    const whole = p === 0 ? 0 : cardinal(words.slice(0, p))
    const after = words.slice(p + 1)
    if (whole === null || after.length === 0) return null
    // "zero point zero five": digit by digit; "point twenty five": one number after the point.
    const digits = after.every((w) => w in NUMBER_UNITS && NUMBER_UNITS[w] <= 9) ? after.map((w) => NUMBER_UNITS[w]).join('') : String(cardinal(after) ?? '')
    return digits === '' || digits === 'null' ? null : `${whole}.${digits}`
  }
  const year = spokenYear(words)
  if (year !== null) return String(year)
  const n = cardinal(words)
  return n === null ? null : String(n)
}

const UNIT_AFTER = new RegExp(
  `^\\s*(?:${alternation([...UNITS.filter((u) => u.quantity !== 'time').flatMap((u) => u.names), 'degrees', 'degree'])})(?![\\w])`,
  'i',
)
const TAKES_VALUE = new RegExp(`(?:^|[^\\w])(?:${alternation(NUMBER_TAKING_WORDS)})\\s*$`, 'i')
const NUMBERED = new RegExp(`(?:^|[^\\w])(?:${alternation(NUMBERED_WORDS)})\\s*$`, 'i')
/** The second bound of a range whose first is a number ("between zero and one", "from 0 to one"): a value, even "one". */
const RANGE_SECOND = new RegExp(`\\b(?:between|from)\\s+(?:[-+]?\\d+(?:\\.\\d+)?|${alternation(Object.keys(NUMBER_UNITS))})\\s+(?:and|to)\\s+$`, 'i')
/** "per two days", "every hundred days": a count of a unit of time after "per" or "every", even "one" or "hundred". */
const PER_BEFORE = /\b(?:per|every)\s+$/i
const TIME_UNIT_AFTER = /^\s*(?:days?|weeks?|months?|years?|decades?|fortnights?)\b/i
/** Nothing after the number but the end of its clause ("above zero.", "between zero and 0.3"). */
const CLAUSE_END = /^\s*(?:[.,;:?!)]|$|(?:and|or)\b)/i

/** Runs of number words (a hyphenated compound counts as its parts), joined only by spaces. */
function runsOf(q: string): Token[][] {
  const tokens: Token[] = [...q.matchAll(/[A-Za-z]+(?:-[A-Za-z]+)*/g)].map((m) => ({
    parts: m[0].toLowerCase().split('-'),
    at: m.index ?? 0,
    end: (m.index ?? 0) + m[0].length,
  }))
  const runs: Token[][] = []
  let run: Token[] = []
  const close = () => {
    // A trailing "and" or point belongs to the words after it, not to the number.
    while (run.length > 0 && ['and', ...DECIMAL_POINT_WORDS].includes(run.at(-1)!.parts[0])) run.pop()
    if (run.length > 0) runs.push(run)
    run = []
  }
  for (const t of tokens) {
    const numeric = t.parts.every(isNumberWord)
    // "and" joins only after a scale ("three hundred and ten"); "between five and ten" is two numbers.
    const afterScale = run.length > 0 && run.at(-1)!.parts.at(-1)! in NUMBER_SCALES
    const joiner = t.parts.length === 1 && run.length > 0 && ((t.parts[0] === 'and' && afterScale) || isPoint(t.parts[0]))
    const adjacent = run.length > 0 && /^\s+$/.test(q.slice(run.at(-1)!.end, t.at))
    if ((numeric || joiner) && (run.length === 0 || adjacent)) run.push(t)
    else {
      close()
      if (numeric || (t.parts.length === 1 && isPoint(t.parts[0]))) run.push(t)
    }
  }
  close()
  return runs
}

/** Whether a run is a value where it stands (see the rules above). */
function isValue(q: string, run: Token[], words: string[]): boolean {
  if (words.length > 1) return true
  const w = words[0]
  const before = q.slice(Math.max(0, run[0].at - 30), run[0].at)
  if (RANGE_SECOND.test(before) && !(w in NUMBER_SCALES)) return true
  if (PER_BEFORE.test(before) && TIME_UNIT_AFTER.test(q.slice(run.at(-1)!.end))) return true
  if (w === 'one' || w in NUMBER_SCALES) return false
  if (WORD_VALUE[w] >= 13) return true
  const after = q.slice(run.at(-1)!.end)
  return NUMBERED.test(before) || UNIT_AFTER.test(after) || (TAKES_VALUE.test(before) && CLAUSE_END.test(after))
}

const MONTH_NAME = alternation(MONTHS.flatMap((m) => m.names.filter((n) => !n.endsWith('.'))))
const ORDINAL = `(?:(?:${alternation(Object.keys(NUMBER_TENS))})[\\s-])?(?:${alternation(Object.keys(ORDINAL_WORDS))})`
/** "the fifth of July", "twenty-third of May", "July the first", "June thirtieth". */
const ORDINAL_DAY_RE = new RegExp(`\\b(${ORDINAL})(?=\\s+(?:of\\s+)?(?:${MONTH_NAME})\\b)|(?<=\\b(?:${MONTH_NAME})\\s+(?:the\\s+)?)(${ORDINAL})\\b`, 'gi')
/** "the seventy-fifth percentile", "ninetieth percentile". */
const ORDINAL_PERCENTILE_RE = new RegExp(`\\b(${ORDINAL})(?=\\s+percentile\\b)`, 'gi')

/** An ordinal in words as digits with its suffix ("twenty-third" -> "23rd"), when it is at most `max`. */
function ordinalNumber(text: string, max: number): string | null {
  const parts = text.toLowerCase().split(/[\s-]+/)
  const n = parts.length === 2 ? (NUMBER_TENS[parts[0]] ?? NaN) + (ORDINAL_WORDS[parts[1]] ?? NaN) : ORDINAL_WORDS[parts[0]]
  if (!(n >= 1 && n <= max)) return null
  const suffix = n % 10 === 1 && n !== 11 ? 'st' : n % 10 === 2 && n !== 12 ? 'nd' : n % 10 === 3 && n !== 13 ? 'rd' : 'th'
  return `${n}${suffix}`
}

/** Band numbers in words (1-12). */
const BAND_NUMBER = alternation(Object.keys(NUMBER_UNITS).filter((w) => NUMBER_UNITS[w] >= 1 && NUMBER_UNITS[w] <= 12))
/** "bands five seven and ten", "bands three, four and five": a list of band numbers, each its own number. */
const BAND_LIST_RE = new RegExp(`(?<=\\bbands\\s+)(?:${BAND_NUMBER})(?:(?:\\s*,\\s*|\\s+and\\s+|\\s+)(?:${BAND_NUMBER}))+\\b`, 'gi')

/** The question with its numbers in words written as digits. */
export function spelledNumbers(question: string): string {
  const days = question
    .replace(ORDINAL_DAY_RE, (m) => ordinalNumber(m, 31) ?? m)
    .replace(ORDINAL_PERCENTILE_RE, (m) => ordinalNumber(m, 99) ?? m)
    .replace(BAND_LIST_RE, (m) => m.replace(/[a-z]+/gi, (w) => (w.toLowerCase() in NUMBER_UNITS ? String(NUMBER_UNITS[w.toLowerCase()]) : w)))
  let out = ''
  let from = 0
  for (const run of runsOf(days)) {
    const words = run.flatMap((t) => t.parts)
    const digits = isValue(days, run, words) ? spoken(words) : null
    if (digits === null) continue
    out += days.slice(from, run[0].at) + digits
    from = run.at(-1)!.end
  }
  return out + days.slice(from)
}
