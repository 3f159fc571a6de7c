/**
 * Two guards of the coverage ledger (ledger.ts) over words the reader left unread: a word beside a condition that may
 * turn it into its complement or keep its values rather than select them (lexicon POLARITY_WORDS), and a word of
 * another language that names a part, a statistic or a mask (lexicon OTHER_LANGUAGE_WORDS). Either would otherwise be
 * set aside as context while the value is computed without it.
 */
import { POLARITY_WORDS } from '../lexicon/comparators'
import { OTHER_LANGUAGE_ENDINGS, OTHER_LANGUAGE_WORDS } from '../lexicon/other-languages'
import { VARIABLES } from '../lexicon/variables'
import { FILLER } from '../lexicon/context'
import type { ParsedQuestion } from './parse'
import { hits, literalAlternation, overlaps } from './words'

const FILLER_SET = new Set(FILLER)

/** Words of other languages by what they name (lexicon OTHER_LANGUAGE_WORDS), and the English spans that gloss each. */
const OTHER_LANGUAGE = (Object.keys(OTHER_LANGUAGE_WORDS) as (keyof typeof OTHER_LANGUAGE_WORDS)[]).map((kind) => ({
  kind,
  re: new RegExp(
    `(?<![a-zà-ÿ0-9])(?:${literalAlternation(OTHER_LANGUAGE_WORDS[kind])})(?:${kind === 'mask' ? '' : literalAlternation(OTHER_LANGUAGE_ENDINGS)})?(?![a-zà-ÿ0-9])`,
    'gi',
  ),
  why: `a ${kind === 'part' ? 'part of the image' : kind} written in another language (write it in English)`,
  glossedBy: {
    part: ['part', 'box', 'polygon_file'],
    statistic: ['statistic', 'count', 'pooling', 'series', 'date_of'],
    mask: ['condition', 'negation', 'qa_bits', 'included_values'],
  }[kind],
}))

/**
 * Words of another language that name a part, a statistic or a mask, unless the question glosses that kind in English
 * in brackets ("mittlere LST (mean LST)", "westliches Drittel geteilt durch östliches Drittel (western third / eastern
 * third)"): a question written that way says in English what its other words say.
 */
export function otherLanguageWords(parsed: ParsedQuestion): { at: number; end: number; text: string; why: string }[] {
  const q = parsed.text
  const brackets = hits(q, /\([^()]{1,120}\)/g)
  const glossed = (o: (typeof OTHER_LANGUAGE)[number]) =>
    brackets.some((b) => parsed.spans.some((s) => o.glossedBy.includes(s.type) && s.at < b.end && s.end > b.at))
  return OTHER_LANGUAGE.flatMap((o) => (glossed(o) ? [] : hits(q, o.re).map((h) => ({ ...h, why: o.why }))))
}

const SIGN_NOUN = /^(?:non[\s-]?)?(?:negative|positive)(?:s|\s+(?:values?|pixels?|readings?|numbers?))\s*$/i
const QA_CLASSES = new Set(VARIABLES.filter((v) => v.kind === 'qa_class').map((v) => v.key))
const BESIDE_CONDITION = 'a word beside a condition that may set its pixels aside rather than keep them (write "only ..." or "excluding ...")'
const POLARITY = new RegExp(`^(?:${POLARITY_WORDS.map((w) => (w.endsWith('*') ? `${w.slice(0, -1)}[\\p{L}-]*` : w)).join('|')})$`, 'iu')

/**
 * Unread words beside a condition the interpreter used that may turn it into its complement ("sans negative
 * values", "negatives out", "all pixels but the negative ones"; lexicon POLARITY_WORDS). Walks from the condition
 * over function words, and before it over its own variable, to a clause mark or another span, on both sides.
 */
export function polarityBesideConditions(
  parsed: ParsedQuestion,
  used: readonly { at: number; end: number }[],
  masked: string,
): { at: number; end: number; text: string; why: string }[] {
  const q = parsed.text
  const out: { at: number; end: number; text: string; why: string }[] = []
  const word = /[\p{L}\p{N}'’/-]+/gu
  for (const c of parsed.spans) {
    // (QA classes read their own negations: "neither fill nor cloud", "not flagged as cloud".)
    if (c.type !== 'condition' || !used.some((u) => overlaps(u, c)) || QA_CLASSES.has(c.variable ?? '')) continue
    const before = [...q.slice(Math.max(0, c.at - 80), c.at).matchAll(word)]
      .map((m) => ({ at: c.at - Math.min(80, c.at) + (m.index ?? 0), text: m[0] }))
      .reverse()
    const after = [...q.slice(c.end, c.end + 60).matchAll(word)].map((m) => ({ at: c.end + (m.index ?? 0), text: m[0] }))
    for (const [side, words] of [
      ['before', before],
      ['after', after],
    ] as const) {
      let edge = side === 'before' ? c.at : c.end
      let skippedVariable = side === 'after'
      let passedFiller = false
      for (const w of words.slice(0, 6)) {
        const end = w.at + w.text.length
        if (/[.;:?!()\n,]/.test(side === 'before' ? q.slice(end, edge) : q.slice(edge, w.at))) break
        edge = side === 'before' ? w.at : end
        const span = parsed.spans.find((s) => s !== c && w.at >= s.at && w.at < s.end)
        if (span && span.type === 'variable' && !skippedVariable) {
          skippedVariable = true
          edge = side === 'before' ? span.at : span.end
          continue
        }
        if (span || masked.slice(w.at, end).trim() === '') break
        // "not", "no" and "nor" only right beside it: "in km² not pixels, strictly below 0.05" corrects a unit.
        if (POLARITY.test(w.text) && !(passedFiller && /^(?:not|no|nor)$/i.test(w.text))) {
          out.push({ at: w.at, end, text: w.text, why: BESIDE_CONDITION })
          break
        }
        // A sign standing for its values ("negatives", "negative values") says nothing of what becomes of them: any
        // unread word right after it may ("negatives gone", "negative values binned").
        if (side === 'after' && !passedFiller && SIGN_NOUN.test(c.text) && !FILLER_SET.has(w.text.toLowerCase())) {
          out.push({ at: w.at, end, text: w.text, why: BESIDE_CONDITION })
          break
        }
        if (!FILLER_SET.has(w.text.toLowerCase())) break
        passedFiller = true
      }
    }
  }
  return out
}
