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
  { key: 'sen', names: ['theil sen', 'theil-sen', 'sen slope', "sen's slope", 'sens slope'] },
]

/** Author names an index's definition is cited by ("NDWI (McFeeters)"): read beside its stated bands, never alone. */
export const INDEX_METHOD_WORDS: readonly string[] = ['mcfeeters', "mcfeeters'", 'gao', "gao's", 'xu', "xu's", 'rouse', 'huete', 'key', 'benson']
