/**
 * How the question says a layer is stored: its scale ("LST = DN × 0.02 K", "NDVI = DN/10000", "scale factor
 * 0.0001") and its fill value ("nodata -32768", "DN 0 = nodata", "0 is no data"). They restate the files'
 * convention or contradict it; the compiler checks which (main/agent/rules/compile-stored.ts). The variable is the
 * one written before "=" or named last before the words in their clause; null when none is.
 */
import { FILL_EXCLUSION } from '../lexicon/context'
import type { ConditionSpan, StoredNodataSpan, StoredScaleSpan } from './types'
import { variableNamed, VARIABLE_RE } from './variables'
import { alternation, hits } from './words'

const NUM = `-?(?:\\d+(?:\\.\\d+)?(?:e-?\\d+)?|\\.\\d+)`
const RAW = `(?:the\\s+)?(?:dn|digital\\s+numbers?|raw(?:\\s+values?)?|stored\\s+values?|pixel\\s+values?|integers?)`
/** "LST = DN × 0.02 K", "ndvi=DN*0.0001", "NDVI = DN/10000", "DN / 50 K", "the raw value times 0.02". */
const SCALE_RE = new RegExp(
  `(?:([A-Za-z][\\w -]{0,30}?)\\s*(?:=|:|is)\\s*)?\\b${RAW}\\s*(?:(×|x|\\*|·|times|multiplied\\s+by)|(/|÷|divided\\s+by))\\s*(${NUM})(?![\\w]|\\.\\d)(?:\\s*(k|kelvin)\\b)?`,
  'gi',
)
/** "a scale factor of 0.0001", "scale 0.02 K", "0.02 K per DN". */
const FACTOR_RE = new RegExp(
  `\\bscale(?:\\s+factor)?\\s*(?:of|=|:|is)?\\s*(${NUM})(?![\\w]|\\.\\d)(?:\\s*(k|kelvin)\\b)?|(${NUM})\\s*(k|kelvin)?\\s+per\\s+dn\\b`,
  'gi',
)
const FILL_WORD = `(?:nodata|no[\\s-]?data|fill(?:\\s+value)?|missing(?:\\s+value)?)`
/**
 * "nodata -32768", "nodata = 0", "no-data value of 0"; "DN 0 = nodata", "-32768 nodata", "0 is no data"; with the
 * words that set the fill aside before or after it ("excluding nodata -32768", "nodata 0 excluded"), which every
 * statistic does already.
 */
const NODATA_RE = new RegExp(
  `(?:\\b(?:${alternation(FILL_EXCLUSION.before.filter((w) => w !== 'no'))})\\s+)?` +
    `(?:\\b${FILL_WORD}\\s*(?:value\\s*)?(?:=|:|is|of|\\()?\\s*(?:dn\\s*)?(${NUM})(?![\\w]|\\.\\d)\\)?|(?:\\bdn\\s*(?:=\\s*)?)?(?<![\\w.])(${NUM})\\s*(?:\\(\\s*)?(?:=|is|as|:)?\\s*(?:the\\s+)?${FILL_WORD}\\b\\)?)` +
    `(?:\\s+(?:(?:are|is|were|being)\\s+)?(?:${alternation(FILL_EXCLUSION.after)})(?![\\w-]))?`,
  'gi',
)

const COMPARED_BEFORE = /(?:[<>≤≥]=?|\b(?:below|above|under|over|less\s+than|greater\s+than|more\s+than|lower\s+than|higher\s+than))\s*$/i

/** The variable named last before `at` in its clause, or null. */
function variableOfClause(q: string, at: number): string | null {
  const clauseStart = Math.max(...['; ', '. ', '? ', '! ', '\n', ' / ', ' - '].map((c) => q.lastIndexOf(c, at - 1)))
  // "DN" names the values as stored, not a variable.
  const before = hits(q.slice(0, at), VARIABLE_RE)
    .filter((h) => h.at > clauseStart)
    .map((h) => variableNamed(h.text))
    .filter((v) => v !== null && v.key !== 'value')
  return before.at(-1)?.key ?? null
}

export function storedValueSpans(q: string): (StoredScaleSpan | StoredNodataSpan)[] {
  const out: (StoredScaleSpan | StoredNodataSpan)[] = []
  for (const h of hits(q, SCALE_RE)) {
    const n = Number(h.m[4])
    if (!(n > 0)) continue
    const named = h.m[1] ? variableNamed(h.m[1].trim()) : null
    // Words before "=" that name no variable ("ndvi_scaled = DN * 1e-4" is another matter) leave the match to start at the raw value.
    const at = h.m[1] && !named ? h.at + h.text.toLowerCase().search(/\b(?:the\s+)?(?:dn|digital|raw|stored|pixel|integer)/) : h.at
    out.push({
      type: 'stored_scale',
      at,
      end: h.end,
      text: q.slice(at, h.end),
      variable: named?.key ?? variableOfClause(q, h.at),
      factor: h.m[3] ? 1 / n : n,
      unit: h.m[5] ? 'K' : null,
    })
  }
  for (const h of hits(q, FACTOR_RE)) {
    if (out.some((o) => o.at < h.end && o.end > h.at)) continue
    const n = Number(h.m[1] ?? h.m[3])
    if (n > 0)
      out.push({
        type: 'stored_scale',
        at: h.at,
        end: h.end,
        text: h.text,
        variable: variableOfClause(q, h.at),
        factor: n,
        unit: h.m[2] || h.m[4] ? 'K' : null,
      })
  }
  for (const h of hits(q, NODATA_RE)) {
    // "NDVI below 0 = no data": values compared with the number are set aside (a condition), not a stored fill value.
    if (out.some((o) => o.at < h.end && o.end > h.at) || COMPARED_BEFORE.test(q.slice(Math.max(0, h.at - 20), h.at))) continue
    out.push({ type: 'stored_nodata', at: h.at, end: h.end, text: h.text, variable: variableOfClause(q, h.at), value: Number(h.m[1] ?? h.m[2]) })
  }
  return out
}

/** A band's zero DN named: "DN 0", "a zero DN", "either band is 0", "any of the bands = 0", "0 in both bands", "DN 0 in any of them". */
/** Above zero in words or symbols. */
const POSITIVE = `(?:(?:greater\\s+than|above|more\\s+than|bigger\\s+than|larger\\s+than|over|>)\\s*(?:0|zero)(?!\\d|\\.\\d)|positive\\b|non[\\s-]?zero\\b)`
/** A numbered band: "B4", "band 5". */
const BAND = `(?:B\\d{1,2}|band\\s*\\d{1,2})`
const ZERO_DN =
  '(?:(?:fill|nodata)\\s*\\(\\s*dn\\s*(?:=\\s*)?0\\s*\\)|(?:either|any|one|both|each|all)\\s+(?:of\\s+the\\s+)?(?:two\\s+|three\\s+)?(?:input\\s+)?bands?\\s+(?:(?:is|are|has|have|=|equals?)\\s+)?(?:0|zero)(?!\\d|\\.\\d)|(?:a\\s+)?(?:zero|0)\\s+dn\\b|\\bdn\\s*(?:=|of|is)?\\s*0(?!\\d|\\.\\d))(?:\\s*\\(\\s*(?:fill|nodata|no\\s+data)\\s*\\))?' +
  '(?:\\s+in\\s+(?:(?:either|any|each|all|both)(?:\\s+of)?\\s+)?(?:the\\s+)?(?:(?:two|three)\\s+)?(?:bands?\\b|them\\b|(?:B\\d{1,2}|band\\s*\\d{1,2})(?:\\s*(?:,|\\bor\\b|\\band\\b)\\s*(?:B\\d{1,2}|band\\s*\\d{1,2}))*))?'
const ZERO_PIXELS = `(?:the\\s+)?pixels?\\s+(?:where|were|in\\s+which|with|that\\s+have|having)\\s+${ZERO_DN}`
/**
 * The bands' zero DN set aside ("valid: both bands DN > 0", "excluding pixels where either band is 0", "pixels with a
 * zero DN in either band left out", "exclude: DN 0 in any of B3, B5, B10", "only pixels where both bands have data"):
 * the spec's `zeroDnExcluded`, which the compiler applies to every band it reads (0 is missing there). Also the bands
 * said to be above zero ("both bands are greater than 0", "bands 4, 5 and 10 all non-zero", "B4>0 and B5>0", "B4, B5 and B10 > 0", "(B3 > 0) & (B4 > 0)").
 */
const ZERO_DN_EXCLUDED = new RegExp(
  [
    `\\b(?:valid\\s*:\\s*)?(?:(?:both|all|each|the)\\s+)?(?:bands?\\s+)?(?:dn|digital\\s+numbers?)\\s*(?:>|!=|≠|<>|above|greater\\s+than|over)\\s*0(?!\\d|\\.\\d)(?:\\s+in\\s+(?:both|all|each)(?:\\s+bands?)?)?`,
    `\\bnon[\\s-]?zero\\s+(?:dn|digital\\s+numbers?)\\b`,
    `\\b(?:${alternation([...FILL_EXCLUSION.before, 'exclude:', 'leave out', 'mask out', 'mask'])})\\s*:?\\s+(?:${ZERO_PIXELS}|${ZERO_DN})(?:\\s+out\\b)?`,
    `(?:${ZERO_PIXELS}|${ZERO_DN})\\s+(?:(?:are|is|were|get|being)\\s+)?(?:${alternation([...FILL_EXCLUSION.after, 'not taken', 'not counted'])})(?![\\w-])`,
    `\\b(?:(?:only|over)\\s+)?(?:(?:the\\s+)?(?:pixels?|px)\\s+)?(?:where|in\\s+which|with)\\s+(?:both|all|each|the)\\s+(?:two\\s+|three\\s+|[2-9]\\s+)?bands?\\s+(?:are\\s+non[\\s-]?zero|have\\s+(?:data|a\\s+value|values|a\\s+non[\\s-]?zero\\s+dn))\\b`,
    // "the pixels with data in bands 5 6 and 7", "px with a value in all three bands"
    `\\b(?:(?:the\\s+)?(?:pixels?|px)\\s+)(?:with|having)\\s+(?:data|a\\s+value|values)\\s+in\\s+(?:(?:all|both|each|the)\\s+)*(?:(?:two|three|[2-9])\\s+)?(?:bands?\\s+\\d{1,2}(?:\\s*(?:,|\\band\\b)?\\s*\\d{1,2}\\b)*|bands\\b)`,
    `\\b(?:(?:only|over|with|where)\\s+)?(?:(?:the\\s+)?pixels?\\s+)?(?:where|in\\s+which|with)?\\s*(?:both|all|each|the|all\\s+the)\\s+(?:(?:two|three|four|five|six|seven|\\d)\\s+)?(?:input\\s+)?bands?\\s+(?:are\\s+|is\\s+)?${POSITIVE}`,
    `\\bbands?\\s+\\d{1,2}(?:\\s*(?:,|\\band\\b)?\\s*\\d{1,2}\\b)*\\s+(?:are\\s+|is\\s+)?(?:all\\s+|both\\s+)?${POSITIVE}`,
    `(?:\\(?\\s*${BAND}\\s*>\\s*0\\s*\\)?\\s*(?:,|&&?|\\band\\b)\\s*)+\\(?\\s*${BAND}\\s*>\\s*0(?!\\d|\\.\\d)\\s*\\)?(?:\\s+only\\b)?`,
    `(?<![\\w.])${BAND}(?:\\s*(?:,|\\band\\b|&)?\\s*${BAND})*\\s*(?:>|are\\s+above|above)\\s*0(?!\\d|\\.\\d)(?:\\s+only\\b)?`,
  ].join('|'),
  'gi',
)

/** Where the question sets the bands' zero DN aside (see ZERO_DN_EXCLUDED). */
export function zeroDnSpans(q: string): { type: 'zero_dn'; at: number; end: number; text: string }[] {
  return hits(q, ZERO_DN_EXCLUDED).map((h) => ({ type: 'zero_dn' as const, at: h.at, end: h.end, text: h.text }))
}

/** "only 0..1 valid", "only values from 0 to 1 counted as valid", "only values 0-1", "valid range 0-1", "valid (0..1)", "counting only NDVI values from zero to one". */
const VALID_RANGE_RE = new RegExp(
  `\\b(?:(?:counting|keeping|using|taking|with)\\s+)?only\\s+(?:the\\s+)?(?:[a-z]{2,5}\\s+)?values?\\s+(?:(?:from|between)\\s+)?(0|zero)\\s*(?:to|and|-|–)\\s*(1|one)\\b|` +
    `(?:\\bonly\\s+)?(?:(?:the\\s+)?values?\\s+)?(?:from\\s+)?(?<![\\w.])(${NUM})\\s*(?:to|-|–|\\.\\.)\\s*(${NUM})(?![\\w]|\\.\\d)\\s+(?:(?:are|is)\\s+)?(?:counted\\s+as\\s+|counts?\\s+as\\s+)?valid\\b(?:\\s+only\\b)?|\\bvalid(?:\\s+range)?\\s*(?:only\\s*)?(?::|=|is|\\()?\\s*(?:from\\s+)?(${NUM})\\s*(?:to|-|–|\\.\\.)\\s*(${NUM})(?![\\w]|\\.\\d)\\s*\\)?`,
  'gi',
)

/** The valid range a question states for a layer's values: a condition on them (both ends kept). */
export function validRangeSpans(q: string): ConditionSpan[] {
  return hits(q, VALID_RANGE_RE).flatMap((h) => {
    const word = (x: string | undefined) => (x === 'zero' ? '0' : x === 'one' ? '1' : x)
    const low = Number(word((h.m[1] ?? h.m[3] ?? h.m[5])?.toLowerCase()))
    const high = Number(word((h.m[2] ?? h.m[4] ?? h.m[6])?.toLowerCase()))
    if (!(low < high)) return []
    const variable = variableOfClause(q, h.at)
    const c: ConditionSpan = {
      type: 'condition',
      at: h.at,
      end: h.end,
      text: h.text,
      variable,
      op: 'between',
      low,
      high,
      unit: null,
      negated: false,
      inclusive: true,
      scope: 'pixels',
    }
    return [c]
  })
}
