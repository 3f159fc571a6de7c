/**
 * Long forms of an index's name written beside its short name, read as that index: words whose initials spell it,
 * right before it ("chlorophyll vegetation index c v i", "the simple ratio SR = ..."), and the catalogue's long name
 * ("the Modified Simple Ratio ... MSR = ..."). Their words ("ratio", "difference", "vegetation index") then name
 * nothing of their own.
 */
import { SPYNDEX_NAMES } from '../lexicon/spyndex-names'
import type { Span, VariableSpan } from './types'
import { escape, hits } from './words'

const indexSpans = (spans: readonly Span[]) => spans.filter((x): x is VariableSpan => x.type === 'variable' && x.kind === 'index')

/** Where the words right before a position start whose initials spell `name` ("simple ratio" before "SR"), or null. */
export function longFormBefore(q: string, at: number, name: string): number | null {
  if (name.length < 2 || name.length > 6) return null
  const words = [...q.slice(0, at).matchAll(/[A-Za-z]{3,}(?=[\s-]+)/g)].slice(-name.length)
  if (words.length !== name.length || !/^[\s-]*$/.test(q.slice((words.at(-1)!.index ?? 0) + words.at(-1)![0].length, at))) return null
  for (let i = 1; i < words.length; i++) if (!/^[\s-]+$/.test(q.slice((words[i - 1].index ?? 0) + words[i - 1][0].length, words[i].index))) return null
  return words.map((w) => w[0][0].toLowerCase()).join('') === name.toLowerCase() ? (words[0].index ?? null) : null
}

/**
 * An index's long form written right before its short name ("chlorophyll vegetation index c v i", "the simple ratio
 * SR"): one variable span over both, so a name inside the long form ("chlorophyll", "vegetation index") is not read
 * as a variable of its own.
 */
export function widenLongForms(q: string, spans: Span[]): void {
  // The catalogue's long name of an index the question names by its short name, written anywhere ("the Modified
  // Simple Ratio ... MSR is (N/R - 1) / ...", "NGRDI (Normalized Green Red Difference Index)"): a variable span of
  // that index, so its words ("ratio", "difference") are no comparison asked. Only beside the short name: the long
  // name alone is left to the lexicon.
  for (const v of indexSpans(spans)) {
    const long = SPYNDEX_NAMES.find((n) => n.short.toLowerCase() === v.key.toLowerCase())?.long.replace(/\s*\([^)]*\)\s*$/, '')
    if (!long || !/\s/.test(long)) continue
    for (const h of hits(q, new RegExp(`\\b${escape(long).replace(/(?:\\s|-)+/g, '[\\s-]+')}\\b`, 'gi'))) {
      if (spans.some((x) => x.type === 'variable' && x.key === v.key && x.at <= h.at && h.end <= x.end)) continue
      for (let i = spans.length - 1; i >= 0; i--) if (spans[i].type === 'variable' && spans[i].at >= h.at && spans[i].end <= h.end) spans.splice(i, 1)
      spans.push({ type: 'variable', at: h.at, end: h.end, text: h.text, key: v.key, kind: 'index' })
    }
  }
  for (const v of indexSpans(spans)) {
    const from = longFormBefore(q, v.at, v.key)
    if (from === null || from >= v.at) continue
    for (let i = spans.length - 1; i >= 0; i--)
      if (spans[i].type === 'variable' && spans[i] !== v && spans[i].at >= from && spans[i].end <= v.at) spans.splice(i, 1)
    v.at = from
    v.text = q.slice(from, v.end)
  }
}
