/**
 * Typed spans of a question (DESIGN section 9). Each span holds the words it was read from (`text`, `at`, `end`)
 * and what they mean in the lexicon's terms; the two interpreters (the planner's in main/task, the verifier's in
 * main/verify/question-reader) turn spans into a task spec and into what an observation must show.
 */

export type SpanGranularity = 'day' | 'month' | 'season' | 'quarter' | 'half' | 'year' | 'years'
export type SpanOp = '>' | '>=' | '<' | '<=' | 'between' | 'outside'

interface At {
  at: number
  end: number
  text: string
}

export interface PeriodSpan extends At {
  type: 'period'
  start: string
  /** Inclusive ISO date. */
  last: string
  granularity: SpanGranularity
  /** Only these months (1..12) inside [start, last]: a recurring season or month over several years. */
  months?: number[]
  /** The convention a named span was placed with ("growing season": April to October). */
  convention?: string
}

export interface ConditionSpan extends At {
  type: 'condition'
  /** The variable named with the comparison (lexicon key), or null when the words leave it to the subject. */
  variable: string | null
  op: SpanOp
  value?: number
  low?: number
  high?: number
  /** Lexicon unit key written with the value, or null. */
  unit: string | null
  /** True: the pixels NOT meeting the comparison ("excluding", "other than"). */
  negated: boolean
  /** Whether the bound itself is kept. */
  inclusive: boolean
  /**
   * What the words around it say the comparison restricts: pixels, dates, or the result itself (unknown when they do
   * not say); `compared` when a yes/no question compares the result with it ("Was the mean NDVI below 0.2?"), which
   * keeps no pixels out.
   */
  scope: 'pixels' | 'dates' | 'result' | 'compared' | 'unknown'
  /** True: no variable named; a temperature threshold read as of the temperature ("px hotter than 310 K"). */
  byUnit?: boolean
  /**
   * The 'nodata' class only: the layer (lexicon key) whose missing pixels are meant ("pixels that have a valid LST",
   * "px w/o any NDVI"); absent when the words name none (the layer measured).
   */
  layer?: string
}

/**
 * "Negative NDVI must be counted too", "including negative values": values a comparison names, kept in what is
 * counted rather than selected. Nothing is selected; a condition of the ask that leaves them out contradicts it.
 */
export type IncludedValuesSpan = Pick<ConditionSpan, 'at' | 'end' | 'text' | 'variable' | 'op' | 'value' | 'low' | 'high' | 'unit'> & {
  type: 'included_values'
}

/** "more than 40% of the area": a condition on each date's share of the area. */
export interface AreaConditionSpan extends At {
  type: 'area_condition'
  op: '>' | '>=' | '<' | '<='
  /** As a fraction. */
  value: number
}

/** "115% of the mean": a threshold relative to a statistic of the data. */
export interface RelativeSpan extends At {
  type: 'relative_threshold'
}

export interface StatisticSpan extends At {
  type: 'statistic'
  key: 'mean' | 'median' | 'std' | 'variance' | 'min' | 'max' | 'sum' | 'range' | 'percentile' | 'trend' | 'fraction' | 'area'
  p?: number
}

export interface CountSpan extends At {
  type: 'count'
  what: 'pixels' | 'dates' | 'objects'
  /** For objects: the class (lexicon OBJECT_CLASSES key). */
  cls?: string
}

export interface DateOfSpan extends At {
  type: 'date_of'
  extreme: 'max' | 'min'
}

export interface VariableSpan extends At {
  type: 'variable'
  key: string
  kind: 'layer' | 'product' | 'index' | 'qa_class'
}

export interface PartSpan extends At {
  type: 'part'
  name: string
  part?: 'north' | 'south' | 'east' | 'west' | 'northeast' | 'northwest' | 'southeast' | 'southwest'
  rows: [number, number]
  cols: [number, number]
  /**
   * The pixels outside the part were asked ("outside the NW quadrant", "everything but the centre cell") and they are no
   * band of the grid (the complement of a half or an outer third is read as the opposite band instead).
   */
  outside?: boolean
}

export interface BoxSpan extends At {
  type: 'box'
  /** [minx, miny, maxx, maxy]; for pixels [col0, row0, col1, row1) (max exclusive). */
  bbox: [number, number, number, number]
  crs: 'pixel' | 'map'
  /** The CRS the corners are written in ('EPSG:4326' ...), absent = the file's own. */
  srs?: string
  /** The pixels outside the box were asked ("outside the box ...", "everything except rows 0-99 and columns 0-99"). */
  outside?: boolean
  /** Where a pixel window's numbering is said away from it ("Our plot map numbers rows and columns from 1"); read with it. */
  numberingSaid?: { at: number; end: number }[]
}

export interface PolygonSpan extends At {
  type: 'polygon_file'
  file: string
}

export interface UnitSpan extends At {
  type: 'unit'
  /** Lexicon unit key the answer is wanted in. */
  key: string
}

export interface PoolingSpan extends At {
  type: 'pooling'
  key: 'pooled' | 'per_date'
}

export interface SeriesSpan extends At {
  type: 'series'
  key: 'acquisition' | 'monthly' | 'seasonal' | 'annual'
}

export interface CombineSpan extends At {
  type: 'combine'
  key: 'difference' | 'ratio' | 'absolute_difference' | 'percent_change'
  /**
   * A difference whose order the question writes ("June minus September", "(May minus October)", "how much warmer
   * was May than October"): the period taken first (the minuend) and the one taken from it (spans/refiners.ts).
   */
  written?: { minuend: { start: string; last: string }; subtrahend: { start: string; last: string } }
  /** Read from a comparative between two periods with no combination word ("was A warmer than B"). */
  comparative?: true
}

export interface SignificanceSpan extends At {
  type: 'significance'
}

/**
 * "the largest drop between consecutive acquisitions", "the average change from one month to the next": a series of
 * changes from one point to the next. `direction` is the change asked (null: none said); `over` what is taken over
 * the steps (the largest, their mean, or the date of the largest; null: none said); `words` where the direction
 * and that word stand, read with the span.
 */
export interface StepsSpan extends At {
  type: 'steps'
  granularity: 'acquisition' | 'monthly'
  direction: 'rise' | 'drop' | 'change' | null
  over: 'max' | 'mean' | 'date' | null
  words: { at: number; end: number }[]
}

/** "rank from largest to smallest", "in descending order": an ordering of results, not an extreme asked. */
export interface OrderingSpan extends At {
  type: 'ordering'
}

/** "every image belongs to {Airport, BareLand, Bridge, ...}": an enumerated set of labels, not a thing asked about. */
export interface LabelSetSpan extends At {
  type: 'label_set'
  labels: string[]
}

/** "bits 11 and 12 both set", "(bits 11-12 = 11)": the QA bits of a class the question reads, restated; read only when they are that class's. */
export interface QaBitsSpan extends At {
  type: 'qa_bits'
  first: number
  last: number
}

/**
 * "a 5 m scene", "pixel size 30 m", "pixels 900 m x 900 m", "900 m² per pixel": the size of a pixel the question
 * states, in metres (the side of a square pixel; an area per pixel gives its square root).
 */
export interface PixelSizeSpan extends At {
  type: 'pixel_size'
  metres: number
  /** Stated as the area each pixel counts for ("counting each pixel as 900 m²", "30 x 30 m per pixel"). */
  perPixel?: boolean
  /** Set aside by the words before it ("true ground area, not 900 m² per pixel"): read, not used. */
  setAside?: boolean
}

/** "the true ground area", "real area on the ground": how an area is to be counted, stated beside the ask. */
export interface AreaBasisSpan extends At {
  type: 'area_basis'
  key: 'ground'
}

/** "a Web Mercator grid", "in UTM zone 45N", "(EPSG:3857)" not written with a box: the CRS the question says the files are on. */
export interface GridCrsSpan extends At {
  type: 'grid_crs'
  /** "EPSG:3857", "EPSG:32645". */
  srs: string
}

/**
 * A name that only says which scene or place the data show ("WRS-2 path 16, row 37", "the South Carolina coast"): read,
 * it selects nothing. Its compass or row words are not a part of the image.
 */
export interface NameSpan extends At {
  type: 'name'
  /** `precision`: how precisely the answer is written ("to 2 decimals"), which changes nothing computed. */
  kind: 'scene' | 'place' | 'precision'
}

/**
 * "bands are R,G,B,NIR", "band order: red, green, blue, NIR", "(bands: B, G, R, N)": the order of an unlabelled
 * multi-band file's bands as the question states it, as spyndex band roles (B blue, G green, R red, N near
 * infrared, S1/S2 shortwave infrared, T thermal) in file order (band 1 first).
 */
export interface BandOrderSpan extends At {
  type: 'band_order'
  roles: string[]
}

/**
 * The bands an index is stated with right after its name ("NDWI (green vs nir)"): `roles` the spyndex roles
 * written, `matches` whether they are the catalogue's bands of the index `key`.
 */
export interface IndexBandsSpan extends At {
  type: 'index_bands'
  key: string
  roles: string[]
  matches: boolean
}

/** A constant of an index stated with it ("SAVI (L = 0.5)"): the spyndex constant's letter and value. */
export interface IndexConstantSpan extends At {
  type: 'index_constant'
  key: string
  value: number
}

/**
 * A band's position in the file restated beside the band ("the red band (band 1)"): `role` is the spyndex role of
 * the band named, `band` its 1-based number in the file.
 */
export interface BandAtSpan extends At {
  type: 'band_at'
  role: string
  band: number
}

/**
 * A band named as the variable ("the red band", "band 4", "B5", "the NIR channel"): `key` is the catalog's role
 * ('red', 'nir', 'swir1' ...; lexicon BAND_ROLES) or the band's number in its product ('b4').
 */
export interface BandSpan extends At {
  type: 'band'
  key: string
}

/** A calibration asked of a band ("the TOA reflectance of band 4", "radiance"): lexicon BAND_CALIBRATIONS keys. */
export interface CalibrationSpan extends At {
  type: 'calibration'
  key: 'toa_reflectance' | 'surface_reflectance' | 'radiance'
}

/** A retrieval method, trend estimator or TVDI binning the question names ("split-window", "Theil-Sen", "closed last bin"): lexicon methods.ts keys. */
export interface MethodSpan extends At {
  type: 'method'
  key: string
  /** What the method computes: a product ('lst', 'tvdi') or the trend. */
  of: string
}

/** Period words that restate another period ("... the 2018 images" after "August 2018") or give the record's extent. */
export interface RestatedPeriodSpan extends At {
  type: 'restated_period'
}

/**
 * Dates set aside from a period named before them: months ("summer 2019 but not the July dates", "June-August without
 * July"; the period's `months` leave them out) or a day ("excluding the 12 July scene"; the period is split around it).
 * This span holds the words that said so.
 */
export interface ExcludedDatesSpan extends At {
  type: 'excluded_dates'
  months?: number[]
  /** ISO days set aside. */
  days?: string[]
  /** True when no period named before them holds these dates ("summer 2019 without October"). */
  unheld?: boolean
}

/**
 * A part of the image named in a sentence that does not ask ("The belt runs through the centre of the scene.") when
 * a sentence that asks names its own part: context, not the region.
 */
export interface ContextPartSpan extends At {
  type: 'context_part'
}

/**
 * A unit named in a sentence that does not ask ("Our US partners think in Fahrenheit.") when a sentence that asks
 * names the unit of its own answer ("what share (in %) ..."): context, not the answer's unit.
 */
export interface ContextUnitSpan extends At {
  type: 'context_unit'
}

/** "night-time LST", "daytime brightness temperature": the time of day the variable is taken at. */
export interface TimeOfDaySpan extends At {
  type: 'time_of_day'
  key: 'day' | 'night'
}

/** A negation word that no comparison took ("excluding the clouds"): the reader cannot apply it. */
export interface NegationSpan extends At {
  type: 'negation'
}

export type Span =
  | PeriodSpan
  | ConditionSpan
  | IncludedValuesSpan
  | AreaConditionSpan
  | RelativeSpan
  | StatisticSpan
  | CountSpan
  | DateOfSpan
  | VariableSpan
  | PartSpan
  | BoxSpan
  | PolygonSpan
  | UnitSpan
  | PoolingSpan
  | SeriesSpan
  | StepsSpan
  | CombineSpan
  | SignificanceSpan
  | OrderingSpan
  | LabelSetSpan
  | NameSpan
  | PixelSizeSpan
  | AreaBasisSpan
  | GridCrsSpan
  | QaBitsSpan
  | BandOrderSpan
  | BandAtSpan
  | IndexBandsSpan
  | IndexConstantSpan
  | BandSpan
  | CalibrationSpan
  | TimeOfDaySpan
  | RestatedPeriodSpan
  | ExcludedDatesSpan
  | ContextPartSpan
  | ContextUnitSpan
  | MethodSpan
  | NegationSpan
  | FormulaSpan
  | BandAssignmentSpan
  | StoredScaleSpan
  | StoredNodataSpan
  | ZeroDnSpan

export type SpanType = Span['type']

/** One content word of the question and what became of it. */
export interface LedgerEntry {
  word: string
  at: number
  /** The span type that consumed it, or null when nothing did. */
  by: string | null
  /** For words no span consumed: whether the word could change the value, and why. */
  blocking?: boolean
  why?: string
}

export interface NotUnderstoodPhrase {
  text: string
  at: number
  blocking: boolean
  why: string
}

/**
 * A band formula the question writes out ("MSI = SWIR1 / NIR", "(B5 − B2)/(B5 + B2)"): `expr` in the expression
 * language of raster.algebra over band keys ('nir', 'red', 'b5' ...), `name` the variable it defines (a lexicon key,
 * a new name written "GCC = ...", or 'formula' when the question gives none).
 */
export interface FormulaSpan extends At {
  type: 'formula'
  expr: string
  name: string
  /** Compared with zero right after ("where nir+red = 0"): it guards a denominator, it defines nothing. */
  guard?: boolean
}

/** "N=B5", "with NIR the band 5": which numbered band a role written in a formula stands for. */
export interface BandAssignmentSpan extends At {
  type: 'band_assignment'
  key: string
  band: number
}

/** "LST = DN × 0.02 K", "NDVI = DN/10000": the scale the question says a layer is stored with (value = DN × factor). */
export interface StoredScaleSpan extends At {
  type: 'stored_scale'
  /** The variable it is said of (lexicon key), or null when the words name none. */
  variable: string | null
  factor: number
  /** 'K' when the value is said to be in kelvin, else null. */
  unit: string | null
}

/** "nodata -32768", "DN 0 = nodata": the fill value the question says a layer is stored with (raw DN). */
export interface StoredNodataSpan extends At {
  type: 'stored_nodata'
  variable: string | null
  value: number
}

/** "excluding pixels where either band is 0", "B4>0 and B5>0": the bands' zero DN set aside (read as missing). */
export interface ZeroDnSpan extends At {
  type: 'zero_dn'
}
