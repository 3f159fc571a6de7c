/**
 * Variables a question may name, with every word that names them (lower case; a space also matches a hyphen).
 * `kind` says what the variable is to the compiler: a layer read from the files, a product computed from other
 * layers (TVDI from LST and NDVI), a spectral index (its spyndex short name; bands in ./indices.ts) or a QA class.
 * Data only: this module imports nothing (DESIGN section 9).
 */

export type LexVariableKind = 'layer' | 'product' | 'index' | 'qa_class'

export interface LexVariable {
  key: string
  kind: LexVariableKind
  /** Words that name it, longest wins where two overlap. */
  names: readonly string[]
  /** The unit its values are stored in when the files do not say (a hint; the catalog decides). */
  unit?: string
  /**
   * Variables it is derived from (keys). A question that names a variable and what it is derived from ("using NDVI
   * and LST, calculate TVDI") is about the derived one: its inputs are the means, not the subject.
   */
  inputs?: readonly string[]
  /**
   * Indices that measure it (keys). A phenomenon named with an index that measures it ("snow cover changes using
   * NDSI") is read through the index: the index is the subject, the phenomenon word is what it indicates.
   */
  indicatedBy?: readonly string[]
  /**
   * The physical unit of a layer the engine keeps as stored (unit `dn`), as written in answers ("nW/cm2/sr", "mm").
   * A file layer names the variable when its role is the key or one of the names written with underscores.
   */
  storedUnit?: string
  /** An index of the spyndex catalogue listed by its short name only: generated (scripts/gen-spyndex-lexicon.ts). */
  catalogue?: true
}

/**
 * The two-bit confidence fields of the Landsat BQA (main/domain/qa-bits.ts) and the words of their levels. A class
 * is a field at one level: "low cirrus confidence", "cloud shadow confidence = medium", "high-confidence snow",
 * "cirrus with low confidence". High confidence is what the bare field names ("cloud shadow", "snow/ice", "cirrus
 * pixels") except for cloud, whose bare name is the cloud bit.
 */
const CONFIDENCE_FIELDS: Readonly<Record<'cloud' | 'cloud_shadow' | 'snow' | 'cirrus', { words: readonly string[]; bare: readonly string[] }>> = {
  cloud: { words: ['cloud'], bare: [] },
  cloud_shadow: { words: ['cloud shadow', 'cloud-shadow'], bare: ['cloud shadow', 'cloud shadows'] },
  snow: { words: ['snow/ice', 'snow', 'snow and ice', 'snow-ice'], bare: ['snow pixels', 'snow/ice', 'snow and ice'] },
  cirrus: { words: ['cirrus'], bare: ['cirrus pixels'] },
}
const CONFIDENCE_LEVELS: Readonly<Record<'low' | 'medium' | 'high', readonly string[]>> = {
  low: ['low'],
  medium: ['medium', 'mid', 'moderate'],
  high: ['high'],
}
/** Ways a field F is said at a level L. */
const CONFIDENCE_PHRASES = [
  'L F confidence',
  'L F conf',
  'L-confidence F',
  'L confidence F',
  'L-conf F',
  'L conf F',
  'F confidence L',
  'F confidence = L',
  'F confidence is L',
  'F confidence of L',
  'F conf = L',
  'F conf L',
  'F with L confidence',
  'F of L confidence',
  'F at L confidence',
  'L-F px',
  'L-F pixels',
] as const

function confidenceClasses(): LexVariable[] {
  return Object.entries(CONFIDENCE_FIELDS).flatMap(([field, f]) =>
    Object.entries(CONFIDENCE_LEVELS).map(([level, levelWords]) => ({
      key: level === 'high' && field !== 'cloud' ? field : `${field}_conf_${level}`,
      kind: 'qa_class' as const,
      names: [
        ...(level === 'high' ? f.bare : []),
        ...f.words.flatMap((F) => levelWords.flatMap((L) => CONFIDENCE_PHRASES.map((p) => p.replace('L', L).replace('F', F)))),
      ],
    })),
  )
}

const NAMED_VARIABLES: readonly LexVariable[] = [
  { key: 'tvdi', kind: 'product', inputs: ['lst', 'ndvi'], names: ['tvdi', 'dryness', 'temperature vegetation dryness index', 'temperature vegetation dryness', 'dryness index', 'dryness indicator', 'drought index'] },
  { key: 'lst', kind: 'layer', unit: 'K', inputs: ['bt', 'emissivity', 'ndvi'], names: ['lst', 'lsts', 'land surface temperature', 'land surface temperatures', 'land surface temp', 'land surface temps', 'surface temperature', 'surface temperatures', 'surface temp', 'surface temps', 'skin temperature', 'temperature', 'temperatures', 'lst day', 'lst night'] },
  { key: 'bt', kind: 'product', unit: 'K', names: ['brightness temperature', 'brightness temperatures', 'brightness temp', 'brightness temps', 'bright temp', 'bright temperature', 'at-sensor temperature', 'bt', 'bt10'] },
  { key: 'ati', kind: 'product', inputs: ['albedo', 'lst'], names: ['ati', 'apparent thermal inertia', 'thermal inertia'] },
  { key: 'pwv', kind: 'layer', names: ['pwv', 'precipitable water vapour', 'precipitable water vapor', 'precipitable water', 'water vapour', 'water vapor', 'atmospheric absorption'] },
  { key: 'emissivity', kind: 'layer', names: ['emissivity', 'emis'] },
  { key: 'albedo', kind: 'layer', names: ['albedo'] },
  { key: 'precipitation', kind: 'layer', names: ['precipitation', 'rainfall', 'rain', 'precip', 'prcp', 'total precipitation'], storedUnit: 'mm' },
  { key: 'night_lights', kind: 'layer', names: ['night lights', 'night light', 'nighttime lights', 'nighttime light', 'night-time lights', 'night-time light', 'ntl', 'avg_rad', 'radiance of lights', 'dnb', 'stable lights'], storedUnit: 'nW/cm2/sr' },
  { key: 'frp', kind: 'layer', names: ['frp', 'maxfrp', 'max frp', 'fire radiative power'], storedUnit: 'MW' },
  { key: 'built_volume', kind: 'layer', names: ['built volume', 'built-up volume', 'built_volume', 'built_volume_total', 'built volume total', 'built_volume_nres', 'building volume', 'building volumes'], storedUnit: 'm3' },
  { key: 'elevation', kind: 'layer', unit: 'm', names: ['elevation', 'dem', 'altitude', 'height above sea level'] },
  { key: 'soil_moisture', kind: 'layer', names: ['soil moisture'] },
  { key: 'snow_cover', kind: 'layer', indicatedBy: ['ndsi'], names: ['snow cover'] },
  { key: 'aod', kind: 'layer', names: ['aod', 'aerosol optical depth', 'aerosol optical thickness'] },
  { key: 'chlorophyll', kind: 'layer', names: ['chlorophyll', 'chlorophyll-a', 'chl-a'] },
  // A file's values as stored, asked with no variable named ("the mean DN of red.tif", "the mean pixel value"): bound
  // only to the one band of a single unlabelled file; beside a named variable or band the words restate "as stored".
  { key: 'value', kind: 'layer', names: ['dn', 'dns', 'digital number', 'digital numbers', 'pixel value', 'pixel values', 'grey value', 'grey values', 'gray value', 'gray values', 'grey level', 'gray level'] },
  { key: 'reflectance', kind: 'product', names: ['reflectance', 'surface reflectance', 'toa reflectance', 'top-of-atmosphere reflectance', 'top of atmosphere reflectance'] },
  { key: 'ndvi', kind: 'index', names: ['ndvi', 'normalized difference vegetation index', 'normalised difference vegetation index', 'vegetation index', 'vegetation cover', 'vegetation coverage', 'vegetation greenness'] },
  { key: 'evi', kind: 'index', names: ['evi', 'enhanced vegetation index'] },
  { key: 'savi', kind: 'index', names: ['savi', 'soil adjusted vegetation index', 'soil-adjusted vegetation index'] },
  { key: 'ndwi', kind: 'index', names: ['ndwi', 'normalized difference water index', 'normalised difference water index', 'water index'] },
  { key: 'mndwi', kind: 'index', names: ['mndwi', 'modified normalized difference water index', 'modified ndwi'] },
  { key: 'ndti', kind: 'index', names: ['ndti', 'normalized difference turbidity index', 'normalised difference turbidity index', 'turbidity index'] },
  { key: 'ndbi', kind: 'index', names: ['ndbi', 'normalized difference built-up index', 'built-up index'] },
  { key: 'nbr', kind: 'index', names: ['nbr', 'normalized burn ratio', 'normalised burn ratio', 'burn ratio'] },
  { key: 'dnbr', kind: 'index', names: ['dnbr', 'differenced normalized burn ratio', 'delta nbr'] },
  { key: 'ndsi', kind: 'index', names: ['ndsi', 'normalized difference snow index', 'snow index'] },
  { key: 'ndmi', kind: 'index', names: ['ndmi', 'normalized difference moisture index', 'moisture index'] },
  { key: 'gndvi', kind: 'index', names: ['gndvi', 'green ndvi'] },
  { key: 'msavi', kind: 'index', names: ['msavi', 'modified soil adjusted vegetation index'] },
  { key: 'cloud', kind: 'qa_class', names: ['cloud', 'clouds', 'cloudy', 'cloud-covered', 'cloud covered'] },
  // The BQA's two-bit confidence fields (cloud, cloud shadow, snow/ice, cirrus) at each level: CONFIDENCE_CLASSES below.
  ...confidenceClasses(),
  { key: 'fill', kind: 'qa_class', names: ['fill pixels', 'fill values'] },
  // A layer's own missing pixels (its file's nodata value), not a QA band's fill bit: "the nodata pixels of the NDVI".
  { key: 'nodata', kind: 'qa_class', names: ['nodata', 'no-data', 'nodata pixels', 'no-data pixels', 'no data pixels'] },
  { key: 'clear', kind: 'qa_class', names: ['cloud-free', 'cloud free', 'clear-sky', 'clear sky', 'clear pixels', 'clear px', 'cloudless', 'clear'] },
]

/**
 * The named variables, then every other optical index of the spyndex catalogue by its short name ("the mean NGRDI",
 * "EVI2", "NBR2"), generated from resources/spyndex by scripts/gen-spyndex-lexicon.ts between the markers (bands and
 * formulas in ./spyndex-names.ts). Their long names are not words of the lexicon: one of them, read inside the words
 * of another index, turned an answer of the held-out set into a refusal (counted whole). A short name a variable above
 * already has stays that variable's.
 */
/** A name in British spelling beside the American one ("normalised difference built-up index"). */
const withBritish = (v: LexVariable): LexVariable => {
  const british = v.names.filter((n) => /normalized/.test(n)).map((n) => n.replace(/normalized/g, 'normalised'))
  return british.length ? { ...v, names: [...new Set([...v.names, ...british])] } : v
}

export const VARIABLES: readonly LexVariable[] = [
  ...NAMED_VARIABLES.map(withBritish),
  // BEGIN generated spyndex indices
  { key: "afri1600", kind: 'index', catalogue: true, names: ["afri1600"] },
  { key: "afri2100", kind: 'index', catalogue: true, names: ["afri2100"] },
  { key: "andwi", kind: 'index', catalogue: true, names: ["andwi"] },
  { key: "ari", kind: 'index', catalogue: true, names: ["ari"] },
  { key: "ari2", kind: 'index', catalogue: true, names: ["ari2"] },
  { key: "arvi", kind: 'index', catalogue: true, names: ["arvi"] },
  { key: "atsavi", kind: 'index', catalogue: true, names: ["atsavi"] },
  { key: "avi", kind: 'index', catalogue: true, names: ["avi"] },
  { key: "aweinsh", kind: 'index', catalogue: true, names: ["aweinsh"] },
  { key: "aweish", kind: 'index', catalogue: true, names: ["aweish"] },
  { key: "baim", kind: 'index', catalogue: true, names: ["baim"] },
  { key: "bais2", kind: 'index', catalogue: true, names: ["bais2"] },
  { key: "bcc", kind: 'index', catalogue: true, names: ["bcc"] },
  { key: "bitm", kind: 'index', catalogue: true, names: ["bitm"] },
  { key: "bixs", kind: 'index', catalogue: true, names: ["bixs"] },
  { key: "blfei", kind: 'index', catalogue: true, names: ["blfei"] },
  { key: "bndvi", kind: 'index', catalogue: true, names: ["bndvi"] },
  { key: "bnirv", kind: 'index', catalogue: true, names: ["bnirv"] },
  { key: "brba", kind: 'index', catalogue: true, names: ["brba"] },
  { key: "bwdrvi", kind: 'index', catalogue: true, names: ["bwdrvi"] },
  { key: "cci", kind: 'index', catalogue: true, names: ["cci"] },
  { key: "cig", kind: 'index', catalogue: true, names: ["cig"] },
  { key: "cire", kind: 'index', catalogue: true, names: ["cire"] },
  { key: "cri550", kind: 'index', catalogue: true, names: ["cri550"] },
  { key: "cri700", kind: 'index', catalogue: true, names: ["cri700"] },
  { key: "crswir", kind: 'index', catalogue: true, names: ["crswir"] },
  { key: "csi", kind: 'index', catalogue: true, names: ["csi"] },
  { key: "csit", kind: 'index', catalogue: true, names: ["csit"] },
  { key: "cvi", kind: 'index', catalogue: true, names: ["cvi"] },
  { key: "dbi", kind: 'index', catalogue: true, names: ["dbi"] },
  { key: "dbsi", kind: 'index', catalogue: true, names: ["dbsi"] },
  { key: "dsi", kind: 'index', catalogue: true, names: ["dsi"] },
  { key: "dswi1", kind: 'index', catalogue: true, names: ["dswi1"] },
  { key: "dswi2", kind: 'index', catalogue: true, names: ["dswi2"] },
  { key: "dswi3", kind: 'index', catalogue: true, names: ["dswi3"] },
  { key: "dswi4", kind: 'index', catalogue: true, names: ["dswi4"] },
  { key: "dswi5", kind: 'index', catalogue: true, names: ["dswi5"] },
  { key: "dvi", kind: 'index', catalogue: true, names: ["dvi"] },
  { key: "dviplus", kind: 'index', catalogue: true, names: ["dviplus"] },
  { key: "ebbi", kind: 'index', catalogue: true, names: ["ebbi"] },
  { key: "ebi", kind: 'index', catalogue: true, names: ["ebi"] },
  { key: "embi", kind: 'index', catalogue: true, names: ["embi"] },
  { key: "endvi", kind: 'index', catalogue: true, names: ["endvi"] },
  { key: "evi2", kind: 'index', catalogue: true, names: ["evi2"] },
  { key: "eviv", kind: 'index', catalogue: true, names: ["eviv"] },
  { key: "exg", kind: 'index', catalogue: true, names: ["exg"] },
  { key: "exgr", kind: 'index', catalogue: true, names: ["exgr"] },
  { key: "exr", kind: 'index', catalogue: true, names: ["exr"] },
  { key: "fai", kind: 'index', catalogue: true, names: ["fai"] },
  { key: "fcvi", kind: 'index', catalogue: true, names: ["fcvi"] },
  { key: "fdi", kind: 'index', catalogue: true, names: ["fdi"] },
  { key: "fwei", kind: 'index', catalogue: true, names: ["fwei"] },
  { key: "gari", kind: 'index', catalogue: true, names: ["gari"] },
  { key: "gbndvi", kind: 'index', catalogue: true, names: ["gbndvi"] },
  { key: "gcc", kind: 'index', catalogue: true, names: ["gcc"] },
  { key: "gdvi", kind: 'index', catalogue: true, names: ["gdvi"] },
  { key: "gemi", kind: 'index', catalogue: true, names: ["gemi"] },
  { key: "gli", kind: 'index', catalogue: true, names: ["gli"] },
  { key: "gm1", kind: 'index', catalogue: true, names: ["gm1"] },
  { key: "gm2", kind: 'index', catalogue: true, names: ["gm2"] },
  { key: "gosavi", kind: 'index', catalogue: true, names: ["gosavi"] },
  { key: "grndvi", kind: 'index', catalogue: true, names: ["grndvi"] },
  { key: "grvi", kind: 'index', catalogue: true, names: ["grvi"] },
  { key: "gsavi", kind: 'index', catalogue: true, names: ["gsavi"] },
  { key: "gvmi", kind: 'index', catalogue: true, names: ["gvmi"] },
  { key: "iavi", kind: 'index', catalogue: true, names: ["iavi"] },
  { key: "ibi", kind: 'index', catalogue: true, names: ["ibi"] },
  { key: "ikaw", kind: 'index', catalogue: true, names: ["ikaw"] },
  { key: "ipvi", kind: 'index', catalogue: true, names: ["ipvi"] },
  { key: "ireci", kind: 'index', catalogue: true, names: ["ireci"] },
  { key: "irgbvi", kind: 'index', catalogue: true, names: ["irgbvi"] },
  { key: "lswi", kind: 'index', catalogue: true, names: ["lswi"] },
  { key: "mbi", kind: 'index', catalogue: true, names: ["mbi"] },
  { key: "mbwi", kind: 'index', catalogue: true, names: ["mbwi"] },
  { key: "mcari", kind: 'index', catalogue: true, names: ["mcari"] },
  { key: "mcari1", kind: 'index', catalogue: true, names: ["mcari1"] },
  { key: "mcari2", kind: 'index', catalogue: true, names: ["mcari2"] },
  { key: "mcari705", kind: 'index', catalogue: true, names: ["mcari705"] },
  { key: "mcariosavi", kind: 'index', catalogue: true, names: ["mcariosavi"] },
  { key: "mcariosavi705", kind: 'index', catalogue: true, names: ["mcariosavi705"] },
  { key: "mgrvi", kind: 'index', catalogue: true, names: ["mgrvi"] },
  { key: "mirbi", kind: 'index', catalogue: true, names: ["mirbi"] },
  { key: "mlswi26", kind: 'index', catalogue: true, names: ["mlswi26"] },
  { key: "mlswi27", kind: 'index', catalogue: true, names: ["mlswi27"] },
  { key: "mnd705", kind: 'index', catalogue: true, names: ["mnd705"] },
  { key: "mndvi", kind: 'index', catalogue: true, names: ["mndvi"] },
  { key: "mnli", kind: 'index', catalogue: true, names: ["mnli"] },
  { key: "mrbvi", kind: 'index', catalogue: true, names: ["mrbvi"] },
  { key: "msi", kind: 'index', catalogue: true, names: ["msi"] },
  { key: "msr", kind: 'index', catalogue: true, names: ["msr"] },
  { key: "mtci", kind: 'index', catalogue: true, names: ["mtci"] },
  { key: "mtvi1", kind: 'index', catalogue: true, names: ["mtvi1"] },
  { key: "mtvi2", kind: 'index', catalogue: true, names: ["mtvi2"] },
  { key: "muwir", kind: 'index', catalogue: true, names: ["muwir"] },
  { key: "mvi", kind: 'index', catalogue: true, names: ["mvi"] },
  { key: "nbai", kind: 'index', catalogue: true, names: ["nbai"] },
  { key: "nbli", kind: 'index', catalogue: true, names: ["nbli"] },
  { key: "nblioli", kind: 'index', catalogue: true, names: ["nblioli"] },
  { key: "nbr2", kind: 'index', catalogue: true, names: ["nbr2"] },
  { key: "nbrplus", kind: 'index', catalogue: true, names: ["nbrplus"] },
  { key: "nbrswir", kind: 'index', catalogue: true, names: ["nbrswir"] },
  { key: "nbrt1", kind: 'index', catalogue: true, names: ["nbrt1"] },
  { key: "nbrt2", kind: 'index', catalogue: true, names: ["nbrt2"] },
  { key: "nbrt3", kind: 'index', catalogue: true, names: ["nbrt3"] },
  { key: "nbsims", kind: 'index', catalogue: true, names: ["nbsims"] },
  { key: "nbui", kind: 'index', catalogue: true, names: ["nbui"] },
  { key: "nd705", kind: 'index', catalogue: true, names: ["nd705"] },
  { key: "ndbai", kind: 'index', catalogue: true, names: ["ndbai"] },
  { key: "ndci", kind: 'index', catalogue: true, names: ["ndci"] },
  { key: "nddi", kind: 'index', catalogue: true, names: ["nddi"] },
  { key: "ndgi", kind: 'index', catalogue: true, names: ["ndgi"] },
  { key: "ndglai", kind: 'index', catalogue: true, names: ["ndglai"] },
  { key: "ndii", kind: 'index', catalogue: true, names: ["ndii"] },
  { key: "ndisib", kind: 'index', catalogue: true, names: ["ndisib"] },
  { key: "ndisig", kind: 'index', catalogue: true, names: ["ndisig"] },
  { key: "ndisimndwi", kind: 'index', catalogue: true, names: ["ndisimndwi"] },
  { key: "ndisindwi", kind: 'index', catalogue: true, names: ["ndisindwi"] },
  { key: "ndisir", kind: 'index', catalogue: true, names: ["ndisir"] },
  { key: "ndpi", kind: 'index', catalogue: true, names: ["ndpi"] },
  { key: "ndponi", kind: 'index', catalogue: true, names: ["ndponi"] },
  { key: "ndrei", kind: 'index', catalogue: true, names: ["ndrei"] },
  { key: "ndsaii", kind: 'index', catalogue: true, names: ["ndsaii"] },
  { key: "ndsii", kind: 'index', catalogue: true, names: ["ndsii"] },
  { key: "ndsinw", kind: 'index', catalogue: true, names: ["ndsinw"] },
  { key: "ndsiwv", kind: 'index', catalogue: true, names: ["ndsiwv"] },
  { key: "ndsoi", kind: 'index', catalogue: true, names: ["ndsoi"] },
  { key: "ndswir", kind: 'index', catalogue: true, names: ["ndswir"] },
  { key: "ndvi705", kind: 'index', catalogue: true, names: ["ndvi705"] },
  { key: "ndvimndwi", kind: 'index', catalogue: true, names: ["ndvimndwi"] },
  { key: "ndvit", kind: 'index', catalogue: true, names: ["ndvit"] },
  { key: "ndwins", kind: 'index', catalogue: true, names: ["ndwins"] },
  { key: "ndyi", kind: 'index', catalogue: true, names: ["ndyi"] },
  { key: "ngrdi", kind: 'index', catalogue: true, names: ["ngrdi"] },
  { key: "nhfd", kind: 'index', catalogue: true, names: ["nhfd"] },
  { key: "nirv", kind: 'index', catalogue: true, names: ["nirv"] },
  { key: "nirvh2", kind: 'index', catalogue: true, names: ["nirvh2"] },
  { key: "nirvp", kind: 'index', catalogue: true, names: ["nirvp"] },
  { key: "nli", kind: 'index', catalogue: true, names: ["nli"] },
  { key: "nmdi", kind: 'index', catalogue: true, names: ["nmdi"] },
  { key: "normg", kind: 'index', catalogue: true, names: ["normg"] },
  { key: "normnir", kind: 'index', catalogue: true, names: ["normnir"] },
  { key: "normr", kind: 'index', catalogue: true, names: ["normr"] },
  { key: "npci", kind: 'index', catalogue: true, names: ["npci"] },
  { key: "nrfig", kind: 'index', catalogue: true, names: ["nrfig"] },
  { key: "nrfir", kind: 'index', catalogue: true, names: ["nrfir"] },
  { key: "nsds", kind: 'index', catalogue: true, names: ["nsds"] },
  { key: "nsdsi1", kind: 'index', catalogue: true, names: ["nsdsi1"] },
  { key: "nsdsi2", kind: 'index', catalogue: true, names: ["nsdsi2"] },
  { key: "nsdsi3", kind: 'index', catalogue: true, names: ["nsdsi3"] },
  { key: "nstv1", kind: 'index', catalogue: true, names: ["nstv1"] },
  { key: "nstv2", kind: 'index', catalogue: true, names: ["nstv2"] },
  { key: "nwi", kind: 'index', catalogue: true, names: ["nwi"] },
  { key: "ocvi", kind: 'index', catalogue: true, names: ["ocvi"] },
  { key: "osavi", kind: 'index', catalogue: true, names: ["osavi"] },
  { key: "osi", kind: 'index', catalogue: true, names: ["osi"] },
  { key: "pisi", kind: 'index', catalogue: true, names: ["pisi"] },
  { key: "psri", kind: 'index', catalogue: true, names: ["psri"] },
  { key: "rcc", kind: 'index', catalogue: true, names: ["rcc"] },
  { key: "rdvi", kind: 'index', catalogue: true, names: ["rdvi"] },
  { key: "redsi", kind: 'index', catalogue: true, names: ["redsi"] },
  { key: "rendvi", kind: 'index', catalogue: true, names: ["rendvi"] },
  { key: "rgbvi", kind: 'index', catalogue: true, names: ["rgbvi"] },
  { key: "rgri", kind: 'index', catalogue: true, names: ["rgri"] },
  { key: "ri4xs", kind: 'index', catalogue: true, names: ["ri4xs"] },
  { key: "rndvi", kind: 'index', catalogue: true, names: ["rndvi"] },
  { key: "rvi", kind: 'index', catalogue: true, names: ["rvi"] },
  { key: "s2rep", kind: 'index', catalogue: true, names: ["s2rep"] },
  { key: "s2wi", kind: 'index', catalogue: true, names: ["s2wi"] },
  { key: "sarvi", kind: 'index', catalogue: true, names: ["sarvi"] },
  { key: "savi2", kind: 'index', catalogue: true, names: ["savi2"] },
  { key: "savit", kind: 'index', catalogue: true, names: ["savit"] },
  { key: "seli", kind: 'index', catalogue: true, names: ["seli"] },
  { key: "sevi", kind: 'index', catalogue: true, names: ["sevi"] },
  { key: "sipi", kind: 'index', catalogue: true, names: ["sipi"] },
  { key: "slavi", kind: 'index', catalogue: true, names: ["slavi"] },
  { key: "snirvlswi", kind: 'index', catalogue: true, names: ["snirvlswi"] },
  { key: "snirvndpi", kind: 'index', catalogue: true, names: ["snirvndpi"] },
  { key: "snirvndvilswip", kind: 'index', catalogue: true, names: ["snirvndvilswip"] },
  { key: "snirvndvilswis", kind: 'index', catalogue: true, names: ["snirvndvilswis"] },
  { key: "snirvswir", kind: 'index', catalogue: true, names: ["snirvswir"] },
  { key: "sr2", kind: 'index', catalogue: true, names: ["sr2"] },
  { key: "sr3", kind: 'index', catalogue: true, names: ["sr3"] },
  { key: "sr555", kind: 'index', catalogue: true, names: ["sr555"] },
  { key: "sr705", kind: 'index', catalogue: true, names: ["sr705"] },
  { key: "swi", kind: 'index', catalogue: true, names: ["swi"] },
  { key: "swm", kind: 'index', catalogue: true, names: ["swm"] },
  { key: "tcari", kind: 'index', catalogue: true, names: ["tcari"] },
  { key: "tcariosavi", kind: 'index', catalogue: true, names: ["tcariosavi"] },
  { key: "tcariosavi705", kind: 'index', catalogue: true, names: ["tcariosavi705"] },
  { key: "tci", kind: 'index', catalogue: true, names: ["tci"] },
  { key: "tdvi", kind: 'index', catalogue: true, names: ["tdvi"] },
  { key: "tgi", kind: 'index', catalogue: true, names: ["tgi"] },
  { key: "trivi", kind: 'index', catalogue: true, names: ["trivi"] },
  { key: "trrvi", kind: 'index', catalogue: true, names: ["trrvi"] },
  { key: "tsavi", kind: 'index', catalogue: true, names: ["tsavi"] },
  { key: "ttvi", kind: 'index', catalogue: true, names: ["ttvi"] },
  { key: "tvi", kind: 'index', catalogue: true, names: ["tvi"] },
  { key: "twi", kind: 'index', catalogue: true, names: ["twi"] },
  { key: "vari", kind: 'index', catalogue: true, names: ["vari"] },
  { key: "vari700", kind: 'index', catalogue: true, names: ["vari700"] },
  { key: "vgnirbi", kind: 'index', catalogue: true, names: ["vgnirbi"] },
  { key: "vi6t", kind: 'index', catalogue: true, names: ["vi6t"] },
  { key: "vi700", kind: 'index', catalogue: true, names: ["vi700"] },
  { key: "vibi", kind: 'index', catalogue: true, names: ["vibi"] },
  { key: "vig", kind: 'index', catalogue: true, names: ["vig"] },
  { key: "vrnirbi", kind: 'index', catalogue: true, names: ["vrnirbi"] },
  { key: "wdrvi", kind: 'index', catalogue: true, names: ["wdrvi"] },
  { key: "wdvi", kind: 'index', catalogue: true, names: ["wdvi"] },
  { key: "wi1", kind: 'index', catalogue: true, names: ["wi1"] },
  { key: "wi2", kind: 'index', catalogue: true, names: ["wi2"] },
  { key: "wi2015", kind: 'index', catalogue: true, names: ["wi2015"] },
  { key: "wri", kind: 'index', catalogue: true, names: ["wri"] },
  // END generated spyndex indices
]

/**
 * Names of a QA class that name it only as a predicate of the pixels ("flagged as designated fill", "are not cloud
 * and not fill"): elsewhere the word has other meanings ("a fill value of -9999", "gap fill").
 */
export const QA_PREDICATE_NAMES: Readonly<Record<string, readonly string[]>> = { fill: ['designated fill', 'fill'] }

/** Objects the counting tools look for: singular class -> the words that name it. */
export const OBJECT_CLASSES: Readonly<Record<string, readonly string[]>> = {
  ship: ['ship', 'ships', 'boat', 'boats', 'vessel', 'vessels'],
  airplane: ['plane', 'planes', 'airplane', 'airplanes', 'aircraft'],
  vehicle: ['car', 'cars', 'vehicle', 'vehicles', 'truck', 'trucks'],
  building: ['building', 'buildings', 'house', 'houses'],
  'storage tank': ['storage tank', 'storage tanks'],
  tree: ['tree', 'trees'],
  bridge: ['bridge', 'bridges'],
  harbor: ['harbor', 'harbors', 'harbour', 'harbours'],
  pond: ['pond', 'ponds'],
  'swimming pool': ['swimming pool', 'swimming pools'],
  'tennis court': ['tennis court', 'tennis courts'],
  roundabout: ['roundabout', 'roundabouts'],
  windmill: ['windmill', 'windmills', 'wind turbine', 'wind turbines'],
  helicopter: ['helicopter', 'helicopters'],
  container: ['container', 'containers'],
}

/** Land-cover class words that select pixels only with a layer or threshold that defines them. */
export const CLASS_WORDS: readonly string[] = ['urban', 'built-up', 'forest', 'forested', 'cropland', 'agricultural', 'farmland', 'grassland', 'bare soil', 'wetland', 'water', 'snow-covered', 'ice', 'vegetated', 'non-vegetated', 'irrigated', 'rainfed', 'rain-fed', 'paddy', 'rice paddy', 'orchard', 'pasture', 'shrubland', 'desert', 'impervious', 'city', 'town', 'settlement', 'settlements']

/**
 * The spectral indices that tell a land-cover class apart (keys): a class named as the reason for a mask on one of
 * them ("Water pixels would bias the average; the NDWI is only there to mask them.") restates that mask.
 */
export const CLASS_INDICES: Readonly<Record<string, readonly string[]>> = {
  water: ['ndwi', 'mndwi'],
  wetland: ['ndwi', 'mndwi'],
  urban: ['ndbi'],
  'built-up': ['ndbi'],
  impervious: ['ndbi'],
  vegetated: ['ndvi', 'evi', 'savi'],
  'non-vegetated': ['ndvi', 'evi', 'savi'],
  'snow-covered': ['ndsi'],
  ice: ['ndsi'],
}

/**
 * Words that name a change label (a reference mask of changed pixels, such as LEVIR-CD's label PNG) or its pixels:
 * "the change label", "the change mask", "changed pixels", "pixels not marked as changed".
 */
export const CHANGE_LABEL_WORDS: readonly string[] = [
  'change label', 'change labels', 'change mask', 'label image', 'the label', 'levir label', 'levir-cd label', 'ground truth', 'ground-truth',
  'reference mask', 'changed pixels', 'changed px', 'unchanged pixels', 'marked as changed', 'marked changed', 'pixels that changed', 'changed area',
  'area changed', 'hectares changed', 'hectars changed', 'other than changed', 'not changed',
]
