/**
 * Statistics and the words that name them (keys are TaskSpec's `Statistic`), plus words that sound like a
 * statistic but do not say which one (they block a run). Data only.
 */

export interface LexStatistic {
  key: 'mean' | 'median' | 'std' | 'variance' | 'min' | 'max' | 'sum' | 'range' | 'percentile' | 'fraction' | 'area' | 'trend'
  names: readonly string[]
}

/** The population standard deviation (numpy's default, ddof 0), which is the one computed; and how it is marked. */
const STD_POPULATION = ['population standard deviation', 'population std', 'pop. std', 'pop std']
const DDOF_ZERO = ['(ddof=0)', '(ddof = 0)', '(ddof 0)', 'ddof=0', 'ddof = 0', 'ddof 0']

/**
 * The sample standard deviation (ddof 1, divided by n - 1), which no node computes: said, it stops a run rather than
 * be answered with the population one.
 */
export const SAMPLE_STD: readonly string[] = ['sample standard deviation', 'sample standard deviations', 'sample std', 'sample stdev', 'sample sd', 'sample std dev', 'unbiased standard deviation', 'unbiased std', 'ddof=1', 'ddof = 1', 'ddof 1', "bessel's correction", 'bessel correction', 'divided by n-1', 'divided by n - 1', 'divide by n-1', 'divide by n - 1']

/** Value statistics, most specific first. Percentiles are read with their number ("90th percentile", "p90"). */
export const STATISTICS: readonly LexStatistic[] = [
  { key: 'std', names: ['standard deviation', 'standard deviations', 'std dev', 'std', 'stdev', 'st dev', 'st. dev.', 'sd', ...['standard deviation', 'std', ...STD_POPULATION].flatMap((b) => DDOF_ZERO.map((d) => `${b} ${d}`)), ...STD_POPULATION] },
  { key: 'variance', names: ['variance'] },
  { key: 'median', names: ['median', 'medians', '50th percentile', 'middle value', 'middle values', 'central value', 'middle value of the sorted'] },
  { key: 'range', names: ['value range', 'range of values', 'range of the values', 'max minus min', 'maximum minus minimum', 'max - min', 'maximum - minimum', 'max-min', 'spread between the highest and lowest', 'spread between the maximum and minimum', 'difference between the maximum and minimum', 'difference between the maximum and the minimum', 'difference between the max and min', 'difference between max and min', 'difference between the highest and lowest', 'difference between the highest and the lowest', 'gap between the maximum and minimum', 'difference of maximum and minimum', 'difference of the maximum and the minimum', 'difference of the maximum and minimum', 'difference of max and min', 'range', 'highest minus lowest', 'the highest minus the lowest', 'largest minus smallest', 'the largest minus the smallest', 'highest minus the lowest',
    'difference between the hottest and the coldest', 'difference between the hottest and coldest', 'difference between hottest and coldest', 'difference between the warmest and the coldest',
    'hottest minus coldest', 'hottest pixel minus coldest pixel', 'the hottest pixel minus the coldest pixel', 'hottest minus the coldest', 'warmest minus coldest'] },
  { key: 'sum', names: ['sum', 'total of the values', 'total value', 'total of pixel values'] },
  { key: 'mean', names: ['mean', 'means', 'average', 'averages', 'averaged', 'avg', 'arithmetic mean'] },
  { key: 'max', names: ['maximum', 'maxima', 'highest', 'max', 'peak', 'largest', 'greatest', 'biggest'] },
  { key: 'min', names: ['minimum', 'minima', 'lowest', 'min', 'smallest', 'least'] },
  { key: 'trend', names: ['trend', 'trends', 'slope', 'slopes', "sen's slope", 'sen’s slope', 'sen slope', "sen's", 'sen’s', 'theil-sen', 'mann-kendall', 'mann–kendall', 'mann kendall', 'linear regression', 'rate of change'] },
  { key: 'fraction', names: ['percentage of', 'proportion of', 'fraction of', 'share of', 'percent of', 'what percentage', 'what percent', 'which percentage', 'which percent', 'what proportion', 'which proportion', 'what fraction', 'which fraction', 'what share', 'which share', 'what part of', 'what portion of'] },
  { key: 'area', names: ['total area', 'surface area', 'area covered', 'area occupied', 'how large an area', 'how much area', 'how big an area'] },
]

/** Named quartiles and the percentile they are ("Q1", "Q3" are quarters of the year, see ./periods.ts). */
export const QUARTILES: Readonly<Record<string, number>> = { 'first quartile': 25, 'lower quartile': 25, 'third quartile': 75, 'upper quartile': 75 }

/** Words that name a percentile when a number precedes them ("the 90th percentile", "the 25 % quantile"). */
export const PERCENTILE_WORDS: readonly string[] = ['percentile', 'centile', 'quantile', '% quantile', '% percentile']
/** Short forms of "percentile" read only after an ordinal number ("90th pct"): "90 pct" alone is a percentage. */
export const ORDINAL_PERCENTILE_WORDS: readonly string[] = ['pct', 'pctl', 'pctile', 'perc', 'ptile']

/** Words that ask for a count ("how many pixels", "number of dates"). */
export const COUNT_LEADS: readonly string[] = ['how many', 'number of', 'count of', 'count the', 'count the number of', 'pixel count', 'total number of', 'count', 'counting', 'tally of', '#']
/** Words after the counted noun that ask for its count ("px count", "date count"). */
export const COUNT_TRAILS: readonly string[] = ['count', 'counts']
/**
 * Verbs right after an elliptical "how many" whose counted noun came earlier in the sentence ("Across the 2019 dates,
 * how many have a mean NDVI of 0.25 or more?", "Of the 23 scenes, how many of them exceed ...").
 */
/** Words after "how many" that ask a magnitude, not a count ("how many Fahrenheit degrees warmer", "how many percentage points"). */
export const HOW_MANY_MAGNITUDES: readonly string[] = ['percentage points', 'percentage point', 'percent', 'points', 'fahrenheit', 'celsius', 'kelvin', 'degrees', 'degree', 'times', '°', 'k']
export const ELLIPTICAL_COUNT_VERBS: readonly string[] = ['have', 'has', 'had', 'show', 'shows', 'showed', 'exceed', 'exceeds', 'exceeded', 'meet', 'meets', 'met', 'reach', 'reaches', 'reached', 'are', 'were', 'is', 'was', 'fall', 'falls', 'fell', 'lie', 'lies', 'stay', 'stays', 'stayed', 'remain', 'remains', 'remained', 'do', 'did', 'does']
export const COUNTED_PIXELS: readonly string[] = ['pixels', 'pixel', 'px', 'pixles', 'pixle', 'cells', 'grid cells']
export const COUNTED_DATES: readonly string[] = ['days', 'dates', 'images', 'scenes', 'acquisitions', 'observations', 'times', 'nights', 'overpasses', 'months', 'years']

/**
 * Quantifiers over a date's pixels in a count of dates: "dates with at least one pixel above T" count a date when
 * some pixel meets the comparison (its maximum, for "above"), "dates where every pixel is above T" when all do (its
 * minimum). Each phrase is followed by "pixel(s)".
 */
export const PIXEL_QUANTIFIERS: Readonly<Record<'some' | 'every', readonly string[]>> = {
  some: ['at least one', 'at least a single', 'any', 'a single', 'one or more', 'some'],
  every: ['every', 'each', 'all', 'all of the', 'all the', 'all its', 'all of its'],
}

/** Extreme words around a date ("which date ... highest", "the coldest day"): the date of the maximum or minimum. */
export const EXTREME_WORDS: Readonly<Record<'max' | 'min', readonly string[]>> = {
  max: ['maximum', 'maxima', 'highest', 'peak', 'hottest', 'largest', 'max', 'warmest', 'greatest', 'biggest'],
  min: ['minimum', 'minima', 'lowest', 'coolest', 'coldest', 'smallest', 'min'],
}

/**
 * Extreme words that belong to one variable, read as the date of its maximum or minimum only beside that variable's
 * name: TVDI is high where the land is dry, so "the driest day by mean TVDI" is the date of its highest mean. Beside
 * another variable (an NDVI is low where land is dry) they are not read.
 */
export const VARIABLE_EXTREME_WORDS: Readonly<Record<string, Readonly<Record<'max' | 'min', readonly string[]>>>> = {
  tvdi: { max: ['driest', 'dryest', 'most dry', 'most arid'], min: ['wettest', 'most wet', 'most humid', 'moistest'] },
}

/**
 * Words that refer back to the date an extreme picks ("which date holds the hottest pixel? Give the mean of that
 * date"): a value asked of it, which the reader does not compute.
 */
export const PICKED_DATE_REFERENCES: readonly string[] = ['that date', 'this date', 'that day', 'this day', 'that acquisition', 'this acquisition', 'that scene', 'this scene', 'that image', 'the same date', 'the same day', 'the selected date', 'the chosen date', 'the date found', "that date's", "that day's", "that scene's"]

/** Ranks below the first, said before an extreme word ("the second-highest", "3rd warmest", "runner-up"). */
export const RANKS: readonly string[] = ['second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth', '2nd', '3rd', '4th', '5th', '6th', '7th', '8th', '9th', '10th', 'next', 'runner-up']

/**
 * Nouns of one pixel after an extreme word ("the single hottest LST pixel", "the highest NDVI pixel value"): the
 * extreme of the pixels (each date's maximum or minimum when a date is asked by it), not of a scene mean.
 */
export const PIXEL_NOUNS: readonly string[] = ['pixel', 'pixels', 'px', 'pixel value', 'pixel values', 'cell', 'single pixel']

/** "The date of" an extreme. */
export const DATE_OF_LEADS: readonly string[] = ['which date', 'what date', 'on which date', 'on what date', 'which day', 'what day', 'which acquisition', 'which image', 'which month', 'when', 'date whose', 'day whose', 'date on which', 'day on which']

/**
 * Phrases in which a statistic word names no statistic: a span of dates ("the date range", "the range of dates") or
 * the bounds of a condition ("in the range 0.2 to 0.5"). Their statistic word is not read as one.
 */
export const DATE_SPAN_RANGES: readonly string[] = ['date range', 'time range', 'period range', 'range of dates', 'range of the dates', 'range of days', 'range of years', 'range of months']
/**
 * "The average trend", "the mean slope": an average of trends (of each pixel's series?) or the trend of the average
 * series, fitted how? "The average extreme": of the maxima, the minima, both? The words say neither; a slope of the
 * scene means, and the mean itself, had been answered.
 */
export const AVERAGED_TRENDS: readonly string[] = ['average trend', 'average trends', 'mean trend', 'mean trends', 'average slope', 'mean slope', 'averaged trend', 'averaged slope', 'average extreme', 'average extremes', 'mean extreme', 'mean extremes', 'typical extreme', 'typical extremes']
// "interquartile range": the words name a statistic no span reads, so "range" alone must not be taken from them (the
// range max - min had been answered); left unread, the phrase blocks as a statistic the reader could not place.
export const NOT_STATISTICS: readonly string[] = [...DATE_SPAN_RANGES, 'interquartile range', 'inter-quartile range', 'inter quartile range', ...AVERAGED_TRENDS, 'at least', 'at most', 'in the range', 'within the range', 'outside the range', 'inside the range', 'in a range', 'within a range', 'valid range', 'range from', 'ranges from', 'ranging from', 'range between', 'ranges between']

/**
 * The ends of a scale or range said in words ("we need its lower end", "the upper bound of the colour bar"): the
 * extreme at that end, not a part of the image ("lower" alone may name one).
 */
export const EXTREME_ENDS: Readonly<Record<'max' | 'min', readonly string[]>> = {
  max: ['upper end', 'high end', 'top end', 'upper bound', 'upper limit'],
  min: ['lower end', 'low end', 'bottom end', 'lower bound', 'lower limit'],
}

/**
 * Words that sound like a statistic but do not say which, or name one no node computes (a correlation, a regression's
 * intercept or fit, an error measure): a run stops on them, naming them. A correlation of two per-date series had
 * been answered with the mean of the first.
 */
export const UNNAMED_STATISTICS: readonly string[] = [
  'fewest', 'mode', 'modal', 'skewness', 'skew', 'kurtosis', 'interquartile range', 'inter-quartile range', 'inter quartile range', 'iqr', 'coefficient of variation', 'weighted mean', 'weighted',
  'geometric mean', 'geometric', 'harmonic mean', 'harmonic', 'cumulative', 'anomaly', 'anomalies', 'z-score', 'z-scores', 'typical', 'variability',
  'decile', 'deciles',
  'correlation', 'correlations', 'correlated', 'correlate', 'corelation', 'correlation coefficient', 'pearson', "pearson's", 'spearman', "spearman's",
  'covariance', 'r-squared', 'r squared', 'r²', 'coefficient of determination', 'intercept', 'rmse', 'root mean square error', 'mean absolute error',
  // Changes between neighbours in time ("the sharpest cooling from one month to the next", "dropped the most from the
  // acquisition before it"): a series of differences, which nothing computes.
  'from one month to the next', 'from one date to the next', 'from one acquisition to the next', 'from one image to the next', 'from one scene to the next',
  'from one year to the next', 'from one season to the next', 'month-to-month', 'month to month', 'date-to-date', 'date to date', 'acquisition-to-acquisition',
  'acquisition to acquisition', 'scene-to-scene', 'scene to scene', 'image-to-image', 'consecutive', 'successive', 'first difference', 'first differences',
  'before it', 'after it', 'the acquisition before', 'the previous acquisition', 'the preceding acquisition', 'the previous date', 'the preceding date',
  'the previous image', 'the preceding image', 'the previous scene', 'the previous month', 'the preceding month', 'the next acquisition', 'the following acquisition',
]

/**
 * The time axis of a trend, said with it ("regress the mean LST against time", "the slope versus the acquisition
 * date"): the axis every trend is fitted on, not a second quantity compared.
 */
export const TREND_AXIS: readonly string[] = ['against time', 'versus time', 'vs time', 'vs. time', 'over time', 'in time', 'against date', 'against the date', 'against dates', 'against the dates', 'versus date', 'versus the date', 'against acquisition date', 'against the acquisition date', 'versus the acquisition date', 'against day of year', 'against the day of year', 'against the day of the year', 'versus day of year', 'versus the day of the year', 'vs day of year', 'vs. day of year', 'vs the day of the year', 'against doy', 'against the doy', 'vs doy', 'vs. doy', 'versus doy', 'vs date', 'vs. date', 'vs acquisition date', 'against the year', 'as a function of time', 'with time']

/** Significance words for a trend. */
export const SIGNIFICANCE: readonly string[] = ['significant', 'significance', 'significantly', 'insignificant', 'non-significant', 'p-value', 'p-values', 'p value', 'p values', 'pvalue', 'mann-kendall', 'mann–kendall', 'mann kendall', 'statistically']

/**
 * Words that order results rather than ask for an extreme: "rank the courts from largest to smallest" asks for an
 * ordering of values, not for the maximum. The extreme words inside them are not statistics.
 */
export const ORDERING: readonly string[] = [
  'from largest to smallest', 'from smallest to largest', 'from highest to lowest', 'from lowest to highest', 'from greatest to least', 'from least to greatest',
  'largest to smallest', 'smallest to largest', 'highest to lowest', 'lowest to highest', 'biggest to smallest', 'smallest to biggest',
  'in descending order', 'in ascending order', 'descending order', 'ascending order', 'rank', 'ranks', 'ranked', 'ranking', 'sort', 'sorted', 'order by',
]
