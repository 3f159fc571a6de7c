/**
 * Retrieval methods a question may name for a product, with the words that name them (lower case; a space also
 * matches a hyphen). The method changes the value (a split-window LST is not a single-channel LST), so the compiler
 * takes it from the question's phrases rather than from what the files happen to hold.
 * Data only: this module imports nothing (DESIGN section 9).
 */

export type LstMethodKey = 'single_channel' | 'split_window' | 'multi_channel' | 'ttm' | 'tes'

export interface LexMethod {
  key: LstMethodKey
  /** The product the method computes. */
  product: 'lst'
  names: readonly string[]
}

export const PRODUCT_METHODS: readonly LexMethod[] = [
  { key: 'single_channel', product: 'lst', names: ['single channel', 'single-channel', 'mono window', 'mono-window', 'single window'] },
  { key: 'split_window', product: 'lst', names: ['split window', 'split-window'] },
  { key: 'multi_channel', product: 'lst', names: ['multi channel', 'multi-channel', 'two channel', 'two-channel', 'dual channel'] },
  { key: 'ttm', product: 'lst', names: ['three temperature', 'three-temperature', 'ttm'] },
  { key: 'tes', product: 'lst', names: ['tes', 'temperature emissivity separation', 'temperature-emissivity separation'] },
]

export type TrendMethodKey = 'ols' | 'sen'

/** Trend estimators a question may name; none named = Theil-Sen with the Mann-Kendall test (the house default). */
export const TREND_METHODS: readonly { key: TrendMethodKey; names: readonly string[] }[] = [
  { key: 'ols', names: ['linear regression', 'least squares', 'least-squares', 'ols', 'ordinary least squares', 'linear fit', 'linear trend', 'linear slope', 'fit a linear', 'straight line', 'straight-line', 'regression line', 'regression slope'] },
  { key: 'sen', names: ['theil sen', 'theil-sen', 'sen slope', "sen's slope", 'sens slope', "sen's"] },
]

export type TvdiBinningKey = 'tvdi_closed' | 'tvdi_open'

/**
 * Where TVDI's last NDVI bin ends, for a question that says so. 'tvdi_closed' (the house default, as numpy.histogram
 * bins): the bins cover the valid NDVI minimum to maximum, the maximum in the last bin, so every valid pixel feeds
 * an edge. 'tvdi_open' (Earth-Agent's compute_tvdi tool): each bin stops short of its upper edge, so pixels at the
 * maximum NDVI feed no edge. The two differ by up to about 0.01 TVDI on a date.
 */
export const TVDI_BINNINGS: readonly { key: TvdiBinningKey; names: readonly string[] }[] = [
  {
    key: 'tvdi_closed',
    names: ['closed last bin', 'last bin closed', 'maximum in the last bin', 'maximum ndvi in the last bin', 'max ndvi in the last bin', 'numpy histogram', 'np.histogram', 'histogram binning'],
  },
  {
    key: 'tvdi_open',
    names: ['open last bin', 'last bin open', 'half open bins', 'earth agent binning', "earth agent's binning", 'earth agent convention', "earth agent's convention", 'as earth agent bins', 'maximum ndvi in no bin', 'maximum in no bin'],
  },
]

/**
 * The estimator of a "slope" asked with none named: the least-squares slope of the fitted line, which is what the
 * word means unqualified ("the slope of LST per year"); a Sen slope is asked by name. A "trend" with none named
 * keeps the house default (Theil-Sen), and so does a slope asked beside a Mann-Kendall test, whose companion it is.
 */
export const BARE_SLOPE: { words: readonly string[]; method: TrendMethodKey; unless: readonly string[] } = {
  words: ['slope', 'slopes'],
  method: 'ols',
  unless: ['mann kendall', 'mk test', 'trend test'],
}

/**
 * TOA reflectance corrected for the sun's elevation: rho / sin(SUN_ELEVATION) with the elevation of the scene's MTL
 * (USGS Landsat 8 Data Users Handbook, section 5.2). Not the house convention (the catalog leaves it out unless
 * asked; lexicon qualifiers.ts NO_SUN_CORRECTION states that default in words).
 */
export const CALIBRATION_METHODS: readonly { key: 'sun_corrected'; names: readonly string[] }[] = [
  {
    key: 'sun_corrected',
    names: [
      'corrected for sun elevation', 'corrected for the sun elevation', 'corrected for solar elevation', 'corrected for the solar elevation',
      'corrected for sun angle', 'corrected for the sun angle', 'corrected for the solar angle', 'sun-elevation corrected', 'sun elevation corrected',
      'sun-angle corrected', 'with sun-elevation correction', 'with sun elevation correction', 'with the sun-elevation correction',
      'with sun angle correction', 'with the sun angle correction', 'with solar elevation correction',
      'with sun-elev correction', 'w/ sun-elev correction', 'w/ sun-elevation correction', 'w/ sun elevation correction', 'sun-elev corrected', 'sun elev corrected',
      '÷ sin sun_elevation', '÷ sin(sun_elevation)', '/ sin(sun_elevation)', 'divided by sin sun_elevation',
      'divides by the sine of the sun elevation', 'divided by the sine of the sun elevation', 'divide by the sine of the sun elevation',
      'divides by the sine of the solar elevation', 'divided by the sine of the solar elevation', 'divided by sin(sun elevation)', 'divided by sin(sun_elevation)',
    ],
  },
]

/** Author names an index's definition is cited by ("NDWI (McFeeters)"): read beside its stated bands, never alone. */
export const INDEX_METHOD_WORDS: readonly string[] = ['mcfeeters', "mcfeeters'", 'gao', "gao's", 'xu', "xu's", 'rouse', 'huete', 'key', 'benson']
