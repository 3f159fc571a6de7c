/**
 * The chat-style prompt: the question (Enter asks, Shift+Enter starts a new line), an options field for multiple
 * choice, the backbone picker (rules, an OpenAI-compatible endpoint, a local GGUF file), the session's images that
 * are in context, and Cancel while a run is going.
 */
import { useState } from 'react'
import type { BackboneChoice, FileEntry } from '../../../preload/contract'
import { fileLabel, middleEllipsis, pictureFiles } from '../components/short-name'

export function backboneLabel(b: BackboneChoice): string {
  return b.kind === 'rules' ? 'rules' : b.kind === 'openai' ? `${b.model} at ${b.baseUrl}` : `GGUF ${b.path.split(/[\\/]/).pop()}`
}

export function BackbonePicker(props: { value: BackboneChoice; onChange: (b: BackboneChoice) => void; idPrefix: string }) {
  const { value, onChange, idPrefix } = props
  // What the fields remember while another kind is chosen; the chosen kind's fields always show `value`, the backbone
  // that runs (stored settings arrive after the first render, and a picker showing its first state ran another).
  const [kept, setKept] = useState({ url: 'http://127.0.0.1:11434/v1', model: '', gguf: '' })
  const url = value.kind === 'openai' ? value.baseUrl : kept.url
  const model = value.kind === 'openai' ? value.model : kept.model
  const gguf = value.kind === 'llama' ? value.path : kept.gguf
  const setUrl = (u: string) => setKept((k) => ({ ...k, url: u }))
  const setModel = (m: string) => setKept((k) => ({ ...k, model: m }))
  const setGguf = (g: string) => setKept((k) => ({ ...k, gguf: g }))
  return (
    <span className="backbone-picker">
      <label htmlFor={`${idPrefix}-kind`}>Backbone</label>
      <select
        id={`${idPrefix}-kind`}
        data-testid="backbone"
        value={value.kind}
        onChange={(e) => {
          const k = e.target.value
          setKept({ url, model, gguf })
          onChange(k === 'rules' ? { kind: 'rules' } : k === 'openai' ? { kind: 'openai', baseUrl: url, model } : { kind: 'llama', path: gguf })
        }}
      >
        <option value="rules">rules (no model)</option>
        <option value="openai">OpenAI-compatible endpoint</option>
        <option value="llama">local GGUF</option>
      </select>
      {value.kind === 'openai' && (
        <>
          <input
            aria-label="endpoint URL"
            value={url}
            onChange={(e) => (setUrl(e.target.value), onChange({ kind: 'openai', baseUrl: e.target.value, model }))}
            size={26}
          />
          <input
            aria-label="model name"
            placeholder="model"
            value={model}
            onChange={(e) => (setModel(e.target.value), onChange({ kind: 'openai', baseUrl: url, model: e.target.value }))}
            size={12}
          />
        </>
      )}
      {value.kind === 'llama' && (
        <input
          aria-label="GGUF file path"
          placeholder="/path/to/model.gguf"
          value={gguf}
          onChange={(e) => (setGguf(e.target.value), onChange({ kind: 'llama', path: e.target.value }))}
          size={30}
        />
      )}
    </span>
  )
}

/**
 * Which files the next question uses: the first three by name, how many more, how many are left out. A name two
 * pictures share carries the twin number its card shows (counted among the desk's pictures, `all`).
 */
function InContext({ usable, all, total }: { usable: FileEntry[]; all: FileEntry[]; total: number }) {
  const pictures = pictureFiles(all)
  return (
    <div className="context" aria-label="images in context">
      {usable.length ? (
        <span className="muted in-context">
          In context: {usable.length} file{usable.length === 1 ? '' : 's'} (
          {usable
            .slice(0, 3)
            .map((f) => middleEllipsis(fileLabel(pictures, f), 26))
            .join(', ')}
          {usable.length > 3 ? ` and ${usable.length - 3} more` : ''}){total > usable.length ? `; ${total - usable.length} left out` : ''}
        </span>
      ) : (
        <span className="muted">{total ? 'Every file is left out: tick "ask" on a file to use it.' : 'No images yet: drop files on the left first.'}</span>
      )}
    </div>
  )
}

export function PromptBox(props: {
  /** The files the question uses. */
  files: FileEntry[]
  /** Every file of the desk, used or left out: twins are numbered among them as on their cards (default `files`). */
  all?: FileEntry[]
  /** How many files the session holds (more when some are left out). */
  total?: number
  backbone: BackboneChoice
  onBackbone: (b: BackboneChoice) => void
  running: boolean
  onAsk: (question: string, options: string) => void
  onCancel: () => void
}) {
  const { files, all = files, total = files.length, backbone, onBackbone, running, onAsk, onCancel } = props
  const [question, setQuestion] = useState('')
  const [options, setOptions] = useState('')
  const [showOptions, setShowOptions] = useState(false)
  const usable = files.filter((f) => f.info)
  const ask = () => {
    if (running || question.trim().length < 3) return
    onAsk(question.trim(), showOptions ? options.trim() : '')
    // Options belong to the question they were written for: the next question starts without them (kept, they
    // turned a later plain question into a choice among the earlier one's values).
    setQuestion('')
    setOptions('')
    setShowOptions(false)
  }
  return (
    <form
      className="prompt"
      aria-label="ask a question"
      onSubmit={(e) => {
        e.preventDefault()
        ask()
      }}
    >
      <InContext usable={usable} all={all} total={total} />
      <textarea
        id="question"
        data-testid="question"
        aria-label="question"
        rows={2}
        placeholder="Ask about these images… (Enter to ask, Shift+Enter for a new line)"
        value={question}
        onChange={(e) => setQuestion(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
            e.preventDefault()
            ask()
          }
        }}
      />
      {showOptions && (
        <textarea
          data-testid="options"
          aria-label="answer options"
          rows={3}
          placeholder={'A. 0.71\nB. 0.69\n…'}
          value={options}
          onChange={(e) => setOptions(e.target.value)}
        />
      )}
      <div className="prompt-row">
        <label>
          <input type="checkbox" checked={showOptions} onChange={(e) => setShowOptions(e.target.checked)} data-testid="options-toggle" /> multiple choice
        </label>
        <BackbonePicker value={backbone} onChange={onBackbone} idPrefix="prompt" />
        <span className="spacer" />
        {running ? (
          <button type="button" className="danger" onClick={onCancel} data-testid="cancel">
            Cancel
          </button>
        ) : (
          <button type="submit" className="primary" disabled={question.trim().length < 3} data-testid="ask">
            Ask
          </button>
        )}
      </div>
    </form>
  )
}
