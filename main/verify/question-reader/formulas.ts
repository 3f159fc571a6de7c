/**
 * The band formulas a question writes out, as the verifier reads them: the name each defines and its expression
 * over band keys, straight from the span parser (spans/formulas.ts). The planner's reader (main/task/formulas.ts)
 * decides which formula a name keeps; the verifier asks only that every formula written be computed as written.
 */
import { all, parseQuestion } from '../../domain/spans'

export interface AskedFormula {
  /** The variable the formula defines (lower case), 'formula' when the question gives it no name. */
  name: string
  expr: string
  words: string
}

export function readFormulas(question: string): AskedFormula[] {
  return all(parseQuestion(question).spans, 'formula')
    .filter((f) => !f.guard)
    .map((f) => ({ name: f.name, expr: f.expr, words: f.text.trim() }))
}
