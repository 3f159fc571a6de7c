/**
 * The report's plot as a standalone SVG (no library: a handful of rectangles and labels is all it takes, and the
 * desk and a markdown viewer both show it as is): one group of bars per fault kind and one for all tasks, a bar per
 * configuration, the bar height the error propagation rate R_prop, with accuracy on the clean tasks beside it.
 */
import { configMetrics, type ConfigMetrics } from './metrics'
import { EVAL_CONFIGS, type EvalConfig } from './ask'
import type { EvalReport } from './harness'

const COLORS = ['#c0504d', '#4f81bd', '#9bbb59', '#8064a2']
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

interface Group {
  label: string
  values: (number | null)[]
}

function groups(report: EvalReport): Group[] {
  const configs = report.configs.map((c) => c.config)
  const metricsOf = (filter: (o: EvalReport['outcomes'][number]) => boolean): ConfigMetrics[] =>
    configs.map((c) =>
      configMetrics(
        c,
        report.backbone,
        c in EVAL_CONFIGS ? EVAL_CONFIGS[c as EvalConfig].verify : true,
        report.outcomes.filter((o) => o.config === c && filter(o)),
      ),
    )
  const out: Group[] = [{ label: 'R_prop, all', values: report.configs.map((m) => m.r_prop.value) }]
  if (report.outcomes.some((o) => o.fault)) {
    out.push({ label: 'accuracy, clean', values: metricsOf((o) => !o.fault).map((m) => m.accuracy.value) })
    const kinds = [...new Set(report.outcomes.map((o) => o.fault?.kind).filter((k): k is string => Boolean(k)))]
    for (const k of kinds) out.push({ label: `R_prop, ${k}`, values: metricsOf((o) => o.fault?.kind === k).map((m) => m.r_prop.value) })
  } else {
    out.push({ label: 'accuracy', values: report.configs.map((m) => m.accuracy.value) })
  }
  return out
}

/** An SVG bar chart of the report (percentages; a missing value is drawn as a dash). */
export function renderPlot(report: EvalReport): string {
  const gs = groups(report)
  const configs = report.configs.map((c) => c.config)
  const bar = 14
  const gap = 18
  const groupWidth = configs.length * bar + gap
  const left = 48
  const top = 40
  const plotH = 220
  // Room on the right for the last rotated group label.
  const width = left + gs.length * groupWidth + 110
  const height = top + plotH + 120
  const y = (v: number) => top + plotH - v * plotH
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif" font-size="11">`,
    `<rect width="${width}" height="${height}" fill="#ffffff"/>`,
    `<text x="${left}" y="18" font-size="13" font-weight="bold">${esc(`${report.suite}: error propagation and accuracy by configuration (${report.backbone})`)}</text>`,
  ]
  for (const t of [0, 0.25, 0.5, 0.75, 1]) {
    parts.push(`<line x1="${left}" x2="${width - 10}" y1="${y(t)}" y2="${y(t)}" stroke="#dddddd"/>`)
    parts.push(`<text x="${left - 6}" y="${y(t) + 4}" text-anchor="end">${t * 100}%</text>`)
  }
  gs.forEach((g, gi) => {
    const x0 = left + gi * groupWidth + gap / 2
    g.values.forEach((v, ci) => {
      const x = x0 + ci * bar
      if (v === null) parts.push(`<line x1="${x + 2}" x2="${x + bar - 2}" y1="${y(0) - 2}" y2="${y(0) - 2}" stroke="${COLORS[ci % COLORS.length]}"/>`)
      else
        parts.push(
          `<rect x="${x}" y="${y(v)}" width="${bar - 2}" height="${Math.max(0, y(0) - y(v))}" fill="${COLORS[ci % COLORS.length]}"><title>${esc(`${configs[ci]} ${g.label}: ${(100 * v).toFixed(1)}%`)}</title></rect>`,
        )
    })
    const cx = x0 + (configs.length * bar) / 2
    parts.push(`<text transform="translate(${cx},${y(0) + 10}) rotate(40)" text-anchor="start">${esc(g.label)}</text>`)
  })
  configs.forEach((c, ci) => {
    const x = left + ci * 90
    parts.push(
      `<rect x="${x}" y="${height - 18}" width="10" height="10" fill="${COLORS[ci % COLORS.length]}"/><text x="${x + 14}" y="${height - 9}">${esc(c)}</text>`,
    )
  })
  parts.push('</svg>')
  return `${parts.join('\n')}\n`
}
