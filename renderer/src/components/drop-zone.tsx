/** Where files arrive: drag and drop (files and folders) or the pickers (files, or a whole folder). */
import { useEffect, useRef, useState, type DragEvent } from 'react'
import { IMAGE_EXTENSIONS } from '../../../preload/contract'
import { collectDropped, collectPicked } from '../transport/collect-files'

export interface DropZoneHandle {
  openFiles(): void
  openFolder(): void
}

export function DropZone(props: { onFiles: (files: File[]) => void; busy: string | null; bindHandle?: (h: DropZoneHandle) => void }) {
  const [over, setOver] = useState(false)
  const filesInput = useRef<HTMLInputElement>(null)
  const folderInput = useRef<HTMLInputElement>(null)
  const { bindHandle } = props
  useEffect(() => {
    bindHandle?.({ openFiles: () => filesInput.current?.click(), openFolder: () => folderInput.current?.click() })
  }, [bindHandle])

  const onDrop = async (e: DragEvent) => {
    e.preventDefault()
    setOver(false)
    const files = await collectDropped(e.dataTransfer)
    if (files.length) props.onFiles(files)
  }
  return (
    <section
      className={`dropzone${over ? ' over' : ''}`}
      data-testid="drop-zone"
      onDragOver={(e) => {
        e.preventDefault()
        e.dataTransfer.dropEffect = 'copy'
        setOver(true)
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
    >
      <p className="lead">Drop GeoTIFF / COG, PNG or JPEG files or folders here (with a Landsat scene, its _MTL.txt)</p>
      <p>
        or{' '}
        <button type="button" onClick={() => filesInput.current?.click()}>
          choose files
        </button>{' '}
        <button type="button" onClick={() => folderInput.current?.click()}>
          choose a folder
        </button>
      </p>
      {props.busy && <p className="busy">{props.busy}</p>}
      <input
        ref={filesInput}
        data-testid="file-input"
        type="file"
        multiple
        hidden
        accept={[...IMAGE_EXTENSIONS, '.txt'].join(',')}
        onChange={(e) => {
          const files = collectPicked(e.target.files, false)
          e.target.value = ''
          if (files.length) props.onFiles(files)
        }}
      />
      <input
        ref={(el) => {
          folderInput.current = el
          el?.setAttribute('webkitdirectory', '')
        }}
        data-testid="folder-input"
        type="file"
        multiple
        hidden
        onChange={(e) => {
          const files = collectPicked(e.target.files, true)
          e.target.value = ''
          if (files.length) props.onFiles(files)
        }}
      />
    </section>
  )
}
