/**
 * Options of a multiple-choice question as numbers: `decision.select` reads one number per option (after `key`
 * when given, else the first number in the option's text) and picks the option nearest to a computed value.
 */
export interface NumericOption {
  label: string
  text: string
  value: number
}

export type OptionsInput = string | string[] | { label: string; value: number }[]

const NUMBER = /[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?/

function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

/** Parse options; throws an Error with one sentence naming the option that carries no number. */
export function parseOptions(options: OptionsInput, key?: string): NumericOption[] {
  if (Array.isArray(options) && options.length && typeof options[0] === 'object') {
    return (options as { label: string; value: number }[]).map((o) => ({ label: o.label, text: `${o.label}. ${o.value}`, value: o.value }))
  }
  const lines =
    typeof options === 'string'
      ? options
          .split(/\r?\n/)
          .map((l) => l.trim())
          .filter(Boolean)
      : (options as string[])
  return lines.map((line, i) => {
    const m = /^\(?([A-Za-z0-9]{1,3})[.):]\s*(.*)$/.exec(line)
    const label = m ? m[1] : String.fromCharCode(65 + i)
    const body = m ? m[2] : line
    let hit: RegExpExecArray | null
    if (key) {
      hit = new RegExp(`${escapeRe(key)}\\s*[:=]?\\s*(${NUMBER.source})`, 'i').exec(body)
      if (!hit) throw new Error(`option ${label} has no number after '${key}'`)
      return { label, text: line, value: Number(hit[1]) }
    }
    hit = NUMBER.exec(body)
    if (!hit) throw new Error(`option ${label} carries no number`)
    return { label, text: line, value: Number(hit[0]) }
  })
}
