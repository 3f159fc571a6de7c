/**
 * A refiner before the parsers: a word the lexicon does not know that is one typing slip away from exactly one
 * lexicon word ("avrage", "temprature", "thrid", "botom", "pixle", "reflectence") is read as that word. The slips
 * allowed are those of typing: two letters swapped or one letter left out (words of 5 letters or more), one letter
 * doubled or added (6 or more), one letter mistyped (7 or more, so "scope" never becomes "slope"); never at the
 * first letter, and never an added or changed last letter (an inflection: "stated", "divides"). Acronyms, words with digits and words the lexicon's NOT_TYPOS lists stay as
 * written. Every word known comes from the lexicon; nothing is guessed where two lexicon words are as near.
 */
import * as LEXICON from '../lexicon'
import { NOT_TYPOS, SHORT_MISSPELLINGS } from '../lexicon/context'

function wordsOf(v: unknown, out: Set<string>, depth = 0): void {
  if (depth > 6) return
  if (typeof v === 'string') {
    for (const m of v.toLowerCase().matchAll(/[a-z]+/g)) out.add(m[0])
  } else if (Array.isArray(v)) {
    for (const x of v) wordsOf(x, out, depth + 1)
  } else if (v && typeof v === 'object' && !(v instanceof RegExp)) {
    for (const [k, x] of Object.entries(v)) {
      wordsOf(k, out, depth + 1)
      wordsOf(x, out, depth + 1)
    }
  }
}

const LEXICON_WORDS = new Set<string>()
wordsOf(Object.values(LEXICON), LEXICON_WORDS)
const KNOWN = new Set([...LEXICON_WORDS, ...NOT_TYPOS])
// Words the lexicon lists only to block them where they stand unread (polarity words beside a condition, words of
// other languages) are never what a slip stands for: "northing" is no "nothing".
const GUARD_WORDS = new Set<string>()
wordsOf([LEXICON.POLARITY_WORDS, LEXICON.OTHER_LANGUAGE_WORDS], GUARD_WORDS)
const TARGETS = [...LEXICON_WORDS].filter((w) => w.length >= 5 && !NOT_TYPOS.includes(w) && !GUARD_WORDS.has(w))

type Slip = { kind: 'swap' | 'missing' | 'extra' | 'wrong'; at: number }

/** The one slip that turns `target` into `typed` (and where), or null when they differ by none or by more than one. */
function slipOf(typed: string, target: string): Slip | null {
  if (typed === target) return null
  const [a, b] = [typed, target]
  if (a.length === b.length) {
    const diff = [...a].map((c, i) => (c === b[i] ? -1 : i)).filter((i) => i >= 0)
    if (diff.length === 1) return { kind: 'wrong', at: diff[0] }
    if (diff.length === 2 && diff[1] === diff[0] + 1 && a[diff[0]] === b[diff[1]] && a[diff[1]] === b[diff[0]]) return { kind: 'swap', at: diff[0] }
    return null
  }
  const [short, long] = a.length < b.length ? [a, b] : [b, a]
  if (long.length - short.length !== 1) return null
  let i = 0
  while (i < short.length && short[i] === long[i]) i++
  if (short.slice(i) !== long.slice(i + 1)) return null
  // A doubled letter is found at its first copy; report the slip where the letters stop agreeing.
  return { kind: a.length < b.length ? 'missing' : 'extra', at: i }
}

/**
 * Whether a slip is a typing slip rather than another word: the first letter is never the slip ("asked" is no
 * "masked", "early" no "yearly"), and a letter added or changed at the end is an inflection ("stated", "divides",
 * "county"), not a slip.
 */
function allowed(typed: string, target: string): boolean {
  const slip = slipOf(typed, target)
  if (!slip || slip.at === 0) return false
  const last = slip.at >= typed.length - 1
  if (slip.kind === 'swap' || slip.kind === 'missing') return typed.length >= 5
  if (slip.kind === 'extra') return typed.length >= 6 && !last
  return typed.length >= 7 && !last
}

/** The lexicon word a typed word stands for, when it is an unknown word one slip from exactly one; else null. */
export function typoOf(word: string): string | null {
  const w = word.toLowerCase()
  if (w.length < 5 || KNOWN.has(w) || /[^a-z]/.test(w) || word === word.toUpperCase()) return null
  const near = TARGETS.filter((t) => Math.abs(t.length - w.length) <= 1 && allowed(w, t))
  return near.length === 1 ? near[0] : null
}

/** The question with its typing slips read as the lexicon words they stand for (case kept at the first letter). */
export function correctTypos(q: string): string {
  const short = q.replace(/\b[A-Za-z]{3,}\b/g, (word) => {
    const t = SHORT_MISSPELLINGS[word.toLowerCase()]
    return !t ? word : /^[A-Z]/.test(word) ? t[0].toUpperCase() + t.slice(1) : t
  })
  return short.replace(/(?<![\w.'/\\-])[A-Za-z]{5,}(?![\w.'/\\-]*\w)/g, (word) => {
    const t = typoOf(word)
    if (!t) return word
    return /^[A-Z]/.test(word) ? t[0].toUpperCase() + t.slice(1) : t
  })
}
