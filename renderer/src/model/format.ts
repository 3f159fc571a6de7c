/** Number and value formatting shared by the panels: readable, never more digits than the data carries. */

export function num(v: number, digits = 4): string {
  if (!Number.isFinite(v)) return String(v)
  if (Number.isInteger(v)) return v.toLocaleString('en-US')
  const a = Math.abs(v)
  if (a !== 0 && (a < 1e-3 || a >= 1e7)) return v.toExponential(2)
  return String(Number(v.toPrecision(digits)))
}

export function pct(v: number): string {
  return `${num(100 * v, 3)} %`
}

/** A short one-line rendering of any JSON value (for argument and evidence tables). */
export function brief(v: unknown, max = 140): string {
  let s: string
  if (v === null || v === undefined) s = '—'
  else if (typeof v === 'number') s = num(v)
  else if (typeof v === 'string') s = v
  else if (typeof v === 'boolean') s = v ? 'yes' : 'no'
  else if (Array.isArray(v) && v.length === 0) s = 'none'
  else if (Array.isArray(v) && v.every((x) => typeof x !== 'object' || x === null)) s = v.map((x) => brief(x, 40)).join(', ')
  else s = JSON.stringify(v, (_k, x) => (typeof x === 'number' && !Number.isInteger(x) ? Number(x.toPrecision(6)) : x))
  return s.length > max ? `${s.slice(0, max - 1)}…` : s
}

/** Last path segment, for file paths in arguments and evidence (the full path stays in a tooltip). */
export function baseName(p: string): string {
  const parts = p.split(/[\\/]/)
  return parts[parts.length - 1] || p
}

/**
 * A tool's or the agent's message as the window says it: advice written for the command line or for the planner
 * ("add one with 'rsure models add DIR'", "set RSURE_VLM=…", "Adjust the arguments or use another tool; do not
 * estimate the value.", "… described in the agent README.") becomes what an analyst at the desk can do, and absolute paths become file names.
 */
export function windowText(s: string): string {
  return s
    .replace(/\(add one with 'rsure models add DIR'\)/g, '(add a model pack in Settings, under Model packs)')
    .replace(
      /\(set RSURE_VLM=openai:URL#MODEL for a server with image input\)/g,
      '(choose as the backbone, in Settings, an OpenAI-compatible endpoint whose model takes images)',
    )
    .replace(/(\.)\.?\s*Adjust the arguments or use another tool; do not estimate the value\./g, '$1')
    .replace(/ described in the agent README\./g, " the desk reads, such as 'mean', 'the north half', 'July 2019', 'in kelvin'.")
    .replace(/(?:\/[\w.-]+){2,}\/([\w.-]+)/g, '$1')
}
