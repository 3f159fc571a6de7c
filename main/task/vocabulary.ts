/**
 * The planner's views of lexicon words it matches itself: variables (with the key the planner uses), value
 * statistics, percentiles, objects and land-cover class words. Image parts, units, periods, comparators and the
 * words that block a run when left unread are the lexicon's and the span parser's (main/domain/lexicon).
 */
import {
  CLASS_WORDS as LEX_CLASS_WORDS,
  OBJECT_CLASSES as LEX_OBJECT_CLASSES,
  STATISTICS as LEX_STATISTICS,
  VARIABLES as LEX_VARIABLES,
} from '../domain/lexicon'
import { alternation } from '../domain/spans/words'
import { NOT_OF_THE_SUN } from '../domain/spans/variables'
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
