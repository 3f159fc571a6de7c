/**
 * Band-role and physical-plausibility checks of execute results: every product input must be bound to a layer of
 * the right kind (a temperature where a temperature is expected, a vegetation index where an index is), both in
 * the DAG the action declared and in the band mapping the tool reports having read; and the values read must be
 * physically plausible for their kind (a temperature in K between 150 and 400, an index within [-1, 1]). A wrong
 * band or a wrong scale shows up here even when every pixel computation succeeded.
 */
import path from 'node:path'
import { dagOf, isRec, linkTarget, nodeRecords, num, type ActionNode, type Rec } from '../../tools/execute/evidence-reader'
import { pass, type Finding } from './finding'

const CHECK = 'band_binding'

type Kind = 'temperature' | 'vegetation' | 'albedo'

const KIND_PATTERN: Record<Kind, RegExp> = {
  temperature: /lst|bt|tir|b10|b11|b31|b32|temp|day|night|therm|kelvin/i,
  vegetation: /ndvi|evi|savi|veg/i,
  albedo: /albedo/i,
}

/** Plausible range of the mean of a layer of each kind. */
const PLAUSIBLE: Record<Kind, [number, number]> = {
  temperature: [150, 400],
  vegetation: [-1, 1],
  albedo: [0, 1],
}

/** A temperature declared in degrees Celsius. */
const PLAUSIBLE_DEGC: [number, number] = [-100, 100]

/** The first unit a node record declares (on itself or on its first item). */
function unitOf(rec: Rec | undefined): string | undefined {
  if (!rec) return undefined
  if (typeof rec.unit === 'string') return rec.unit
  const first = Array.isArray(rec.items) ? rec.items.find(isRec) : undefined
  return first && typeof first.unit === 'string' ? first.unit : undefined
}

/** Which kind each named input of each product expects. */
const PRODUCT_INPUTS: Record<string, Record<string, Kind>> = {
  tvdi: { lst: 'temperature', ndvi: 'vegetation' },
  single_channel_lst: { bt: 'temperature', ndvi: 'vegetation' },
  multi_channel_lst: { t31: 'temperature', t32: 'temperature' },
  split_window_lst: { ti: 'temperature', tj: 'temperature' },
  ttm_lst: { t1: 'temperature', t2: 'temperature', t3: 'temperature' },
  day_night_temperature: { day: 'temperature', night: 'temperature' },
  apparent_thermal_inertia: { albedo: 'albedo', day: 'temperature', night: 'temperature' },
}

/** The raster.read nodes an input draws from, following links through any non-read operators. */
function readsBehind(nodes: ActionNode[], link: unknown): ActionNode[] {
  const byId = new Map(nodes.map((n) => [n.id, n]))
  const out: ActionNode[] = []
  const seen = new Set<string>()
  const stack = [linkTarget(link)]
  while (stack.length) {
    const id = stack.pop()
    if (!id || seen.has(id)) continue
    seen.add(id)
    const node = byId.get(id)
    if (!node) continue
    if (node.op === 'raster.read') out.push(node)
    else if (node.op !== 'asset.catalog' && node.op !== 'raster.product') for (const v of Object.values(node.inputs)) stack.push(linkTarget(v))
  }
  return out
}

/**
 * The variable tokens of the files named in a band-mapping record: the last `_TOKEN` of each name
 * (`Xinjiang_2019-01-01_NDVI.tif` -> `NDVI`), so place names never pass for band names.
 */
function fileNames(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string' && /\.(tif|tiff|jp2|img)$/i.test(value))
    out.push(
      path
        .basename(value)
        .replace(/\.\w+$/, '')
        .split('_')
        .at(-1) ?? '',
    )
  else if (Array.isArray(value)) value.forEach((v) => fileNames(v, out))
  else if (isRec(value)) Object.values(value).forEach((v) => fileNames(v, out))
  return out
}

/** Every `mean` found in a node record (one per item for collections). */
function means(value: unknown, out: number[] = []): number[] {
  if (Array.isArray(value)) value.forEach((v) => means(v, out))
  else if (isRec(value)) {
    const m = num(value.mean)
    if (m !== undefined) out.push(m)
    for (const [k, v] of Object.entries(value)) if (k !== 'mean' && (isRec(v) || Array.isArray(v))) means(v, out)
  }
  return out
}

export function checkBandBinding(action: unknown, source: Rec, intermediate: Rec): Finding[] {
  const { nodes } = dagOf(action)
  const mapping = isRec(source.band_mapping) ? source.band_mapping : {}
  const records = nodeRecords(intermediate)
  const findings: Finding[] = []
  let checkedInputs = 0
  for (const node of nodes.filter((n) => n.op === 'raster.product')) {
    const expected = PRODUCT_INPUTS[String(node.params.product)]
    if (!expected) continue
    for (const [input, kind] of Object.entries(expected)) {
      for (const read of readsBehind(nodes, node.inputs[input])) {
        checkedInputs += 1
        const role = typeof read.params.role === 'string' ? read.params.role : typeof read.params.path === 'string' ? path.basename(read.params.path) : ''
        if (role && !KIND_PATTERN[kind].test(role)) {
          findings.push({
            check: CHECK,
            severity: 'reject',
            message: `input '${input}' of ${node.params.product} node '${node.id}' expects a ${kind} layer but is bound to '${role}' (node '${read.id}')`,
          })
        }
        const files = fileNames(mapping[read.id])
        const wrong = files.filter((f) => !KIND_PATTERN[kind].test(f) && Object.values(KIND_PATTERN).some((p) => p.test(f)))
        if (wrong.length > 0) {
          findings.push({
            check: CHECK,
            severity: 'reject',
            message: `read node '${read.id}' feeding '${input}' (${kind}) actually read ${wrong[0]}${wrong.length > 1 ? ` and ${wrong.length - 1} more` : ''}`,
          })
        }
        const m = means(records.get(read.id))
        if (m.length > 0) {
          const sorted = [...m].sort((a, b) => a - b)
          const mid = sorted[Math.floor(sorted.length / 2)]
          const [lo, hi] = kind === 'temperature' && unitOf(records.get(read.id)) === 'degC' ? PLAUSIBLE_DEGC : PLAUSIBLE[kind]
          if (mid < lo || mid > hi) {
            findings.push({
              check: CHECK,
              severity: 'reject',
              message: `the ${kind} layer behind '${input}' (node '${read.id}') has a typical mean of ${mid.toPrecision(4)}, outside the plausible ${lo} to ${hi}: wrong band or wrong scale`,
            })
          }
        }
      }
    }
  }
  if (findings.length === 0)
    findings.push(
      pass(
        CHECK,
        checkedInputs > 0 ? `${checkedInputs} product input(s) bound to layers of the expected kind with plausible values` : 'no product inputs to check',
      ),
    )
  return findings
}
