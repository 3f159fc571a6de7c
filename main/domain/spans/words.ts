/** Building regular expressions from lexicon phrases: escaped, longest first, a space also matching a hyphen. */

export function escape(s: string): string {
  return s.replace(/[-/\\^$*+?.()|[\]{}]/g, '\\$&')
}

/** One phrase as a pattern: spaces match runs of spaces or hyphens; word boundaries where the phrase has word edges. */
export function phrasePattern(p: string): string {
  const body = escape(p.toLowerCase()).replace(/\\-/g, '[\\s-]*').replace(/ /g, '[\\s-]+')
  const start = /^\w/.test(p) ? '\\b' : ''
  return `${start}${body}${phraseEnd(p)}`
}

/**
 * An alternation of phrases, longest first (so "maximum" wins over "max"), written as a prefix tree: the phrases
 * that share their first characters share one branch ("normali[sz]ed difference ..." is tried once, not once per
 * index). It matches as the flat list `phrasePattern(p1)|phrasePattern(p2)|...` sorted longest first does: at each
 * fork the branch holding the earliest phrase of that order is tried first, and a phrase ending at the fork after
 * its longer continuations (branches of different characters cannot both match; of a space and a hyphen, which
 * can, the order is that of their earliest phrases; the readings of all 2471 phrasings of the test files were
 * byte-identical). V8 tries a flat alternation's hundreds of phrases one by one at every position of the text; the
 * tree tries one first character, which made reading a question about three times faster.
 */
export function alternation(phrases: readonly string[]): string {
  const key = phrases.join('\n')
  let alt = ALTERNATIONS.get(key)
  if (alt === undefined) ALTERNATIONS.set(key, (alt = prefixTree(phrases)))
  return alt
}

/** Each alternation written, by its phrases: some readers build theirs per question from lexicon lists. */
const ALTERNATIONS = new Map<string, string>()

function prefixTree(phrases: readonly string[]): string {
  const sorted = [...new Set(phrases)].sort((a, b) => b.length - a.length)
  const roots = { bounded: newNode(), free: newNode() }
  sorted.forEach((p, rank) => {
    const { start, body, end } = phraseParts(p)
    let node = start ? roots.bounded : roots.free
    node.rank = Math.min(node.rank, rank)
    for (const token of body) {
      let next = node.children.get(token)
      if (!next) node.children.set(token, (next = newNode()))
      next.rank = Math.min(next.rank, rank)
      node = next
    }
    node.end ??= end
  })
  // (Phrases opening on a word character and those opening on a symbol never match at the same place.)
  return [
    { node: roots.bounded, start: '\\b' },
    { node: roots.free, start: '' },
  ]
    .filter((r) => r.node.rank < Infinity)
    .map((r) => r.start + emit(r.node))
    .join('|')
}

/** A node of alternation()'s prefix tree: the branches after it, the end assertion of a phrase ending here, the rank of its earliest phrase. */
interface TrieNode {
  children: Map<string, TrieNode>
  end: string | undefined
  rank: number
}
const newNode = (): TrieNode => ({ children: new Map(), end: undefined, rank: Infinity })

function emit(node: TrieNode): string {
  const branches = [...node.children].sort((a, b) => a[1].rank - b[1].rank).map(([token, child]) => token + emit(child))
  if (node.end !== undefined) branches.push(node.end)
  if (branches.length === 1) return branches[0]
  return `(?:${branches.join('|')})`
}

/** A phrase's pattern in pieces: the word boundary before it, one piece per character, the assertion after it. */
function phraseParts(p: string): { start: string; body: string[]; end: string } {
  const body = [...p.toLowerCase()].map((c) => (c === '-' ? '[\\s-]*' : c === ' ' ? '[\\s-]+' : escape(c)))
  return { start: /^\w/.test(p) ? '\\b' : '', body, end: phraseEnd(p) }
}

/** The assertion after a phrase: a word boundary after a word character; none after a comparison symbol. */
function phraseEnd(p: string): string {
  // A comparison symbol may touch its operands ("LST>310K", "TVDI<0.5"): no boundary after it.
  return /\w$/.test(p) ? '\\b' : /^[<>=≤≥]+$/.test(p) ? '' : '(?![\\w])'
}

/**
 * An alternation of words as written, longest first, with no case folding and no word boundaries of its own: for
 * words matched in capitals only ("IV", "SON"), or bounded by the pattern around them (inflected or accented words).
 */
export function literalAlternation(words: readonly string[]): string {
  return [...new Set(words)]
    .sort((a, b) => b.length - a.length)
    .map(escape)
    .join('|')
}

export function phraseRegex(phrases: readonly string[], flags = 'gi'): RegExp {
  return new RegExp(`(?:${alternation(phrases)})`, flags)
}

export interface Hit {
  at: number
  end: number
  text: string
  m: RegExpMatchArray
}

export function hits(q: string, re: RegExp): Hit[] {
  return everyMatch(q, re).map((m) => ({ at: m.index, end: m.index + m[0].length, text: m[0], m }))
}

/** The global twin of each pattern matched by everyMatch(), made once: a pattern compiled per call cost more than the matching. */
const GLOBAL = new WeakMap<RegExp, RegExp>()

/**
 * Every match of `re` in `q`, as String.prototype.matchAll gives them (an empty match steps one character on), with
 * `re`'s global twin kept for the next call instead of a new pattern per call. Safe to share: the loop below runs to
 * its end before anything else can use the twin.
 */
export function everyMatch(q: string, re: RegExp): (RegExpExecArray & { index: number })[] {
  let g = GLOBAL.get(re)
  if (!g) GLOBAL.set(re, (g = new RegExp(re.source, re.flags.includes('g') ? re.flags : `${re.flags}g`)))
  g.lastIndex = 0
  const out: (RegExpExecArray & { index: number })[] = []
  for (let m = g.exec(q); m; m = g.exec(q)) {
    out.push(m)
    if (m[0] === '') g.lastIndex = m.index + (g.unicode && (q.codePointAt(m.index) ?? 0) > 0xffff ? 2 : 1)
  }
  g.lastIndex = 0
  return out
}

/**
 * Hits of `re` with each of `spans` standing as one character ("§"), positions in `q`: a pattern that bounds how far
 * apart two words may be ("which date ... lowest") is not stretched by a long period written between them, nor
 * stopped by the full stops inside one ("31.10.2019").
 */
export function hitsOver(q: string, re: RegExp, spans: readonly { at: number; end: number }[]): Hit[] {
  const sorted = [...spans].sort((a, b) => a.at - b.at)
  let text = ''
  const origin: number[] = []
  let from = 0
  for (const s of sorted) {
    if (s.at < from) continue
    for (let i = from; i < s.at; i++) origin.push(i)
    text += q.slice(from, s.at) + '§'
    origin.push(s.at)
    from = s.end
  }
  for (let i = from; i < q.length; i++) origin.push(i)
  text += q.slice(from)
  origin.push(q.length)
  // A span's one character stands for all of it: a hit ending on it ends where the span ends.
  const endOf = (i: number) => (text[i - 1] === '§' ? (sorted.find((s) => s.at === origin[i - 1])?.end ?? origin[i]) : origin[i])
  return hits(text, re).map((h) => {
    const at = origin[h.at]
    const end = endOf(h.end)
    return { at, end, text: q.slice(at, end), m: h.m }
  })
}

export const overlaps = (a: { at: number; end: number }, b: { at: number; end: number }) => a.at < b.end && a.end > b.at

/** The sentences of a question, with where they are. */
export function sentences(q: string): { at: number; end: number; text: string }[] {
  const out: { at: number; end: number; text: string }[] = []
  const re = /[^.?!;]+(?:[.?!;]+|$)/g
  for (const m of q.matchAll(re)) {
    // A full stop inside a word or number ("0.75", "13.08.2019", "day.month.year") does not end a sentence: glue a
    // piece that follows its full stop with no space to the one before.
    const at = m.index ?? 0
    const last = out.at(-1)
    if (last && /\.$/.test(last.text) && /^[^\s.?!;]/.test(m[0])) {
      last.end = at + m[0].length
      last.text = q.slice(last.at, last.end)
    } else out.push({ at, end: at + m[0].length, text: m[0] })
  }
  return out
}
