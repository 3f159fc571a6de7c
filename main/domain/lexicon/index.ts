/**
 * The lexicon (DESIGN section 9): every word the readers of a question know, as data. Nothing else in the project
 * defines a question word; the span parser (main/domain/spans) and the readers take their words from here.
 */
export * from './variables'
export * from './units'
export * from './statistics'
export * from './comparators'
export * from './regions'
export * from './periods'
export * from './series'
export * from './context'
export * from './indices'
export * from './qualifiers'
export * from './methods'
export * from './numbers'
export * from './other-languages'
