/**
 * The planner's views of lexicon words it matches itself: variables (with the key the planner uses), value
 * statistics, percentiles, objects and land-cover class words. Image parts, units, periods, comparators and the
 * words that block a run when left unread are the lexicon's and the span parser's (main/domain/lexicon).
 */
import {
  CLASS_WORDS as LEX_CLASS_WORDS,
  NO_SUN_CORRECTION,
  OBJECT_CLASSES as LEX_OBJECT_CLASSES,
  SIGNIFICANCE as LEX_SIGNIFICANCE,
  TREND_AXIS as LEX_TREND_AXIS,
  STATISTICS as LEX_STATISTICS,
  UNITS as LEX_UNITS,
  VARIABLES as LEX_VARIABLES,
} from '../domain/lexicon'
import { alternation } from '../domain/spans/words'
import { NOT_OF_THE_SUN, SHARE_OF_COMPARED_VARIABLE } from '../domain/spans/variables'
import type { Statistic } from './spec'

/**
 * Variables by their common names; the key is what conditions and subjects use ('lst', 'ndvi', ...). The words and
 * keys are the lexicon's (main/domain/lexicon/variables.ts), unfolded: brightness temperature is its own variable
 * ('bt', at-sensor), never read as land surface temperature (the compiler derives LST from BT where a question asks
 * LST). QA classes are masks, never subjects (they are read as conditions), and band reflectance is an input the
 * catalog calibrates, not a quantity asked.
 */
export const VARIABLES: readonly { key: string; words: RegExp }[] = LEX_VARIABLES.filter((v) => v.kind !== 'qa_class' && v.key !== 'reflectance').map((v) => ({
  key: v.key,
  words: new RegExp(`${NOT_OF_THE_SUN}(?:${alternation(v.names)})`, 'i'),
}))

/** Objects the counting tools look for: every word of the lexicon's object classes (group 1 is the word). */
export const OBJECTS = new RegExp(`(${alternation(Object.values(LEX_OBJECT_CLASSES).flat())})`, 'i')

/** Value statistics by the lexicon's words, most specific first (the lexicon's order). */
const VALUE_KEYS: readonly Statistic[] = ['std', 'variance', 'median', 'range', 'sum', 'mean', 'max', 'min']
export const VALUE_STATISTICS: readonly { statistic: Statistic; words: RegExp }[] = LEX_STATISTICS.filter((x) =>
  (VALUE_KEYS as readonly string[]).includes(x.key),
).map((x) => ({
  statistic: x.key as Statistic,
  words: new RegExp(`(?:${alternation(x.names)})`, 'i'),
}))

/**
 * Class words (the lexicon's) used to select pixels ("urban pixels", "forest areas", "water bodies"): a mask needing a class layer or
 * a stated threshold. A class word as context ("the urban heat island", "the urban area of Wuhan" as the study area) selects nothing.
 */
export const CLASS_WORDS = new RegExp(
  `(?:${alternation(LEX_CLASS_WORDS)})\\s+(?:pixels?|areas|zones|surfaces|fields|land\\s+cover|cover\\s+class|class(?:es)?|patches)\\b|\\bwater\\s+bodies\\b`,
  'i',
)

/** Share, area, trend and report words the planner matches in the question itself. */
export const SHARE = new RegExp(
  `\\b(?:percentage|proportion|fraction|share|percent)\\s+of\\b|\\bwhat\\s+(?:part|portion)\\s+of\\b|\\bhow\\s+much\\s+of\\s+the\\s+(?:area|image|scene)\\b|\\b(?:area|pixel)\\s+(?:percentage|proportion|fraction|share)\\b|\\b(?:what|which)\\s+(?:percentage|percent|proportion|fraction|share)\\b|\\b(?:percentage|proportion|fraction|share)s?\\b|\\b(?:cover(?:age)?|cloudy|cloud|snowy|snow)\\s*%|(?:^|[\\s(])%\\s+of\\s+(?:the\\s+|all\\s+|those\\s+|these\\s+)?(?:valid\\s+)?(?:[\\w-]+\\s+)?(?:pixels?|px|cells|area|image|scene|subset|selection)\\b|${SHARE_OF_COMPARED_VARIABLE}`,
  'i',
)
/** An area asked ("the area in km²"); "per unit area" is a density, not an area. */
const AREA_NAMES = `(?<![\\w/])(?:${alternation(LEX_UNITS.filter((u) => u.quantity === 'area').flatMap((u) => u.names))})(?![\\w/])`
/**
 * An area asked: "the area in km²", "how many square feet", "how large an area", and "the area with NDVI above 0.3"
 * as what changes or is compared ("by what percent did the area with ... grow"; not "the mean LST of the area with").
 */
export const AREA = new RegExp(
  `(?<!\\bper\\s+(?:unit\\s+)?)\\b(?:total\\s+)?(?:surface\\s+)?area\\b(?=[^.?]{0,60}${AREA_NAMES})|\\bhow\\s+(?:large|big|much)\\s+(?:an?\\s+|of\\s+an?\\s+)?area\\b|\\bthe\\s+area\\s+(?:covered|occupied)\\b|\\bhow\\s+many\\s+${AREA_NAMES}|(?<!\\bof\\s+)\\bthe\\s+area\\s+(?:with|where|whose|having)\\b`,
  'i',
)
/** An area unit's name standing as a word (the lexicon's area units; "ha" and "m2" only as whole words). */
export const AREA_UNIT_WORDS = new RegExp(AREA_NAMES, 'gi')
export const TREND = new RegExp(`(?:${alternation(LEX_STATISTICS.find((x) => x.key === 'trend')!.names)})`, 'i')
export const NO_SUN_CORRECTION_RE = new RegExp(`(?:${alternation(NO_SUN_CORRECTION)})`, 'gi')
export const SIGNIFICANCE = new RegExp(`(?:${alternation(LEX_SIGNIFICANCE)})`, 'i')
export const TREND_AXIS = new RegExp(`(?:${alternation(LEX_TREND_AXIS)})`, 'gi')
export const REPORT_VALUE =
  /^[^.?;]{0,80}?\b(?:and|then)\s+(?:report|give|state|return|output|provide)\s+(?:its|the\s+corresponding|the\s+associated|that|the)\s+(?:value|proportion|percentage|percent|share|fraction|magnitude|amount|coverage|number)\b/i
