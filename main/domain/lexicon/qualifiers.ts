/**
 * Qualifiers that change the value asked but that the spec has no field for: processing steps (smoothing,
 * resampling, gap filling, outlier removal, buffers, moving windows) and stated band orders the span parser could
 * not place. Left unplaced, such a phrase stops the run with the phrase named (never dropped as context). The time
 * of day a variable is taken at (daytime / night-time LST) is a field of the spec. Data only.
 */

/** Processing steps the reader cannot apply; each blocks when no span placed it. */
export const PROCESSING_WORDS: readonly string[] = [
  'smoothed', 'smoothing', 'smooth', 'filtered with', 'filtering with', 'median filter', 'low-pass', 'high-pass', 'moving average', 'moving-average', 'rolling mean', 'rolling average', 'running mean',
  'resampled', 'resampling', 'resample', 'upscaled', 'downscaled', 'aggregated to', 'interpolated', 'interpolation', 'gap-filled', 'gap filled', 'gap-filling', 'gap filling',
  'detrended', 'detrending', 'deseasonalized', 'deseasonalised', 'standardized', 'standardised', 'z-normalized', 'rescaled', 'rescaling', 'normalized to', 'normalised to',
  'sun elevation', 'sun-elevation', 'solar elevation', 'sun angle', 'sun-angle', 'solar angle', 'solar zenith', 'sun zenith', 'sine of the sun',
  'outlier', 'outliers', 'trimmed', 'winsorized', 'winsorised', 'after removing', 'buffer', 'buffered', 'dilated', 'eroded', 'focal', 'kernel', 'convolution', 'convolved', '3x3', '5x5', '3 x 3', '5 x 5',
]

/** Words that lead a stated band order; a lead whose list the parser could not read blocks, naming it. */
export const BAND_ORDER_HINTS: readonly string[] = ['band order', 'band sequence', 'band layout', 'bands are', 'bands ordered', 'channel order', 'channels are', 'layer order', 'stacked as']

/** The time of day a variable is taken at ("night-time LST", "daytime brightness temperature"). */
export const TIME_OF_DAY: Readonly<Record<'day' | 'night', readonly string[]>> = {
  day: ['daytime', 'day-time', 'day time', 'during the day', 'by day', 'lst day', 'lst_day', 'day lst', 'day-side'],
  night: ['nighttime', 'night-time', 'night time', 'at night', 'nocturnal', 'lst night', 'lst_night', 'night lst'],
}

/**
 * TOA reflectance stated without the sun-elevation correction: the convention the catalog computes by default, so the
 * phrase is read and changes nothing (a correction asked is not one of these and stays unread).
 */
export const NO_SUN_CORRECTION: readonly string[] = (() => {
  const sun = ['sun elevation', 'sun-elevation', 'sun elev', 'sun-elev', 'sun angle', 'sun-angle', 'solar elevation', 'solar angle', 'solar zenith', 'sun zenith', 'solar zenith angle', 'sun elevation angle', 'sun', 'solar']
  const nouns = ['correction', 'corr', 'adjustment', 'normalization', 'normalisation']
  // "no sun-elev corr", "without the sun elevation correction", "w/o solar angle adjustment"
  const before = ['without', 'w/o', 'no', 'with no', 'without any', 'without applying', 'without applying the', 'without the', 'w/o the', 'not applying the', 'not applying']
  // "no correction for the sun angle", "without to correct for the sun elevation", "not corrected for solar elevation"
  const leads = ['no correction for', 'without correction for', 'without correcting for', 'without to correct for', 'without correcting', 'not correcting for', 'not corrected for', 'uncorrected for', 'no adjustment for', 'without adjusting for', 'not adjusted for']
  return [
    ...before.flatMap((l) => sun.flatMap((w) => nouns.map((n) => `${l} ${w} ${n}`))),
    ...leads.flatMap((l) => sun.filter((w) => w !== 'sun' && w !== 'solar').flatMap((w) => [`${l} the ${w}`, `${l} ${w}`])),
    'not corrected for sun elevation',
    'uncorrected for sun elevation',
  ]
})()

