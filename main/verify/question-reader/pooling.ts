/**
 * Whether a statistic over several dates pools all pixels of all dates into one sample ("over all pixels of all
 * dates", "pooled") or takes the statistic of per-date values ("the mean of the daily means", "average of the
 * per-scene medians"). Null when the question does not say.
 */
export type Pooling = 'pooled' | 'per_date'

export function readPooling(question: string): { pooling: Pooling; words: string } | null {
  const pooled =
    /\bpooled\b|\ball\s+(?:valid\s+)?pixels\s+(?:of|from|across|over)\s+all\s+(?:the\s+)?(?:dates|days|scenes|images)\b|\bacross\s+all\s+pixels\s+and\s+(?:dates|days|scenes)\b/i.exec(
      question,
    )
  if (pooled) return { pooling: 'pooled', words: pooled[0] }
  const perDate =
    /\b(?:mean|average|median|maximum|minimum|max|min|range|spread)\s+of\s+(?:the\s+)?(?:daily|per[\s-](?:date|day|scene|image)|scene|image|monthly)\s+(?:means?|averages?|medians?|values?|maxima|minima)\b/i.exec(
      question,
    )
  if (perDate) return { pooling: 'per_date', words: perDate[0] }
  return null
}
