/**
 * ThinkGeo and TerraLogic samples as suites: each sample's question is put in that benchmark's task text
 * (templates.ts) with its images. Accepted lines: {id, question | query, images | image, answer, tolerance?}.
 * TerraLogic answers are numbers with a unit (judged numerically within `tolerance`, default 1e-6 relative);
 * ThinkGeo answers are short texts (judged by normalised containment, as calibration does).
 */
import fs from 'node:fs'
import path from 'node:path'
import { z } from 'zod'
import { makeSuite, type EvalSuite } from '../suite'
import { peerLines } from './peer-lines'
import { terraLogicText, thinkGeoText } from './templates'

const PeerLine = z
  .object({
    id: z.union([z.string(), z.number()]).transform(String),
    question: z.string().optional(),
    query: z.string().optional(),
    images: z.array(z.string()).optional(),
    image: z.string().optional(),
    answer: z.union([z.string(), z.number()]),
    tolerance: z.number().nonnegative().optional(),
  })
  .loose()

export function peerTemplateSuite(file: string, benchmark: 'thinkgeo' | 'terralogic'): EvalSuite {
  const dir = path.dirname(file)
  const tasks = peerLines(file, PeerLine, benchmark === 'thinkgeo' ? 'ThinkGeo' : 'TerraLogic').map((t) => {
    const images = t.images ?? (t.image ? [t.image] : [])
    const question = (t.question ?? t.query ?? '').trim()
    const text = benchmark === 'thinkgeo' ? thinkGeoText(question, images) : terraLogicText(question, images)
    const missing = images.some((p) => !fs.existsSync(path.resolve(dir, p)))
    return {
      id: t.id,
      question: text,
      answer: t.answer,
      answer_type: benchmark === 'terralogic' ? ('number' as const) : ('text' as const),
      tolerance: t.tolerance,
      images,
      subset: benchmark,
      ...(question ? {} : { unavailable: 'the sample has no question' }),
      ...(missing ? { unavailable: 'an image of this sample is not on disk' } : {}),
    }
  })
  return makeSuite(`${benchmark}-${path.basename(file).replace(/\.jsonl$/, '')}`, dir, tasks)
}
