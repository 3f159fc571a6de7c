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
}

export const VARIABLES: readonly LexVariable[] = [
  { key: 'tvdi', kind: 'product', inputs: ['lst', 'ndvi'], names: ['tvdi', 'dryness', 'temperature vegetation dryness index', 'temperature vegetation dryness', 'dryness index', 'dryness indicator', 'drought index'] },
  { key: 'lst', kind: 'layer', unit: 'K', inputs: ['bt', 'emissivity', 'ndvi'], names: ['lst', 'land surface temperature', 'land surface temperatures', 'land surface temp', 'land surface temps', 'surface temperature', 'surface temperatures', 'surface temp', 'surface temps', 'skin temperature', 'temperature', 'temperatures', 'lst day', 'lst night'] },
  { key: 'bt', kind: 'product', unit: 'K', names: ['brightness temperature', 'brightness temperatures', 'brightness temp', 'brightness temps', 'at-sensor temperature', 'bt', 'bt10'] },
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
  { key: 'cloud_shadow', kind: 'qa_class', names: ['cloud shadow', 'cloud shadows'] },
  { key: 'snow', kind: 'qa_class', names: ['snow pixels', 'snow/ice', 'snow and ice'] },
  { key: 'fill', kind: 'qa_class', names: ['fill pixels', 'fill values'] },
  // Cirrus of high confidence (the BQA's two cirrus bits both set), as snow and cloud shadow are read at high confidence.
  { key: 'cirrus', kind: 'qa_class', names: ['high cirrus confidence', 'high-confidence cirrus', 'high confidence cirrus', 'cirrus confidence high', 'cirrus conf = high', 'cirrus confidence = high', 'cirrus pixels'] },
  // A layer's own missing pixels (its file's nodata value), not a QA band's fill bit: "the nodata pixels of the NDVI".
  { key: 'nodata', kind: 'qa_class', names: ['nodata', 'no-data', 'nodata pixels', 'no-data pixels', 'no data pixels'] },
  { key: 'clear', kind: 'qa_class', names: ['cloud-free', 'cloud free', 'clear-sky', 'clear sky', 'clear pixels', 'clear px', 'cloudless', 'clear'] },
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
export const CLASS_WORDS: readonly string[] = ['urban', 'built-up', 'forest', 'forested', 'cropland', 'agricultural', 'farmland', 'grassland', 'bare soil', 'wetland', 'water', 'snow-covered', 'ice', 'vegetated', 'non-vegetated', 'irrigated', 'rainfed', 'rain-fed', 'paddy', 'rice paddy', 'orchard', 'pasture', 'shrubland', 'desert', 'impervious']

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
