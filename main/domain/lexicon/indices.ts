/**
 * Spectral indices the readers name directly, with their band roles (spyndex letters: B blue, G green, R red,
 * N near infrared, S1/S2 shortwave infrared, L soil factor) and formula. The full catalogue of 254 indices
 * (MIT, awesome-spectral-indices/spyndex) ships in resources/spyndex/ for the catalog to evaluate any index whose
 * bands exist; a question naming one of those by its short name is read through `SPYNDEX_SHORT_NAME`. Data only.
 */

export const COMMON_INDICES: Readonly<Record<string, { bands: readonly string[]; formula: string; longName: string }>> = {
  ndvi: { bands: ['N', 'R'], formula: '(N - R)/(N + R)', longName: 'Normalized Difference Vegetation Index' },
  evi: { bands: ['g', 'N', 'R', 'C1', 'C2', 'B', 'L'], formula: 'g * (N - R) / (N + C1 * R - C2 * B + L)', longName: 'Enhanced Vegetation Index' },
  savi: { bands: ['L', 'N', 'R'], formula: '(1.0 + L) * (N - R) / (N + R + L)', longName: 'Soil-Adjusted Vegetation Index' },
  ndwi: { bands: ['G', 'N'], formula: '(G - N)/(G + N)', longName: 'Normalized Difference Water Index' },
  mndwi: { bands: ['G', 'S1'], formula: '(G - S1)/(G + S1)', longName: 'Modified Normalized Difference Water Index' },
  ndbi: { bands: ['S1', 'N'], formula: '(S1 - N)/(S1 + N)', longName: 'Normalized Difference Built-Up Index' },
  nbr: { bands: ['N', 'S2'], formula: '(N - S2)/(N + S2)', longName: 'Normalized Burn Ratio' },
  ndsi: { bands: ['G', 'S1'], formula: '(G - S1)/(G + S1)', longName: 'Normalized Difference Snow Index' },
  ndmi: { bands: ['N', 'S1'], formula: '(N - S1)/(N + S1)', longName: 'Normalized Difference Moisture Index' },
  gndvi: { bands: ['N', 'G'], formula: '(N - G)/(N + G)', longName: 'Green Normalized Difference Vegetation Index' },
}

/** A word of 2-12 letters and digits, upper case in the question, may be a spyndex short name (checked against the catalogue). */
export const SPYNDEX_SHORT_NAME = /^[A-Z][A-Za-z0-9]{1,11}$/

/** Where the full catalogue lives, relative to the app's resources folder. */
export const SPYNDEX_CATALOGUE = 'spyndex/spectral-indices-dict.json'

/**
 * Band roles (spyndex letters) by the words a question writes them with, for a band order the question states
 * ("bands are R,G,B,NIR") and for a band named as the variable ("the red band", "the NIR channel"). `key` is the
 * catalog's role for it (lower case): which band of which sensor holds that role (Landsat 8 OLI red = B4, Landsat
 * 5 TM red = B3, MODIS red = sur_refl_b01) is the catalog's table, read from the file names. Single letters and
 * two-letter abbreviations are read only inside a stated order or before "band".
 */
export const BAND_ROLES: readonly { role: string; key: string; names: readonly string[] }[] = [
  { role: 'A', key: 'coastal', names: ['coastal', 'coastal aerosol', 'aerosol'] },
  { role: 'B', key: 'blue', names: ['b', 'blue'] },
  { role: 'G', key: 'green', names: ['g', 'green'] },
  { role: 'R', key: 'red', names: ['r', 'red'] },
  { role: 'RE1', key: 'rededge1', names: ['red edge', 'red-edge', 're', 'rededge'] },
  { role: 'N', key: 'nir', names: ['n', 'nir', 'near infrared', 'near-infrared', 'near ir', 'infrared', 'ir'] },
  { role: 'S1', key: 'swir1', names: ['swir1', 'swir 1', 'swir-1', 's1', 'shortwave infrared 1', 'short-wave infrared 1'] },
  { role: 'S2', key: 'swir2', names: ['swir2', 'swir 2', 'swir-2', 's2', 'shortwave infrared 2', 'short-wave infrared 2'] },
  { role: 'T', key: 'tir1', names: ['tir', 'thermal', 'thermal infrared', 't'] },
]

/**
 * Role words that name a band with no band noun after them ("the mean NIR value", "SWIR1 reflectance"): only the
 * ones no other sense shares (red, green or thermal alone describe things; SWIR alone is either of two bands).
 */
export const BARE_BAND_NAMES: readonly string[] = ['nir', 'near infrared', 'near-infrared', 'swir1', 'swir 1', 'swir-1', 'swir2', 'swir 2', 'swir-2']

/** Nouns that make a role word or a number a band: "the red band", "band 4", "the NIR channel". */
export const BAND_NOUNS: readonly string[] = ['band', 'bands', 'channel', 'channels']

/**
 * Words asking for a band calibrated rather than as stored: with an MTL beside Landsat Level-1 bands, TOA
 * reflectance of the reflective bands. A band named without them is its stored value (DN).
 */
export const BAND_CALIBRATIONS: Readonly<Record<'toa_reflectance' | 'surface_reflectance' | 'radiance', readonly string[]>> = {
  toa_reflectance: ['toa reflectance', 'top-of-atmosphere reflectance', 'top of atmosphere reflectance', 'reflectance', 'reflectances', 'toa'],
  surface_reflectance: ['surface reflectance', 'bottom-of-atmosphere reflectance', 'boa reflectance'],
  radiance: ['radiance', 'spectral radiance', 'toa radiance', 'at-sensor radiance'],
}

/** Words that lead a stated band order: "bands are", "band order:", "bands ordered as", "stacked as". */
export const BAND_ORDER_LEADS: readonly string[] = [
  'the bands are', 'bands are', 'its bands are', 'bands in the order', 'bands in the order of', 'bands in this order', 'bands in order of', 'band order is', 'band order', 'the band order is', 'bands in order', 'bands ordered as', 'bands ordered',
  'band sequence', 'band sequence is', 'the order of bands is', 'the order of the bands is', 'order of bands', 'order of the bands', 'bands', 'with bands', 'stacked as', 'stacked in the order', 'band layout', 'layer order', 'layers are', 'channels are', 'channel order',
]

/**
 * Words of a band formula written out ("band 5 minus band 4 over band 5 plus band 4", "open bracket nir minus red
 * closed bracket"): each the operator or bracket it stands for. "over" and "divided by" divide everything before
 * them by everything after, the way a fraction is said aloud.
 */
export const FORMULA_WORDS: Readonly<Record<string, '+' | '-' | '*' | 'over' | '(' | ')' | 'sqrt' | 'squared'>> = {
  plus: '+',
  minus: '-',
  times: '*',
  'multiplied by': '*',
  over: 'over',
  'divided by': 'over',
  'open bracket': '(',
  'opening bracket': '(',
  'open parenthesis': '(',
  'open paren': '(',
  'close bracket': ')',
  'closed bracket': ')',
  'closing bracket': ')',
  'close parenthesis': ')',
  'close paren': ')',
  'square root of': 'sqrt',
  'the square root of': 'sqrt',
  sqrt: 'sqrt',
  squared: 'squared',
}

/**
 * Landsat 8/9 OLI/TIRS band numbers of the band roles: "SWIR1 / NIR" and "band 6 / band 5" are one formula on these
 * scenes. Source: USGS Landsat 8-9 OLI/TIRS band designations.
 */
export const OLI_BAND_OF_ROLE: Readonly<Record<string, number>> = { coastal: 1, blue: 2, green: 3, red: 4, nir: 5, swir1: 6, swir2: 7, tir1: 10 }


/**
 * Words that may stand between two bands compared with each other ("the green value is strictly greater than their
 * red value", "NIR exceeds that of the red band"): articles, possessives and the nouns of a band's value.
 */
export const BAND_COMPARISON_FILLERS: readonly string[] = ['the', 'their', 'its', 'that', 'those', 'of', 'pixel', "pixel's", 'pixels', 'value', 'values', 'band', 'channel', 'reflectance', 'dn', 'is', 'are', 'strictly']

/** Words written before "=" that name no variable a formula defines ("formula = ...", "mask: ...", "output: ..."). */
export const FORMULA_NOT_NAMES: readonly string[] = [
  'formula', 'index', 'expression', 'expr', 'definition', 'defined', 'is', 'as', 'where', 'with', 'and',
  'mask', 'condition', 'variable', 'statistic', 'output', 'compute', 'calculate',
  // "toa reflectance: (B5 - B4)/(B5 + B4)": what the formula's bands are read as, not its name.
  'reflectance', 'radiance', 'dn',
]
