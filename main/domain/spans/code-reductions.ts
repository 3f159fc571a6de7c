/**
 * Reductions written as code ("((b10 > 0) & (bt < 285)).sum()", "np.sum(ndvi > 0.3)", "np.count_nonzero(mask)",
 * "np.mean(lst < 273.15)"): what they reduce decides what they ask. A sum of a comparison (a mask of true and false)
 * counts the pixels where it holds; a mean of one is a share. A sum of values ("b10[mask].sum()") stays a sum.
 *
 * Written here rather than with a parser library: only the bracket depth around the reduced expression matters, and
 * the question is prose with code in it, not a program.
 */

export interface CodeReduction {
  at: number
  end: number
  text: string
  fn: 'sum' | 'mean' | 'count_nonzero'
  /** Whether what is reduced is a comparison or a combination of comparisons at its top level. */
  ofMask: boolean
}

const CALL_RE = /\b(?:np|numpy)\.(sum|mean|nanmean|nansum|count_nonzero)\s*\(|\.(sum|mean)\s*\(\s*\)/g

/** The index of the bracket that closes the one opened at `open` (or -1). */
function closing(q: string, open: number): number {
  let depth = 0
  for (let i = open; i < q.length; i++) {
    if ('([{'.includes(q[i])) depth++
    else if (')]}'.includes(q[i]) && --depth === 0) return i
  }
  return -1
}

/** The index of the bracket that opens the one closed at `close` (or -1). */
function opening(q: string, close: number): number {
  let depth = 0
  for (let i = close; i >= 0; i--) {
    if (')]}'.includes(q[i])) depth++
    else if ('([{'.includes(q[i]) && --depth === 0) return i
  }
  return -1
}

/** Whether an expression compares or combines comparisons outside any bracket of its own ("a > 0", "(a > 0) & (b < 1)"). */
function topLevelMask(expr: string): boolean {
  let depth = 0
  let outside = ''
  for (const c of expr) {
    if ('([{'.includes(c)) depth++
    else if (')]}'.includes(c)) depth--
    else if (depth === 0) outside += c
  }
  const e = expr.trim()
  // A whole expression in brackets: look inside.
  if (outside.trim() === '' && e.startsWith('(') && closing(e, 0) === e.length - 1) return topLevelMask(e.slice(1, -1))
  return /[<>]=?|==|!=|[&|]|\b(?:and|or)\b/.test(outside)
}

export function codeReductions(q: string): CodeReduction[] {
  const out: CodeReduction[] = []
  for (const m of q.matchAll(CALL_RE)) {
    const at = m.index ?? 0
    if (m[1]) {
      // np.sum(expr): the argument up to its closing bracket (a second argument, "axis=...", is not reduced).
      const open = at + m[0].length - 1
      const close = closing(q, open)
      if (close < 0) continue
      const arg = q.slice(open + 1, close).split(/,(?![^()[\]]*[)\]])/)[0]
      const fn = m[1].replace(/^nan/, '') as CodeReduction['fn']
      out.push({ at, end: close + 1, text: q.slice(at, close + 1), fn, ofMask: fn === 'count_nonzero' || topLevelMask(arg) })
    } else {
      // (expr).sum(): the receiver is the bracketed expression just before the dot; a name or an index ("b10[m]")
      // is a sum of values.
      const before = at - 1
      if (q[before] !== ')') {
        out.push({ at, end: at + m[0].length, text: m[0], fn: m[2] as 'sum' | 'mean', ofMask: false })
        continue
      }
      const open = opening(q, before)
      if (open < 0) continue
      // A call's brackets ("f(x).sum()") are not the receiver's own: then it is a sum of values.
      const called = open > 0 && /[\w\]]/.test(q[open - 1])
      out.push({
        at: open,
        end: at + m[0].length,
        text: q.slice(open, at + m[0].length),
        fn: m[2] as 'sum' | 'mean',
        ofMask: !called && topLevelMask(q.slice(open + 1, before)),
      })
    }
  }
  return out
}

const MEAN_OF_MASK =
  'a mean of a comparison written as code (the share of pixels where it holds), which the reader does not read: ask for the percentage of pixels in words'

/** Means of a comparison written as code ("np.mean(ndvi > 0.3)"): phrases that block (ParsedQuestion.blocked). */
export function meansOfMasks(q: string): { at: number; end: number; why: string }[] {
  return codeReductions(q)
    .filter((x) => x.ofMask && x.fn === 'mean')
    .map(({ at, end }) => ({ at, end, why: MEAN_OF_MASK }))
}
