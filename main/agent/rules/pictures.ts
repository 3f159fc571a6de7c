/**
 * Questions about the pixels of PNG or JPEG pictures given as files (a LEVIR-CD pair and its change label): counts,
 * areas and statistics of pixels, or a change label used as a mask, are the raster tools' work, and the raster
 * engine reads GeoTIFF files only (engines/raster/job/read-node.ts opens every read as a TIFF). The perception tools
 * take the pictures, but they detect change themselves and read no label given with them. So a question that names a
 * change label over picture files is refused with that cause, in the analyst's words, rather than with "no variable"
 * or "no input layers". A question whose variable the pictures cannot give at all (NDVI of an RGB photo) keeps its
 * own, more precise, refusal.
 */
import path from 'node:path'
import { CHANGE_LABEL_WORDS, VARIABLES } from '../../domain/lexicon'
import { alternation } from '../../domain/spans/words'
import type { TaskSpec } from '../../task/spec'

const PICTURE = /\.(?:png|jpe?g)$/i
const LABEL_FILE = /(?:^|[_-])(?:labels?|masks?|gt|ground[_-]?truth)(?:$|[_.-])/i
const LABEL_RE = new RegExp(`\\b(?:${alternation(CHANGE_LABEL_WORDS)})\\b`, 'i')

/** The refusal for a change label asked of picture files, or null. */
export function pictureLabelRefusal(question: string, files: readonly string[], spec: TaskSpec): string | null {
  const pictures = files.filter((f) => PICTURE.test(f))
  // A label among the pictures (LEVIR-CD keeps it in a `label` folder), named in the question.
  const label = pictures.some((f) => LABEL_FILE.test(path.basename(path.dirname(f))) || LABEL_FILE.test(path.basename(f)))
  if (!label || !LABEL_RE.test(question)) return null
  // A variable of the lexicon (NDVI, LST ...) the pictures cannot hold is refused for that, by the compiler.
  if (spec.subjects.some((s) => VARIABLES.some((v) => v.key === s))) return null
  const named = pictures.map((f) => path.basename(path.dirname(f)) + '/' + path.basename(f))
  return (
    `Nothing was computed: the change label and the images (${named.join(', ')}) are PNG or JPEG pictures, and counting, ` +
    'measuring or averaging their pixels, or using the label as a mask, needs the raster tools, which read GeoTIFF files only; ' +
    'the perception tools detect change between two pictures themselves and do not read a given label.'
  )
}
