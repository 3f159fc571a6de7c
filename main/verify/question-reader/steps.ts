/**
 * Changes from one acquisition (or month) to the next, read by the verifier on its own (the planner's reading is
 * domain/spans/steps.ts then task/steps.ts): whether the question asks for them, whether a drop or a rise (a signed
 * change counts drops negative), and what is taken over them: the largest, their mean, or the date of the largest.
 * `sign` or `over` is null where the words do not settle it; the check then asks for what it cannot hold the DAG to.
 */

export interface AskedSteps {
  /** `drop`: earlier minus later; `rise`: later minus earlier (also a signed change). */
  sign: 'rise' | 'drop' | null
  over: 'max' | 'mean' | 'date' | null
  monthly: boolean
  words: string
}

const CONSECUTIVE =
  /\b(?:consecutive|successive)\s+(?:acquisitions?|aquisitions?|acquisitons?|dates?|scenes?|images?|months?|overpasses)\b|\bfrom\s+one\s+(?:acquisition|date|scene|image|month|overpass)\s+to\s+the\s+next\b|\bmonth[\s-]+to[\s-]+month\b|\b(?:acquisition|date|scene)[\s-]+to[\s-]+(?:acquisition|date|scene)\b|\b(?:previous|preceding)\s+(?:acquisition|date|scene|image|month)\b|\b(?:acquisition|date|scene|image|month)\s+(?:just\s+|right\s+|immediately\s+)?before\s+it\b/i
const DROP = /\b(?:drops?|dropped|falls?|fell|declines?|declined|decreases?|decreased|cooling|cooled|loss|browning)\b/i
const RISE = /\b(?:increases?|increased|rises?|rose|risen|jumps?|jumped|gains?|warming|warmed|greening|growth)\b/i
const SIGNED = /\b(?:changes?|steps?|differences?)\b/i
const MEAN_OVER = /\b(?:average|mean)\s+(?:change|step|difference|increase|rise)\b/i
const DATE_ASKED =
  /\b(?:which|what)\s+(?:(?:is|was)\s+the\s+)?(?:(?:19|20)\d{2}\s+)?(?:acquisition\s+)?(?:date|day|acquisition|image|scene)\b|\bwhich\s+month\b|\bwhen\b|\bthe\s+date\s+(?:of|with|when|where|on\s+which)\b/i

export function readSteps(question: string): AskedSteps | null {
  const m = CONSECUTIVE.exec(question)
  if (!m) return null
  // The sentence that asks for the steps.
  const start = Math.max(...['.', '?', '!', ';', '\n'].map((c) => question.lastIndexOf(c, m.index - 1))) + 1
  const rest = question.slice(m.index).search(/[.?!;\n]/)
  const sentence = question.slice(start, rest < 0 ? question.length : m.index + rest)
  const drop = DROP.test(sentence)
  const rise = RISE.test(sentence)
  const signed = SIGNED.test(sentence)
  const sign = drop && !rise ? 'drop' : rise && !drop ? 'rise' : !drop && !rise && signed ? 'rise' : null
  const mean = MEAN_OVER.test(sentence)
  const over = mean
    ? 'mean'
    : DATE_ASKED.test(sentence)
      ? 'date'
      : sign !== null && !signed
        ? 'max'
        : /\b(?:largest|biggest|greatest|sharpest|steepest|strongest|most)\b/i.test(sentence)
          ? 'max'
          : null
  return { sign, over, monthly: /\bmonth/i.test(m[0]), words: m[0] }
}
