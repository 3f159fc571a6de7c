/** The span parser over the lexicon and its coverage ledger (DESIGN section 9). */
export { all, first, normalizeQuestion, parseQuestion, sentences, type ParsedQuestion } from './parse'
export { ledgerOf, REPORT_WHY, STATEMENT_WHY } from './ledger'
export { INSTRUCTION, WANTS } from './statements'
export { unitKey } from './condition-patterns'
export { variableNamed, variableBefore } from './variables'
export type * from './types'
export { DATE_FORMAT_SAID, DAY_FIRST_SAID } from './periods'
