/**
 * The planner's views of lexicon words it matches itself: variables (with the key the planner uses), value
 * statistics, percentiles, objects and land-cover class words. Image parts, units, periods, comparators and the
 * words that block a run when left unread are the lexicon's and the span parser's (main/domain/lexicon).
 */
import { CLASS_WORDS as LEX_CLASS_WORDS, VARIABLES as LEX_VARIABLES } from '../domain/lexicon'
import { alternation } from '../domain/spans/words'
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
  words: new RegExp(`(?:${alternation(v.names)})`, 'i'),
}))

/** Objects the counting tools look for. */
export const OBJECTS =
  /\b(ships?|boats?|vessels?|planes?|airplanes?|aircraft|cars?|vehicles?|buildings?|houses?|storage tanks?|trees?|bridges?|harbou?rs?|ponds?|swimming pools?|tennis courts?|roundabouts?|windmills?|wind turbines?|helicopters?|trucks?|containers?)\b/i

/** Value statistics by their words, most specific first. */
export const VALUE_STATISTICS: readonly { statistic: Statistic; words: RegExp }[] = [
  { statistic: 'std', words: /\bstandard\s+deviations?\b|\bstd\.?(?:\s*dev\.?)?\b|\bstdev\b|\bsd\b(?=\s+of)/i },
  { statistic: 'variance', words: /\bvariance\b/i },
  { statistic: 'median', words: /\bmedian\b/i },
  { statistic: 'range', words: /\b(?:value\s+)?range\s+of\s+(?:the\s+)?(?:values|\w+\s+values)\b|\b(?:max(?:imum)?\s*(?:-|minus)\s*min(?:imum)?)\b|\bspread\s+between\s+the\s+(?:highest|maximum)\b/i },
  { statistic: 'sum', words: /\bsum\b|\btotal\s+(?:of\s+(?:the\s+)?)?(?:pixel\s+)?values?\b/i },
  { statistic: 'mean', words: /\bmean\b|\baverages?\b|\baveraged\b|\bavg\b/i },
  { statistic: 'max', words: /\bmaxim(?:um|a)\b|\bhighest\b|\bmax\b|\bpeak\b|\blargest\b/i },
  { statistic: 'min', words: /\bminim(?:um|a)\b|\blowest\b|\bmin\b|\bsmallest\b/i },
]

/** "the 90th percentile", "p90", "the 25 % quantile", quartiles. */
export const PERCENTILE = /\b(\d{1,2}(?:\.\d+)?)(?:st|nd|rd|th)?[\s-]*(?:percentile|centile|%\s*(?:quantile|percentile))\b|\bp(\d{1,2})\b(?!\s*[-/])|\b(first|lower|third|upper)\s+quartile\b/i

/**
 * Class words (the lexicon's) used to select pixels ("urban pixels", "forest areas", "water bodies"): a mask needing a class layer or
 * a stated threshold. A class word as context ("the urban heat island", "the urban area of Wuhan" as the study area) selects nothing.
 */
export const CLASS_WORDS = new RegExp(
  `(?:${alternation(LEX_CLASS_WORDS)})\\s+(?:pixels?|areas|zones|surfaces|fields|land\\s+cover|cover\\s+class|class(?:es)?|patches)\\b|\\bwater\\s+bodies\\b`,
  'i',
)
