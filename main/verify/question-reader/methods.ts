/**
 * Conventions the question names that change the value and that a DAG states in a parameter: where TVDI's last
 * NDVI bin ends ("a closed last bin", "Earth-Agent's binning"), the trend estimator ("least squares",
 * "Theil-Sen") and TOA reflectance corrected for the sun elevation (the catalog's sun_correction). Read from the shared method spans (domain/spans markers); the planner reads the same spans into
 * spec.methods with its own code (agent/rules/compile-words.ts), so a planner that drops a named convention is caught here.
 */
import { all, parseQuestion } from '../../domain/spans'

export interface AskedMethod {
  /** The DAG parameter that states the convention. */
  param: 'last_bin' | 'method' | 'sun_correction'
  /** The operator (and product) whose parameter it is: a TVDI product, a trend, the catalog's calibration. */
  of: 'tvdi' | 'trend' | 'calibration'
  /** The value the parameter must hold. */
  value: string | boolean
  /** The question's words. */
  words: string
}

/** The parameter value each method key names (the keys are lexicon methods.ts's). */
const PARAM_OF: Readonly<Record<string, Omit<AskedMethod, 'words'>>> = {
  tvdi_closed: { param: 'last_bin', of: 'tvdi', value: 'closed' },
  tvdi_open: { param: 'last_bin', of: 'tvdi', value: 'open' },
  ols: { param: 'method', of: 'trend', value: 'ols' },
  sen: { param: 'method', of: 'trend', value: 'sen' },
  sun_corrected: { param: 'sun_correction', of: 'calibration', value: true },
}

/** The conventions named, one per operator; an operator named with two conventions gets none (nothing to hold it to). */
export function readMethods(question: string): AskedMethod[] {
  const byOperator = new Map<string, AskedMethod[]>()
  for (const s of all(parseQuestion(question).spans, 'method')) {
    const m = PARAM_OF[s.key]
    if (m) byOperator.set(m.of, [...(byOperator.get(m.of) ?? []), { ...m, words: s.text }])
  }
  return [...byOperator.values()].filter((named) => named.every((m) => m.value === named[0].value)).map((named) => named[0])
}
