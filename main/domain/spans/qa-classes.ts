/**
 * QA classes of a question as condition spans ("excluding cloudy pixels", "cloud-free pixels", "clear-sky pixels
 * only", "pixels flagged as cloud", "pixels which the BQA says are not cloud and not fill"): the class's 0/1 flag set,
 * negated where the words leave it out. Read after the value conditions, whose words they skip.
 */
import { COUNT_LEADS, NEGATIONS, QA_PREDICATE_NAMES, QA_WORKFLOW_NOUNS, VARIABLES } from '../lexicon'
import type { ConditionSpan, QaBitsSpan, Span } from './types'
import { LANDSAT_C1_QA_BITS, LANDSAT_C1_QA_FIELD_NAMES } from '../qa-bits'
import { negatedBefore, selectionCounted, setAsideAfter } from './set-aside'
import { alternation, hits, overlaps, phraseRegex } from './words'

const NEGATION_RE = phraseRegex(NEGATIONS)
const QA_VARS = VARIABLES.filter((v) => v.kind === 'qa_class')
/** A class name as typed, with the lexicon's misspelling of "pixels" ("fill pixles") read as the word. */
const asNamed = (text: string) =>
  text
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/\bpixles\b/, 'pixels')
const QA_NAMES = [...QA_VARS.flatMap((v) => v.names), ...Object.values(QA_PREDICATE_NAMES).flat()]
const QA_RE = phraseRegex([...QA_NAMES, ...QA_NAMES.filter((n) => /\bpixels\b/.test(n)).map((n) => n.replace(/\bpixels\b/, 'pixles'))])
/** A count asked right before a class named with its pixels ("how many fill pixels", "number of snow pixels"). */
const COUNTED_RE = new RegExp(`(?:${alternation(COUNT_LEADS)})\\s+(?:(?:the|of|all)\\s+)?$`, 'i')
/** After "qa": not the writer's quality-assurance work ("QA log line", "QA ticket"; lexicon QA_WORKFLOW_NOUNS). */
export const NOT_QA_WORK = `(?![\\s-]+(?:${alternation(QA_WORKFLOW_NOUNS)})\\b)`
/** A QA band named in the question ("the BQA", "QA_PIXEL", "the quality band"). */
const QA_BAND_RE = new RegExp(`\\b(?:bqa|qa${NOT_QA_WORK}|qa_pixel|pixel\\s+qa|quality(?:\\s+assessment)?\\s+(?:band|layer|flags?|bits?|mask|file))\\b`, 'i')
/** "have a valid LST", "carry a valid land surface temperature": the words before a layer's name that say it has a value. */
const LAYERS = VARIABLES.filter((v) => v.kind !== 'qa_class')
const LAYER_NAMES = alternation(LAYERS.flatMap((v) => v.names))
/** The lexicon key of the layer named at the start of `text` ("LST value ...": 'lst'), or undefined. */
const LAYER_AT = new RegExp(`^(?:${LAYER_NAMES})\\b`, 'i')
function layerAt(text: string): string | undefined {
  const m = LAYER_AT.exec(text)
  const name = m?.[0].toLowerCase().replace(/[\s-]+/g, ' ')
  return name ? LAYERS.find((v) => v.names.includes(name))?.key : undefined
}
/** Words right after "a value" that compare it ("an NDVI value above 0.3"): a condition, not the layer having a value. */
const COMPARED_AFTER = String.raw`\s+(?:of|above|below|over|under|greater|less|more|higher|lower|between|at|from|in|exceed\w*|equal\w*|[<>=≤≥]|\d)`
/** A dates noun right before "with valid ..." ("only dates with", "every 2019 date that has"). */
const DATES_BEFORE = /\b(?:dates?|acquisitions?|scenes?)\s+(?:(?:that|which)\s+)?$/i
const VALID_RE = new RegExp(
  [
    // "pixels that have a valid LST", "with a valid NDVI", "have a valid value"
    `\\b(?:have|has|had|having|carry|carries|carrying|with|show|shows|hold|holds)\\s+(?:a\\s+)?valid\\s+(?=(?:${LAYER_NAMES})\\b|(?:value|reading|measurement)\\b)`,
    // "px that actually have an LST value", "with an NDVI reading" (not "with an NDVI value above 0.3")
    `\\b(?:have|has|having|carry|carries|hold|holds|with)\\s+(?:an?\\s+)(?=(?:${LAYER_NAMES})\\s+(?:value|reading|measurement)s?\\b(?!${COMPARED_AFTER}))`,
    // "90 % of its pixels valid", "the LST pixels are valid": valid said of the pixels counted
    `(?<=\\b(?:pixels?|px)\\s+)(?:are\\s+|is\\s+|being\\s+)?valid\\b`,
    // "the number of valid LST pixels", "how many valid pixels", "the fewest valid pixels"
    `(?<=\\b(?:number|count|amount)\\s+of\\s+(?:the\\s+)?|\\bhow\\s+many\\s+|\\b(?:fewest|most)\\s+)valid\\s+(?=(?:(?:${LAYER_NAMES})\\s+)?(?:pixels?|px)\\b)`,
  ].join('|'),
  'gi',
)
/**
 * "pixels that have no NDVI value (at all)", "px w/o any LST", "the pixels without an LST reading", "(the share of the
 * pixels with LST above 300 K that) have no NDVI value": the pixels where a named layer has no value (its nodata), from
 * the pixel noun (or the verb) to the layer's name and what follows it.
 */
const NO_VALUE_RE = new RegExp(
  String.raw`(?:\b(?:pixels?|px|cells?)\s+(?:(?:that|which)\s+)?(?:(?:still|actually|simply)\s+)?(?:with\s+no|w\/o|without|lacking)|(?:\b(?:pixels?|px|cells?)\s+(?:(?:that|which)\s+)?(?:(?:still|actually|simply)\s+)?)?\b(?:have|has|had|carry|carries|hold|holds)\s+no)\s+(?:(?:a|an|any)\s+)?(?:valid\s+)?(?:${LAYER_NAMES})(?:\s+(?:values?|readings?|data|measurements?))?(?:\s+at\s+all)?\b(?!${COMPARED_AFTER})`,
  'gi',
)
/** What "clear" means, restated in brackets after it ("(neither fill nor cloud)", "(no cloud)", "(not cloudy)"). */
const CLEAR_RESTATED =
  /^\s*\(\s*(?:i\.?e\.?,?\s*)?(?:neither\s+(?:fill|cloud)\s+nor\s+(?:fill|cloud)|no\s+cloud(?:s)?(?:\s+(?:and|,)\s+no\s+fill)?|no\s+fill(?:\s+(?:and|,)\s+no\s+cloud)|not\s+cloud(?:y)?(?:\s+(?:and|or|nor)\s+not\s+fill)?|cloud[\s-]free)\s*\)/i
/**
 * The words a negation may stand apart from the class it leaves out by: "excluding cloudy", "excluding the fill
 * pixels", "leaving out pixels flagged as cloud shadow", "excluding every pixel the BQA flags as", and other classes
 * named before this one with the noun after it ("excluding fill and cloud pixels"), each perhaps restated by its bit
 * ("excluding fill (BQA bit 0) and cloud pixels": the cloud pixels had been selected, not left out).
 */
const NEGATED_GAP_ONE =
  /^\s*(?:(?:the|all|any|every)\s+)?(?:(?:pixels?|px)\s+(?:(?:that|which)\s+(?:are|is)\s+|(?:the\s+)?(?:bqa|qa|quality\s+band)\s+)?(?:flagged|flags|marked|marks|classified|labell?ed)\s+(?:as\s+)?|[\w-]+\s+)?$/i
const NEGATED_GAP = new RegExp(
  `(?:${NEGATED_GAP_ONE.source})|^\\s*(?:(?:the\\s+)?(?:${alternation(QA_NAMES)})\\s*(?:\\([^()]{0,30}\\)\\s*)?(?:,\\s*(?:and|or|&)?|and|or|&)\\s*)+$`,
  'i',
)
/** "no" or "non" right before a class name ("no cloud", "non-cloud"). */
const NO_BEFORE = /\b(?:no|non)[\s-]*$/i
/** What follows a class name that makes "no <class>" no selection of pixels ("no cloud masking", "no cloud correction"). */
const NOT_A_CLASS_AFTER = /^[\s-]*(?:mask(?:s|ed|ing)?|screen(?:ing)?|filter(?:s|ing)?|removal|correction|check|detection)\b/i
/** A class name that names it only as a predicate. */
const predicateOnly = (name: string) => Object.values(QA_PREDICATE_NAMES).some((ns) => ns.includes(name))
const PREDICATE_VERBS = 'flagged|marked|classified|labell?ed|marking|masking|flagging|marks|flags|labels|mark|flag|label|classify|have|has|having'
/**
 * A QA class said as a predicate ("is cloudy", "flagged as cloud", "the BQA says are not cloud", "marked as designated
 * fill", "marks as neither cloud nor fill", "are not flagged as fill", "aren't marked as cloud"); groups 1 and 2 a "not"
 * before and after the verb (one of them negates; both cancel).
 */
const QA_PREDICATE = new RegExp(
  `\\b(?:(?:is|are|was|were|be)(?:\\s+|n't\\s+))?(not\\s+|never\\s+)?(?:is|are|was|were|${PREDICATE_VERBS})\\s+(?:as\\s+)?(not\\s+|neither\\s+)?(?:as\\s+)?(?:(?:designated|being)\\s+)?$`,
  'i',
)
/** The next class of the same predicate ("... are not cloud and not fill"); group 1 a "not". */
const QA_CONJUNCTION = /^\s*(?:\([^()]{0,30}\)\s*)?,?\s*(?:and|or|nor)\s+(not\s+)?(?:the\s+|all\s+|any\s+)?$/i

/**
 * "bits 11 and 12 both set", "bits 11-12 = 11", "bits 7–8 equal to 11", "bits 5-6 field = 2", "bits 5-6 = 0b10, i.e.
 * value 2", "bit 4 set": the bits and, where said, their value (group 3 in binary digits, group 4 a decimal value).
 */
const BITS_RE =
  /\bbits?\s+(\d{1,2})(?:\s*(?:and|-|–|to|&)\s*(\d{1,2}))?(?:\s+(?:are\s+|is\s+)?(?:both\s+)?set\b|(?:\s+field)?\s*(?:=|==|equal\s+to|equals|are|is)\s*(?:0b([01]{1,2})|([01]{2})|([0-3]))(?![\w.])(?:,?\s*(?:i\.?e\.?|that\s+is),?\s*(?:the\s+)?value\s+[0-3]\b)?)?/gi

/** The word "fill" and an opening bracket right before a bit ("fill (BQA bit 0)", "the fill (bit 0)"). */
const FILL_BRACKET_BEFORE = /\bfill\s*\(\s*(?:(?:the\s+)?(?:bqa|qa)\s+)?$/i

/**
 * The QA bits restated beside the classes read ("high cirrus confidence ..., that is bits 11 and 12 both set"), when
 * they are exactly a class's bits and value (main/domain/qa-bits.ts); any other bits are left unread, to block.
 */
export function qaBitsSpans(q: string, classes: readonly ConditionSpan[]): QaBitsSpan[] {
  const out: QaBitsSpan[] = []
  for (const h of hits(q, BITS_RE)) {
    const first = Number(h.m[1])
    const last = h.m[2] ? Number(h.m[2]) : first
    const ones = 2 ** (last - first + 1) - 1
    const binary = h.m[3] ?? h.m[4]
    const value = binary !== undefined ? (binary.length === last - first + 1 ? parseInt(binary, 2) : Number.NaN) : h.m[5] !== undefined ? Number(h.m[5]) : ones
    // "i.e. value 2" after the bits restates their value: it must agree.
    const restated = /value\s+([0-3])\b/i.exec(h.text)
    if (restated && Number(restated[1]) !== value) continue
    const of =
      classes.some((c) => {
        const bits = c.variable ? LANDSAT_C1_QA_BITS[c.variable] : undefined
        return bits !== undefined && bits.first === first && bits.last === last && bits.set.length === 1 && bits.set[0] === value
      }) ||
      // "the fill (BQA bit 0)": the fill bit restated in brackets right after the word (the fill is read as nodata).
      (first === 0 && last === 0 && value === 1 && FILL_BRACKET_BEFORE.test(q.slice(Math.max(0, h.at - 30), h.at)))
    if (of) out.push({ type: 'qa_bits', at: h.at, end: h.end, text: h.text, first, last })
  }
  return out
}

/** A bit's number, with the class it is named by in brackets after it ("bit 4 (cloud)"). */
const BIT_NO = String.raw`(\d{1,2})(?:\s*\([a-z\s/-]{1,20}\))?`
/** A value said of QA bits: digits (binary for a two-bit field: "11"), or a word ("set", "unset", "zero"). */
const BIT_VALUE = String.raw`(?:=|==|equal\s+to|equals|is|are|:)?\s*(?:both\s+)?(0b[01]{1,2}|[01]{2}|[0-3]|zero|one|set|unset|not\s+set|cleared|clear|on|off)\b`
/**
 * QA bits stated with their value and no class named ("bit 4 = 0", "bit 4 (cloud) set", "bits 11-12 = 11", "bits 0
 * and 4 both 0", "bit 0 and bit 4 are both zero"): groups 1-2 a field's bits, or 3-4 two single bits; 5 the value.
 */
const BIT_STATEMENT = new RegExp(
  String.raw`\bbits?\s+(?:${BIT_NO}(?:\s*(?:-|–|to)\s*(\d{1,2}))?|(\d{1,2})(?:\s*\([a-z\s/-]{1,20}\))?\s*(?:,|and|&)\s*(?:bit\s+)?${BIT_NO})\s+${BIT_VALUE}|\bbits?\s+${BIT_NO}(?:\s*(?:-|–|to)\s*(\d{1,2}))?\s*${BIT_VALUE}`,
  'gi',
)

/** "cloud bit 4 set": the field's own name right before its bits (LANDSAT_C1_QA_FIELD_NAMES), as the length of those words. */
function fieldNamedBefore(before: string, first: number, last: number): number {
  const names = LANDSAT_C1_QA_FIELD_NAMES[`${first}-${last}`] ?? []
  const m = names.length ? new RegExp(`\\b(?:the\\s+)?(?:${alternation(names)})\\s+$`, 'i').exec(before) : null
  return m ? m[0].length : 0
}

/** The value of QA bits `first`..`last` said as `word`, or NaN when the word does not fit the field. */
function bitValue(word: string, first: number, last: number): number {
  const w = word.toLowerCase().replace(/\s+/g, ' ')
  const width = last - first + 1
  if (['set', 'on', 'one'].includes(w)) return width === 1 ? 1 : Number.NaN
  if (['unset', 'not set', 'cleared', 'clear', 'off', 'zero'].includes(w)) return 0
  if (w.startsWith('0b')) return w.length - 2 === width ? parseInt(w.slice(2), 2) : Number.NaN
  if (/^[01]{2}$/.test(w)) return width === 2 ? parseInt(w, 2) : Number.NaN
  const n = Number(w)
  return n < 2 ** width ? n : Number.NaN
}

/**
 * QA-class conditions stated by their bits alone, where the question names a QA band ("where bqa bit 0 = 0 and bit 4 =
 * 0", "BQA bits 11-12 = 11"): a value that means a class selects it; a single bit at 0 leaves its class out (the fill
 * bit at 0 is the fill exclusion every statistic makes, read with no condition); a field
 * value that is no class (cloud confidence "not determined") is left unread, to block. Statements overlapping `taken`
 * (a class named with its bits restated) are skipped.
 */
export function qaBitConditionSpans(q: string, taken: readonly Span[]): (ConditionSpan | QaBitsSpan)[] {
  if (!QA_BAND_RE.test(q)) return []
  const out: (ConditionSpan | QaBitsSpan)[] = []
  for (const h of hits(q, BIT_STATEMENT)) {
    if (taken.some((t) => overlaps(t, h))) continue
    const m = h.m
    // Either one field (first..last) or two single bits, each with the same value.
    const fields: [number, number][] =
      m[1] !== undefined
        ? [[Number(m[1]), Number(m[2] ?? m[1])]]
        : m[3] !== undefined
          ? [
              [Number(m[3]), Number(m[3])],
              [Number(m[4]), Number(m[4])],
            ]
          : [[Number(m[6]), Number(m[7] ?? m[6])]]
    const word = m[5] ?? m[8]
    const read = fields.map(([first, last]) => {
      const value = bitValue(word, first, last)
      const cls = Object.entries(LANDSAT_C1_QA_BITS).find(
        ([, b]) => b.first === first && b.last === last && (b.set.includes(value) || (first === last && value === 0)),
      )
      return cls ? { variable: cls[0], negated: !cls[1].set.includes(value) } : null
    })
    if (read.some((r) => r === null)) continue
    // One field named before its bits ("the cloud bit 4 set", "cirrus bits 11-12 = 11"): its name is part of the statement.
    const named = fields.length === 1 ? fieldNamedBefore(q.slice(Math.max(0, h.at - 40), h.at), ...fields[0]) : 0
    const at = h.at - named
    const text = q.slice(at, h.end)
    for (const r of read as { variable: string; negated: boolean }[])
      // The fill bit at 0 restates the fill exclusion every statistic makes: read, no condition (a share's
      // denominator stays the valid pixels).
      if (r.variable === 'fill' && r.negated) out.push({ type: 'qa_bits', at, end: h.end, text, first: 0, last: 0 })
      else
        out.push({
          type: 'condition',
          at,
          end: h.end,
          text,
          variable: r.variable,
          op: '>=',
          value: 1,
          unit: null,
          negated: r.negated,
          inclusive: true,
          scope: 'pixels',
        })
  }
  return out
}

/**
 * Where the negation that leaves a class out starts, or null: an exclusion word before it ("excluding the cloudy
 * pixels"), or "no"/"non" right before it ("no cloud", "non-cloud pixels"), but not "no cloud mask" (no mask
 * applied); "no fill", "non-fill" restate the fill exclusion every statistic makes (task/restated.ts reads them).
 */
function negationAt(q: string, h: { at: number; end: number }, before: string, key: string): number | null {
  const neg = [...before.matchAll(new RegExp(NEGATION_RE.source, 'gi'))].at(-1)
  // (A colon may follow the negation in a checklist: "- mask out: fill (bit 0) and cloud (bit 4)".)
  if (neg && NEGATED_GAP.test(before.slice((neg.index ?? 0) + neg[0].length).replace(/^\s*:/, ''))) return h.at - before.length + (neg.index ?? 0)
  const no = key === 'fill' || key === 'nodata' ? null : NO_BEFORE.exec(before)
  return no && !NOT_A_CLASS_AFTER.test(q.slice(h.end)) ? h.at - before.length + no.index : null
}

/** A bracket that restates a one-bit class by its bit ("(BQA bit 4)", "(bit 0)"): group 1 the bit. */
const OWN_BIT_BRACKET = /^\s*\(\s*(?:(?:the\s+)?(?:bqa|qa)\s+)?bit\s+(\d{1,2})\s*\)/i

/** Past a bracket at `end` that restates the one-bit class `key` by its own bit; `end` itself when none does. */
function ownBitEnd(q: string, end: number, key: string): number {
  const bits = LANDSAT_C1_QA_BITS[key]
  const bracket = OWN_BIT_BRACKET.exec(q.slice(end))
  return bracket && bits && bits.first === bits.last && Number(bracket[1]) === bits.first ? end + bracket[0].length : end
}

/**
 * Where the words that set the pixels of class `key` aside end, when such words follow it (set-aside.ts), past a
 * bracket restating the class's own bit; null when none follow.
 */
function asideAfter(q: string, at: number, end: number, key: string): number | null {
  // The class is what is counted or measured ("how many cloud pixels are removed by the mask", "the share of cloud
  // pixels excluded"): the words say what happens to those pixels, not to leave them out (left unread, they block).
  const before = q.slice(Math.max(0, at - 60), at)
  if (selectionCounted(before) || MEASURED_OF.test(before)) return null
  const from = ownBitEnd(q, end, key)
  const words = setAsideAfter(q.slice(0, at), q.slice(from))
  return words ? from + words[0].length : null
}

/** A statistic's "of" right before the class ("the percentage of cloud pixels", "mean BT of the cloud pixels"). */
const MEASURED_OF = /\b(?:of|is|are)\s+(?:the\s+|all\s+|those\s+)?$/i

/** The QA-class conditions of `q` (normalised as the parser reads it), skipping the words of conditions in `spans`. */
export function qaClassSpans(q: string, spans: readonly Span[]): ConditionSpan[] {
  const found: ConditionSpan[] = []
  let qaEnd = -1
  /** Whether the last class read was left out (a negated class, or a clear sky read as not cloud). */
  let qaNegatedOut = false
  const namesQaBand = QA_BAND_RE.test(q)
  // "DN 0 is nodata", "nodata -32768": how the files store their fill (spans/stored-values.ts), no class selected.
  const storedRule = (h: { at: number; end: number }) =>
    spans.some((s) => (s.type === 'stored_nodata' || s.type === 'zero_dn' || s.type === 'stored_scale') && overlaps(s, h))
  for (const h of hits(q, QA_RE)) {
    if (spans.some((s) => s.type === 'condition' && overlaps(s, h)) || found.some((f) => overlaps(f, h)) || storedRule(h)) continue
    const name = asNamed(h.text)
    const v = QA_VARS.find((x) => x.names.includes(name) || QA_PREDICATE_NAMES[x.key]?.includes(name))
    if (!v) continue
    // "cloud confidence", "snow/ice conf": another field of the QA band (two confidence bits), not the class.
    if (/^[\s-]*(?:confidence|conf)\b/i.test(q.slice(h.end))) continue
    const before = q.slice(Math.max(0, h.at - 40), h.at)
    const negAt = negationAt(q, h, before, v.key)
    // "Fill" with no QA band named is the layer's own fill, its nodata (Landsat bands: DN 0), not the BQA's fill bit.
    const key = v.key === 'fill' && !namesQaBand ? 'nodata' : v.key
    const clear = key === 'clear'
    // A bracket restating the class's own bit right after its name ("cloud (BQA bit 4) pixels") is read with it.
    const nameEnd = ownBitEnd(q, h.end, clear ? 'cloud' : key)
    // "cloudy pixels", "cloud cover", "the cloudy percentage", or the class as a predicate of what is counted ("the share of the scene that is
    // cloudy", "pixels flagged as cloud", "the quality band is marking as cloud", "pixels which the BQA says are not cloud and not fill");
    // a bare "cloud" elsewhere is no selection. "not" in the predicate negates it.
    const pred = QA_PREDICATE.exec(before)
    const conj = !pred && qaEnd >= 0 && h.at - qaEnd <= 45 ? QA_CONJUNCTION.exec(q.slice(qaEnd, h.at)) : null
    const predicate = pred !== null || conj !== null
    const predNot = pred !== null && (pred[0].includes("n't") || !!pred[1]) !== !!pred[2]
    const notAt = predNot
      ? h.at - before.length + pred.index + pred[0].search(/\b(?:not|neither|never)\b|\w+n't/i)
      : conj?.[1]
        ? qaEnd + conj[0].search(/\bnot\b/i)
        : null
    // The next class of a conjunction is selected as the one before it was ("excluding cloud and fill pixels": both
    // left out), or left out by its own "not" ("are not cloud and not fill").
    const out: boolean = negAt !== null || notAt !== null || (conj !== null && qaNegatedOut)
    const negated: boolean = clear ? !out : out
    // "clear" alone selects only as a predicate ("pixels that are clear in the BQA"): "clear water" names no class.
    if (((clear && name === 'clear') || predicateOnly(name)) && !predicate) continue
    if (
      !clear &&
      negAt === null &&
      !predicate &&
      !(/\b(?:pixels?|px)$/.test(name) && COUNTED_RE.test(before)) &&
      // A name that states the class's level ("high cirrus confidence", "cirrus conf = high") is a selection itself.
      !/\b(?:high|medium|low)\b|=/.test(name) &&
      // ("fill and cloud pixels": the noun after the next class is this one's too.)
      !/^\s*(?:(?:and|or|&|,)\s+[\w-]+\s+(?:\([^()]{1,25}\)\s*)?)?(?:(?:pixels?|pixles?|px|areas?|cover|covered|mask|percentage|percent|share|fraction|proportion)\b|%)/i.test(
        q.slice(nameEnd),
      )
    )
      continue
    // A layer's missing pixels left out by an exclusion ("excluding nodata pixels") restate what every statistic
    // does: no condition (restated.ts reads the words). Said of what is counted ("pixels that are not nodata") they
    // select the pixels with a value.
    if (key === 'nodata' && negAt !== null) {
      qaEnd = h.end
      qaNegatedOut = true
      continue
    }
    const at = negAt ?? notAt ?? h.at
    const tail = q.slice(nameEnd).match(/^\s*(?:pixels?|pixles?|px|areas?|cover(?:ed)?|mask(?:ed)?)\b(?:\s+only)?/i)
    // "clear (neither fill nor cloud)", "clear (no cloud)": what clear means, restated in brackets, is read with it.
    const restated = clear ? q.slice(nameEnd + (tail ? tail[0].length : 0)).match(CLEAR_RESTATED) : null
    const named = nameEnd + (tail ? tail[0].length : 0) + (restated ? restated[0].length : 0)
    // Set aside after it is named ("the cloud pixels (BQA bit 4) are treated like no data", "cloudy pixels excluded"),
    // a bracket restating the class's own bit allowed between (its bit is checked, so "cloud (bit 5)" stops here).
    const aside = out ? null : asideAfter(q, at, named, clear ? 'cloud' : key)
    const end = aside ?? named
    const c: ConditionSpan = {
      type: 'condition',
      at,
      end,
      text: q.slice(at, end),
      variable: clear ? 'cloud' : key,
      op: '>=',
      value: 1,
      unit: null,
      negated: aside === null ? negated : !negated,
      inclusive: true,
      scope: 'pixels',
    }
    found.push(c)
    qaEnd = end
    qaNegatedOut = clear ? !c.negated : c.negated
  }

  // "pixels that have a valid LST", "with a valid NDVI": the layer's pixels with a value, i.e. not its nodata.
  for (const h of hits(q, VALID_RE)) {
    if (spans.some((s) => s.type === 'condition' && overlaps(s, h)) || found.some((f) => overlaps(f, h))) continue
    // "only dates with valid LST", "the dates that contain valid data": said of the dates, which an empty date leaves
    // anyway (task/restated.ts reads the words), not of the pixels.
    if (DATES_BEFORE.test(q.slice(Math.max(0, h.at - 50), h.at))) continue
    found.push(missingPixels(q, h, layerAt(q.slice(h.end).replace(/^valid\s+/i, '')), true))
  }
  // "pixels that have no NDVI value", "px w/o any LST": the pixels where that layer has no value.
  for (const h of hits(q, NO_VALUE_RE)) {
    if (spans.some((s) => s.type === 'condition' && overlaps(s, h)) || found.some((f) => overlaps(f, h))) continue
    if (DATES_BEFORE.test(q.slice(Math.max(0, h.at - 50), h.at))) continue
    const named = /(?:no|w\/o|without|lacking)\s+(?:(?:a|an|any)\s+)?(?:valid\s+)?/i.exec(h.text)!
    found.push(missingPixels(q, h, layerAt(h.text.slice(named.index + named[0].length)), false))
  }
  return found
}

/**
 * The 'nodata' condition of a layer's pixels that have a value (`valid`) or have none, turned over by a negation
 * before it ("without the pixels that have no LST value") or by words after it that set the pixels aside ("pixels
 * that have no NDVI value are left out too", "px w/o any lst dropped").
 */
function missingPixels(q: string, h: { at: number; end: number; text: string }, layer: string | undefined, valid: boolean): ConditionSpan {
  const before = q.slice(0, h.at)
  const counted = selectionCounted(before.slice(-60))
  const negation = counted ? null : negatedBefore(before)
  const aside = negation || counted ? null : setAsideAfter(before, q.slice(h.end))
  const at = negation?.at ?? h.at
  const end = aside ? h.end + aside[0].length : h.end
  return {
    type: 'condition',
    at,
    end,
    text: q.slice(at, end),
    variable: 'nodata',
    op: '>=',
    value: 1,
    unit: null,
    // Kept: the pixels with no value; turned over once by a negation or a setting aside.
    negated: valid !== (negation !== null || aside !== null),
    inclusive: true,
    scope: 'pixels',
    ...(layer ? { layer } : {}),
  }
}
