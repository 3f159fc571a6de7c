/**
 * The region parser: image parts (halves, quadrants, thirds, the centre), boxes in pixel, map or lon/lat
 * coordinates (any EPSG code named beside them), rows/columns windows and polygon files. Part and CRS words come
 * from the lexicon.
 */
import { BOX_WORDS, CRS_WORDS, IMAGE_NOUNS, PART_NOUNS, PARTS } from '../lexicon/regions'
import type { BoxSpan, PartSpan, PolygonSpan } from './types'
import { alternation, hits, overlaps } from './words'

const N = '(-?\\d+(?:\\.\\d+)?)'
const OF_IMAGE = `(?:\\s+(?:of|in)\\s+(?:the\\s+|this\\s+)?(?:${alternation(IMAGE_NOUNS)}))?`

const PART_RES = PARTS.map((p) => new RegExp(`(?:${alternation(p.words)})\\s+(?:${alternation(PART_NOUNS[p.nouns])})${OF_IMAGE}`, 'gi'))

export function parseParts(q: string): PartSpan[] {
  const found: PartSpan[] = []
  for (const [i, p] of PARTS.entries()) {
    const re = PART_RES[i]
    for (const h of hits(q, re)) {
      if (found.some((f) => overlaps(f, h))) continue
      found.push({
        type: 'part',
        at: h.at,
        end: h.end,
        text: h.text,
        name: p.name,
        ...(p.part ? { part: p.part } : {}),
        rows: [p.rows[0], p.rows[1]],
        cols: [p.cols[0], p.cols[1]],
      })
    }
    if (p.part && p.nouns === 'half') {
      // "the half of the image to the north"
      const back = new RegExp(`\\bhalf\\s+(?:of\\s+the\\s+\\w+\\s+)?(?:to\\s+the\\s+|in\\s+the\\s+)(?:${alternation(p.words)})\\b`, 'gi')
      for (const h of hits(q, back))
        if (!found.some((f) => overlaps(f, h)))
          found.push({
            type: 'part',
            at: h.at,
            end: h.end,
            text: h.text,
            name: p.name,
            part: p.part,
            rows: [p.rows[0], p.rows[1]],
            cols: [p.cols[0], p.cols[1]],
          })
    }
    if (p.nouns === 'centre') {
      const re2 = new RegExp(
        `\\b(?:centre|center|middle)\\s+of\\s+the\\s+(?:${alternation(['image', 'scene', 'raster', 'map', 'grid', 'tile', 'frame', 'picture'])})\\b|\\b(?:image|scene|raster)\\s+(?:centre|center)\\b`,
        'gi',
      )
      for (const h of hits(q, re2))
        if (!found.some((f) => overlaps(f, h)))
          found.push({ type: 'part', at: h.at, end: h.end, text: h.text, name: p.name, rows: [p.rows[0], p.rows[1]], cols: [p.cols[0], p.cols[1]] })
    }
  }
  return found.sort((a, b) => a.at - b.at)
}

/** The CRS words near a box: pixel, an EPSG code, lon/lat; null when none. */
function crsNear(text: string): { crs: 'pixel' | 'map'; srs?: string } | null {
  const epsg = text.match(/\bepsg\s*[: ]\s*(\d{4,5})\b/i)
  if (epsg) return { crs: 'map', srs: `EPSG:${epsg[1]}` }
  for (const [key, words] of Object.entries(CRS_WORDS)) {
    if (key === 'pixel') continue
    if (new RegExp(`(?:${alternation(words)})`, 'i').test(text)) return { crs: 'map', srs: key }
  }
  if (new RegExp(`(?:${alternation(CRS_WORDS.pixel)})`, 'i').test(text)) return { crs: 'pixel' }
  if (/\b(?:map|projected)\s+(?:coordinates|units|crs)\b|\bmetres\b|\bmeters\b/i.test(text)) return { crs: 'map' }
  return null
}

export function parseBoxes(q: string): (BoxSpan | PolygonSpan)[] {
  const found: (BoxSpan | PolygonSpan)[] = []
  const sentenceAround = (at: number, end: number) => {
    const a = Math.max(q.lastIndexOf('.', at - 1) + 1, 0)
    const b = q.indexOf('.', end) < 0 ? q.length : q.indexOf('.', end)
    return q.slice(Math.max(a, at - 80), Math.min(b, end + 60))
  }
  // "rows 10-50 and columns 20-80" (inclusive), "rows 0:100, cols 0:100" (slice: end exclusive), either order
  const RC =
    /\b(rows?|lines?|cols?|columns?)\s+(\d+)\s*(-|–|to|through|:)\s*(\d+)\s*(?:,|and|;)?\s*(?:and\s+)?(rows?|lines?|cols?|columns?)\s+(\d+)\s*(-|–|to|through|:)\s*(\d+)/gi
  for (const h of hits(q, RC)) {
    const m = h.m
    const firstRows = /^(?:rows?|lines?)$/i.test(m[1])
    if (firstRows === /^(?:rows?|lines?)$/i.test(m[5])) continue
    const [r0, rsep, r1, c0, csep, c1] = firstRows ? [m[2], m[3], m[4], m[6], m[7], m[8]] : [m[6], m[7], m[8], m[2], m[3], m[4]]
    const rEnd = Number(r1) + (rsep === ':' ? 0 : 1)
    const cEnd = Number(c1) + (csep === ':' ? 0 : 1)
    found.push({ type: 'box', at: h.at, end: h.end, text: h.text, bbox: [Number(c0), Number(r0), cEnd, rEnd], crs: 'pixel' })
  }
  // "longitude 114.2 to 114.6 and latitude 30.1 to 30.5" (either order), "lon 114.2-114.6, lat 30.1-30.5"
  const LON = `(?:between\\s+|from\\s+)?(?:longitudes?|lon|long|lng)\\s*(?:from|between|of|:|=)?\\s*${N}\\s*°?\\s*([EW])?\\s*(?:-|–|to|and|through)\\s*${N}\\s*°?\\s*([EW])?`
  const LAT = `(?:between\\s+|from\\s+)?(?:latitudes?|lat)\\s*(?:from|between|of|:|=)?\\s*${N}\\s*°?\\s*([NS])?\\s*(?:-|–|to|and|through)\\s*${N}\\s*°?\\s*([NS])?`
  const sign = (v: string, h: string | undefined) => (h && /[WS]/i.test(h) ? -Math.abs(Number(v)) : Number(v))
  for (const [re, lonFirst] of [
    [new RegExp(`${LON}\\s*(?:,|and|;)?\\s*(?:and\\s+)?${LAT}`, 'gi'), true],
    [new RegExp(`${LAT}\\s*(?:,|and|;)?\\s*(?:and\\s+)?${LON}`, 'gi'), false],
  ] as const) {
    for (const h of hits(q, re)) {
      if (found.some((f) => overlaps(f, h))) continue
      const m = h.m
      const [lo1, lo2, la1, la2] = lonFirst
        ? [sign(m[1], m[2]), sign(m[3], m[4]), sign(m[5], m[6]), sign(m[7], m[8])]
        : [sign(m[5], m[6]), sign(m[7], m[8]), sign(m[1], m[2]), sign(m[3], m[4])]
      found.push({
        type: 'box',
        at: h.at,
        end: h.end,
        text: h.text,
        bbox: [Math.min(lo1, lo2), Math.min(la1, la2), Math.max(lo1, lo2), Math.max(la1, la2)],
        crs: 'map',
        srs: 'EPSG:4326',
      })
    }
  }
  // "30.1°N to 30.5°N and 114.2°E to 114.6°E"
  const DEG = `${N}\\s*°?\\s*([NSEW])\\b`
  const HEMI_BOX = new RegExp(`${DEG}\\s*(?:-|–|to|and)\\s*${DEG}\\s*(?:,|and|;)?\\s*(?:and\\s+)?${DEG}\\s*(?:-|–|to|and)\\s*${DEG}`, 'gi')
  for (const h of hits(q, HEMI_BOX)) {
    if (found.some((f) => overlaps(f, h))) continue
    const m = h.m
    const pairs = [
      [m[1], m[2]],
      [m[3], m[4]],
      [m[5], m[6]],
      [m[7], m[8]],
    ] as [string, string][]
    const lons = pairs.filter(([, d]) => /[EW]/i.test(d)).map(([v, d]) => sign(v, d))
    const lats = pairs.filter(([, d]) => /[NS]/i.test(d)).map(([v, d]) => sign(v, d))
    if (lons.length !== 2 || lats.length !== 2) continue
    found.push({
      type: 'box',
      at: h.at,
      end: h.end,
      text: h.text,
      bbox: [Math.min(...lons), Math.min(...lats), Math.max(...lons), Math.max(...lats)],
      crs: 'map',
      srs: 'EPSG:4326',
    })
  }
  // "the box [minx, miny, maxx, maxy]", "bbox (a, b, c, d) in EPSG:3857", "window 10,20,60,80 in pixel coordinates"
  const BOX = new RegExp(
    `\\b(?:${alternation(BOX_WORDS)})\\s*(?:of|from|with\\s+corners|\\(|\\[|=|:)?\\s*(?:\\w+\\s+){0,3}?[([]?\\s*${N}\\s*,\\s*${N}\\s*,\\s*${N}\\s*,\\s*${N}\\s*[)\\]]?`,
    'gi',
  )
  for (const h of hits(q, BOX)) {
    if (found.some((f) => overlaps(f, h))) continue
    const b = [1, 2, 3, 4].map((i) => Number(h.m[i])) as [number, number, number, number]
    const crs = crsNear(sentenceAround(h.at, h.end)) ?? { crs: 'map' as const }
    // Trailing CRS words ("in EPSG:3857", "in pixel coordinates") belong to the box.
    const tail = q
      .slice(h.end)
      .match(
        /^\s*(?:\(|,)?\s*(?:in\s+|using\s+)?(?:the\s+)?(?:epsg\s*[: ]\s*\d{4,5}|pixel\s+(?:coordinates|units|space)|image\s+coordinates|lon\/lat|lat\/lon|wgs\s?84|map\s+(?:coordinates|units)|decimal\s+degrees|(?:degrees\s+)?(?:longitude|latitude)(?:\s*(?:\/|and)\s*(?:longitude|latitude))?)\s*\)?/i,
      )
    const end = h.end + (tail ? tail[0].length : 0)
    found.push({ type: 'box', at: h.at, end, text: q.slice(h.at, end), bbox: b, ...crs })
  }
  const POLY =
    /\b(?:within|inside|in|over|for)\s+(?:the\s+)?(?:polygons?|area|region|boundary|outline|zone)?\s*(?:of|in|from|given\s+in|defined\s+in|drawn\s+in)?\s*(?:the\s+file\s+)?['"`]?([\w./-]+\.(?:geojson|json|shp|kml|gpkg))['"`]?/gi
  for (const h of hits(q, POLY)) if (!found.some((f) => overlaps(f, h))) found.push({ type: 'polygon_file', at: h.at, end: h.end, text: h.text, file: h.m[1] })
  return found.sort((a, b) => a.at - b.at)
}
