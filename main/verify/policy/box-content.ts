/**
 * Do the detections sit on anything? A model-free look at the image under each box (DESIGN section 10: class
 * completeness and geometry flags for perception): a box over pixels with no structure inside it and no contrast
 * with the ring around it covers background, not an object. One such box can be a flat-roofed object; when most of
 * a detector's boxes are like that, its geometry does not land on the image (boxes shifted by a letterbox pad or a
 * tile offset that was not undone, a wrong image), and a count, area or distance over them is not supported.
 *
 * Reads only the image the call names (one objects source, one image: PNG/JPEG/GeoTIFF that sharp decodes); an image
 * it cannot read gives no finding (the other checks still apply).
 */
import sharp from 'sharp'
import { isRec, type Rec } from '../../tools/execute/evidence-reader'
import { pass, type Finding } from './finding'

/** Grey levels (0-255): below this spread inside and this contrast with the surroundings a box is featureless. */
export const FLAT_GREY = 2
/** A ring this share of the box side (at least 2 px) around each box is its surroundings. */
const RING = 0.5

/** The one image an objects call looks at: perceive's `image_paths`, or measure's single objects source. */
export function objectImage(tool: string, args: unknown): string | null {
  if (!isRec(args)) return null
  if (tool === 'perceive')
    return args.mode === 'objects' && Array.isArray(args.image_paths) && args.image_paths.length === 1 ? String(args.image_paths[0]) : null
  if (tool !== 'measure' || !Array.isArray(args.sources)) return null
  const objects = args.sources.filter((s) => isRec(s) && s.mode === 'objects')
  if (objects.length !== 1) return null
  const paths = (objects[0] as Rec).image_paths
  return Array.isArray(paths) && paths.length === 1 ? String(paths[0]) : null
}

function boxList(intermediate: Rec): number[][] {
  const list = Array.isArray(intermediate.boxes) ? intermediate.boxes : []
  return list
    .map((b) => (isRec(b) ? b.box : b))
    .filter(
      (b): b is number[] => Array.isArray(b) && b.length === 4 && b.every((v) => typeof v === 'number' && Number.isFinite(v)) && b[2] > b[0] && b[3] > b[1],
    )
}

interface Grey {
  data: Uint8Array
  width: number
  height: number
}

/**
 * Mean, standard deviation and median of the grey levels in [x0, x1) x [y0, y1), leaving out the box `except` when
 * given (the ring around a box: its median is the surroundings' level even where the ring touches a neighbour).
 */
function stats(g: Grey, x0: number, y0: number, x1: number, y1: number, except?: number[]): { mean: number; std: number; median: number; n: number } {
  let n = 0
  let sum = 0
  let sq = 0
  const hist = new Uint32Array(256)
  for (let y = Math.max(0, y0); y < Math.min(g.height, y1); y++)
    for (let x = Math.max(0, x0); x < Math.min(g.width, x1); x++) {
      if (except && x >= except[0] && x < except[2] && y >= except[1] && y < except[3]) continue
      const v = g.data[y * g.width + x]
      n++
      sum += v
      sq += v * v
      hist[v]++
    }
  const mean = n ? sum / n : 0
  let median = 0
  for (let v = 0, seen = 0; v < 256; v++) {
    seen += hist[v]
    if (seen * 2 >= n) {
      median = v
      break
    }
  }
  return { mean, std: n ? Math.sqrt(Math.max(0, sq / n - mean * mean)) : 0, median, n }
}

/** The boxes (pixel corners) that cover featureless pixels, by index. */
export function featurelessBoxes(g: Grey, list: number[][]): number[] {
  const out: number[] = []
  list.forEach((b, i) => {
    const [x0, y0, x1, y1] = [Math.floor(b[0]), Math.floor(b[1]), Math.ceil(b[2]), Math.ceil(b[3])]
    const inside = stats(g, x0, y0, x1, y1)
    if (inside.n === 0) return out.push(i)
    const r = Math.max(2, Math.round(RING * Math.max(x1 - x0, y1 - y0)))
    const ring = stats(g, x0 - r, y0 - r, x1 + r, y1 + r, [x0, y0, x1, y1])
    if (inside.std < FLAT_GREY && (ring.n === 0 || Math.abs(inside.mean - ring.median) < FLAT_GREY)) out.push(i)
  })
  return out
}

export async function checkBoxContent(tool: string, args: unknown, intermediate: Rec): Promise<Finding[]> {
  const file = objectImage(tool, args)
  const list = boxList(intermediate)
  if (!file || list.length === 0) return []
  let grey: Grey
  try {
    const { data, info } = await sharp(file).greyscale().raw().toBuffer({ resolveWithObject: true })
    grey = { data: new Uint8Array(data.buffer, data.byteOffset, info.width * info.height), width: info.width, height: info.height }
  } catch {
    return []
  }
  const flat = featurelessBoxes(grey, list)
  if (flat.length >= 2 && flat.length * 2 > list.length)
    return [
      {
        check: 'box_content',
        severity: 'reject',
        message: `${flat.length} of ${list.length} detections lie on featureless pixels (grey-level spread under ${FLAT_GREY} inside and no contrast with their surroundings): the boxes do not sit on objects in the image, as when the detector's geometry is shifted off it`,
      },
    ]
  return [pass('box_content', `${list.length - flat.length} of ${list.length} detections cover image structure`)]
}
