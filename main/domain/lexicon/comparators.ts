/**
 * Comparators: the words of a comparison with its direction, whether the bound is kept (inclusive), and negated
 * forms. "not exceeding 0.3" is <= 0.3; "outside 0.2-0.5" keeps what is not in the range; "excluding pixels with
 * NDVI > 0.5", "other than" negate the comparison that follows. Data only.
 */

export interface LexComparator {
  words: readonly string[]
  op: '>' | '>=' | '<' | '<='
}

/** Longest first when read; each word maps to one op. */
export const COMPARATORS: readonly LexComparator[] = [
  { op: '>=', words: ['>=', '≥', '=>', 'at least', 'no less than', 'not less than', 'not below', 'not lower than', 'not under', 'greater than or equal to', 'greater than or equal', 'higher than or equal to', 'equal to or greater than', 'equal to or higher than', 'equal to or above', 'of at least', 'greater or equal', 'greater or equal to', 'higher or equal', 'higher or equal to', 'larger or equal to', 'bigger or equal to', 'down to and including'] },
  { op: '<=', words: ['<=', '≤', '=<', 'at most', 'no more than', 'not more than', 'not above', 'not exceeding', 'does not exceed', 'do not exceed', "don't exceed", "doesn't exceed", 'not higher than', 'not over', 'less than or equal to', 'less than or equal', 'lower than or equal to', 'equal to or less than', 'equal to or lower than', 'equal to or below', 'up to', 'of at most', 'less or equal', 'less or equal to', 'lower or equal', 'lower or equal to', 'smaller or equal', 'smaller or equal to', 'smaller than or equal to', 'up to and including'] },
  { op: '>', words: ['>', 'exceeding', 'exceeds', 'exceeded', 'exceed', 'surpassing', 'surpasses', 'surpassed', 'surpass', 'above', 'greater than', 'higher than', 'over', 'more than', 'larger than', 'bigger than', 'hotter than', 'warmer than', 'strictly above', 'strictly greater than', 'in excess of', 'beyond',
    // "then" for "than", a slip common enough to be read as the word meant
    'greater then', 'higher then', 'more then', 'larger then', 'bigger then', 'hotter then', 'warmer then'] },
  { op: '<', words: ['<', 'below', 'less than', 'lower than', 'under', 'fell below', 'falls below', 'smaller than', 'cooler than', 'colder than', 'strictly below', 'strictly less than', 'beneath',
    'less then', 'lower then', 'smaller then', 'cooler then', 'colder then'] },
]

/** Words after a one-sided comparison's number that keep the bound ("below 0.3 or equal", "under 0.3 inclusive"). */
export const BOUND_KEPT_AFTER: readonly string[] = ['inclusive', 'incl.', 'or equal', 'or equal to it', 'or equal to that', 'or equal to this', 'bound included', 'bound inclusive']

/**
 * Words after a range that say whether its ends belong to it ("between 285 and 290 K exclusive", "(both ends
 * excluded)", "neither endpoint included"; "inclusive", "both limits included"). A range keeps its ends unless told.
 */
export const RANGE_ENDS: Readonly<Record<'excluded' | 'included', readonly string[]>> = {
  excluded: ['exclusive', 'both exclusive', 'exclusive of both ends', 'exclusive of the ends', 'exclusive of the endpoints', 'both ends excluded', 'ends excluded', 'endpoints excluded', 'both endpoints excluded', 'end points excluded', 'both limits excluded', 'limits excluded', 'both bounds excluded', 'bounds excluded', 'neither end included', 'neither endpoint included', 'neither end point included', 'neither limit included', 'neither bound included', 'ends not included', 'endpoints not included', 'excluding both ends', 'excluding the ends', 'excluding the endpoints', 'not including the ends', 'not including the endpoints', 'open interval', 'both ends open'],
  included: ['inclusive', 'both inclusive', 'inclusive of both ends', 'inclusive of the ends', 'both ends included', 'ends included', 'both ends inclusive', 'ends inclusive', 'endpoints included', 'both endpoints included', 'end points included', 'both limits included', 'limits included', 'both bounds included', 'bounds included', 'both ends in', 'including both ends', 'including the ends', 'including the endpoints', 'closed interval', 'the limits themselves included', 'the value itself included'],
}

/** Comparators written after the number ("0.3 or more", "300 K and below"). */
export const POSTFIX_COMPARATORS: readonly LexComparator[] = [
  { op: '>=', words: ['or more', 'or above', 'or higher', 'or greater', 'and above', 'and higher', 'or over', 'and over', 'plus'] },
  { op: '<=', words: ['or less', 'or below', 'or lower', 'or fewer', 'and below', 'and lower', 'or under', 'and under'] },
]

/** Range words: "between a and b", "from a to b", "in the range a-b", "within [a, b]", "in 0..1". Bounds are inclusive. */
export const RANGE_LEADS: readonly string[] = ['between', 'from', 'in the range of', 'in the range', 'within the range of', 'within the range', 'within', 'in']
export const RANGE_JOINS: readonly string[] = ['and', 'to', '-', '–', ',', 'through', '..']

/** Words that negate the range or comparison they lead ("outside 0.2-0.5", "not between"). */
/**
 * Words that restrict the pixels to a range written bare after the variable ("only NDVI 0 to 1", "keeping NDVI 0-1"):
 * with one of them before it, a range of whole numbers is a range of values, not two years or a date.
 */
export const RESTRICTING_LEADS: readonly string[] = ['only', 'just', 'keeping', 'keeping only', 'keep only', 'restricted to', 'limited to']
export const RANGE_NEGATIONS: readonly string[] = ['outside', 'outside of', 'not between', 'not within', 'not in the range', 'out of the range']

/** Words that turn a selection into its complement: "excluding pixels with NDVI > 0.5", "other than water". */
export const NEGATIONS: readonly string[] = ['excluding', 'exclude', 'excludes', 'excluded', 'except', 'except for', 'other than', 'apart from', 'not counting', 'leaving out', 'without', 'ignoring', 'masking out', 'masked out', 'mask out', 'masks out', 'omitting', 'but not', 'removing', 'remove', 'removed', 'discarding', 'discard', 'discarded', 'do not count', "don't count", 'not including', 'skip', 'skipping', 'ignore', 'ignores', 'omit', 'leave out', 'throw out', 'throw away', 'w/o', 'drop', 'dropping',
  // Less common forms an analyst writes (the guard beside conditions, spans/set-aside.ts, blocks others unread).
  'sans', 'with the exception of', 'exclusion of', 'exclusive of', 'excl.', 'everything but', 'everything except', 'all but', 'all except', 'none of', 'save for', 'barring',
  'leaving aside', 'setting aside', 'eliminating', 'rejecting', 'without counting', 'not considering', 'neglecting']

/**
 * Words, and word starts ending in "*", that may turn a selection into its complement, or keep the values it names
 * in what is counted rather than select them: left unread beside a condition
 * ("negatives out", "all pixels but the negative ones", "negative values excepted"), the ledger blocks them there,
 * since the condition alone would keep the very pixels the question sets aside. ("drops" is left out: "the dates
 * where LST drops below 290 K" keeps them; "drop NDVI below 0" is read as a negation.)
 */
export const POLARITY_WORDS: readonly string[] = [
  'non*', 'not', 'nor', 'no', 'none', 'neither', 'nothing', 'sans', 'save', 'barring', 'minus', 'but', 'except*', 'exclu*', 'omit*', 'ignor*',
  'skip*', 'remov*', 'discard*', 'reject*', 'eliminat*', 'disregard*', 'neglect*', 'invalid*', 'aside', 'out', 'away', 'off', 'leav*',
  'left', 'mask*', 'filter*', 'throw*', 'thrown', 'toss*', 'strip*', 'purg*', 'delet*', 'suppress*', 'void', 'null', 'nan', 'nodata', 'missing',
  // Words that keep the values in what is counted rather than select them ("negative NDVI kept" beside a share's denominator).
  'kept', 'retain*', 'includ*', 'stay*', 'remain*',
]

/** Numbers written as words in a comparison ("bigger than zero"): the word and its value. */
export const NUMBER_WORDS: Readonly<Record<string, number>> = { zero: 0 }

/**
 * Numbers spelled in words that a comparison cannot read as its threshold ("above zero point five", "below
 * forty"): after a comparison word they block, naming the phrase, rather than leaving the comparison out. "One" is
 * left out: "at least one pixel" counts pixels, it states no threshold.
 */
export const SPELLED_NUMBERS: readonly string[] = [
  ...['zero', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve', 'fifteen', 'twenty'],
  ...['thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety', 'hundred', 'point'],
]

/**
 * Phrases that set aside a variable named before them in the same sentence ("NDVI was covered last week, so leave
 * it aside."): it is not what the statistic is of. They mask no pixels.
 */
export const SET_ASIDE: readonly string[] = ['leave it aside', 'leave that aside', 'leave them aside', 'set it aside', 'set that aside', 'put it aside', 'leave it out', 'ignore it', 'skip it']

/** Sign words after a variable ("NDWI is negative", "where NDVI is not positive"): a comparison with 0. */
export const SIGN_WORDS: Readonly<Record<'<' | '>', readonly string[]>> = {
  '<': ['negative', 'below zero', 'less than zero', 'under zero'],
  '>': ['positive', 'above zero', 'greater than zero', 'over zero'],
}

/**
 * Words that name the pixels a share is taken among, before their condition ("among the vegetated pixels (NDVI >
 * 0.3)", "out of the pixels with NDVI above 0.3", "Of the pixels with NDVI > 0.3, what share ..."): the condition
 * bounds the denominator, not what is counted. `anywhere` leads may stand anywhere in a clause; `clauseStart` ones
 * only open a clause ("share of the pixels with TVDI > 0.8" counts those pixels).
 */
export const POPULATION_LEADS: {
  anywhere: readonly string[]
  clauseStart: readonly string[]
  nouns: readonly string[]
  labels: readonly string[]
  countedLabels: readonly string[]
} = {
  anywhere: ['among', 'amongst', 'out of', 'within'],
  clauseStart: ['of', 'for', 'from', 'considering only', 'looking only at', 'restricted to', 'limited to'],
  nouns: ['pixels', 'pixel', 'px', 'cells', 'ones', 'area', 'areas', 'parts', 'those'],
  /** A checklist line's label naming the pixels a share is taken among ("- pixels: NDVI from 0 to 1", "subset: ..."). */
  labels: ['pixels', 'population', 'denominator', 'base', 'among', 'subset'],
  /** A checklist line's label naming what a share counts ("- counted: NDVI not between 0.15 and 0.35"). */
  countedLabels: ['counted', 'numerator', 'count', 'condition', 'criterion', 'share of'],
}

/**
 * A share of pixels named with their condition and then a verb and a second condition ("what percent of the pixels
 * with LST above 35 °C have a TVDI over 0.9", "the share of pixels where NDVI > 0.3 that also show LST > 300 K"):
 * the first condition names the pixels the share is taken among, the second what is counted. With no verb and second
 * condition ("the share of the pixels with TVDI > 0.8") the condition is what is counted.
 */
export const SHARE_AMONG: { shares: readonly string[]; verbs: readonly string[]; backReferences: readonly string[] } = {
  shares: ['percent of', 'percentage of', 'per cent of', '% of', 'share of', 'fraction of', 'proportion of', 'part of'],
  verbs: ['have', 'has', 'had', 'are', 'is', 'were', 'was', 'show', 'shows', 'showed', 'exceed', 'exceeds', 'exceeded', 'reach', 'reaches', 'reached', 'fall', 'falls', 'fell', 'lie', 'lies', 'stay', 'stays', 'remain', 'remains', 'also have', 'also has', 'also show', 'also shows', 'also are', 'also is', 'that also have', 'that also show', 'that also are', 'that have', 'that are', 'that show', 'which also have', 'which have'],
  /**
   * A share of pixels named before ("Consider the pixels with NDVI below 0.15. What percentage of those pixels have a
   * TVDI above 0.8?"): every condition before the reference names the pixels the share is taken among.
   */
  backReferences: ['those pixels', 'these pixels', 'those', 'these', 'such pixels', 'the selected pixels', 'the remaining pixels', 'them'],
}

/**
 * Words that keep the values a condition names in the count instead of selecting them ("negative NDVI must be
 * counted too", "including negative values", "negative values are not excluded"): the values are part of what is
 * asked, not all of it. `before` stand before the values; `after` follow them; `additive` must close a bare verb
 * of `verbs` ("count negative NDVI too": without it, "count negative NDVI pixels" asks for their number).
 */
export const INCLUSIONS: { before: readonly string[]; verbs: readonly string[]; after: readonly string[]; additive: readonly string[] } = {
  before: ['including', 'incl.', 'incl', 'inclusive of'],
  verbs: ['counted', 'kept', 'used', 'taken', 'count', 'keep', 'use'],
  after: ['included', 'are included', 'is included', 'must be included', 'should be included', 'stay in', 'stays in', 'remain in', 'remains in', 'are not excluded', 'is not excluded', 'not excluded', 'are not removed', 'not removed', 'are not masked', 'not masked'],
  additive: ['too', 'also', 'as well'],
}


/**
 * Words that ask for a yes or a no ("median NDVI of A > median of B? yes/no", "true or false: ..."): the app answers
 * with values, so such an ask is refused unless the question also asks how much.
 */
export const YES_NO_MARKERS: readonly string[] = ['yes/no', 'yes or no', 'yes / no', 'y/n', 'true or false', 'true/false', 'is it true that', 'is it the case that', 'is it correct that', 'am i right that']
