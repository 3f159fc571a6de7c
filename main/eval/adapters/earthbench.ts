/**
 * Earth-Bench (../shared/benchmarks/earthbench-tasks.jsonl, flattened from opendatalab/Earth-Agent) as an
 * evaluation suite: every task becomes an entry with its four choices, gold letter, reference tool sequence
 * (`gt_tool_sequence`, for the tool-call ratio of paper table 10) and subset (spectrum / products / rgb). The
 * question is one of the three phrasings Earth-Bench ships (`user`: vague, `planning`: autonomous planning, the
 * default, `instruction`: instruction following). The rasters are looked up under the data folder as
 * `question<N>`, `benchmark/data/question<N>`, `data/question<N>` or `earthbench-q<N>/files`; a task whose folder is
 * not there is kept, marked unavailable, so the suite always lists all of them.
 */
import fs from 'node:fs'
import path from 'node:path'
import { z } from 'zod'
import { makeSuite, type EvalSuite } from '../suite'
import { peerLines } from './peer-lines'

const EarthBenchLine = z
  .object({
    id: z.union([z.string(), z.number()]).transform(String),
    modality_guess: z.string().optional(),
    q_user: z.string().optional(),
    q_autonomous_planning: z.string().optional(),
    q_instruction_following: z.string().optional(),
    /** Absent for the few open numeric tasks (e.g. 163, 173), whose answer is the number itself. */
    choices: z
      .array(z.union([z.string(), z.number()]).transform(String))
      .min(2)
      .nullable()
      .optional(),
    /** A letter, a number as text, or (tasks 211-215) a one-element list holding the letter. */
    answer: z.union([
      z.string().min(1),
      z
        .array(z.string().min(1))
        .length(1)
        .transform((a) => a[0]),
    ]),
    data_dir: z.array(z.string()).default([]),
    gt_tool_sequence: z.array(z.string()).optional(),
  })
  .loose()

export const PHRASINGS = { user: 'q_user', planning: 'q_autonomous_planning', instruction: 'q_instruction_following' } as const
export type Phrasing = keyof typeof PHRASINGS

/** The folder holding a task's rasters under `dataDir`, or null. */
export function earthBenchFolder(dataDir: string, id: string, dataDirs: string[]): string | null {
  const names = [...dataDirs.map((d) => path.basename(d)), `question${id}`]
  const candidates = names.flatMap((n) => [path.join(dataDir, n), path.join(dataDir, 'benchmark', 'data', n), path.join(dataDir, 'data', n)])
  candidates.push(path.join(dataDir, `earthbench-q${id}`, 'files'))
  return candidates.find((c) => fs.existsSync(c) && fs.statSync(c).isDirectory() && fs.readdirSync(c).length > 0) ?? null
}

export function earthBenchSuite(file: string, opts: { dataDir?: string; phrasing?: string } = {}): EvalSuite {
  const phrasing = (opts.phrasing ?? 'planning') as Phrasing
  if (!(phrasing in PHRASINGS)) throw new Error(`Unknown Earth-Bench phrasing '${opts.phrasing}'; use user, planning or instruction.`)
  const dataDir = opts.dataDir ?? path.dirname(file)
  const lines = peerLines(file, EarthBenchLine, 'Earth-Bench')
  const tasks = lines.map((t) => {
    const question = (t[PHRASINGS[phrasing]] ?? t.q_autonomous_planning ?? t.q_user ?? '').trim()
    const folder = earthBenchFolder(dataDir, t.id, t.data_dir)
    const choices = t.choices ?? null
    // An open numeric answer is judged to its printed precision (half a unit of its last decimal).
    const decimals = /\.(\d+)$/.exec(t.answer)?.[1].length ?? 0
    return {
      id: `earthbench-${t.id}`,
      question: question || `(Earth-Bench task ${t.id} has no ${phrasing} phrasing)`,
      ...(choices
        ? { options: choices, answer: t.answer, answer_type: 'choice' as const }
        : { answer: t.answer, answer_type: 'number' as const, tolerance: 0.5 * 10 ** -decimals }),
      files: folder ? [path.relative(path.dirname(file), folder)] : [],
      reference_tools: t.gt_tool_sequence,
      subset: t.modality_guess,
      ...(folder ? {} : { unavailable: `the rasters of Earth-Bench task ${t.id} are not under the data folder` }),
      ...(question ? {} : { unavailable: `Earth-Bench task ${t.id} has no ${phrasing} phrasing` }),
    }
  })
  return makeSuite(`earthbench-${phrasing}`, path.dirname(file), tasks)
}
