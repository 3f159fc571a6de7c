/**
 * An evaluation suite (DESIGN section 7): a folder with `tasks.jsonl` and the files it names. On top of the fields
 * calibration reads (id, question, options, answer, answer_type, tolerance, images, files) a task may carry:
 *
 * - `reference_tools`: the expert reference tool sequence (Earth-Bench `gt_tool_sequence`), for the tool-call ratio;
 * - `reference_observations`: ground truth for observations, so a wrong tool observation can be told from a right
 *   one (paper section 3: "observation errors are judged against the expert reference"). Each names the tool (and
 *   optionally the coarse configuration), the observation key holding the number (default `value`), the expected
 *   value and an absolute tolerance in the observation's unit;
 * - `fault`: the known fault the harness wraps the tool with (main/eval/faults), and `twin`: the id of its clean twin;
 * - `unavailable`: why the task cannot run on this machine (e.g. Earth-Bench rasters not present locally); such a
 *   task is listed but never run or scored;
 * - `subset`: a grouping label for per-subset figures (Earth-Bench Spectrum / Products / RGB).
 */
import { z } from 'zod'
import { loadSuite as loadCalibrationSuite, SuiteTaskSchema } from '../prior/calibration'

export const ReferenceObservationSchema = z.object({
  /** The tool whose observation this is: perceive, measure or execute. */
  tool: z.string().min(1).default('execute'),
  /** Restrict to one coarse configuration id (e.g. `measure:count`); any configuration of the tool when absent. */
  config: z.string().min(1).optional(),
  /** The observation key that holds the number (`value` for a scalar, a table key such as `mean` or `slope`). */
  key: z.string().min(1).default('value'),
  value: z.number().finite(),
  /** Absolute tolerance, in the observation's unit. */
  tolerance: z.number().nonnegative(),
  /** The unit the observation must carry (K, degC, percent, dimensionless, dn ...); a value labelled otherwise is wrong. */
  unit: z.string().min(1).optional(),
})
export type ReferenceObservation = z.infer<typeof ReferenceObservationSchema>

export const FaultSpecSchema = z.object({
  /** A fault kind id of main/eval/faults/kinds.ts. */
  kind: z.string().min(1),
  /** The tool the fault wraps (default execute). */
  tool: z.string().min(1).default('execute'),
  /** Which invocations of that tool are corrupted: every one (a persistent fault, the default: a repair that only
   * re-runs the call must not escape it), or the first only (a transient fault, `first`). */
  calls: z.enum(['first', 'all']).default('all'),
})
export type FaultSpec = z.infer<typeof FaultSpecSchema>

export const EvalTaskSchema = SuiteTaskSchema.extend({
  reference_tools: z.array(z.string().min(1)).optional(),
  reference_observations: z.array(ReferenceObservationSchema).optional(),
  fault: FaultSpecSchema.optional(),
  twin: z.string().min(1).optional(),
  unavailable: z.string().min(1).optional(),
  subset: z.string().min(1).optional(),
  /** The unit a numeric answer must be in; an answer stating another unit is wrong even when its number matches. */
  answer_unit: z.string().min(1).optional(),
  /**
   * The right answer is a refusal naming the fault (a data fault no computation can see past: a date that copies
   * another, a corrupt block): correct when the answer gives no value and no option and its words (answer,
   * explanation, what is missing) match this pattern (case-insensitive). `answer` then holds the clean value, for
   * judging observations only.
   */
  expect_refusal: z.string().min(1).optional(),
  /**
   * A data folder whose model packs this task's perceive and measure tools use instead of the installed ones (the
   * fault suite's fake detector packs: a clean one for the control, a spoiled one per perception fault).
   */
  vision_data: z.string().min(1).optional(),
})
export type EvalTask = z.infer<typeof EvalTaskSchema>

export interface EvalSuite {
  name: string
  /** Folder the task paths are relative to. */
  dir: string
  tasks: EvalTask[]
}

/** Read a suite folder in the suite format; throws one sentence naming the task that is wrong. */
export function loadEvalSuite(dir: string): EvalSuite {
  const base = loadCalibrationSuite(dir)
  const tasks = base.tasks.map((raw, i) => {
    const parsed = EvalTaskSchema.safeParse(raw)
    if (!parsed.success) {
      const issue = parsed.error.issues[0]
      throw new Error(`Task ${raw.id ?? i + 1} of the suite ${base.name} is not valid at ${issue.path.join('.') || 'the top level'}: ${issue.message}.`)
    }
    return parsed.data
  })
  const seen = new Set<string>()
  for (const t of tasks) {
    if (seen.has(t.id)) throw new Error(`The suite ${base.name} lists the task id ${t.id} twice; ids must be unique.`)
    seen.add(t.id)
  }
  return { name: base.name, dir: base.dir, tasks }
}

/** A suite built in memory (adapters, the fault suite): validated like one read from disk. */
export function makeSuite(name: string, dir: string, tasks: z.input<typeof EvalTaskSchema>[]): EvalSuite {
  return { name, dir, tasks: tasks.map((t) => EvalTaskSchema.parse(t)) }
}
