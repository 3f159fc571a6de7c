/**
 * CHOICE (ShawnAn-WHU/CHOICE) items as a suite: a question whose lines after the stem are lettered options, one
 * image, the gold letter and the task type. `choice-sample/` is already in the suite format; a bare JSON-lines
 * file such as `choice-dev.jsonl` becomes a suite whose items without an image on disk are marked unavailable.
 */
import fs from 'node:fs'
import path from 'node:path'
import { z } from 'zod'
import { makeSuite, type EvalSuite } from '../suite'
import { peerLines } from './peer-lines'

const ChoiceLine = z
  .object({
    id: z.union([z.string(), z.number()]).transform(String),
    question: z.string().min(1),
    answer: z.string().regex(/^[A-H]$/),
    task_type: z.string().optional(),
    images: z.array(z.string()).optional(),
    image: z.string().optional(),
  })
  .loose()

export function choiceSuite(file: string): EvalSuite {
  const dir = path.dirname(file)
  const tasks = peerLines(file, ChoiceLine, 'CHOICE').map((t) => {
    const images = t.images ?? (t.image ? [t.image] : [])
    const missing = images.length === 0 || images.some((p) => !fs.existsSync(path.resolve(dir, p)))
    return {
      id: t.id,
      question: t.question,
      answer: t.answer,
      answer_type: 'choice' as const,
      images,
      subset: t.task_type,
      ...(missing ? { unavailable: 'the CHOICE image of this item is not on disk' } : {}),
    }
  })
  return makeSuite(path.basename(file).replace(/\.jsonl$/, ''), dir, tasks)
}
