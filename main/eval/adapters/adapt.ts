/**
 * Choosing the adapter for `rsure eval --suite PATH`: a folder with tasks.jsonl is a suite already; a JSON-lines
 * file is read by the adapter named, or recognised from its first line (Earth-Bench's `gt_tool_sequence` and
 * phrasings, CHOICE's lettered question with a task type).
 */
import fs from 'node:fs'
import path from 'node:path'
import { choiceSuite } from './choice'
import { earthBenchSuite } from './earthbench'
import { peerTemplateSuite } from './peer-templates'
import { loadEvalSuite, type EvalSuite } from '../suite'

export const ADAPTERS = ['auto', 'suite', 'earthbench', 'choice', 'thinkgeo', 'terralogic'] as const
export type AdapterName = (typeof ADAPTERS)[number]

function detect(file: string): Exclude<AdapterName, 'auto' | 'suite' | 'thinkgeo' | 'terralogic'> {
  const first =
    fs
      .readFileSync(file, 'utf8')
      .split(/\r?\n/)
      .find((l) => l.trim()) ?? ''
  let line: Record<string, unknown>
  try {
    line = JSON.parse(first)
  } catch {
    throw new Error(`The first line of ${path.basename(file)} is not JSON; name the format with --adapter.`)
  }
  if ('gt_tool_sequence' in line || 'q_autonomous_planning' in line) return 'earthbench'
  if (typeof line.question === 'string' && /\n\s*A\s*[.)]/.test(line.question)) return 'choice'
  throw new Error(`Cannot tell which benchmark ${path.basename(file)} comes from; name it with --adapter earthbench|choice|thinkgeo|terralogic.`)
}

export function adaptSuite(target: string, adapter: AdapterName = 'auto', opts: { dataDir?: string; phrasing?: string } = {}): EvalSuite {
  if (!fs.existsSync(target)) throw new Error(`The suite ${path.basename(target)} does not exist.`)
  const isDir = fs.statSync(target).isDirectory()
  const kind = adapter === 'auto' ? (isDir ? 'suite' : detect(target)) : adapter
  if (kind === 'suite') {
    if (!isDir) throw new Error('A suite in the project format is a folder with tasks.jsonl; give the folder.')
    return loadEvalSuite(target)
  }
  if (isDir) throw new Error(`The ${kind} adapter reads a JSON-lines file; give the file, not a folder.`)
  if (kind === 'earthbench') return earthBenchSuite(target, opts)
  if (kind === 'choice') return choiceSuite(target)
  return peerTemplateSuite(target, kind)
}
