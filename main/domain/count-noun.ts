/**
 * What a count counts (pixels, dates or a measure's subject), read from the call that computed it; the command
 * line's answer and the window both say a count with this noun.
 */
import { asRecord as obj } from './json'

interface CountedNode {
  id: string
  op: string
  params: Record<string, unknown>
  inputs: Record<string, unknown>
}

/** The nodes of an execute call's DAG (`{nodes}` or `{dag: {nodes}}`), those with an id and an operator. */
function dagNodes(args: unknown): CountedNode[] {
  const a = obj(args)
  const nodes = Array.isArray(a.nodes) ? a.nodes : Array.isArray(obj(a.dag).nodes) ? (obj(a.dag).nodes as unknown[]) : []
  return nodes.flatMap((n) => {
    const r = obj(n)
    return typeof r.id === 'string' && typeof r.op === 'string' ? [{ id: r.id, op: r.op, params: obj(r.params), inputs: obj(r.inputs) }] : []
  })
}

/**
 * A counted noun in the plural, as a count says it ("ship" -> "ships", "small vehicle" -> "small vehicles"); a noun
 * already plural (ending in s) stays as it is.
 */
function plural(noun: string): string {
  if (/s$/i.test(noun)) return noun
  if (/(sh|ch|x|z)$/i.test(noun)) return `${noun}es`
  if (/[^aeiou]y$/i.test(noun)) return `${noun.slice(0, -1)}ies`
  return `${noun}s`
}

/**
 * The counted noun for a number of things: singular for exactly one ("1 ship", "1 date"), the plural otherwise
 * ("0 pixels", "3 ships"). Takes the plural that countNoun gives.
 */
export function nounFor(n: number, pluralNoun: string): string {
  if (n !== 1) return pluralNoun
  if (/[^aeiou]ies$/i.test(pluralNoun)) return `${pluralNoun.slice(0, -3)}y`
  if (/(sh|ch|x|z)es$/i.test(pluralNoun)) return pluralNoun.slice(0, -2)
  if (/[^s]s$/i.test(pluralNoun)) return pluralNoun.slice(0, -1)
  return pluralNoun
}

/**
 * What a value whose unit is 'count' counts, said as the command line's answer says it ("24909 pixels"): an execute
 * DAG's count is of pixels when a raster node counted (raster.batch_reduce / raster.reduce with stat count, followed
 * by any per-date statistic of those counts) and of dates when a series node counted (timeseries.count, or a series
 * statistic 'count'); a measure count is of its subject's instances. Null when nothing says what was counted.
 */
export function countNoun(tool: string, args: unknown, nodeId?: string): string | null {
  const a = obj(args)
  if (tool === 'measure') {
    const subject = obj(a.spec).subject
    return typeof subject === 'string' && subject ? plural(subject) : 'objects'
  }
  if (tool !== 'execute') return null
  const nodes = dagNodes(args)
  const byId = new Map(nodes.map((n) => [n.id, n]))
  const output = Array.isArray(a.nodes) ? a.output : obj(a.dag).output
  let id: string | undefined = nodeId ?? (typeof output === 'string' ? output : nodes[nodes.length - 1]?.id)
  for (let guard = 0; id && guard < nodes.length; guard++) {
    const n = byId.get(id)
    if (!n) return null
    const stat = obj(n.params).stat
    if (n.op === 'timeseries.count') return 'dates'
    if (stat === 'count') return n.op.startsWith('timeseries.') ? 'dates' : 'pixels'
    // A statistic of counts (the mean over dates of per-date pixel counts) still counts what its input counted.
    const input = obj(n.inputs).data
    id = typeof input === 'string' ? input.replace(/^@/, '') : undefined
  }
  return null
}
