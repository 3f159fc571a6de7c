/**
 * The last word on an answer, whoever wrote it (rules templates or a language model): an option is named only when
 * an accepted observation supports it (DESIGN section 5). A choice stands when an observation it rests on was
 * accepted by the verifier and none of those observations points to another option (a `decision.select` choice, or
 * a value nearest to another option). Otherwise the choice is withdrawn and what is missing is said. With
 * `forceChoice` a withdrawn or absent choice comes back as a guess labelled `grounded: false`, never as the answer.
 * A number follows the same rule: without an observation to rest on, no value is given.
 */
import { nearestOption, optionsAreNumeric } from '../task/options'
import type { AnswerInput, FinalAnswer } from './answer'
import type { ObservationEntry } from './verified-history'

/** A choice given only because `--force-choice` asked for one: not supported by verified evidence. */
export interface Guess {
  choice: string
  grounded: false
  /** Why it is only a guess, in words. */
  reason: string
}

export interface GroundedAnswer extends FinalAnswer {
  /** True when the choice or value rests on observations the verifier accepted. */
  grounded: boolean
  /** With `--force-choice`, the option picked without verified support; null otherwise. */
  guess: Guess | null
}

const isRec = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v)

/**
 * The option an observation points to by itself, when it does: its own choice (`decision.select`), or, when every
 * option is a plain number, the option nearest its value.
 */
function pointsTo(entry: ObservationEntry, input: AnswerInput): string | null {
  const obs = entry.observation
  if (isRec(obs) && typeof obs.choice === 'string') return obs.choice.trim().charAt(0).toUpperCase() || null
  if (!optionsAreNumeric(input.task.options)) return null
  if (typeof obs === 'number') return nearestOption(input.task.options, obs)?.option.letter ?? null
  if (isRec(obs) && typeof obs.value === 'number' && Number.isFinite(obs.value)) {
    return nearestOption(input.task.options, obs.value, typeof obs.unit === 'string' ? obs.unit : null)?.option.letter ?? null
  }
  return null
}

export function groundAnswer(written: FinalAnswer, input: AnswerInput, opts: { forceChoice?: boolean } = {}): GroundedAnswer {
  const observations = input.history.observations()
  const basis = observations.filter((e) => written.basis.includes(e.call))
  const accepted = basis.filter((e) => e.status === 'accepted')

  if (input.task.format !== 'choice') {
    if (written.value !== null && basis.length === 0) {
      return {
        ...written, answer: 'Not determined', value: null, unit: null, grounded: false, guess: null,
        explanation: 'No verified observation supports a value, so none is given.',
        missing: [...written.missing, 'a verified observation of the quantity asked'],
      }
    }
    return { ...written, grounded: accepted.length > 0 && accepted.length === basis.length, guess: null }
  }

  const claimed = written.choice
  const pointers = accepted.map((e) => ({ e, to: pointsTo(e, input) })).filter((x): x is { e: ObservationEntry; to: string } => x.to !== null)
  const letters = new Set(pointers.map((x) => x.to))
  if (claimed !== null && accepted.length > 0 && (letters.size === 0 || (letters.size === 1 && letters.has(claimed)))) return { ...written, grounded: true, guess: null }
  // The verified observations point to one option and the writer named another: that option is the answer. (A
  // writer that named none keeps none: it may have judged the nearest option too far from the value.)
  if (claimed !== null && letters.size === 1) {
    const [letter] = letters
    return {
      ...written, answer: letter, choice: letter, grounded: true, guess: null,
      explanation: `The verified observation of call ${pointers[0].e.call} points to option ${letter} (the answer writer named option ${claimed}, which it does not support).`,
    }
  }
  // Verification switched off (RSure-Base): the choice stands as the baseline's, but it is not grounded.
  if (claimed !== null && basis.length > 0 && basis.every((e) => e.status === 'unverified')) return { ...written, grounded: false, guess: null }
  const contradicted = pointers.length > 0 ? pointers[0] : undefined

  const why = contradicted
    ? `the verified observations point to different options (${[...letters].join(', ')})`
    : claimed === null
      ? 'no verified observation supports an option'
      : `option ${claimed} was named without a verified observation that supports it`
  const withdrawn: GroundedAnswer = {
    ...written,
    answer: 'No option is supported by verified evidence',
    explanation: `${why[0].toUpperCase()}${why.slice(1)}; no option is named.${written.missing.length ? ` Missing: ${written.missing.join('; ')}.` : ''}`,
    choice: null,
    grounded: false,
    guess: null,
    missing: [...new Set([...written.missing, why])],
  }
  if (!opts.forceChoice || input.task.options.length === 0) return withdrawn
  const guess = claimed ?? contradicted?.to ?? input.task.options[0].letter
  return {
    ...withdrawn,
    guess: {
      choice: guess,
      grounded: false,
      reason: claimed ? "the answer writer's pick, which no verified observation supports" : contradicted ? `the option the observation of call ${contradicted.e.call} points to, among conflicting ones` : 'no evidence at all: a blind pick of the first option',
    },
  }
}
