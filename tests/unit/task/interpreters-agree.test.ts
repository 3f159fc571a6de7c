/**
 * The planner's interpreter (spans -> TaskSpec, main/task/read-task.ts) and the verifier's (spans -> what an
 * observation must show, main/verify/question-reader) are written separately over the same span parser. Run over
 * every Earth-Bench phrasing (245 tasks x 3) and every question phrasing in this folder's tests, they must agree on
 * the periods, the pixel conditions, the region, the unit asked, the order of a written subtraction and the names
 * band formulas define; any disagreement not on the short allow-list
 * below fails. The comparison is written here, from the two outputs' own fields.
 */
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { readTask } from '../../../main/task/read-task'
import type { TaskSpec } from '../../../main/task/spec'
import { readQuestion, type QuestionDemands } from '../../../main/verify/question-reader/index'
import { writtenSubtraction } from '../../../main/verify/provenance/check-order'
import { shared } from '../../helpers/tmp'

interface Row {
  id: string
  q_user: string
  q_autonomous_planning: string
  q_instruction_following: string
}

/**
 * Disagreements accepted, each with why (key: the field, then the first 60 characters of the phrasing).
 * Keep this list short: an entry is a known difference of meaning between planning and checking, not a misreading.
 */
/**
 * Disagreements read by hand and kept, by field and the phrasing's first 60 characters. Empty since the complement of
 * a quadrant is read by both interpreters (region `outside`); an entry that no longer disagrees fails the test.
 */
const ALLOWED: Readonly<Record<string, string>> = {}

const VERIFIER_NAME: Readonly<Record<string, string>> = { mndwi: 'ndwi', dnbr: 'nbr', night_lights: 'ntl' }

function periodsOf(spec: TaskSpec): string[] {
  return [...new Set(spec.periods.map((p) => `${p.start}/${p.end}${p.months ? `@${p.months.join(',')}` : ''}`))].sort()
}
function verifierPeriods(d: QuestionDemands): string[] {
  return [...new Set(d.periods.map((p) => `${p.start}/${p.end}${p.months ? `@${p.months.join(',')}` : ''}`))].sort()
}

/** A condition as "variable dir value": direction only (> or <), ranges as low..high, negation marked. */
function plannerConditions(spec: TaskSpec): string[] {
  return spec.conditions.map((c) => {
    const v = c.variable ? (VERIFIER_NAME[c.variable] ?? c.variable) : '?'
    // (Outside a..b is not in a..b; a negated outside is inside.)
    const neg = Boolean(c.negated) !== (c.op === 'outside') ? '!' : ''
    return c.op === 'between' || c.op === 'outside' ? `${neg}${v} in ${c.low}..${c.high}` : `${neg}${v} ${c.op[0]} ${c.value}`
  })
}
/** A range without its ends is two strict comparisons (the planner's spec keeps its ranges' ends). */
function verifierConditions(d: QuestionDemands): string[] {
  return d.conditions.flatMap((c) => {
    const neg = c.negated ? '!' : ''
    if (c.op === 'between' && c.inclusive === false && !c.negated) return [`${c.variable} > ${c.low}`, `${c.variable} < ${c.high}`]
    return c.op === 'between' ? `${neg}${c.variable} in ${c.low}..${c.high}` : `${neg}${c.variable} ${c.op} ${c.value}`
  })
}

/** A region as grid fractions "x0,x1,y0,y1", a pixel box "px:c0-c1,r0-r1" (inclusive), a map box, or a file; "outside " before it for its complement. */
function plannerRegion(spec: TaskSpec): string {
  const r = spec.region
  const inside = plannerInside(r)
  return inside && 'outside' in r && r.outside ? `outside ${inside}` : inside
}
function plannerInside(r: TaskSpec['region']): string {
  if (r.kind === 'whole' || r.kind === 'place') return ''
  if (r.kind === 'part') {
    const y = /^north/.test(r.part) ? [0, 0.5] : /^south/.test(r.part) ? [0.5, 1] : [0, 1]
    const x = /east$/.test(r.part) ? [0.5, 1] : /west$/.test(r.part) ? [0, 0.5] : [0, 1]
    return `${x[0]},${x[1]},${y[0]},${y[1]}`
  }
  if (r.kind === 'grid') return `${r.cols[0]},${r.cols[1]},${r.rows[0]},${r.rows[1]}`
  if (r.kind === 'bbox')
    return r.crs === 'pixel' ? `px:${r.bbox[0]}-${r.bbox[2] - 1},${r.bbox[1]}-${r.bbox[3] - 1}` : `map:${r.bbox.join(',')}${r.srs ? `@${r.srs}` : ''}`
  return `file:${r.file}`
}
function verifierRegion(d: QuestionDemands): string {
  const inside = verifierInside(d.region)
  return inside && d.region?.outside ? `outside ${inside}` : inside
}
function verifierInside(r: QuestionDemands['region']): string {
  if (!r) return ''
  if (r.kind === 'part') return `${r.part.x0},${r.part.x1},${r.part.y0},${r.part.y1}`
  if (r.kind === 'box')
    return r.bbox ? `map:${r.bbox.join(',')}${r.srs ? `@${r.srs}` : ''}` : r.rows && r.cols ? `px:${r.cols[0]}-${r.cols[1]},${r.rows[0]}-${r.rows[1]}` : 'box'
  return `file:${r.file}`
}

/** Units of temperature and area: both must name the same one, or neither. */
const PHYSICAL = new Set(['K', 'degC', 'degF', 'km2', 'm2', 'ha', 'acre'])

function disagreements(q: string): string[] {
  const spec = readTask({ question: q })
  const d = readQuestion(q)
  const out: string[] = []
  const pp = periodsOf(spec)
  const vp = verifierPeriods(d)
  if (pp.join(' ') !== vp.join(' ')) out.push(`periods: planner [${pp}] verifier [${vp}]`)
  const pc = plannerConditions(spec)
  // A condition the planner refused (its words in a blocking part it did not understand) is never run, so never checked.
  const refused = (spec.notUnderstood ?? []).filter((n) => n.blocking).map((n) => n.text)
  const vc = verifierConditions({ ...d, conditions: d.conditions.filter((c) => !refused.some((t) => t.includes(c.words))) })
  // Every pixel condition the verifier will check is one the planner plans (the planner also keeps conditions on dates and results).
  const missing = vc.filter((c) => !pc.includes(c) && !pc.includes(c.replace(/^(!?)\w+/, '$1?')))
  if (missing.length) out.push(`conditions: verifier checks [${missing}] the planner does not plan [${pc}]`)
  const pr = plannerRegion(spec)
  const vr = verifierRegion(d)
  if (pr !== vr && !(vr === 'box' && pr.startsWith('map:'))) out.push(`region: planner '${pr}' verifier '${vr}'`)
  const pu = spec.unit && PHYSICAL.has(spec.unit) ? spec.unit : ''
  const vu = d.unit && PHYSICAL.has(d.unit.unit) ? d.unit.unit : ''
  if (pu !== vu) out.push(`unit: planner '${pu}' verifier '${vu}'`)
  // A difference whose order the question writes: the planner takes first the period the verifier checks is taken
  // first (as written, or the later one by the convention), unless it refused; and takes none as written unchecked.
  if (spec.quantity.combine === 'difference' && spec.quantity.across === 'periods') {
    const written = writtenSubtraction(q)
    const [a, b] = spec.periods
    const minuend = spec.quantity.order === 'as_written' ? a : a && b ? (a.start > b.start ? a : b) : undefined
    const refused = (spec.notUnderstood ?? []).some((n) => n.blocking)
    if (written && !refused && minuend?.start !== written[0].start) out.push(`order: planner takes ${minuend?.text} first, verifier ${written[0].text}`)
    if (!written && spec.quantity.order === 'as_written') out.push('order: planner as written, verifier none')
  }
  // The names band formulas define: the planner computes each, the verifier checks each against the DAG.
  const pf = Object.keys(spec.formulas ?? {})
    .sort()
    .join(',')
  const vf = [...new Set(d.formulas.map((f) => f.name))].sort().join(',')
  if (pf !== vf) out.push(`formulas: planner [${pf}] verifier [${vf}]`)
  return out
}

function testPhrasings(): string[] {
  const dir = path.dirname(new URL(import.meta.url).pathname)
  const out: string[] = []
  for (const f of fs.readdirSync(dir).filter((n) => n.endsWith('.test.ts') && n !== 'interpreters-agree.test.ts')) {
    const text = fs.readFileSync(path.join(dir, f), 'utf8')
    // Question strings: quoted literals of several words that ask or name something to compute.
    for (const m of text.matchAll(/'((?:[^'\\\n]|\\.){20,})'/g)) {
      const s = m[1].replace(/\\'/g, "'")
      if (/\b(?:what|how|which|mean|median|share|count|percentage|trend|average|calculate|compute)\b/i.test(s) && /\s/.test(s)) out.push(s)
    }
  }
  return [...new Set(out)]
}

describe('the planner and verifier interpreters agree on what a question asks', () => {
  it('over every Earth-Bench phrasing and every phrasing of the task tests', () => {
    const rows = fs
      .readFileSync(shared('benchmarks', 'earthbench-tasks.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Row)
    const phrasings = [...rows.flatMap((r) => [r.q_user, r.q_autonomous_planning, r.q_instruction_following]), ...testPhrasings()]
    expect(phrasings.length).toBeGreaterThan(735)
    const unlisted: string[] = []
    const used = new Set<string>()
    const byField: Record<string, number> = {}
    for (const q of phrasings) {
      for (const dis of disagreements(q)) {
        const field = dis.split(':')[0]
        byField[field] = (byField[field] ?? 0) + 1
        if (ALLOWED[`${field}:${q.slice(0, 60)}`]) {
          used.add(`${field}:${q.slice(0, 60)}`)
          continue
        }
        unlisted.push(`${dis}  <-  ${q.slice(0, 140)}`)
      }
    }
    console.log(`interpreters: ${phrasings.length} phrasings, disagreements by field ${JSON.stringify(byField)}, ${unlisted.length} not allowed`)
    expect(unlisted).toEqual([])
    expect(Object.keys(ALLOWED).filter((k) => !used.has(k))).toEqual([])
  })

  it('can fail: a planner reading of a different period is a disagreement', () => {
    // Two questions whose periods differ give different period sets under the same comparison.
    const a = periodsOf(readTask({ question: 'mean LST in winter 2019/20' }))
    const b = verifierPeriods(readQuestion('mean LST in winter 2020'))
    expect(a).toEqual(['2019-12-01/2020-02-29'])
    expect(b).toEqual(['2020-12-01/2021-02-28'])
    expect(a).not.toEqual(b)
  })
})
