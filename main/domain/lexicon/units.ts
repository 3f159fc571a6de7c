/**
 * Units: the key the spec uses, the words that write it, and how a value converts to the unit's base
 * (base = value * scale + offset). Temperatures convert to kelvin, areas to m2, shares to a fraction.
 * Data only.
 */

export interface LexUnit {
  key: string
  quantity: 'temperature' | 'area' | 'share' | 'count' | 'length' | 'time' | 'none'
  /** Words after a number or in "in <unit>" (lower case). */
  names: readonly string[]
  /** To the quantity's base unit: base = value * scale + offset. */
  scale: number
  offset: number
}

export const UNITS: readonly LexUnit[] = [
  { key: 'K', quantity: 'temperature', names: ['k', 'kelvin', 'kelvins', 'degrees kelvin'], scale: 1, offset: 0 },
  { key: 'degC', quantity: 'temperature', names: ['°c', '℃', 'deg c', 'degc', 'degrees c', 'degree c', 'degrees celsius', 'degree celsius', 'celsius', 'centigrade', 'degrees centigrade', 'c°'], scale: 1, offset: 273.15 },
  { key: 'degF', quantity: 'temperature', names: ['°f', '℉', 'deg f', 'degf', 'degrees f', 'degree f', 'degrees fahrenheit', 'degree fahrenheit', 'fahrenheit'], scale: 5 / 9, offset: 273.15 - (32 * 5) / 9 },
  { key: 'm2', quantity: 'area', names: ['m2', 'm²', 'sq m', 'square metres', 'square meters', 'square metre', 'square meter'], scale: 1, offset: 0 },
  { key: 'ha', quantity: 'area', names: ['ha', 'hectare', 'hectares', 'hectar', 'hectars', 'hectre', 'hectres'], scale: 1e4, offset: 0 },
  { key: 'km2', quantity: 'area', names: ['km2', 'km²', 'sq km', 'sq. km', 'square kilometres', 'square kilometers', 'square kilometre', 'square kilometer'], scale: 1e6, offset: 0 },
  { key: 'acre', quantity: 'area', names: ['acre', 'acres'], scale: 4046.8564224, offset: 0 },
  // The international square mile: (1609.344 m)².
  { key: 'ft2', quantity: 'area', names: ['ft2', 'ft²', 'sq ft', 'sq. ft', 'sq. ft.', 'sqft', 'square foot', 'square feet'], scale: 0.09290304, offset: 0 },
  { key: 'mi2', quantity: 'area', names: ['mi2', 'mi²', 'sq mi', 'sq. mi', 'sq. mi.', 'sq miles', 'square mile', 'square miles'], scale: 2589988.110336, offset: 0 },
  { key: 'percent', quantity: 'share', names: ['%', 'percent', 'per cent', 'percentage', 'percentages', 'pct'], scale: 0.01, offset: 0 },
  { key: 'fraction', quantity: 'share', names: ['fraction', 'decimal fraction', 'proportion', 'ratio'], scale: 1, offset: 0 },
  { key: 'count', quantity: 'count', names: ['pixels', 'pixel count'], scale: 1, offset: 0 },
  { key: 'm', quantity: 'length', names: ['m', 'metre', 'metres', 'meter', 'meters'], scale: 1, offset: 0 },
  { key: 'km', quantity: 'length', names: ['km', 'kilometre', 'kilometres', 'kilometer', 'kilometers'], scale: 1000, offset: 0 },
  { key: 'g/cm2', quantity: 'none', names: ['g/cm2', 'g/cm²'], scale: 1, offset: 0 },
  // The units layers are kept in as stored (variables.ts `storedUnit`): asked, they restate the layer's own unit.
  { key: 'mm', quantity: 'length', names: ['mm', 'millimetre', 'millimetres', 'millimeter', 'millimeters'], scale: 0.001, offset: 0 },
  { key: 'nW/cm2/sr', quantity: 'none', names: ['nw/cm2/sr', 'nw/cm²/sr', 'nw cm-2 sr-1', 'nw·cm⁻²·sr⁻¹', 'nanowatts per square centimetre per steradian', 'nanowatts per square centimeter per steradian'], scale: 1, offset: 0 },
  { key: 'MW', quantity: 'none', names: ['mw', 'megawatt', 'megawatts'], scale: 1, offset: 0 },
  { key: 'm3', quantity: 'none', names: ['m3', 'm³', 'cubic metres', 'cubic meters', 'cubic metre', 'cubic meter'], scale: 1, offset: 0 },
  { key: 'days', quantity: 'time', names: ['day', 'days'], scale: 1, offset: 0 },
]

/**
 * Single letters that write a temperature unit only right after a number ("35C", "0 C", "305K", "100 F"); alone
 * they are no unit (a "C" or "F" elsewhere is a band name, a grade, a label).
 */
export const UNIT_LETTERS: Readonly<Record<string, string>> = { c: 'degC', f: 'degF', k: 'K' }

/** Words that introduce the unit the answer is wanted in: "in °C", "expressed in", "as a percentage", "(K)". */
export const ANSWER_UNIT_LEADS: readonly string[] = ['in', 'as', 'as a', 'as an', 'expressed in', 'expressed as', 'using', 'converted to', 'convert to', 'reported in', 'given in', 'to']

/**
 * How an answer writes a unit key (the lexicon's keys above and the engine's: `dn` is a stored digital number,
 * DN); a key not listed is written as it is, and an empty string writes no unit.
 */
export const UNIT_WRITTEN: Readonly<Record<string, string>> = {
  dn: 'DN',
  dimensionless: '',
  degC: '°C',
  degF: '°F',
  m2: 'm²',
  km2: 'km²',
  mi2: 'sq mi',
  percent: '%',
}

/**
 * How an area is counted, stated beside the ask. `ground`: the true area on the ground (what an area sums on any
 * grid; on Web Mercator and longitude/latitude grids it differs from the nominal pixel area). `perPixel`: words
 * that give one pixel's area ("900 m² per pixel", "counting each pixel as 900 m²", "a pixel is 900 m²").
 * `setAside`: words before a pixel's size or area that set it aside ("not 30 x 30 m per pixel").
 */
export const AREA_BASIS = {
  ground: [
    'true ground area',
    'true ground areas',
    'real ground area',
    'actual ground area',
    'true area on the ground',
    'real area on the ground',
    'actual area on the ground',
    'true area',
    'real area',
    'actual area',
    'area on the ground',
    'ground area',
    'true surface area',
  ],
  perPixelLeads: ['counting each pixel as', 'count each pixel as', 'counting every pixel as', 'count every pixel as', 'each pixel is', 'every pixel is', 'a pixel is', 'one pixel is', 'each pixel covers', 'a pixel covers', 'each pixel counts as', 'each pixel ='],
  perPixelTrails: ['per pixel', 'per px', 'a pixel', 'each pixel', 'for each pixel', 'for every pixel', '/pixel', '/px', 'pixels'],
  setAside: ['not', 'rather than', 'instead of', 'and not', 'but not'],
} as const

/**
 * How precisely the answer is to be written ("to 2 decimals", "1 decimal is fine", "rounded to the nearest whole
 * kelvin", "3 dp"): read so that their numbers are not taken for thresholds; the answer keeps its full precision (a
 * rounded value lies within any rounding the question allows). The number, then one of `nouns`; or a `nearest` lead
 * and one of `nearestTo`.
 */
export const ANSWER_PRECISION = {
  leads: ['rounded to', 'round to', 'round it to', 'to', 'with', 'at', 'in'],
  nouns: ['decimal', 'decimals', 'decimal place', 'decimal places', 'decimal digit', 'decimal digits', 'dp', 'd.p.', 'digits after the decimal point', 'significant figures', 'significant figure', 'significant digits', 'sig figs', 'sig. figs', 'sig fig'],
  after: ['is fine', 'are fine', 'is enough', 'are enough', 'is ok', 'are ok', 'is okay', 'will do', 'suffices', 'suffice'],
  nearest: ['to the nearest', 'rounded to the nearest', 'round to the nearest', 'to nearest'],
  nearestTo: ['whole number', 'integer', 'whole', 'tenth', 'hundredth', 'thousandth', '0.1', '0.01', '0.001', 'unit'],
} as const
