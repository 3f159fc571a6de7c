/**
 * Content checks of an execute result (issue 16): the verifier looks at what the pixels held, not only at what
 * was planned. Read from the content profile and min/max every raster node reports (tools/execute/evidence.ts,
 * engines/raster/stats.ts), per node and per date, without a model:
 * - physical range per variable and unit (LST/BT in K, NDVI and the other normalised indices, TOA/surface
 *   reflectance, TVDI, percentages), naming a missing scale when the values fit the range once divided by 10^k;
 * - fill spikes: many pixels at the minimum or maximum whose stored value is a usual fill (-9999, -32768, 65535,
 *   -3.4e38...) while the file tags no nodata;
 * - saturation (a caveat), constant blocks of rows (a corrupt date);
 * - exact duplicates: two dates (or two files) whose pixels are identical;
 * - per-date outliers of the per-date means (a caveat);
 * - QA coverage when the question asks for cloud-free data.
 * Each finding is a sentence the analyst can read: what was seen, where, and what to do.
 */
import path from 'node:path'
import { dagOf, isRec, nodeRecords, num, type Rec } from '../../tools/execute/evidence-reader'
import { pass, type Finding } from './finding'

/** The key prefix of an evidence request for the fill-mask route (verify/evidence-routes.ts builds the call). */
export const MASK_FILL = 'route:mask-fill'

/** Physical ranges of the quantities the engine computes, by variable (name patterns) and unit. */
const RANGES: { name: string; test: (variable: string, unit: string) => boolean; range: [number, number] }[] = [
  { name: 'temperature', test: (v, u) => u === 'K', range: [170, 350] },
  { name: 'temperature', test: (v, u) => u === 'degC', range: [-100, 77] },
  { name: 'TVDI', test: (v) => /^tvdi$/i.test(v), range: [0, 1] },
  { name: 'SAVI', test: (v, u) => /savi/i.test(v) && u !== 'dn', range: [-1.5, 1.5] },
  { name: 'normalised index', test: (v, u) => /^(ndvi|ndwi|mndwi|ndbi|nbr|ndsi|ndmi|gndvi)/i.test(v) && u !== 'dn', range: [-1, 1] },
  { name: 'emissivity or albedo', test: (v, u) => /^(emis|albedo)/i.test(v) && u !== 'dn', range: [0, 1] },
  { name: 'reflectance', test: (v, u) => u === 'reflectance', range: [-0.25, 1.6] },
  { name: 'percentage', test: (v, u) => u === 'percent', range: [0, 100] },
]

/** Stored values that are usual fills when a file does not tag them as nodata. */
const FILLS = [-9999, -9998, -999, -32768, -32767, 32767, 65535, 65534, -2147483648, 4294967295, -3.4028234663852886e38, -1e30, -1e20, 1e20]

/** Share of valid pixels at one fill value that makes it a fill spike rather than a coincidence. */
const FILL_SHARE = 0.0005
/** Share of rows that may hold one constant value before the date is judged corrupt. */
const CONSTANT_ROWS = 0.1
/** Share of pixels at the largest storable value that is reported as saturation. */
const SATURATION = 0.01
const DTYPE_MAX: Record<string, number> = { uint8: 255, uint16: 65535, int16: 32767, uint32: 4294967295, int32: 2147483647 }

interface Item {
  node: string
  date: string | null
  unit: string
  variable: string
  kind: 'read' | 'product' | 'mask' | 'other'
  min?: number
  max?: number
  mean?: number
  valid?: number
  content?: Rec
  band?: Rec
}

const fmt = (v: number) => (Math.abs(v) >= 1e6 ? v.toExponential(3) : Number(v.toPrecision(6)).toString())
const where = (it: Item) => `${it.node}${it.date ? ` on ${it.date}` : ''}`

/** The variable a read binds (its catalog role, else its file name's last part), a product's name, or ''. */
function variableOf(kind: Item['kind'], band: Rec | undefined, formula: Rec | undefined): string {
  if (kind === 'product' && formula && typeof formula.product === 'string') return formula.product
  if (!band) return ''
  if (typeof band.role === 'string' && !/^(data|image|band|b\d+)$/i.test(band.role)) return band.role
  if (typeof band.path === 'string') {
    const base = path.basename(band.path).replace(/\.(tiff?|png|jpe?g)$/i, '')
    const last = base.split(/[_\-.]/).pop() ?? ''
    return last
  }
  return ''
}

/** Every raster node record (and each dated item of a collection) with what it read and from where. */
export function contentItems(action: unknown, source: Rec, intermediate: Rec): Item[] {
  const { nodes } = dagOf(action)
  const ops = new Map(nodes.map((n) => [n.id, n]))
  const bands = isRec(source.band_mapping) ? source.band_mapping : {}
  const formulas = isRec(source.formulas) ? source.formulas : {}
  const out: Item[] = []
  const variables = new Map<string, string>()
  for (const [id, rec] of nodeRecords(intermediate)) {
    const op = ops.get(id)?.op
    const kind: Item['kind'] = op === 'raster.read' ? 'read' : op === 'raster.product' ? 'product' : op === 'raster.mask' ? 'mask' : 'other'
    const bandOf = (date: string | null): Rec | undefined => {
      const b = bands[id]
      if (isRec(b)) return b
      if (Array.isArray(b)) return (b.find((x) => isRec(x) && x.date === date) ?? b[0]) as Rec | undefined
      return undefined
    }
    const formula = isRec(formulas[id]) ? (formulas[id] as Rec) : undefined
    const push = (r: Rec, date: string | null) => {
      const band = bandOf(date)
      let variable = variableOf(kind, band, formula)
      if (kind === 'mask') {
        const data = ops.get(id)?.inputs.data
        const up = typeof data === 'string' ? data.slice(1).split('.')[0] : ''
        variable = variables.get(up) ?? ''
      }
      variables.set(id, variable)
      out.push({
        node: id,
        date,
        unit: typeof r.unit === 'string' ? r.unit : '',
        variable,
        kind,
        min: num(r.min),
        max: num(r.max),
        mean: num(r.mean),
        valid: num(r.valid),
        content: isRec(r.content) ? r.content : undefined,
        band,
      })
    }
    if (Array.isArray(rec.items))
      for (const it of rec.items) {
        if (isRec(it) && it.status !== 'insufficient') push(it, typeof it.date === 'string' ? it.date : null)
      }
    else if (rec.status === 'ok' || (rec.status === undefined && rec.content !== undefined)) push(rec, null)
  }
  return out
}

/** The stored (raw) value behind an engine value, undoing the read's scale and offset. */
function stored(v: number, band: Rec | undefined): number {
  const scale = num(band?.scale) ?? 1
  const offset = num(band?.offset) ?? 0
  return scale === 0 ? v : (v - offset) / scale
}

/** The engine values a stored fill becomes (stored * scale + offset, as the read computes it; float32 too). */
function fillKeyValues(raw: number, reported: number, band: Rec | undefined): number[] {
  const f = FILLS.find((x) => Math.abs(raw - x) <= Math.max(1e-6, Math.abs(x) * 1e-6)) ?? raw
  const v = f * (num(band?.scale) ?? 1) + (num(band?.offset) ?? 0)
  return [...new Set([v, Math.fround(v), reported, Math.fround(reported)])]
}

const isFill = (raw: number) => FILLS.some((f) => Math.abs(raw - f) <= Math.max(1e-6, Math.abs(f) * 1e-6))

function rangeFor(it: Item): { name: string; range: [number, number] } | undefined {
  if (it.kind === 'other') return undefined
  const r = RANGES.find((x) => x.test(it.variable, it.unit))
  return r ? { name: r.name, range: r.range } : undefined
}

export function checkContent(question: string, action: unknown, source: Rec, intermediate: Rec, validity: Rec): Finding[] {
  const items = contentItems(action, source, intermediate)
  const findings: Finding[] = []
  let checked = 0
  const screened = screenedReads(action)
  for (const it of items) {
    if ((it.valid ?? 0) <= 0 || it.min === undefined || it.max === undefined || screened.has(it.node)) continue
    checked++
    findings.push(...storedValueFindings(it), ...constantRowsFinding(it), ...rangeFinding(it), ...scaledValuesFinding(it))
  }
  findings.push(...conventionScales(items))
  findings.push(...checkDuplicates(items))
  findings.push(...checkOutlierDates(items))
  findings.push(...checkQaCoverage(question, action, source, validity))
  const seen = new Set<string>()
  const unique = findings.filter((f) => (seen.has(f.message) ? false : (seen.add(f.message), true)))
  if (unique.some((f) => f.severity === 'reject' || f.severity === 'request')) return unique.slice(0, 6)
  return [
    ...unique,
    pass(
      'content',
      checked ? `content of ${checked} layer(s) checked: physical ranges, fill values, constant rows and duplicate dates` : 'no raster content to check',
    ),
  ]
}

/**
 * Reads whose every consumer is a raster.mask dropping nodata values are screened: what reaches the rest of the DAG
 * is the mask's output, and that is checked (range, fill) in their place.
 */
function screenedReads(action: unknown): Set<string> {
  const { nodes } = dagOf(action)
  const consumers = (id: string) =>
    nodes.filter((n) => Object.values(n.inputs ?? {}).some((v) => typeof v === 'string' && v.slice(1).split('.')[0] === id && v.startsWith('@')))
  return new Set(
    nodes
      .filter((n) => n.op === 'raster.read')
      .map((n) => n.id)
      .filter((id) => {
        const c = consumers(id)
        return c.length > 0 && c.every((m) => m.op === 'raster.mask' && Array.isArray(m.params.nodata) && m.params.nodata.length > 0)
      }),
  )
}

/** Fill spikes at the extremes and saturation, in what a read stored (no nodata tag has excluded them). */
function storedValueFindings(it: Item): Finding[] {
  const c = it.content
  const valid = it.valid ?? 0
  if (!c || it.kind !== 'read' || it.min === undefined || it.max === undefined) return []
  const findings: Finding[] = []
  for (const [end, v, count] of [
    ['minimum', it.min, num(c.min_count) ?? 0],
    ['maximum', it.max, num(c.max_count) ?? 0],
  ] as const) {
    const raw = stored(v, it.band)
    if (count / valid >= FILL_SHARE && isFill(raw) && !(it.band && it.band.nodata === raw)) {
      findings.push({
        // New evidence settles it: the same computation with that fill dropped by a mask (evidence-routes.ts).
        check: 'content_fill',
        severity: 'request',
        key: `${MASK_FILL}@${it.node}=${fillKeyValues(raw, v, it.band).join('/')}`,
        message: `${count} of ${valid} valid pixels of ${where(it)} hold ${fmt(raw)} (the ${end}), a fill value the file does not tag as nodata (${it.band?.nodata_source ?? 'no nodata given'}); read with nodata ${fmt(raw)}`,
      })
    }
  }
  const dtype = typeof it.band?.dtype === 'string' ? it.band.dtype : ''
  const top = DTYPE_MAX[dtype]
  const maxCount = num(c.max_count) ?? 0
  if (top !== undefined && Math.abs(stored(it.max, it.band) - top) < 1e-9 && maxCount / valid >= SATURATION && !isFill(top)) {
    findings.push({
      check: 'content_saturation',
      severity: 'caveat',
      message: `${((maxCount / valid) * 100).toFixed(1)}% of the pixels of ${where(it)} are saturated at ${top}`,
    })
  }
  return findings
}

/**
 * Constant blocks of rows (in what was read or derived from it; a 0/1 indicator or mask layer of a derived
 * computation holds constant rows by nature).
 */
function constantRowsFinding(it: Item): Finding[] {
  const c = it.content
  if (!c || it.kind === 'other' || twoValuedPicture(it, c)) return []
  const rows = num(c.rows) ?? 0
  const constant = num(c.constant_rows) ?? 0
  const run = num(c.longest_constant_run) ?? 0
  if (rows < 10 || constant / rows < CONSTANT_ROWS || run < 3) return []
  const start = num(c.constant_run_start) ?? 0
  const value = num(c.constant_value)
  return [
    {
      check: 'content_constant_rows',
      severity: 'reject',
      message: `${constant} of ${rows} rows of ${where(it)} hold one constant value${value !== undefined ? ` (${fmt(value)}${it.unit && it.unit !== 'dimensionless' ? ` ${it.unit}` : ''})` : ''}, the longest block rows ${start}-${start + run - 1}: a corrupt or filled block, not an observation; leave that date out or replace its file`,
    },
  ]
}

/**
 * A picture read whose pixels hold two values only (a change label or mask given as a PNG: 0 and 255): its rows
 * are constant wherever nothing is marked, by nature, not because a block was filled.
 */
function twoValuedPicture(it: Item, c: Rec): boolean {
  const file = typeof it.band?.path === 'string' ? it.band.path : ''
  const ends = (num(c.min_count) ?? 0) + (it.min === it.max ? 0 : (num(c.max_count) ?? 0))
  return it.kind === 'read' && /\.(?:png|jpe?g)$/i.test(file) && it.valid !== undefined && ends === it.valid
}

/** The physical range of the variable, naming a fill or a missing scale when either explains the values. */
function rangeFinding(it: Item): Finding[] {
  const r = rangeFor(it)
  const { min, max } = it
  if (!r || min === undefined || max === undefined || (min >= r.range[0] && max <= r.range[1])) return []
  const bad = min < r.range[0] ? min : max
  const k = [1, 2, 3, 4].find((e) => min / 10 ** e >= r.range[0] && max / 10 ** e <= r.range[1])
  const raw = stored(bad, it.band)
  const why = isFill(raw)
    ? `; ${fmt(raw)} is a fill value the file does not tag as nodata`
    : k !== undefined
      ? `; the values fit once divided by 10^${k}: they look unscaled (scale ${it.band?.scale ?? 1} from ${it.band?.scale_source ?? 'unknown'})`
      : ''
  return [
    {
      check: 'content_range',
      severity: 'reject',
      message: `${where(it)} (${it.variable || r.name}${it.unit ? `, ${it.unit}` : ''}) spans ${fmt(min)} to ${fmt(max)}, outside the physical range of ${r.name} ${r.range[0]} to ${r.range[1]}${why}`,
    },
  ]
}

/**
 * A conventional scale (an integer coding's, NDVI as DN x 0.0001) applied to a file of floats that are already the
 * variable: its stored values lie in the variable's range, and scaled they all sit within a thousandth of the range's
 * width of zero (a float32 NDVI of 0.1-0.7 read as 0.00001-0.00007, where an area above 0.3 came out 0 km²).
 */
function scaledValuesFinding(it: Item): Finding[] {
  const r = rangeFor(it)
  const scale = num(it.band?.scale)
  const offset = num(it.band?.offset) ?? 0
  const src = typeof it.band?.scale_source === 'string' ? it.band.scale_source : ''
  const float = it.band?.dtype === 'float32' || it.band?.dtype === 'float64'
  const { min, max } = it
  if (!r || !float || !src.startsWith('params.scales') || !scale || scale === 1 || min === undefined || max === undefined) return []
  const [lo, hi] = [(min - offset) / scale, (max - offset) / scale].sort((a, b) => a - b)
  const tiny = Math.max(Math.abs(min), Math.abs(max)) < 1e-3 * (r.range[1] - r.range[0])
  if (!tiny || lo < r.range[0] || hi > r.range[1]) return []
  return [
    {
      check: 'content_scale',
      severity: 'reject',
      message: `${where(it)} (${it.variable || r.name}) spans ${fmt(min)} to ${fmt(max)} after the conventional scale ${scale}, while its stored float values, ${fmt(lo)} to ${fmt(hi)}, are already ${r.name} values: the file holds the values themselves, so read it without that scale`,
    },
  ]
}

/**
 * What the content shows of why a computation found no value (a result with status 'insufficient'): a conventional
 * scale that squeezed a float file's values toward zero leaves no pixel above a threshold (an area of NDVI above 0.3
 * reported as 'only 0 valid pixels'). The messages of such findings, for the reads that had pixels; else none.
 */
export function insufficientCauses(action: unknown, source: Rec, intermediate: Rec): string[] {
  const causes = contentItems(action, source, intermediate)
    .filter((it) => it.kind === 'read' && (it.valid ?? 0) > 0)
    .flatMap((it) => scaledValuesFinding(it).map((f) => f.message))
  return [...new Set(causes)]
}

/** A scale taken from a naming convention (the file has no scale tag) is stated beside the answer. */
function conventionScales(items: Item[]): Finding[] {
  const byConvention = new Map<string, string>()
  for (const it of items) {
    const src = typeof it.band?.scale_source === 'string' ? it.band.scale_source : ''
    if (it.kind === 'read' && src.startsWith('params.scales') && it.band?.file_scale === undefined && num(it.band?.scale) !== 1)
      byConvention.set(it.node, `${String(it.band?.scale)}${it.unit ? ` (${it.unit})` : ''}`)
  }
  return [...byConvention].map(([node, scale]) => ({
    check: 'content_scale',
    severity: 'caveat',
    message: `${node} was scaled by ${scale} by the product's naming convention: its files carry no scale tag`,
  }))
}

/** Two dates (or two files) of the same read whose pixels are identical: one is a copy of the other. */
export function checkDuplicates(items: Item[]): Finding[] {
  const groups = new Map<string, Item[]>()
  for (const it of items) {
    const fp = typeof it.content?.fingerprint === 'string' ? it.content.fingerprint : undefined
    if (it.kind !== 'read' || !fp || (it.valid ?? 0) < 64 || it.min === it.max) continue
    const key = `${fp}|${it.variable}`
    groups.set(key, [...(groups.get(key) ?? []), it])
  }
  const out: Finding[] = []
  for (const g of groups.values()) {
    const files = new Set(g.map((x) => String(x.band?.path ?? '')))
    const dates = new Set(g.map((x) => x.date ?? ''))
    if (files.size < 2 || (dates.size < 2 && !dates.has(''))) continue
    const names = [...new Set(g.map((x) => (x.date ? x.date : path.basename(String(x.band?.path ?? x.node)))))]
    if (names.length < 2) continue
    out.push({
      check: 'content_duplicate',
      severity: 'reject',
      message: `${names.join(' and ')} hold identical pixels (${[...files].map((f) => path.basename(f)).join(', ')}): one is a copy of another, not a separate observation; remove the copy or replace it with the right file`,
    })
  }
  return out
}

/** A per-date mean far from the others (median absolute deviation), among at least 5 dates of one node. */
export function checkOutlierDates(items: Item[]): Finding[] {
  const byNode = new Map<string, Item[]>()
  for (const it of items) if (it.date && it.mean !== undefined && it.kind !== 'other') byNode.set(it.node, [...(byNode.get(it.node) ?? []), it])
  const out: Finding[] = []
  for (const [node, list] of byNode) {
    if (list.length < 5) continue
    const means = list.map((x) => x.mean!).sort((a, b) => a - b)
    const med = means[Math.floor(means.length / 2)]
    const mad = [...means.map((m) => Math.abs(m - med))].sort((a, b) => a - b)[Math.floor(means.length / 2)]
    if (mad <= 0) continue
    const far = list.filter((x) => Math.abs(x.mean! - med) / (1.4826 * mad) > 6)
    if (far.length && far.length <= list.length / 5) {
      out.push({
        check: 'content_outlier_date',
        severity: 'caveat',
        message: `the mean of ${node} on ${far.map((x) => `${x.date} (${fmt(x.mean!)})`).join(', ')} lies far from the other dates (median ${fmt(med)})`,
      })
    }
  }
  return out
}

const CLOUD_FREE = /\b(cloud[- ]?free|cloudless|clear[- ]sky|without clouds?|no clouds?|cloud[- ]masked)\b/i

/** When the question asks for cloud-free data, a QA mask must have been applied; its coverage is reported. */
export function checkQaCoverage(question: string, action: unknown, source: Rec, validity: Rec): Finding[] {
  if (!CLOUD_FREE.test(question)) return []
  const { nodes } = dagOf(action)
  const masks = nodes.filter((n) => n.op === 'raster.mask')
  if (masks.length === 0) {
    return [
      {
        check: 'qa_coverage',
        severity: 'request',
        key: 'qa_mask',
        message: 'the question asks for cloud-free data, but no QA (cloud/shadow/fill) mask was applied: compute it again with the QA band masked',
      },
    ]
  }
  const dropped = isRec(validity.quality_masks) ? validity.quality_masks : {}
  const parts = masks.map((m) => {
    const d = dropped[m.id]
    const list = Array.isArray(d) ? d : d ? [d] : []
    const total = list.reduce(
      (s: number, x) =>
        s +
        (isRec(x)
          ? Object.entries(x)
              .filter(([k]) => k !== 'date')
              .reduce((a, [, v]) => a + (num(v) ?? 0), 0)
          : 0),
      0,
    )
    return `${m.id} dropped ${total} pixel(s)`
  })
  void source
  return [pass('qa_coverage', `QA mask applied for the cloud-free question (${parts.join(', ')})`)]
}
