/**
 * The reader's stage for band formulas the question writes out (spans/formulas.ts): each becomes the definition of
 * the variable it names, in the spec's `formulas`. One name given two formulas is read once when they are the same
 * formula written two ways ("MSI = SWIR1 / NIR, i.e. band 6 divided by band 5": the same bands in Landsat 8/9 OLI
 * numbering, checked by evaluating both); two different formulas for one name are refused, naming them.
 */
import { all } from '../domain/spans'
import { oliBandKey } from '../domain/spans/formulas'
import { parseExpr, sameValues } from '../engines/raster/expr'
import type { Reading } from './reading'
import type { Condition } from './spec'

/** Whether two formulas give the same values, roles and numbered bands keyed by their Landsat OLI number. */
const sameFormula = (a: string, b: string) => sameValues(parseExpr(a), parseExpr(b), oliBandKey)

/** The formulas of a question by the name each defines; band assignments ("N=B5") are read where a formula uses them. */
export function readFormulas(r: Reading): Record<string, { expr: string; text: string }> {
  const { lex, use, refuse } = r
  const formulas: Record<string, { expr: string; text: string }> = {}
  const spans = all(lex, 'formula')
  for (const f of spans.filter((x) => !x.guard)) {
    use(f.at, f.end, 'band formula')
    const had = formulas[f.name]
    if (!had) formulas[f.name] = { expr: f.expr, text: f.text.trim() }
    // The same formula written again with band numbers: the role-named one is kept (it reads on any sensor).
    else if (sameFormula(had.expr, f.expr)) {
      if (/\bb\d/.test(had.expr) && !/\bb\d/.test(f.expr)) formulas[f.name] = { expr: f.expr, text: f.text.trim() }
    } else refuse(f.text.trim(), `a second formula for ${f.name === 'formula' ? 'the value asked' : f.name.toUpperCase()} that differs from "${had.text}"`)
  }
  // A guard on a defined formula's denominator ("skip px where nir+red = 0") restates that a division by zero gives no
  // value; any other formula compared with zero is a condition the reader does not apply.
  for (const g of spans.filter((x) => x.guard)) {
    const inner = g.expr.replace(/\s+/g, '')
    if (Object.values(formulas).some((f) => f.expr.replace(/\s+/g, '').includes(`(${inner.replace(/^\((.*)\)$/, '$1')})`)))
      use(g.at, g.end, 'denominator of the formula (zero gives no value)')
    else refuse(g.text.trim(), 'a condition on a formula, which the reader does not apply')
  }
  if (spans.length) for (const a of all(lex, 'band_assignment')) use(a.at, a.end, 'band of a formula')
  return formulas
}

/**
 * A formula the question writes that neither the value asked nor a condition uses would be dropped silently ("the
 * mean BT of band 10 and of band 11 ... report band 10 minus band 11" read as the mean of band 10): refused.
 */
export function refuseUnusedFormulas(
  r: Reading,
  formulas: Readonly<Record<string, { text: string }>>,
  subjects: readonly string[],
  conditions: readonly Condition[],
): void {
  for (const [name, f] of Object.entries(formulas))
    if (subjects[0] !== name && !conditions.some((c) => c.variable === name))
      r.refuse(f.text, 'a formula the reader did not tie to the value asked or to a condition')
}
