/**
 * A refiner before the parsers: a name spelled out letter by letter, as speech-to-text writes a dictated acronym
 * ("n d v i", "T V D I", "n.d.v.i.", "l-s-t"), is written as the name when the letters make a variable or index the
 * lexicon knows, an article before them kept as a word ("a t v d i"). Other runs of single letters ("a b c") stay as
 * written.
 */
import { VARIABLES } from '../lexicon/variables'

const NAMES = new Set(VARIABLES.flatMap((v) => v.names).map((n) => n.toLowerCase()))

/** Two or more single letters joined by one space, dot or hyphen each ("n d v i", "n.d.v.i.", "l-s-t", "e v i 2"). */
const LETTERS = /(?<![\w.-])[a-z](?:[ .-][a-z](?![a-z]))+(?:[ .-]?\d(?!\d))?\.?(?![\w-])/gi

export function spelledLetters(question: string): string {
  return question.replace(LETTERS, (run) => {
    const word = run.replace(/[ .-]/g, '')
    if (NAMES.has(word.toLowerCase())) return word
    // "a t v d i": the article before the letters ("had a t v d i above ...") is a word of its own.
    const lead = /^([ai])[ .-]/i.exec(run)
    return lead && NAMES.has(word.slice(1).toLowerCase()) ? `${lead[1]} ${word.slice(1)}` : run
  })
}
