/**
 * Earth-Bench consistency of the task reader: each task is written three ways (q_user, q_autonomous_planning,
 * q_instruction_following). Their specs must agree on what each states: the statistic, the combination, the main
 * subject, the conditions, the periods and the region. A part one phrasing leaves out (a short user question with
 * no date) is a difference the phrasing really contains, not a disagreement; two phrasings stating different values
 * are a disagreement. The count of agreeing tasks is printed and held above a floor: 199 of 245 when written; 206
 * with the span parser; 217 after the classes of issue 15 (the date of an extreme, "between A and B" compared, an
 * unplaced season taking its year, a derived variable's inputs and an index's phenomenon not the subject, rankings
 * and label sets, brightness temperature kept apart from LST).
 *
 * The 28 left were read by hand against the benchmark's text; in each the phrasings state different things, so
 * agreeing would be a misreading (217 still: 125 and 142 joined, 139 left when bands became variables):
 * - periods written differently (19): 14 (2014-2023 / 2015-2020), 15 (May-September / May), 23 (March 30 / 24),
 *   50, 63 (2018-2022 / July 2022), 66 (no date / July 5, 2021 / June 15, 2022), 83 and 85 (the user phrasing has
 *   no July), 110 (14 September-19 December / September-December), 113 (June 1-October 31 / summer), 117 (one
 *   phrasing also names January-April), 120 (May-September / growing season), 123 (July 1-30 / July), 124
 *   (September 1-29 / September), 133 ("2021 vs. 2023" / "2021-2023"), 134 and 135 (January 1 to January 1 of the
 *   year after / the two calendar years), 136 (two days / 2008-2009), 138 (January 1-March 30 / January-March);
 * - thresholds (3): 39 (325 / 315 K), 49 (> 0.75 / four severity classes), 68 (0.06 / 0.07);
 * - statistics (2): 30 (average / max), 122 (one phrasing names none; its options name a mean and a trend);
 * - combination (1): 164 (difference / percentage change); subject (2): 84 (one phrasing names only brightness
 *   temperature, the others LST), 139 (the autonomous phrasing names only "Landsat B10 thermal observations", now
 *   read as the band B10; the others the surface temperature derived from it).
 * 125 and 142 ("peak ... extremes", "peak pollution event") now agree: options that each state a date make the
 * extreme asked the date of it. Of the 28, 84, 122, 133 and 139 are arguable, so about 221 is the most an honest
 * reader reaches on this set.
 */
import fs from 'node:fs'
import { describe, expect, it } from 'vitest'
import { readTask } from '../../../main/task/read-task'
import { shared } from '../../helpers/tmp'

interface Row {
  id: string
  q_user: string
  q_autonomous_planning: string
  q_instruction_following: string
  choices?: string[]
}

const PHRASINGS = ['q_user', 'q_autonomous_planning', 'q_instruction_following'] as const
const FIELDS = ['statistic', 'combine', 'subject', 'conditions', 'periods', 'region'] as const

function stated(q: string, choices: string[]): Record<(typeof FIELDS)[number], string> {
  const s = readTask({ question: q, options: choices.map((text, i) => ({ letter: String.fromCharCode(65 + i), text: String(text) })) })
  return {
    statistic: s.quantity.statistic ?? '',
    combine: s.quantity.combine ?? '',
    subject: s.subjects[0] ?? '',
    conditions: s.conditions.map((c) => `${c.variable}${c.op}${c.value ?? `${c.low}..${c.high}`}`).join(','),
    periods: s.periods.map((p) => `${p.start}/${p.end}`).join(','),
    region: s.region.kind === 'whole' ? '' : JSON.stringify(s.region),
  }
}

describe('Earth-Bench: the three phrasings of a task give the same spec', () => {
  it('agrees on what each phrasing states for most tasks', () => {
    const rows = fs.readFileSync(shared('benchmarks', 'earthbench-tasks.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as Row)
    expect(rows.length).toBe(245)
    let agree = 0
    const byField: Record<string, number> = {}
    for (const r of rows) {
      const specs = PHRASINGS.map((f) => stated(r[f], r.choices ?? []))
      const differing = FIELDS.filter((f) => new Set(specs.map((s) => s[f]).filter((v) => v !== '')).size > 1)
      if (differing.length === 0) agree++
      for (const f of differing) byField[f] = (byField[f] ?? 0) + 1
    }
    console.log(`Earth-Bench consistency: ${agree} of ${rows.length} tasks agree; disagreements by field ${JSON.stringify(byField)}`)
    expect(agree).toBeGreaterThanOrEqual(217)
  })
})
