/**
 * The verifier's vocabulary of quantities a question may restrict or ask about, and how the same quantity is named
 * in a DAG (read roles, product names, node ids). Written for the verifier alone: the planner has its own, so a
 * word one of them misses is not missed by both.
 */

/** Canonical variable -> the words that name it in a question or in a DAG (lower case, `_` read as a space). */
export const VARIABLE_WORDS: Readonly<Record<string, readonly string[]>> = {
  tvdi: ['tvdi', 'temperature vegetation dryness index', 'dryness index'],
  ndvi: ['ndvi', 'normalized difference vegetation index', 'normalised difference vegetation index', 'vegetation index'],
  ndwi: ['ndwi', 'mndwi', 'water index'],
  nbr: ['nbr', 'dnbr', 'burn ratio'],
  evi: ['evi', 'enhanced vegetation index'],
  lst: ['lst', 'land surface temperature', 'surface temperature', 'skin temperature', 'temperature'],
  albedo: ['albedo'],
  emissivity: ['emissivity', 'emis'],
  pwv: ['pwv', 'precipitable water', 'water vapour', 'water vapor'],
  ati: ['ati', 'thermal inertia'],
  precipitation: ['precipitation', 'rainfall', 'precip'],
  ntl: ['ntl', 'night-time light', 'nighttime light', 'night light', 'radiance of lights'],
  bt: ['brightness temperature', 'bt'],
  reflectance: ['reflectance'],
}

const ORDERED = Object.entries(VARIABLE_WORDS)
  .flatMap(([key, words]) => words.map((w) => ({ key, w })))
  .sort((a, b) => b.w.length - a.w.length)

/** Words of a name as a question would write them: lower case, separators as spaces. */
export function plainWords(name: string): string {
  return name.toLowerCase().replace(/[_\-./]+/g, ' ').replace(/\s+/g, ' ').trim()
}

/**
 * The canonical variable a name stands for (a DAG role such as `LST_Day`, a product `tvdi`, a node id `ndvi_mask`),
 * matching whole words, longest first; null when it names none of the vocabulary.
 */
export function canonicalVariable(name: string): string | null {
  const text = ` ${plainWords(name)} `
  for (const { key, w } of ORDERED) if (text.includes(` ${w} `)) return key
  // Ids glue words together (`ndvi2`, `lstk`): a known short name at the start still counts.
  const head = plainWords(name).split(' ')[0]
  for (const { key, w } of ORDERED) if (!w.includes(' ') && w.length >= 3 && head.startsWith(w)) return key
  return null
}

/** One alternation of every question word for a variable, for building the readers' patterns. */
export const VARIABLE_PATTERN = ORDERED.map(({ w }) => w.replace(/[-/\\^$*+?.()|[\]{}]/g, '\\$&').replace(/ /g, '[\\s-]+')).join('|')
