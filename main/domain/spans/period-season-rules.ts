/**
 * The period parser's rules for a season or a named span of one year ("summer 2022", "austral summer 2019", "the
 * growing season of 2019", "water year 2019", "SON 2019"), run in their place among the parser's rules (periods.ts).
 */
import { CAPITAL_SEASON_INITIALS, NAMED_SPANS } from '../lexicon/periods'
import { HEMI_RE, SEASON_RE, YEAR, monthsInBrackets, seasonMonths, spanOfMonths } from './period-words'
import type { Rule } from './periods'
import { alternation, literalAlternation } from './words'

export const SEASON_OF_YEAR_RULES: Rule[] = [
  // "the growing season of 2019", "water year 2019", "2019 growing season"
  {
    re: new RegExp(
      `(${alternation(NAMED_SPANS.flatMap((n) => n.names))})\\s+(?:of\\s+|in\\s+)?${YEAR}|${YEAR}\\s+(${alternation(NAMED_SPANS.flatMap((n) => n.names))})`,
      'gi',
    ),
    make: (m) => {
      const word = (m[1] ?? m[4]).toLowerCase().replace(/[\s-]+/g, ' ')
      const named = NAMED_SPANS.find((n) => n.names.some((w) => w.replace(/-/g, ' ') === word))!
      const y = Number(m[2] ?? m[3])
      const months = named.months
      // A span that wraps ends in the year named (water year 2019 = October 2018 to September 2019).
      const wraps = months[months.length - 1] < months[0]
      return { ...spanOfMonths(wraps ? y - 1 : y, months, 'season'), convention: named.convention }
    },
  },
  // "SON 2019", "2019 SON": season initials that are also words, in capitals only (lexicon CAPITAL_SEASON_INITIALS)
  {
    re: new RegExp(
      `(?<![\\w-])(${literalAlternation(CAPITAL_SEASON_INITIALS.map((x) => x.initials))})\\s+(?:of\\s+|in\\s+)?${YEAR}|${YEAR}\\s+(${literalAlternation(CAPITAL_SEASON_INITIALS.map((x) => x.initials))})(?![\\w-])`,
      'g',
    ),
    make: (m) => {
      const named = CAPITAL_SEASON_INITIALS.find((x) => x.initials === (m[1] ?? m[4]))!
      return { ...spanOfMonths(Number(m[2] ?? m[3]), named.months, 'season'), convention: named.convention }
    },
  },
  // "summer 2022", "the 2021 summer", "austral summer 2019", "summer (JJA) 2019" (its months restated in brackets)
  {
    re: new RegExp(`${HEMI_RE}${SEASON_RE}(?:\\s*\\(([^()]{2,30})\\))?\\s+(?:of\\s+|in\\s+)?${YEAR}|${YEAR}\\s+${HEMI_RE}${SEASON_RE}`, 'gi'),
    make: (m) => {
      // Groups: hemisphere 1, season 2, bracket 3, year 4 | year 5, hemisphere 6, season 7.
      const months = seasonMonths(m[2] ?? m[7], m[1] ?? m[6])
      if (m[3] !== undefined && monthsInBrackets(m[3])?.join() !== months.join()) return null
      return spanOfMonths(Number(m[4] ?? m[5]), months, 'season')
    },
  },
]
