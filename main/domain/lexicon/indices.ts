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
 * ("bands are R,G,B,NIR"). Single letters are read only inside such a stated order.
 */
export const BAND_ROLES: readonly { role: string; names: readonly string[] }[] = [
  { role: 'B', names: ['b', 'blue'] },
  { role: 'G', names: ['g', 'green'] },
  { role: 'R', names: ['r', 'red'] },
  { role: 'RE1', names: ['red edge', 'red-edge', 're', 'rededge'] },
  { role: 'N', names: ['n', 'nir', 'near infrared', 'near-infrared', 'near ir', 'infrared', 'ir'] },
  { role: 'S1', names: ['swir1', 'swir 1', 'swir-1', 's1'] },
  { role: 'S2', names: ['swir2', 'swir 2', 'swir-2', 's2'] },
  { role: 'T', names: ['tir', 'thermal', 'thermal infrared', 't'] },
]

/** Words that lead a stated band order: "bands are", "band order:", "bands ordered as", "stacked as". */
export const BAND_ORDER_LEADS: readonly string[] = [
  'the bands are', 'bands are', 'its bands are', 'band order is', 'band order', 'the band order is', 'bands in order', 'bands ordered as', 'bands ordered',
  'band sequence', 'band sequence is', 'bands', 'with bands', 'stacked as', 'stacked in the order', 'band layout', 'layer order', 'layers are', 'channels are', 'channel order',
]
