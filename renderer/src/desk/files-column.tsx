/**
 * The desk's two side columns: on the left the drop zone, the count of files used, "use all" and "clear all", and a
 * card per file; on the right the thread of questions with their timelines and answers, and the prompt.
 */
import type { BackboneChoice, FileEntry, RsureApi } from '../../../preload/contract'
import { DropZone, type DropZoneHandle } from '../components/drop-zone'
import { FileCard } from '../components/file-card'
import { twinSuffix } from '../components/short-name'
import { pictureFiles } from './desk-map'
import { PromptBox } from './prompt-box'
import { Thread } from './thread'
import type { useDeskFiles } from './use-desk-files'
import type { RunEntry } from './use-runs'

export function FilesColumn(props: { api: RsureApi; desk: ReturnType<typeof useDeskFiles>; bindDropZone: (h: DropZoneHandle) => void }) {
  const { api, desk, bindDropZone } = props
  const { files, leftOut, busy } = desk
  const usedCount = desk.asked.length
  const [onFiles, onRemove, onUse, onUseAll, onClearAll] = [desk.add, desk.remove, desk.use, desk.useAll, desk.clearAll]
  return (
    <aside className="files-col" aria-label="files">
      <DropZone onFiles={onFiles} busy={busy} bindHandle={bindDropZone} />
      <section className="files" aria-label="files">
        {files.length > 1 && (
          <p className="files-tools">
            <span className="muted">
              {files.length} files, {usedCount} used in questions
            </span>
            <button type="button" className="ghost" onClick={onUseAll} disabled={!leftOut.size} data-testid="use-all">
              use all
            </button>
            <button type="button" className="ghost" onClick={onClearAll} data-testid="clear-all">
              clear all
            </button>
          </p>
        )}
        {files.map((f) => (
          <FileCard
            key={f.id}
            api={api}
            file={f}
            twin={twinSuffix(pictureFiles(files), f)}
            onRemove={() => onRemove(f.id)}
            used={!leftOut.has(f.id)}
            onUse={(use) => onUse(f.id, use)}
          />
        ))}
      </section>
    </aside>
  )
}

export function ChatColumn(props: {
  entries: RunEntry[]
  /** The files the next question uses, every file of the desk (their cards' names), how many are readable. */
  files: FileEntry[]
  all: FileEntry[]
  total: number
  backbone: BackboneChoice
  onBackbone: (b: BackboneChoice) => void
  onEvidence: (runId: string, call: number) => void
  onMark: (runId: string, correct: boolean, stepSeq?: number) => void
  onExport: (runId: string, format: 'html' | 'pdf') => void
  onClose: (runId: string) => void
  onAsk: (question: string, options: string) => void
  /** Cancel one run. */
  onCancel: (runId: string) => void
}) {
  const { entries, onAsk, onCancel } = props
  const running = entries.filter((e) => e.view.status === 'running')
  return (
    <section className="chat" aria-label="questions and answers">
      <Thread entries={entries} onEvidence={props.onEvidence} onMark={props.onMark} onExport={props.onExport} onClose={props.onClose} onAskAgain={onAsk} />
      <PromptBox
        files={props.files}
        all={props.all}
        total={props.total}
        backbone={props.backbone}
        onBackbone={props.onBackbone}
        running={running.length > 0}
        onAsk={onAsk}
        onCancel={() => running.forEach((e) => onCancel(e.id))}
      />
    </section>
  )
}
