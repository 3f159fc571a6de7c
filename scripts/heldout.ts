/**
 * `npm run heldout [-- --sample N] [--timeout S] [--only FAMILY] [--file PATH]`: every question of tests/heldout/questions-15.jsonl
 * (issue 15's held-out set, written blind) through the ask service with the default rules backbone; writes
 * .bench/heldout-15.md (figures per family and habit) and .bench/heldout-15.json (per question, for the judge's own
 * checks: do not tune the reader on single items, fix the class and re-measure).
 * `--file PATH` runs another file in the same format instead (e.g. tests/dev-questions/questions-dev.jsonl) and writes
 * .bench/<its name without .jsonl>.md and .json.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { openServices } from '../main/services'
import { askOne } from '../tests/heldout/ask'
import { judge, loadQuestions, stratifiedSample, table, type Verdict, type HeldoutQuestion } from '../tests/heldout/harness'

async function main() {
  const { values } = parseArgs({
    options: { sample: { type: 'string' }, timeout: { type: 'string', default: '300' }, only: { type: 'string' }, file: { type: 'string' } },
  })
  let qs = loadQuestions(values.file ? path.resolve(values.file) : undefined)
  const base = values.file ? path.basename(values.file).replace(/\.jsonl$/, '') : 'heldout-15'
  if (values.only) qs = qs.filter((q) => q.family === values.only)
  if (values.sample) qs = stratifiedSample(qs, Number(values.sample))
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rsure-heldout-'))
  const services = openServices({ dataDir })
  const rows: { q: HeldoutQuestion; verdict: Verdict; answer: string; explanation: string; error?: string; seconds: number }[] = []
  const out = path.resolve('.bench')
  fs.mkdirSync(out, { recursive: true })
  const write = () => {
    const n = (v: Verdict) => rows.filter((r) => r.verdict === v).length
    const md = [
      `# ${values.file ? `Questions of ${values.file}` : 'Held-out questions of issue 15'} (${rows.length} of ${qs.length} run, ${new Date().toISOString()})`,
      '',
      `Default rules backbone, verify and prior on. right ${n('right')}, refused ${n('refused')}, wrong ${n('wrong')}` +
        ` (refusal expected and given counts as right; ${rows.filter((r) => r.error).length} runs ended in an error or timeout, counted as refused).`,
      '',
      `Answerable: ${rows.filter((r) => r.q.expect.kind === 'value' && r.verdict === 'right').length} right of ${rows.filter((r) => r.q.expect.kind === 'value').length}; ` +
        `should refuse: ${rows.filter((r) => r.q.expect.kind === 'refuse' && r.verdict === 'right').length} refused of ${rows.filter((r) => r.q.expect.kind === 'refuse').length}.`,
      '',
      table(rows, 'family'),
      '',
      table(rows, 'habit'),
      '',
    ].join('\n')
    fs.writeFileSync(path.join(out, `${base}.md`), md)
    fs.writeFileSync(
      path.join(out, `${base}.json`),
      JSON.stringify(
        rows.map((r) => ({ id: r.q.id, verdict: r.verdict, seconds: r.seconds, answer: r.answer, explanation: r.explanation, error: r.error })),
        null,
        1,
      ),
    )
    return md
  }
  try {
    for (const q of qs) {
      const t0 = Date.now()
      const a = await askOne(services, q, Number(values.timeout) * 1000)
      const verdict = judge(q, a)
      rows.push({ q, verdict, answer: a.answer.slice(0, 400), explanation: a.explanation.slice(0, 600), error: a.error, seconds: (Date.now() - t0) / 1000 })
      process.stderr.write(`${rows.length}/${qs.length} ${q.id} ${verdict} (${((Date.now() - t0) / 1000).toFixed(1)} s)\n`)
      write()
    }
  } finally {
    services.close()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
  process.stdout.write(write())
}

main().catch((err) => {
  process.stderr.write(`${(err as Error).message}\n`)
  process.exit(1)
})
