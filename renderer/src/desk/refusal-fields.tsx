/**
 * "What I understood" for a refused question: the phrases the reader did read, as plain text, and a field for each
 * part it could not read (statistic, period, region, mask, unit). "Ask again" asks the original question with the
 * filled parts appended in words the reader reads ("Use the median. Period: July 2019."), as a new run through the
 * same reader and verification; no spec is sent around the reader.
 */
import { useState } from 'react'
import { UNPLACED, type QuestionPart } from '../../../main/domain/run-events'
import { STATISTICS } from '../../../main/domain/lexicon/statistics'
import { PARTS } from '../../../main/domain/lexicon/regions'
import { UNITS } from '../../../main/domain/lexicon/units'

/** Statistics of pixel values the field offers (a share, an area or a trend asks a different question). */
const VALUE_STATISTICS = STATISTICS.filter((s) => ['mean', 'median', 'std', 'variance', 'min', 'max', 'sum', 'range'].includes(s.key)).map((s) => s.names[0]!)
const REGIONS = PARTS.filter((p) => p.part).map((p) => p.name)
/** Each answer unit by its longest name (the one a reader of the question reads most surely: "degrees celsius"). */
const ANSWER_UNITS = UNITS.filter((u) => ['temperature', 'area', 'share'].includes(u.quantity)).map((u) => [...u.names].sort((a, b) => b.length - a.length)[0]!)

const LABEL: Record<QuestionPart, string> = { statistic: 'Statistic', period: 'Period', region: 'Region', mask: 'Only where', unit: 'Unit' }
const PLACEHOLDER: Partial<Record<QuestionPart, string>> = { period: 'e.g. July 2019', mask: 'e.g. NDVI > 0.3' }
const CHOICES: Partial<Record<QuestionPart, readonly string[]>> = { statistic: VALUE_STATISTICS, region: REGIONS, unit: ANSWER_UNITS }

/** The sentence that says one filled part in the reader's words. */
function sentence(part: QuestionPart, value: string): string {
  switch (part) {
    case 'statistic':
      return `Use the ${value}.`
    case 'period':
      return `Period: ${value}.`
    case 'region':
      return `Over the ${value}.`
    case 'mask':
      return `Only where ${value}.`
    case 'unit':
      return `Answer in ${value}.`
  }
}

/** `text` with `phrase` (its first whole-word occurrence) replaced, or null when the question does not hold it. */
function replaced(text: string, phrase: string, by: string): string | null {
  const at = new RegExp(`\\b${phrase.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`, 'i').exec(text)
  return at ? `${text.slice(0, at.index)}${by}${text.slice(at.index + phrase.length)}` : null
}

/**
 * The question asked again: a filled period in place of the period the refusal read (the files cover 2019, 2021
 * was asked: two periods would be a comparison), each restated phrase in place of the phrase not placed, and the
 * other filled parts appended as sentences.
 */
export function questionWithParts(
  question: string,
  filled: Partial<Record<QuestionPart, string>>,
  read: readonly { text: string; role: string }[] = [],
  restated: Readonly<Record<string, string>> = {},
): string {
  let base = question.trim()
  for (const [phrase, by] of Object.entries(restated)) if (by.trim()) base = replaced(base, phrase, by.trim()) ?? base
  const todo = { ...filled }
  const period = read.find((r) => r.role === 'period')
  const inPlace = period && todo.period?.trim() ? replaced(base, period.text, todo.period.trim()) : null
  if (inPlace !== null) {
    base = inPlace
    delete todo.period
  }
  const added = (Object.keys(LABEL) as QuestionPart[]).flatMap((p) => (todo[p]?.trim() ? [sentence(p, todo[p]!.trim())] : []))
  return added.length === 0 ? base : `${/[.?!]$/.test(base) ? base : `${base}.`} ${added.join(' ')}`
}

/** A run's answer options written back as the prompt's options field takes them ("A. 0.71" a line), to ask again with. */
export function optionsText(options: readonly { letter: string; text: string }[]): string {
  return options.map((o) => `${o.letter}. ${o.text}`).join('\n')
}

export function RefusalFields(props: { question: string; unread: QuestionPart[]; read: { text: string; role: string }[]; onAsk: (question: string) => void }) {
  const { question, unread, onAsk } = props
  const read = props.read.filter((r) => r.role !== UNPLACED)
  const unplaced = [...new Set(props.read.filter((r) => r.role === UNPLACED).map((r) => r.text))]
  const [filled, setFilled] = useState<Partial<Record<QuestionPart, string>>>({})
  const [restated, setRestated] = useState<Record<string, string>>({})
  const ready = unread.some((p) => filled[p]?.trim()) || unplaced.some((p) => restated[p]?.trim())
  return (
    <form
      className="refusal-fields"
      aria-label="what I understood"
      data-testid="refusal-fields"
      onSubmit={(ev) => {
        ev.preventDefault()
        if (ready) onAsk(questionWithParts(question, filled, read, restated))
      }}
    >
      <strong>What I understood</strong>
      <p data-testid="understood">{read.length > 0 ? read.map((r) => `${r.role}: ${r.text}`).join('; ') : 'No part of the question could be read.'}</p>
      <p className="muted">Fill what could not be read, then ask again; the new question is read and verified like any other.</p>
      {unread.map((part) => (
        <PartField key={part} part={part} value={filled[part] ?? ''} onChange={(v) => setFilled((f) => ({ ...f, [part]: v }))} />
      ))}
      {unplaced.map((phrase, i) => (
        <label key={phrase} htmlFor={`refusal-unplaced-${i}`} className="refusal-field">
          <span>Instead of &ldquo;{phrase}&rdquo;</span>
          <input
            id={`refusal-unplaced-${i}`}
            data-testid="refusal-unplaced"
            type="text"
            value={restated[phrase] ?? ''}
            placeholder="e.g. north half, July 2019, NDVI > 0.3"
            onChange={(e) => setRestated((r) => ({ ...r, [phrase]: e.target.value }))}
          />
        </label>
      ))}
      <button type="submit" disabled={!ready} data-testid="ask-again">
        Ask again
      </button>
    </form>
  )
}

/** One part not read: a select of the lexicon's words where there are few, else a text field. */
function PartField({ part, value, onChange }: { part: QuestionPart; value: string; onChange: (v: string) => void }) {
  const id = `refusal-${part}`
  const choices = CHOICES[part]
  return (
    <label htmlFor={id} className="refusal-field">
      <span>{LABEL[part]}</span>
      {choices ? (
        <select id={id} data-testid={id} value={value} onChange={(e) => onChange(e.target.value)}>
          <option value="">choose…</option>
          {[...new Set(choices)].map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
      ) : (
        <input id={id} data-testid={id} type="text" value={value} placeholder={PLACEHOLDER[part]} onChange={(e) => onChange(e.target.value)} />
      )}
    </label>
  )
}
