/** The span parser over the lexicon and its coverage ledger (DESIGN section 9). */
export { all, first, ledgerOf, normalizeQuestion, parseQuestion, sentences, type ParsedQuestion } from './parse'
export { unitKey } from './conditions'
export { variableNamed, variableBefore } from './variables'
export type * from './types'
