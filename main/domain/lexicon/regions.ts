/**
 * Image parts by their words, as fractions of the grid: rows [r0, r1) and columns [c0, c1) of the unit square
 * (top-left origin; north = top rows of a north-up grid). A pixel belongs to a part when its centre lies in it.
 * `part` names a TaskSpec half or quadrant where the part is one; others (thirds, the centre) are grid regions.
 * Data only.
 */

export interface LexPart {
  name: string
  /** TaskSpec Part when the part is a half or quadrant. */
  part?: 'north' | 'south' | 'east' | 'west' | 'northeast' | 'northwest' | 'southeast' | 'southwest'
  rows: readonly [number, number]
  cols: readonly [number, number]
  /** Words that name it (followed by one of its nouns, see PART_NOUNS). */
  words: readonly string[]
  nouns: 'half' | 'quadrant' | 'third' | 'centre'
  /** Words after the noun that this part needs ("middle third of columns"); absent = optionally "of the image". */
  after?: readonly string[]
}

const T = 1 / 3
export const PARTS: readonly LexPart[] = [
  { name: 'northeast quadrant', part: 'northeast', rows: [0, 0.5], cols: [0.5, 1], words: ['northeast', 'north-east', 'north east', 'northeastern', 'north-eastern', 'upper right', 'upper-right', 'top right', 'top-right', 'ne'], nouns: 'quadrant' },
  { name: 'northwest quadrant', part: 'northwest', rows: [0, 0.5], cols: [0, 0.5], words: ['northwest', 'north-west', 'north west', 'northwestern', 'north-western', 'upper left', 'upper-left', 'top left', 'top-left', 'nw'], nouns: 'quadrant' },
  { name: 'southeast quadrant', part: 'southeast', rows: [0.5, 1], cols: [0.5, 1], words: ['southeast', 'south-east', 'south east', 'southeastern', 'south-eastern', 'lower right', 'lower-right', 'bottom right', 'bottom-right', 'se'], nouns: 'quadrant' },
  { name: 'southwest quadrant', part: 'southwest', rows: [0.5, 1], cols: [0, 0.5], words: ['southwest', 'south-west', 'south west', 'southwestern', 'south-western', 'lower left', 'lower-left', 'bottom left', 'bottom-left', 'sw'], nouns: 'quadrant' },
  { name: 'north half', part: 'north', rows: [0, 0.5], cols: [0, 1], words: ['north', 'northern', 'upper', 'top'], nouns: 'half' },
  { name: 'south half', part: 'south', rows: [0.5, 1], cols: [0, 1], words: ['south', 'southern', 'lower', 'bottom'], nouns: 'half' },
  { name: 'east half', part: 'east', rows: [0, 1], cols: [0.5, 1], words: ['east', 'eastern', 'right', 'right-hand'], nouns: 'half' },
  { name: 'west half', part: 'west', rows: [0, 1], cols: [0, 0.5], words: ['west', 'western', 'left', 'left-hand'], nouns: 'half' },
  { name: 'north third', rows: [0, T], cols: [0, 1], words: ['north', 'northern', 'northernmost', 'upper', 'uppermost', 'top', 'topmost', 'first'], nouns: 'third' },
  // The middle third of the columns (a vertical band), said by its orientation; without one, "middle third" is of the rows.
  { name: 'middle third (columns)', rows: [0, 1], cols: [T, 2 * T], words: ['middle vertical', 'central vertical', 'centre vertical', 'center vertical'], nouns: 'third' },
  { name: 'middle third (columns)', rows: [0, 1], cols: [T, 2 * T], words: ['middle', 'central', 'centre', 'center'], nouns: 'third', after: ['of columns', 'of the columns', 'of its columns', 'of the image columns', 'by columns', 'of the width', 'of its width'] },
  { name: 'middle third (rows)', rows: [T, 2 * T], cols: [0, 1], words: ['middle', 'central', 'centre', 'center', 'middle horizontal', 'central horizontal'], nouns: 'third' },
  { name: 'south third', rows: [2 * T, 1], cols: [0, 1], words: ['south', 'southern', 'southernmost', 'lower', 'lowest', 'bottom', 'bottommost', 'last'], nouns: 'third' },
  { name: 'west third', rows: [0, 1], cols: [0, T], words: ['west', 'western', 'westernmost', 'left', 'leftmost', 'left-hand'], nouns: 'third' },
  { name: 'east third', rows: [0, 1], cols: [2 * T, 1], words: ['east', 'eastern', 'easternmost', 'right', 'rightmost', 'right-hand'], nouns: 'third' },
  /** The centre: the middle half of the rows and of the columns (a stated convention). */
  { name: 'centre', rows: [0.25, 0.75], cols: [0.25, 0.75], words: ['central', 'centre', 'center', 'middle'], nouns: 'centre' },
]

/**
 * The side of the image a part lies along, said right after it as a restatement ("the lowest third, the southern
 * rows"), and the nouns of such a restatement.
 */
export const SIDE_WORDS: Readonly<Record<string, 'north' | 'south' | 'east' | 'west'>> = {
  north: 'north', northern: 'north', northernmost: 'north', top: 'north', topmost: 'north', upper: 'north', uppermost: 'north',
  south: 'south', southern: 'south', southernmost: 'south', bottom: 'south', bottommost: 'south', lower: 'south', lowest: 'south',
  west: 'west', western: 'west', westernmost: 'west', left: 'west', leftmost: 'west', 'left-hand': 'west',
  east: 'east', eastern: 'east', easternmost: 'east', right: 'east', rightmost: 'east', 'right-hand': 'east',
}
export const SIDE_NOUNS: readonly string[] = ['rows', 'lines', 'columns', 'cols', 'part', 'portion', 'side', 'edge', 'strip', 'band', 'end']

/**
 * An image cut into three strips of equal size ("dividing the image into three vertical strips of equal width"),
 * and the strip then picked by its place ("the central strip"): a third of the columns (vertical strips) or of the
 * rows (horizontal ones). `count` words, `orientation` words, strip nouns, and the picks by place.
 */
export const STRIP_DIVISION = {
  count: ['three', '3'],
  vertical: ['vertical', 'north-south', 'north–south'],
  horizontal: ['horizontal', 'east-west', 'east–west'],
  nouns: ['strips', 'bands', 'stripes', 'slices', 'sections', 'columns', 'zones'],
  equal: ['of equal width', 'of equal height', 'of equal size', 'of the same width', 'of the same height', 'equally wide', 'equally tall', 'equal-width', 'equal'],
} as const
export const STRIP_NOUNS: readonly string[] = ['strip', 'band', 'stripe', 'slice', 'section', 'one', 'column', 'zone']
export const STRIP_PICKS: Readonly<Record<'first' | 'middle' | 'last', { vertical: readonly string[]; horizontal: readonly string[] }>> = {
  first: { vertical: ['left', 'left-hand', 'western', 'west', 'first'], horizontal: ['top', 'upper', 'northern', 'north', 'first'] },
  middle: { vertical: ['middle', 'central', 'centre', 'center', 'second'], horizontal: ['middle', 'central', 'centre', 'center', 'second'] },
  last: { vertical: ['right', 'right-hand', 'eastern', 'east', 'third', 'last'], horizontal: ['bottom', 'lower', 'southern', 'south', 'third', 'last'] },
}

/**
 * An image cut into a grid of 3 x 3 equal cells ("split the image into a 3 x 3 grid of equal cells") and the cell
 * then picked by its place ("the centre cell", "the middle tile"): the middle third of the rows and of the columns.
 */
export const GRID_DIVISION = {
  counts: ['3 x 3', '3x3', '3 × 3', '3×3', '3 by 3', '3-by-3', 'three by three', 'three-by-three', 'nine equal', 'nine'],
  nouns: ['grid', 'cells', 'tiles', 'pieces', 'peices', 'blocks', 'squares', 'boxes', 'parts'],
} as const
export const GRID_CELL_NOUNS: readonly string[] = ['cell', 'tile', 'piece', 'peice', 'block', 'square', 'box', 'part', 'one']
export const GRID_CENTRE_WORDS: readonly string[] = ['centre', 'center', 'central', 'middle']
/** A cell of a 3 x 3 grid by its row and column words ("the top-left cell", "the north-west cell", "upper middle"). */
export const GRID_ROW_WORDS: Readonly<Record<0 | 1 | 2, readonly string[]>> = {
  0: ['top', 'upper', 'north', 'northern'],
  1: ['middle', 'centre', 'center', 'central'],
  2: ['bottom', 'lower', 'south', 'southern'],
}
export const GRID_COL_WORDS: Readonly<Record<0 | 1 | 2, readonly string[]>> = {
  0: ['left', 'west', 'western'],
  1: ['middle', 'centre', 'center', 'central'],
  2: ['right', 'east', 'eastern'],
}

/** The nouns after a part's words. */
export const PART_NOUNS: Readonly<Record<LexPart['nouns'], readonly string[]>> = {
  half: ['half', 'halves'],
  quadrant: ['quadrant', 'quarter', 'corner quadrant'],
  third: ['third', 'thirds'],
  centre: ['part', 'portion', 'area', 'region', 'zone', 'square', 'window', 'section'],
}

/** Nouns that name the image a part is of ("of the image"). */
export const IMAGE_NOUNS: readonly string[] = ['image', 'picture', 'scene', 'frame', 'tile', 'raster', 'map', 'grid', 'study area', 'area', 'region', 'domain']

/**
 * How a question says where its pixel numbering starts, anywhere in it ("Our plot map numbers rows and columns from
 * 1", "row and column numbers start at 0", "1-based"): the verbs, and the nouns they number.
 */
export const PIXEL_NUMBERING = {
  verbs: ['count', 'counts', 'counted', 'counting', 'number', 'numbers', 'numbered', 'numbering', 'index', 'indexes', 'indexed', 'indexing', 'start', 'starts', 'starting', 'begin', 'begins', 'beginning'],
  nouns: ['rows', 'row', 'columns', 'column', 'cols', 'col', 'lines', 'pixels', 'indices', 'indexes', 'row numbers', 'column numbers', 'pixel numbers', 'row indices', 'column indices', 'pixel indices'],
} as const

/** Words that name a box and the CRS its corners are written in. */
export const BOX_WORDS: readonly string[] = ['bounding box', 'bbox', 'box', 'window', 'rectangle', 'extent', 'subset']
export const CRS_WORDS: Readonly<Record<string, readonly string[]>> = {
  'EPSG:4326': ['lon/lat', 'lat/lon', 'longitude/latitude', 'latitude/longitude', 'longitude and latitude', 'latitude and longitude', 'degrees', 'wgs84', 'wgs 84', 'geographic coordinates', 'decimal degrees', 'epsg:4326', 'epsg 4326'],
  'EPSG:3857': ['web mercator', 'pseudo-mercator', 'epsg:3857', 'epsg 3857'],
  pixel: ['pixel coordinates', 'pixel units', 'pixel space', 'image coordinates', 'pixel window', 'pixel box', 'rows', 'columns', 'row', 'column'],
}

/**
 * Words before an image part that select its complement ("outside the top half", "everything except the northern
 * half", "excluding the left third", "leaving out the north west quarter", "without the western third"). The
 * complement of a half is the opposite half; of an outer third, the other two thirds; of any other part (a quadrant,
 * the centre) the pixels outside it. ("Minus" is not one: "the east half minus the west half" compares two parts.)
 */
export const REGION_NEGATIONS: readonly string[] = [
  'outside of',
  'outside',
  'everything except for',
  'everything except',
  'everything but',
  'all but',
  'except for',
  'except',
  'excluding',
  'other than',
  'apart from',
  'not in',
  'but not',
  'without',
  'leaving out',
  'leave out',
  'ignoring',
  'ignore',
  'exclude',
  'omitting',
  'omit',
  'dropping',
  'drop',
  'not counting',
]

/** Fractions of the image's extent said in words, for boxes given by them ("from a quarter to three quarters of the width"). */
export const FRACTION_WORDS: Readonly<Record<string, number>> = {
  'a quarter': 0.25,
  'one quarter': 0.25,
  'one-quarter': 0.25,
  '1 quarter': 0.25,
  'three quarters': 0.75,
  'three-quarters': 0.75,
  '3 quarters': 0.75,
  'a third': 1 / 3,
  'one third': 1 / 3,
  'one-third': 1 / 3,
  '1 third': 1 / 3,
  'two thirds': 2 / 3,
  'two-thirds': 2 / 3,
  '2 thirds': 2 / 3,
  'a half': 0.5,
  'one half': 0.5,
  half: 0.5,
}
