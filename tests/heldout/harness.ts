/**
 * The held-out question set of issue 15 (tests/heldout/questions-15.jsonl): load it, run a question through the
 * app's ask service with the default rules backbone, and judge the answer as right, refused or wrong.
 *
 * The judge reads only the answer the service returns (its answer text, explanation and choice), never the spec the
 * app built, so it measures the app from outside. A value counts as right when any number in the answer lies within
 * the question's tolerance of the independent reference (tests/heldout/references.json, computed by
 * compute_references.py with GDAL + numpy); a date when the expected date is written in it. A run that shows no
 * matching value and says it cannot answer (or has no verified observation) is a refusal; anything else is wrong.
 */
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { z } from 'zod'

export const HELDOUT_DIR = path.dirname(fileURLToPath(import.meta.url))
export const SHARED_DIR = path.resolve(HELDOUT_DIR, '..', '..', '..', 'shared')

const Expect = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('value'),
    value: z.union([z.number(), z.string()]),
    tolerance: z.number().nonnegative(),
    unit: z.string(),
    alternatives: z.array(z.string()).optional(),
  }),
  z.object({ kind: z.literal('refuse'), reason: z.string().min(3) }),
])
export const HeldoutQuestion = z.object({
  id: z.string(),
  computation_id: z.string(),
  family: z.string(),
  habit: z.enum(['formal', 'terse', 'typos', 'nonnative', 'context', 'email', 'dictated', 'locale', 'checklist', 'pseudocode', 'chat', 'fillin']),
  question: z.string().min(3),
  files: z.array(z.string()).min(1),
  options: z.string().optional(),
  expect: Expect,
})
export type HeldoutQuestion = z.infer<typeof HeldoutQuestion>

export function loadQuestions(file = path.join(HELDOUT_DIR, 'questions-15.jsonl')): HeldoutQuestion[] {
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l, i) => {
      const r = HeldoutQuestion.safeParse(JSON.parse(l))
      if (!r.success) throw new Error(`Line ${i + 1} of ${file} is not a held-out question: ${r.error.issues[0]?.message}; fix the line.`)
      return r.data
    })
}

export type Verdict = 'right' | 'refused' | 'wrong'
/** What the judge needs from one run of the ask service. */
export interface AnswerSeen {
  answer: string
  explanation: string
  choice: string | null
  missing: string[]
  verifiedObservations: number
  error?: string
}

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december']

/** Every number written in a text: 17,811 and 1.2e-3 and −3.5 (unicode minus) included; years are numbers too. */
export function numbersIn(text: string): number[] {
  const out: number[] = []
  const re = /[-\u2212]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?(?:[eE][-+]?\d+)?|[-\u2212]?\.\d+/g
  for (const m of text.replace(/(\d)\u202f(\d)/g, '$1$2').matchAll(re)) {
    const v = Number(m[0].replace(/\u2212/, '-').replace(/,/g, ''))
    if (Number.isFinite(v)) out.push(v)
  }
  return out
}

/** Whether a text states an ISO date (2019-08-13, or 13 August 2019 / August 13, 2019 / 2019/08/13). */
export function statesDate(text: string, iso: string): boolean {
  const [y, m, d] = iso.split('-').map(Number)
  const t = text.toLowerCase()
  if (t.includes(iso) || t.includes(`${y}/${String(m).padStart(2, '0')}/${String(d).padStart(2, '0')}`)) return true
  const month = MONTHS[m - 1]
  return new RegExp(`\\b0?${d}(st|nd|rd|th)?\\s+(of\\s+)?${month}\\b`).test(t) || new RegExp(`\\b${month}\\s+0?${d}(st|nd|rd|th)?\\b`).test(t)
}

const REFUSAL =
  /\b(cannot|can't|could not|couldn't|unable|not (be )?(computed|understood|covered|answered|available|supported|defined|found)|no (accepted|verified|observation|value)|refus|does not (cover|contain|have)|do not (cover|contain|have)|is missing|are missing|not in the files|nothing was computed)\b/i

/** The text of option `letter` in an options block ("A. 0.62\nB. 0.67" or "A) ... B) ..."), or '' when absent. */
export function optionText(options: string | undefined, letter: string | null): string {
  if (!options || !letter) return ''
  const parts = options.split(/(?:^|\n|\s)(?=[A-Z][.)]\s)/)
  const hit = parts.map((p) => p.trim()).find((p) => p.startsWith(`${letter.toUpperCase()}.`) || p.startsWith(`${letter.toUpperCase()})`))
  return hit ? hit.slice(2).trim() : ''
}

export function judge(q: HeldoutQuestion, a: AnswerSeen): Verdict {
  // A chosen letter is judged by what its option states (the value or date it names), as an analyst reads it.
  const text = `${a.answer}\n${a.choice ?? ''}\n${optionText(q.options, a.choice)}`
  // A number stated with the limits of its evidence ("3 of 23 dates left out") is an answer, judged by its value;
  // only an answer that gives none (or names the gap instead) is a refusal.
  const saysNo = Boolean(a.error) || a.verifiedObservations === 0 || REFUSAL.test(a.answer) || /^\s*(?:not determined|no option is supported)/i.test(a.answer)
  if (q.expect.kind === 'refuse') return saysNo ? 'right' : 'wrong'
  const e = q.expect
  let hit = false
  if (typeof e.value === 'string') {
    hit = [e.value, ...(e.alternatives ?? [])].some((d) => statesDate(text, d))
  } else {
    const v = e.value
    hit = numbersIn(text).some((x) => Math.abs(x - v) <= e.tolerance)
  }
  if (hit && !a.error) return 'right'
  return saysNo ? 'refused' : 'wrong'
}

/** A stratified sample: round robin over families (sorted), each family's questions in file order, `n` in all. */
export function stratifiedSample(qs: HeldoutQuestion[], n: number): HeldoutQuestion[] {
  const byFamily = new Map<string, HeldoutQuestion[]>()
  // Spread inside a family: take every other computation first so one computation does not fill the family's share.
  for (const q of qs) byFamily.set(q.family, [...(byFamily.get(q.family) ?? []), q])
  const queues = [...byFamily.keys()].sort().map((f) => {
    const list = byFamily.get(f)!
    const firsts = list.filter((q) => q.id.endsWith('#1'))
    const rest = list.filter((q) => !q.id.endsWith('#1'))
    return [...rest.filter((_, i) => i % 3 === 0), ...firsts, ...rest.filter((_, i) => i % 3 !== 0)]
  })
  const out: HeldoutQuestion[] = []
  for (let round = 0; out.length < n && queues.some((qq) => qq.length > round); round++)
    for (const qq of queues) if (qq[round] && out.length < n) out.push(qq[round])
  return out
}

export interface Ceiling {
  sample_size: number
  wrong_ceiling: number
  right_floor: number
  measured: string
  note: string
}
export function loadCeiling(): Ceiling {
  return JSON.parse(fs.readFileSync(path.join(HELDOUT_DIR, 'ceiling.json'), 'utf8')) as Ceiling
}

export interface Tally {
  right: number
  refused: number
  wrong: number
}
/** A markdown table of verdicts by one key (family or habit). */
export function table(rows: { q: HeldoutQuestion; verdict: Verdict }[], key: 'family' | 'habit'): string {
  const by = new Map<string, Tally>()
  for (const { q, verdict } of rows) {
    const t = by.get(q[key]) ?? { right: 0, refused: 0, wrong: 0 }
    t[verdict]++
    by.set(q[key], t)
  }
  const lines = [`| ${key} | n | right | refused | wrong |`, '|---|---|---|---|---|']
  for (const [k, t] of [...by.entries()].sort()) lines.push(`| ${k} | ${t.right + t.refused + t.wrong} | ${t.right} | ${t.refused} | ${t.wrong} |`)
  return lines.join('\n')
}
