/**
 * Questions about the pixels of PNG or JPEG pictures given as files (a LEVIR-CD pair A/B and its change label):
 * counts, areas and statistics of pixels, a change label used as a mask, and the difference of two pictures of one
 * size. The raster engine reads pictures as ungeoreferenced rasters (engines/raster/picture-raster.ts: bands as the
 * colour model names them, samples as stored), so such a question compiles to one execute DAG of path reads.
 *
 * The task reader (main/task) has no words for a label picture or for images named by letter, so this module reads
 * them itself, and only them, conservatively: the picture roles come from the file layout (a `label`/`mask`/`gt`
 * folder or name is the label; folders A and B, or names with before/after, are the earlier and later image), the
 * mask from the lexicon's change-label words ("changed" keeps the label's changed value, 255, or any value above 0
 * where 255 is not said; "not changed", "unchanged", "other than changed" keep 0), the image from its letter or from
 * before/after, a difference from "B minus A" (or "A minus B"; "the difference" of the pair is later minus earlier,
 * the task spec's convention for periods). The statistic, band, region, unit and stated pixel size are the task
 * spec's. A picture has no pixel size, so an area needs one stated in the question ("pixels are 0.5 m").
 * Whatever else could change the value (a number that is not the label value, a band or object word the pictures do
 * not hold) is refused naming it: never a value for another question.
 *
 * Still refused with the old cause: a question that names a variable of the lexicon the pictures cannot give (NDVI
 * of an RGB photo: the compiler names it), and objects or classes in the pictures (buildings, roofs), which the
 * change label does not mark and the raster tools do not detect.
 */
import path from 'node:path'
import { CHANGE_LABEL_WORDS, VARIABLES } from '../../domain/lexicon'
import { alternation } from '../../domain/spans/words'
import { pictureBandNames, pictureHeader } from '../../engines/raster/picture-raster'
import type { ImageFileInfo } from '../../engines/raster/image-file'
import type { TaskSpec } from '../../task/spec'
import { DagBuilder } from './dag-builder'
import type { Workflow } from './skills'
import { areaUnitOf, convertUnit, geometryOf, Refusal, STAT_WORD } from './compile-words'

const PICTURE = /\.(?:png|jpe?g)$/i
const LABEL_FILE = /(?:^|[_-])(?:labels?|masks?|gt|ground[_-]?truth|cm)(?:$|[_.-])/i
const LABEL_RE = new RegExp(`\\b(?:${alternation(CHANGE_LABEL_WORDS)})\\b`, 'i')
const CHANGE_RE = /\b(?:changed|change|changes|changing)\b|\bchanged\s*(?:px|pixels?)\b/i
/**
 * The unchanged pixels in words: "unchanged", "no change", a negation before "changed" in its clause ("not marked as
 * changed", "the label does not flag as changed"), or the label's value denied or given as 0 ("other than 255",
 * "label != 255", "where the label is 0").
 */
const UNCHANGED_RE =
  /\b(?:unchanged|no\s+change|stable|other\s+than\s+(?:changed|255)|(?:not|never)\b[^,.;:?()]{0,40}?\bchanged)\b|n't\b[^,.;:?()]{0,40}?\bchanged\b|(?:!=|≠|<>)\s*255\b|\bnot\s+(?:equal\s+to\s+)?255\b|\blabel(?:led)?\s+(?:value\s+)?(?:is\s+|=\s*|==\s*|of\s+)?(?:0|zero)\b/i
/** Objects and classes a picture may show but neither its bands nor the change label hold. */
const OBJECT_RE =
  /\b(?:buildings?|houses?|roofs?|roads?|trees?|cars?|vehicles?|ships?|water|vegetation|forest|fields?|construction|built[\s-]?up|heights?|tall|years?|days?|dates?|when|ndvi|ndwi)\b/i
const STAT_RE =
  /\b(?:how\s+many|how\s+much|number|count|mean|average|avg|median|sum|total|area|minimum|maximum|min|max|std|standard\s+deviation|percent(?:age)?|share|fraction|proportion)\b/i
const SHARE_RE = /\b(?:percent(?:age)?|pct|share|fraction|proportion)\b|%/i
/** The label masks as the share operator's comparisons. */
const SHARE_OP: Record<string, { op: string; value: number }> = {
  'l == 255': { op: '>=', value: 255 },
  'l > 0': { op: '>', value: 0 },
  'l == 0': { op: '<=', value: 0 },
}
const BAND_NUMBER: Record<string, number> = { red: 1, green: 2, blue: 3 }

/** A picture's role by its folder or name: the change label, the earlier image (A) or the later one (B). */
function roleOf(file: string): 'label' | 'A' | 'B' | null {
  const dir = path.basename(path.dirname(file))
  const base = path.basename(file)
  if (LABEL_FILE.test(dir) || LABEL_FILE.test(base)) return 'label'
  if (/^(?:a|t1|before|im1|image1)$/i.test(dir) || /(?:^|[_-])(?:before|t1)(?:[_.-])/i.test(base)) return 'A'
  if (/^(?:b|t2|after|im2|image2)$/i.test(dir) || /(?:^|[_-])(?:after|t2)(?:[_.-])/i.test(base)) return 'B'
  return null
}

/** The question's sentences that ask (a statistic word or a question mark), without the context around them. */
function askingText(question: string): string {
  const sentences = question.split(/(?<=[.?!])\s+|\n+/).filter((s) => s.trim())
  const asking = sentences.filter((s) => STAT_RE.test(s) || /\?\s*$/.test(s) || /\b(?:changed|label)\b/i.test(s))
  return (asking.length ? asking : sentences).join(' ')
}

/** The image a phrase names: by its letter ("image B", "B (after)") or by before/after; null when none. */
function imagesNamed(text: string): ('A' | 'B')[] {
  const out: ('A' | 'B')[] = []
  const re =
    /\b(?:(?:image|picture|photo|tile|levir(?:-cd)?)\s+([AB])\b|([AB])\s*(?:\((?:before|after)\)|minus|-|−)|(?:minus|-|−)\s*(?:image\s+)?([AB])\b|\b(before|after)\s+(?:image|picture)|\blevir(?:-cd)?\s+([AB])\b)/gi
  for (const m of text.matchAll(re)) {
    const w = (m[1] ?? m[2] ?? m[3] ?? m[5] ?? (m[4] ? (m[4].toLowerCase() === 'before' ? 'A' : 'B') : '')).toUpperCase()
    if ((w === 'A' || w === 'B') && !out.includes(w)) out.push(w)
  }
  return out
}

/** "B minus A", "B - A", "A minus B": the images in the order subtracted; null when no subtraction is written. */
function subtraction(text: string): ['A' | 'B', 'A' | 'B'] | null {
  const m = /\b(?:image\s+)?([AB])\s*(?:minus|-|−)\s*(?:image\s+)?([AB])\b/i.exec(text)
  if (m && m[1].toUpperCase() !== m[2].toUpperCase()) return [m[1].toUpperCase() as 'A' | 'B', m[2].toUpperCase() as 'A' | 'B']
  return null
}

type Plan = { workflow: Extract<Workflow, { tool: 'execute' }> } | { refusal: string }

const refuse = (why: string): Plan => ({ refusal: `Nothing was computed: ${why.replace(/[.\s]+$/, '')}.` })

/**
 * The plan of a question over picture files: a DAG, a refusal naming the cause, or null when the question is no
 * question about their pixels (the perception skills and the old refusals take it).
 */
export function planPictures(question: string, files: readonly string[], spec: TaskSpec): Plan | null {
  const rasters = files.filter((f) => !/\.(?:txt|json|xml|md)$/i.test(f))
  if (rasters.length === 0 || !rasters.every((f) => PICTURE.test(f))) return null
  // A variable of the lexicon (NDVI, LST ...) the pictures cannot hold is refused for that, by the compiler.
  if (spec.subjects.some((s) => VARIABLES.some((v) => v.key === s))) return null
  const ask = askingText(question)
  const roles = new Map(rasters.map((f) => [f, roleOf(f)]))
  const label = rasters.find((f) => roles.get(f) === 'label')
  const labelAsked = LABEL_RE.test(ask) || CHANGE_RE.test(ask) || /\blabel\b/i.test(ask)
  const bandKeys = spec.subjects.filter((s) => /^b\d+$/.test(s) || s in BAND_NUMBER)
  const colour = /\b(red|green|blue)\b(?!\s+(?:roofs?|cars?|buildings?))/i.exec(ask)?.[1]?.toLowerCase()
  if (!labelAsked && bandKeys.length === 0 && !colour) return null
  // Change between two pictures with no label given (and no band asked) is the perception tools' change detection.
  if (!label && bandKeys.length === 0 && !colour && !/\b(?:label|mask|ground[\s-]?truth)\b/i.test(ask)) return null
  const named = rasters.map((f) => `${path.basename(path.dirname(f))}/${path.basename(f)}`).join(', ')
  if (labelAsked && !label)
    return refuse(`the question asks about a change label, and none of the pictures (${named}) is one by its folder or name (label, mask, gt)`)
  // A phrase the task reader could not place and marked as able to change the value blocks, unless it is one of the
  // picture words read here ("other than changed").
  const excused = [...question.matchAll(new RegExp(UNCHANGED_RE.source, 'gi'))].map((m) => m[0].toLowerCase())
  const blocking = spec.notUnderstood.find((n) => n.blocking && !excused.some((e) => e.includes(n.text.trim().toLowerCase())))
  if (blocking) return refuse(`the phrase "${blocking.text.trim()}" could not be read, and it may change the value asked`)
  // Band formulas over the pictures' channels ("(red+green+blue)/3") are not compiled here yet: never one band instead.
  const formula = Object.values(spec.formulas ?? {})[0]
  if (formula)
    return refuse(`the formula "${formula.text}" cannot be answered from these pictures, because band formulas over picture channels are not computed yet`)
  const object = OBJECT_RE.exec(ask)
  if (object)
    return refuse(
      `the question asks about "${object[0]}", which the pictures do not hold as a layer: the change label marks change between the two images, not ${object[0]}, and the raster tools read the pictures' bands as stored`,
    )
  try {
    return { workflow: compilePictures(ask, spec, rasters, roles, label ?? null, labelAsked, bandKeys, colour ?? null) }
  } catch (err) {
    if (err instanceof Refusal) return refuse(`${err.part} cannot be answered from these pictures, because ${err.why}`)
    return refuse(`the pictures cannot be read (${err instanceof Error ? err.message : String(err)})`)
  }
}

function compilePictures(
  ask: string,
  spec: TaskSpec,
  rasters: string[],
  roles: Map<string, 'label' | 'A' | 'B' | null>,
  label: string | null,
  labelAsked: boolean,
  bandKeys: string[],
  colour: string | null,
): Extract<Workflow, { tool: 'execute' }> {
  const headers = new Map<string, ImageFileInfo>(rasters.map((f) => [f, pictureHeader(f)]))
  const first = headers.get(rasters[0])!
  if (rasters.some((f) => headers.get(f)!.width !== first.width || headers.get(f)!.height !== first.height))
    throw new Refusal(
      'the pictures together',
      `they differ in size (${rasters.map((f) => `${headers.get(f)!.width} x ${headers.get(f)!.height}`).join(', ')}), so their pixels do not pair`,
    )
  const statistic = statisticOf(ask, spec)
  if (statistic === null) throw new Refusal('the quantity asked', 'the question names no statistic, count or area of the pixels')
  checkScope(spec)
  checkNumbers(ask, spec)
  const b = new DagBuilder()
  const reads = new Map<string, string>()
  const read = (file: string, band: number) => {
    const key = `${file}#${band}`
    if (!reads.has(key)) {
      const role = roles.get(file) ?? path.basename(file, path.extname(file))
      reads.set(key, b.add(`${role === 'label' ? 'label' : `image_${role}`}_b${band}`, 'raster.read', { path: file, band, nodata: 'none' }, {}))
    }
    return reads.get(key)!
  }
  // The mask the label gives: changed (255 when said or when the label holds 0/255, else above 0) or unchanged (0).
  const labelMask = (unchanged: boolean): Mask => {
    const l = read(label!, 1)
    const expr = unchanged ? 'l == 0' : /\b255\b/.test(ask) ? 'l == 255' : 'l > 0'
    const name = `${path.basename(path.dirname(label!))}/${path.basename(label!)}`
    return {
      node: l,
      expr,
      words: unchanged
        ? ` where the change label ${name} is 0 (unchanged)`
        : ` where the change label ${name} is ${expr === 'l == 255' ? '255' : 'above 0'} (changed)`,
    }
  }
  const region = geometryOf(spec.region)
  if (spec.region.kind === 'bbox' && spec.region.crs !== 'pixel')
    throw new Refusal(`the box "${spec.region.text}"`, 'the pictures have no georeferencing, so map coordinates place nothing on them')
  const geometry = region.geometry ?? { type: 'bbox', bbox: [0, 0, first.width, first.height], crs: 'pixel' }
  const pair = labelAsked ? maskPair(ask) : null
  if (pair)
    return compareMasks(b, { geometry, words: region.words }, statistic, pair.map(labelMask) as [Mask, Mask], (mask, tag) => {
      const band = bandOf(
        bandKeys,
        colour,
        rasters.filter((f) => roles.get(f) !== 'label').map((f) => headers.get(f)!),
      )
      if (band === null || ['count_pixels', 'area', 'fraction'].includes(statistic))
        throw new Refusal('the comparison asked', 'the changed and unchanged pixels are compared by a statistic of one band (name it: band 3, blue ...)')
      return bandValues(b, ask, rasters, roles, band, mask, read, tag)
    })
  const mask: Mask | null = labelAsked ? labelMask(UNCHANGED_RE.test(ask)) : null
  // The values: the label itself (counts, areas), one image's band, or the difference of the two images' band.
  let data: string
  let subject: string
  let unit = 'dn'
  const valueStat = !['count_pixels', 'area', 'fraction'].includes(statistic)
  const band = bandOf(
    bandKeys,
    colour,
    rasters.filter((f) => roles.get(f) !== 'label').map((f) => headers.get(f)!),
  )
  if (valueStat || band !== null) {
    if (band === null)
      throw new Refusal(`the ${STAT_WORD[statistic] ?? statistic}`, 'the question does not say which band of the pictures is meant (name it: band 1, red ...)')
    ;({ data, subject } = bandValues(b, ask, rasters, roles, band, mask, read))
  } else {
    if (!mask) throw new Refusal(`the ${STAT_WORD[statistic] ?? statistic}`, 'the question names neither the change label nor a band of the pictures')
    data =
      statistic === 'fraction'
        ? b.add('label_share', 'raster.algebra', { expr: `${mask.expr}`, unit: 'dimensionless' }, { l: mask.node })
        : b.add('label_mask', 'raster.algebra', { expr: `where(${mask.expr}, 1, 0/0)`, unit: 'dimensionless' }, { l: mask.node })
    subject = 'pixels'
    unit = statistic === 'fraction' ? 'dimensionless' : 'count'
  }
  const where = `${mask?.words ?? ''}${region.words || ' in the whole image'}`
  // A share in percent unless a fraction is asked ("what fraction", "as a fraction") and no percent is.
  const percent = !(spec.unit === 'fraction' || (/\b(?:fraction|proportion)\b/i.test(ask) && !/%|\bpercent|\bpct\b/i.test(ask)))
  // A share of the whole label: the engine's share operator over the label itself (its denominator the valid pixels).
  const whole = region.geometry === null && statistic === 'fraction' && mask !== null
  const shareOp = whole && mask ? { node: mask.node, ...SHARE_OP[mask.expr] } : null
  return finishPictures(b, spec, statistic, data, geometry, { where, subject, unit, percent, share: shareOp })
}

/**
 * The changed and the unchanged pixels both named with a difference between them ("mean blue over changed px minus
 * mean over unchanged px"): the two masks in the order written (true: unchanged). Both named with no difference are
 * refused: one statistic of one of them would answer half the question.
 */
function maskPair(ask: string): [boolean, boolean] | null {
  const unchanged = [...ask.matchAll(new RegExp(UNCHANGED_RE.source, 'gi'))]
  if (unchanged.length === 0) return null
  const inside = (at: number) => unchanged.some((u) => at >= u.index! && at < u.index! + u[0].length)
  // "The change label" names the label, not the changed pixels.
  const changed = [...ask.matchAll(/\b(?:changed|changing|changes?)\b(?!\s+(?:label|mask|map|layer))/gi)].find((m) => !inside(m.index!))
  if (!changed) return null
  if (!/\b(?:minus|difference|less|compared\s+(?:with|to)|versus|vs\.?)\b|\s-\s/i.test(ask))
    throw new Refusal(
      'the changed and the unchanged pixels',
      'the question names both and no difference between them; ask about one, or for the one minus the other',
    )
  return changed.index! < unchanged[0].index! ? [false, true] : [true, false]
}

/** A statistic over the first mask's pixels minus the same statistic over the second's. */
function compareMasks(
  b: DagBuilder,
  region: { geometry: Record<string, unknown>; words: string },
  statistic: string,
  masks: [Mask, Mask],
  values: (mask: Mask, tag: string) => { data: string; subject: string },
): Extract<Workflow, { tool: 'execute' }> {
  const stat = STAT_WORD[statistic] ?? statistic
  if (!['mean', 'median', 'min', 'max', 'sum', 'std'].includes(statistic)) throw new Refusal(`the ${stat}`, 'it is not computed over picture pixels yet')
  const sides = masks.map((m, i) => {
    const tag = i === 0 ? '_first' : '_second'
    const v = values(m, tag)
    return {
      node: b.add(`statistic${tag}`, 'spatial.query', { geometry: region.geometry, stat: statistic }, { data: v.data }),
      words: `${stat} of ${v.subject}${m.words}`,
    }
  })
  const value = b.add('difference', 'math.subtract', {}, { a: sides[0].node, b: sides[1].node })
  const describe = `${sides[0].words}, minus ${sides[1].words}${region.words}`
  return { ok: true, skill: 'picture-pixels', tool: 'execute', args: b.build(value), read: { kind: 'scalar', quantity: describe, unit: 'dn' }, describe }
}

/** The statistic over the region, an area from the stated pixel size, a share in percent: the workflow and its words. */
function finishPictures(
  b: DagBuilder,
  spec: TaskSpec,
  statistic: string,
  data: string,
  geometry: Record<string, unknown>,
  words: { where: string; subject: string; unit: string; percent: boolean; share: { node: string; op: string; value: number } | null },
): Extract<Workflow, { tool: 'execute' }> {
  const { where, subject } = words
  let unit = words.unit
  const engineStat = statistic === 'count_pixels' || statistic === 'area' ? 'count' : statistic === 'fraction' ? 'mean' : statistic
  if (!['count', 'mean', 'median', 'min', 'max', 'sum', 'std'].includes(engineStat))
    throw new Refusal(`the ${STAT_WORD[statistic] ?? statistic}`, 'it is not computed over picture pixels yet')
  const share = words.share
  let value = share
    ? b.add('share', 'threshold_fraction', { op: share.op, value: share.value, as: words.percent ? 'percent' : 'fraction' }, { data: share.node })
    : b.add('statistic', 'spatial.query', { geometry, stat: engineStat }, { data })
  let describe: string
  if (statistic === 'area') {
    if (!spec.pixelSize)
      throw new Refusal('the area', 'the pictures have no georeferencing and the question states no pixel size (say it, e.g. "pixels are 0.5 m")')
    const to = areaUnitOf(spec.unit)
    const px = spec.pixelSize.metres * spec.pixelSize.metres
    value = b.add('area', 'math.multiply', { unit: to }, { a: value, b: convertUnit(px, 'm2', to)! })
    unit = to
    describe = `area${where} (pixels times ${px} m² per pixel, the pixel size "${spec.pixelSize.text}" the question states; the pictures carry none), in ${to}`
  } else if (statistic === 'fraction') {
    const percent = words.percent
    if (percent && !share) value = b.add('percent', 'math.expr', { expr: 'x * 100', unit: 'percent' }, { x: value })
    unit = percent ? 'percent' : 'fraction'
    describe = `share of the pixels of the label${where}${percent ? ', in percent' : ''}`
  } else if (statistic === 'count_pixels') {
    describe = `number of pixels${where}`
  } else {
    describe = `${STAT_WORD[statistic]} of ${subject}${where}`
  }
  return {
    ok: true,
    skill: 'picture-pixels',
    tool: 'execute',
    args: b.build(value),
    read: { kind: 'scalar', quantity: describe, unit },
    describe,
  }
}

/** The quantity asked of the pixels: the spec's statistic, a share, an area (an area unit asked) or a count. */
function statisticOf(ask: string, spec: TaskSpec): string | null {
  // An area unit asked ("how many hectares changed") makes the quantity an area, whatever counting words say.
  const areaUnit = spec.unit !== null && convertUnit(1, 'm2', spec.unit) !== null
  const counted = /\b(?:how\s+many|number\s+of|count)\b/i.test(ask) || /\bpx\b/i.test(ask)
  const asked = spec.quantity.statistic
  // A share asked ("% of the tile", "what fraction") is a share whatever counting words say; beside another
  // statistic (a mean percentage) it is not read.
  const share = SHARE_RE.test(ask) || spec.unit === 'percent' || spec.unit === 'fraction'
  if (share && asked !== null && asked !== 'count_pixels' && asked !== 'fraction')
    throw new Refusal(`the ${STAT_WORD[asked] ?? asked}`, 'the question also asks for a share, and which of the two is meant is not clear')
  return share ? 'fraction' : areaUnit && (asked ?? 'count_pixels') === 'count_pixels' ? 'area' : (asked ?? (counted ? 'count_pixels' : null))
}

/** What the picture reader does not read yet: value conditions, compared regions, periods (pictures have no dates). */
function checkScope(spec: TaskSpec): void {
  if (spec.conditions.length > 0 || spec.areaCondition)
    throw new Refusal(`the condition "${spec.conditions[0]?.text ?? 'asked'}"`, 'conditions on picture values other than the change label are not read yet')
  if ((spec.regions?.length ?? 0) > 1 || spec.quantity.combine) throw new Refusal('the comparison asked', 'comparisons of regions of pictures are not read yet')
  if (spec.periods.length > 0) throw new Refusal(`the period "${spec.periods[0].text}"`, 'the pictures carry no dates')
}

/** Numbers the question writes must be the label's value, a band, the pixel size or part of the region read. */
function checkNumbers(ask: string, spec: TaskSpec): void {
  const explained = [
    spec.pixelSize?.text ?? '',
    ...spec.used.filter((u) => u.role === 'region' || u.role === 'subject' || u.role === 'statistic').map((u) => u.text),
  ].join(' ')
  for (const m of ask.matchAll(/\b\d+(?:\.\d+)?\b/g)) {
    const n = m[0]
    if (n === '255' || n === '0' || explained.includes(n) || /\b(?:band|b)\s*$/i.test(ask.slice(0, m.index))) continue
    if (/^\d{4}$/.test(n) && /levir|test_|case|ticket/i.test(ask.slice(Math.max(0, m.index! - 20), m.index))) continue
    throw new Refusal(`the number ${n}`, 'it is not the label value (255 changed, 0 unchanged), a band, the pixel size or the region asked')
  }
}

type Mask = { node: string; words: string; expr: string }

/** One image's band (masked by the label when asked), or the difference of the pair's band in the order written. */
function bandValues(
  b: DagBuilder,
  ask: string,
  rasters: string[],
  roles: Map<string, 'label' | 'A' | 'B' | null>,
  band: { band: number; name: string },
  mask: Mask | null,
  read: (file: string, band: number) => string,
  tag = '',
): { data: string; subject: string } {
  const images = rasters.filter((f) => roles.get(f) === 'A' || roles.get(f) === 'B')
  const fileOf = (r: 'A' | 'B') => images.find((f) => roles.get(f) === r) ?? null
  const order =
    subtraction(ask) ?? (/\b(?:difference|change\s+from|minus)\b/i.test(ask) && imagesNamed(ask).length !== 1 ? (['B', 'A'] as ['A' | 'B', 'A' | 'B']) : null)
  const bandWords = (f: string) => `band ${band.band} (${band.name}) of image ${roles.get(f)} (${path.basename(path.dirname(f))}/${path.basename(f)})`
  if (order) {
    const [x, y] = order.map(fileOf)
    if (!x || !y) throw new Refusal('the difference asked', 'the pictures are not a pair named A and B (before and after) by their folders or names')
    const ex = b.add(
      `difference_b${band.band}${tag}`,
      'raster.algebra',
      { expr: mask ? `where(${mask.expr}, x - y, 0/0)` : 'x - y', unit: 'dn' },
      { x: read(x, band.band), y: read(y, band.band), ...(mask ? { l: mask.node } : {}) },
    )
    return { data: ex, subject: `${bandWords(x)} minus the same band of image ${roles.get(y)}` }
  } else {
    const asked = imagesNamed(ask)
    const candidates = asked.length === 1 ? [fileOf(asked[0])] : images.length === 1 ? images : []
    const file = candidates[0]
    if (!file)
      throw new Refusal(
        `the ${band.name} band`,
        asked.length > 1
          ? 'the question names both images and no difference between them'
          : 'the question does not say which image (A or B, before or after) is meant',
      )
    const r = read(file, band.band)
    const data = mask ? b.add(`masked_b${band.band}${tag}`, 'raster.algebra', { expr: `where(${mask.expr}, x, 0/0)`, unit: 'dn' }, { x: r, l: mask.node }) : r
    return { data, subject: bandWords(file) }
  }
}

/** The band asked of the images: from the spec's band subjects or a colour word, checked against their colour model. */
function bandOf(keys: string[], colour: string | null, images: ImageFileInfo[]): { band: number; name: string } | null {
  const names = images.length ? pictureBandNames(images[0]) : []
  const bands = new Set<number>()
  for (const k of keys) bands.add(/^b\d+$/.test(k) ? Number(k.slice(1)) : names.indexOf(k) + 1)
  if (colour) bands.add(names.indexOf(colour) + 1)
  if (bands.size === 0) return null
  if (bands.size > 1 || bands.has(0)) {
    const said = [...keys, ...(colour ? [colour] : [])].join(', ')
    throw new Refusal(
      `the band "${said}"`,
      `the pictures' bands are ${names.map((n, i) => `${i + 1} ${n}`).join(', ')}, and what the question names does not agree with them`,
    )
  }
  const band = [...bands][0]
  if (band > names.length) throw new Refusal(`band ${band}`, `the pictures have ${names.length} band(s)`)
  return { band, name: names[band - 1] }
}
