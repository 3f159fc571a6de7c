/**
 * A variable the question defines by a band formula ("MSI = SWIR1 / NIR", "green > red") against the algebra node of
 * the observation that computes it (the node whose `index` names the variable): both are evaluated at random band
 * values, each input of the node valued by the band its read names, so "nir / red" computed for "(B5 - B4)/(B5 +
 * B4)" is caught. Bands are keyed by their Landsat OLI number where a numbered band meets a role.
 */
import { exprVariables, parseExpr, sameValues } from '../../engines/raster/expr'
import { oliBandKey } from '../../domain/spans/formulas'
import { linkTarget, type ActionNode } from '../../tools/execute/evidence-reader'
import type { Finding } from '../policy/finding'
import { pass } from '../policy/finding'
import type { AskedFormula } from '../question-reader/formulas'

/** The band a node reads, following single inputs up to a raster.read ('B5' -> 'b5', 'NIR' -> 'nir'). */
function bandRead(id: string, byId: ReadonlyMap<string, ActionNode>, seen = new Set<string>()): string | null {
  const n = byId.get(id)
  if (!n || seen.has(id)) return null
  seen.add(id)
  if (n.op === 'raster.read') return typeof n.params.role === 'string' ? n.params.role.toLowerCase() : null
  const links = Object.values(n.inputs)
    .map((v) => linkTarget(v))
    .filter((t): t is string => t !== null)
  return links.length === 1 ? bandRead(links[0], byId, seen) : null
}

export function checkFormulas(asked: readonly AskedFormula[], nodes: readonly ActionNode[]): Finding[] {
  const byId = new Map(nodes.map((n) => [n.id, n]))
  const findings: Finding[] = []
  for (const f of asked) {
    const node = nodes.find((n) => n.op === 'raster.algebra' && typeof n.params.index === 'string' && n.params.index.toLowerCase() === f.name)
    if (!node || typeof node.params.expr !== 'string') continue
    const dagExpr = parseExpr(node.params.expr)
    const bandOf = new Map([...exprVariables(dagExpr)].map((v) => [v, bandRead(linkTarget(node.inputs[v]) ?? '', byId) ?? `?${v}`]))
    const same = sameValues(parseExpr(f.expr), dagExpr, oliBandKey, (v) => oliBandKey(bandOf.get(v) ?? v))
    findings.push(
      same
        ? pass(
            'provenance_formula',
            `node '${node.id}' computes ${f.name === 'formula' ? 'the formula' : f.name.toUpperCase()} as the question writes it ("${f.words}")`,
          )
        : {
            check: 'provenance_formula',
            severity: 'reject',
            message: `the question defines ${f.name === 'formula' ? 'the value' : f.name.toUpperCase()} as "${f.words}", but the observation's node '${node.id}' computes ${node.params.expr} over ${[...bandOf.entries()].map(([v, b]) => `${v} = ${b}`).join(', ')}`,
          },
    )
  }
  return findings
}
