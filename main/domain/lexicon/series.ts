/**
 * How a trend or a "date of" is sampled (series granularity), pooling words, and combination words across periods
 * or regions. Data only.
 */

export const SERIES_GRANULARITIES: readonly { key: 'acquisition' | 'monthly' | 'seasonal' | 'annual'; names: readonly string[] }[] = [
  { key: 'acquisition', names: ['per acquisition', 'each acquisition', 'every acquisition', 'per date', 'each date', 'every date', 'per image', 'each image', 'per scene', 'each scene', 'one value per acquisition', 'one value per date', 'one value per image', 'individual dates', 'individual acquisitions', 'individual images', 'daily values', 'daily means', 'acquisition dates'] },
  { key: 'monthly', names: ['monthly', 'per month', 'each month', 'every month', 'month by month', 'monthly means', 'monthly averages', 'monthly mean', 'monthly average', 'one value per month'] },
  { key: 'seasonal', names: ['seasonal', 'per season', 'each season', 'every season', 'seasonal means', 'seasonal averages', 'one value per season'] },
  { key: 'annual', names: ['annual', 'annually', 'yearly', 'per year', 'each year', 'every year', 'year by year', 'year-on-year', 'annual means', 'annual averages', 'annual mean', 'annual average', 'one value per year'] },
]

/** Slope units: a trend is reported per year whatever the step; these words say so or ask another. */
export const SLOPE_UNITS: Readonly<Record<string, readonly string[]>> = {
  per_year: ['per year', 'per annum', '/year', '/yr', 'per yr', 'a year', 'each year', 'yearly', 'k/yr', 'k/year', 'k per year', 'k per yr', 'kelvin per year', 'kelvin/year', 'k yr-1', 'k a-1'],
  per_decade: ['per decade', '/decade'],
  per_month: ['per month', '/month'],
}

/** "All valid px of all dates", "every pixel from every scene": each pixel of each date, taken together. */
const ALL_PIXELS_OF_ALL_DATES: readonly string[] = ['all', 'every'].flatMap((q) =>
  ['', 'valid '].flatMap((v) =>
    ['pixels', 'pixel', 'px', 'cells'].flatMap((px) =>
      ['of', 'from', 'across', 'in', 'on'].flatMap((of) =>
        ['all', 'all the', 'every'].flatMap((q2) => ['dates', 'date', 'images', 'image', 'scenes', 'scene', 'acquisitions', 'acquisition'].map((d) => `${q} ${v}${px} ${of} ${q2} ${d}`)),
      ),
    ),
  ),
)

export const POOLING: Readonly<Record<'pooled' | 'per_date', readonly string[]>> = {
  pooled: ['pooled', 'pooling', 'pool', 'pool all', 'in one pot', 'into one pot', 'in a single pot', 'into a single pot', 'one big pot', ...ALL_PIXELS_OF_ALL_DATES, 'pool every pixel', 'pool all pixels', 'across all pixels and dates', 'all pixels and dates together', 'one sample', 'treated as one sample', 'as a single sample', 'a single sample', 'one single sample', 'a single distribution', 'one distribution', 'a single population', 'one pool', 'a single pool', 'lumped together'],
  per_date: ['per date', 'per-date', 'per image', 'per-image', 'per scene', 'per-scene', 'per acquisition', 'each date', 'each image', 'each scene', 'each acquisition', 'every date', 'every image', 'every scene', 'every acquisition', 'of the daily', 'of the per-date', 'of the individual', 'daily means', 'daily values', 'scene means', 'image means', 'scene mean', 'image mean', 'scene-mean', 'scene-means', 'each date weighted equally', 'every date weighted equally', 'dates weighted equally', 'all dates weighted equally', 'each date equally weighted', 'every date equally weighted', 'each date with equal weight', 'every date with equal weight', 'each date with the same weight', 'every date with the same weight', 'all dates with the same weight'],
}

/**
 * Words after a statistic that refer back to values computed before it ("then the median of these means", "the max
 * of those values", "the average of them"): that statistic is taken over the per-date values, and the one said
 * before, of each date, is each date's.
 */
export const BACK_REFERENCES: readonly string[] = ['of these', 'of those', 'of them', 'of all these', 'of all those', 'over these', 'over those', 'across these', 'across those', 'of the resulting', 'of the obtained', 'over the resulting', 'those', 'these']

/**
 * A comparison with something outside the files ("We compare with a product that divides by ..."): its words name
 * the reason for a convention, not two quantities of the files to combine. The lead, then what is compared with.
 */
export const EXTERNAL_COMPARISON: { leads: readonly string[]; objects: readonly string[] } = {
  leads: ['compare with', 'compare against', 'compare it with', 'compare it against', 'compare our results with', 'comparing with', 'comparing against', 'validate against', 'are compared with', 'will be compared with'],
  objects: ['a product', 'another product', 'an external product', 'the product', 'a dataset', 'another dataset', 'an external dataset', 'a reference', 'a reference product', 'a reference dataset', 'field data', 'field measurements', 'in-situ data'],
}

/**
 * Comparatives that set two periods against each other ("May was warmer than October", "how much colder was July
 * than ..."): `up` ones take the first named minus the second, `down` ones the second minus the first; `exceed`
 * words compare as `up` ones do without "than".
 */
export const COMPARATIVES: { up: readonly string[]; down: readonly string[]; exceed: readonly string[] } = {
  up: ['higher', 'greater', 'larger', 'bigger', 'warmer', 'hotter', 'more'],
  down: ['lower', 'smaller', 'colder', 'cooler', 'less'],
  exceed: ['exceed', 'exceeds', 'exceeded', 'surpass', 'surpasses', 'surpassed'],
}

export const COMBINATIONS: readonly { key: 'difference' | 'ratio' | 'absolute_difference' | 'percent_change'; names: readonly string[] }[] = [
  { key: 'percent_change', names: ['percent change', 'percentage change', '% change', 'relative change', 'percent increase', 'percentage increase', 'percent decrease', 'percentage decrease', 'change in percent', 'by what percentage', 'by what percent', 'by how many percent', 'how many percent'] },
  { key: 'ratio', names: ['ratio', 'times higher', 'times larger', 'times greater', 'times as high', 'times as large', 'times as big', 'times as much as', 'times that of', 'times the one of', 'times the value of', 'times the mean of', 'divided by', 'divided with', 'fold',
    'by what factor', 'by which factor', 'by how many times', 'what factor', 'which factor', 'multiplication factor', 'growth factor'] },
  { key: 'absolute_difference', names: ['absolute difference', 'absolute change', 'by how much', 'how much higher', 'how much lower', 'how much warmer', 'how much cooler', 'how much hotter', 'how much colder'] },
  { key: 'difference', names: ['difference', 'differences', 'differ', 'differs', 'change', 'changed', 'changes', 'compared with', 'compared to', 'compare', 'comparison', 'versus', 'vs', 'vs.', 'minus', 'increase', 'increased', 'decrease', 'decreased', 'rise', 'rose', 'risen', 'grow', 'grew', 'grown', 'shrink', 'shrank', 'shrunk', 'relative to', 'against'] },
]

/**
 * Changes from one point of a series to the next ("the largest drop between consecutive acquisitions", "the average
 * change from one acquisition to the next", "which date rose the most compared with the previous acquisition").
 * `consecutive`: the words that make a series of steps (`monthly` ones step from month to month); `rise`, `drop`,
 * `change`: the direction asked (a change is signed, drops negative); `largest` and `mean`: what is taken over the
 * steps; `most`: "fell the most" after the direction.
 */
export const SERIES_STEPS = {
  consecutive: [
    'from one acquisition to the next',
    'from one date to the next',
    'from one scene to the next',
    'from one image to the next',
    'from one overpass to the next',
    'between consecutive acquisitions',
    'between two consecutive acquisitions',
    'between successive acquisitions',
    'between consecutive dates',
    'between two consecutive dates',
    'between consecutive scenes',
    'between consecutive images',
    'acquisition-to-acquisition',
    'date-to-date',
    'scene-to-scene',
    'compared with the previous acquisition',
    'compared to the previous acquisition',
    'compared with the acquisition before it',
    'compared with the acquisition just before it',
    'compared to the acquisition before it',
    'compared to the acquisition just before it',
    'relative to the previous acquisition',
    'from the previous acquisition',
    'from the acquisition before it',
    'from the acquisition just before it',
    'since the previous acquisition',
    'over the previous acquisition',
  ],
  monthly: [
    'from one month to the next',
    'between consecutive months',
    'between two consecutive months',
    'month-to-month',
    'month to month',
    'compared with the previous month',
    'compared to the previous month',
    'from the previous month',
  ],
  rise: ['increase', 'increases', 'increased', 'rise', 'rises', 'rose', 'risen', 'jump', 'jumps', 'jumped', 'gain', 'gains', 'warming', 'greening', 'growth'],
  drop: ['drop', 'drops', 'dropped', 'fall', 'falls', 'fell', 'decline', 'declines', 'declined', 'decrease', 'decreases', 'decreased', 'cooling', 'loss', 'browning'],
  change: ['change', 'changes', 'step', 'steps', 'difference', 'differences'],
  largest: ['largest', 'biggest', 'greatest', 'sharpest', 'steepest', 'strongest', 'highest', 'maximum', 'max'],
  mean: ['average', 'mean'],
  most: ['the most', 'most'],
} as const
