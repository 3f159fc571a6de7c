/**
 * Period words: months, seasons (northern and southern hemisphere), quarters, halves, the growing season and the
 * hydrological year, each as the months (1..12) it spans. A season that crosses a year boundary (December to
 * February) starts in the year a question writes ("winter 2020" = December 2020 to February 2021, the house
 * convention; "winter 2019/20" and "winter 2019-2020" say both years). Data only.
 */

export const MONTHS: readonly { month: number; names: readonly string[] }[] = [
  // English, then the German and French names and their usual short forms (questions from those locales write them,
  // often with the English name beside them).
  { month: 1, names: ['january', 'jan', 'jan.', 'januar', 'janvier', 'janv.'] },
  { month: 2, names: ['february', 'feb', 'feb.', 'febuary', 'februar', 'février', 'févr.'] },
  { month: 3, names: ['march', 'mar', 'mar.', 'märz', 'mrz.', 'mars'] },
  { month: 4, names: ['april', 'apr', 'apr.', 'avril', 'avr.'] },
  { month: 5, names: ['may', 'mai'] },
  { month: 6, names: ['june', 'jun', 'jun.', 'juni', 'juin'] },
  { month: 7, names: ['july', 'jul', 'jul.', 'juli', 'juillet', 'juil.'] },
  { month: 8, names: ['august', 'aug', 'aug.', 'août'] },
  { month: 9, names: ['september', 'sept', 'sep', 'sep.', 'sept.', 'septembre'] },
  { month: 10, names: ['october', 'oct', 'oct.', 'oktober', 'okt', 'okt.', 'octobre'] },
  { month: 11, names: ['november', 'nov', 'nov.', 'novembre'] },
  { month: 12, names: ['december', 'dec', 'dec.', 'dezember', 'dez', 'dez.', 'décembre', 'déc.'] },
]

/** Months in Roman numerals, January first, as some locales write them in a date ("23.IV.2019"); capitals only. */
export const ROMAN_MONTHS: readonly string[] = ['I', 'II', 'III', 'IV', 'V', 'VI', 'VII', 'VIII', 'IX', 'X', 'XI', 'XII']

/** Meteorological seasons; the south's are shifted by six months. */
export const SEASONS: readonly { name: string; north: readonly number[]; south: readonly number[]; names: readonly string[] }[] = [
  { name: 'spring', north: [3, 4, 5], south: [9, 10, 11], names: ['spring', 'springtime'] },
  { name: 'summer', north: [6, 7, 8], south: [12, 1, 2], names: ['summer', 'summertime'] },
  { name: 'autumn', north: [9, 10, 11], south: [3, 4, 5], names: ['autumn', 'fall'] },
  { name: 'winter', north: [12, 1, 2], south: [6, 7, 8], names: ['winter', 'wintertime'] },
]
/** Words that say which hemisphere's seasons are meant ("austral summer"). Absent: northern. */
export const HEMISPHERE_WORDS: Readonly<Record<'north' | 'south', readonly string[]>> = {
  north: ['boreal', 'northern hemisphere', 'northern-hemisphere'],
  south: ['austral', 'southern hemisphere', 'southern-hemisphere'],
}

/** Named spans of months with a stated convention. */
export const NAMED_SPANS: readonly { name: string; months: readonly number[]; names: readonly string[]; convention: string }[] = [
  { name: 'growing season', months: [4, 5, 6, 7, 8, 9, 10], names: ['growing season', 'growing-season', 'vegetation period', 'crop season'], convention: 'April to October (northern hemisphere temperate convention)' },
  { name: 'hydrological year', months: [10, 11, 12, 1, 2, 3, 4, 5, 6, 7, 8, 9], names: ['hydrological year', 'water year', 'hydrologic year'], convention: 'October of the year before to September of the year named (USGS water year)' },
  // Three months by their initials, as climatologists write them: the months themselves in either hemisphere ("SON",
  // also a word, is read in capitals only: CAPITAL_SEASON_INITIALS below).
  { name: 'JJA', months: [6, 7, 8], names: ['jja'], convention: 'June, July and August (the months the initials name)' },
  { name: 'MAM', months: [3, 4, 5], names: ['mam'], convention: 'March, April and May (the months the initials name)' },
]

/**
 * Season initials that are also English words, read only in capitals beside a year ("SON 2019"; "son" is a word).
 * "DJF" stays unread: which December a winter of a year takes is a convention of its own.
 */
export const CAPITAL_SEASON_INITIALS: readonly { initials: string; months: readonly number[]; convention: string }[] = [
  { initials: 'SON', months: [9, 10, 11], convention: 'September, October and November (the months the initials name)' },

]

export const QUARTERS: readonly { quarter: number; months: readonly number[]; names: readonly string[] }[] = [
  { quarter: 1, months: [1, 2, 3], names: ['q1', 'first quarter', '1st quarter'] },
  { quarter: 2, months: [4, 5, 6], names: ['q2', 'second quarter', '2nd quarter'] },
  { quarter: 3, months: [7, 8, 9], names: ['q3', 'third quarter', '3rd quarter'] },
  { quarter: 4, months: [10, 11, 12], names: ['q4', 'fourth quarter', '4th quarter', 'last quarter'] },
]

export const HALVES: readonly { half: number; months: readonly number[]; names: readonly string[] }[] = [
  { half: 1, months: [1, 2, 3, 4, 5, 6], names: ['first half', '1st half', 'h1'] },
  { half: 2, months: [7, 8, 9, 10, 11, 12], names: ['second half', '2nd half', 'h2', 'last half'] },
]

/** Words that join two ends of a range, and words that join items of a list. */
export const RANGE_WORDS: readonly string[] = ['to', 'until', 'till', 'through', 'thru', '-', '–', '—', 'and']
export const LIST_WORDS: readonly string[] = ['and', ',', '/', '&', 'or', 'plus', '+']

/**
 * Words that anchor a stretch of whole days or weeks at a day ("the 100 days starting 1 March 2019", "the 45 days
 * ending 31 August 2019"): counted forward from it or back from it, the day named inside. `unclear` ones leave open
 * whether the day named is inside ("the 10 days after 5 July"): a stretch anchored by one is refused, naming it.
 */
/**
 * Words after a range of dates that say its ends are kept ("between 6 March and 12 July inclusive", "both days
 * included"): every period is read with its ends, so they restate it.
 */
export const BOUNDS_INCLUDED: readonly string[] = ['inclusive', 'both inclusive', 'both included', 'both days included', 'both days inclusive', 'both dates included', 'both dates inclusive', 'both ends included', 'both ends inclusive', 'both ends in', 'both end dates included', 'end dates included', 'endpoints included', 'end points included', 'including both ends', 'including both days', 'including both dates', 'first and last day included', 'first and last days included', 'both days counted', 'both ends counted']

export const STRETCH_ANCHORS: { forward: readonly string[]; back: readonly string[]; unclear: readonly string[] } = {
  forward: ['starting', 'starting on', 'beginning', 'beginning on', 'commencing', 'from', 'which start on', 'that start on', 'which begin on', 'that begin on'],
  back: ['ending', 'ending on', 'up to', 'through', 'until', 'till', 'finishing', 'finishing on', 'which end on', 'that end on', 'which finish on', 'that finish on', 'which ends on', 'that ends on'],
  unclear: ['after', 'following', 'before', 'preceding', 'leading up to', 'prior to'],
}

/** Time spans the spec has no field for: a run stops on them, naming them. */
export const UNPLACED_SPANS: readonly string[] = ['week', 'weeks', 'weekly', 'fortnight', 'fortnightly', 'hourly', 'hour', 'hours', 'decadal', 'decade', 'weekend', 'weekends', 'weekday', 'weekdays', 'morning', 'afternoon', 'monsoon', 'wet season', 'dry season', 'rainy season']

/**
 * Words that take part of a month or season ("late July", "early spring", "mid-August"): the reader has no dates
 * for such a part, so the span is refused, naming it, never read as the whole month or season.
 */
export const PART_OF_SPAN_WORDS: readonly string[] = ['early', 'late', 'mid']

/**
 * Calendars other than the civil one a year, quarter or half may be counted in ("fiscal Q3 2019", "FY2019", "the
 * academic year 2019"): where they start differs by country and organisation, so such a period is refused, naming
 * it, never read as the calendar period.
 */
export const OTHER_CALENDARS: readonly string[] = ['fiscal', 'financial', 'academic', 'school', 'tax', 'budget', 'business', 'marketing']
/** Their abbreviations written against a year ("FY2019", "FY 19"). */
export const OTHER_CALENDAR_ABBREVIATIONS: readonly string[] = ['fy']

/** Days of the week (getUTCDay order, Sunday 0), as a restated day may carry one ("mon 13 may"). */
export const WEEKDAYS: readonly (readonly string[])[] = [
  ['sunday', 'sun'],
  ['monday', 'mon'],
  ['tuesday', 'tue', 'tues'],
  ['wednesday', 'wed'],
  ['thursday', 'thu', 'thur', 'thurs'],
  ['friday', 'fri'],
  ['saturday', 'sat'],
]

/** Words after "may" that make it the verb ("band 4 may be noisy"), not the month of a day ("4 May"). */
export const MAY_VERB_FOLLOWERS: readonly string[] = [
  'be', 'have', 'not', 'also', 'still', 'well', 'need', 'contain', 'include', 'show', 'hold', 'differ', 'vary', 'change', 'look', 'give',
]
