/**
 * Hostile corpus 2 at CI size (issue 20, "Done when"): the same generator (scripts/hostile-corpus-2.ts, scale 'ci':
 * every family and case, greedy sizes cut 16-fold) through `info`, a preview, `exec`, `ask` and `perceive`, run
 * in-process by runner children that the test kills and replaces when one job passes its limit (hostile2-harness.ts),
 * then through a running `rsure serve`: every file uploaded (files.add), previewed and asked for a tile. 0 crashes,
 * 0 hangs, 0 silent wrong results, every refusal one sentence naming the file; the server answers after the whole
 * corpus and its resident memory is back under 500 MB.
 *
 * Work per file is bounded by the decode budgets (engines/raster/budget.ts, tiff/codecs.ts: each chunk decodes to
 * at most its declared bytes, one read at most RSURE_MAX_PIXELS pixels and RSURE_MAX_CHUNKS tiles), not by long
 * timeouts: a job may take 20 s where each takes well under 2 s on a quiet machine. No expected-failures list: any
 * failure fails. The full-size corpus (bombs of 256 MiB-1 GiB, 10^6 tiles) is hostile-corpus-2.test.ts (RSURE_SLOW=1).
 */
import { describe, expect, it } from 'vitest'
import { FAMILIES, runAndJudge, serveCorpus, useCorpus2 } from './hostile2-harness'
import { summarize } from './hostile2-judge'

/** Resident memory of `rsure serve` after the corpus. */
const SERVE_RSS_MB = 500
const RUNNERS = 2

const corpus = useCorpus2('rsure-hostile2-ci-', 'ci', 300_000)
const { cases, children } = corpus

describe('hostile corpus 2 at CI size', () => {
  it('has every family of the full corpus', () => {
    expect(cases.length).toBeGreaterThanOrEqual(60)
    for (const f of FAMILIES) expect(cases.some((c) => c.family === f), f).toBe(true)
  })

  it('info, preview, exec, ask and perceive: 0 crashes, 0 hangs, 0 silent wrong results, every refusal names the file', async () => {
    const judged = await runAndJudge(corpus, RUNNERS)
    const failures: Record<string, string> = {}
    for (const j of judged) if (j.problem) failures[j.job.key] = `${j.problem} (${j.report?.ms} ms, ${j.report?.peakRssMb} MB)`
    const reports = judged.flatMap((j) => (j.report ? [[j.job.key, j.report] as const] : []))
    const slowest = reports.reduce((a, [, r]) => Math.max(a, r.ms), 0)
    const top = [...reports].sort((a, b) => b[1].ms - a[1].ms).slice(0, 5).map(([k, r]) => `${k} ${r.ms} ms`)
    console.log(`slowest jobs: ${top.join(', ')}`)
    console.log(`hostile corpus 2 (CI): ${JSON.stringify({ files: cases.length, runs: judged.length, passed: judged.length - Object.keys(failures).length, slowestMs: slowest, ...summarize(failures) })}`)
    expect(Object.entries(failures).map(([k, p]) => `${k}: ${p}`)).toEqual([])
  }, 900_000)

  it('rsure serve takes every file (upload, preview, tile), still answers, and its resident memory is under 500 MB', async () => {
    const r = await serveCorpus(cases, corpus.dir, children)
    expect(r.answered).toBe(true)
    expect(r.alive).toBe(true)
    expect(r.problems).toEqual([])
    expect(r.rss).toBeGreaterThan(0)
    expect(r.rss).toBeLessThan(SERVE_RSS_MB)
  }, 600_000)
})
