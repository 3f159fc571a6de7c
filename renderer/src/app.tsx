/**
 * The window: a header with the connection, the drop zone, and one card per added file (preview + info). All data
 * comes through `RsureApi` (transport/), so this code runs unchanged in Electron and in a browser.
 */
import { useCallback, useEffect, useRef, useState } from 'react'
import type { FileEntry, ResponseOf, RsureApi } from '../../preload/contract'
import { DropZone, type DropZoneHandle } from './components/drop-zone'
import { FileCard } from './components/file-card'

function mergeFiles(list: FileEntry[], more: FileEntry[]): FileEntry[] {
  const seen = new Set(list.map((f) => f.id))
  return [...list, ...more.filter((f) => !seen.has(f.id))]
}

export function App({ api }: { api: RsureApi }) {
  const [hello, setHello] = useState<ResponseOf<'app.hello'> | null>(null)
  const [files, setFiles] = useState<FileEntry[]>([])
  const [busy, setBusy] = useState<string | null>(null)
  const [notice, setNotice] = useState<{ level: 'info' | 'warning' | 'error'; message: string } | null>(null)
  const dropZone = useRef<DropZoneHandle | null>(null)
  const filesRef = useRef<FileEntry[]>(files)
  filesRef.current = files

  useEffect(() => {
    api.invoke('app.hello', {}).then(
      (h) => {
        setHello(h)
        if (!h.session.persisted && h.session.note) setNotice({ level: 'warning', message: h.session.note })
      },
      (e: Error) => setNotice({ level: 'error', message: e.message }),
    )
    api.invoke('files.list', {}).then(
      (r) => setFiles((cur) => mergeFiles(r.files, cur)),
      (e: Error) => setNotice({ level: 'error', message: e.message }),
    )
    const offs = [
      api.on('files.added', ({ files: more }) => setFiles((cur) => mergeFiles(cur, more))),
      api.on('files.removed', ({ id }) => setFiles((cur) => cur.filter((f) => f.id !== id))),
      api.on('app.notice', setNotice),
      api.on('app.command', ({ command }) => {
        if (command === 'open-files') dropZone.current?.openFiles()
        else if (command === 'open-folder') dropZone.current?.openFolder()
        else {
          const ids = filesRef.current.map((f) => f.id)
          setFiles([])
          for (const id of ids) api.invoke('files.remove', { id }).catch(() => undefined)
        }
      }),
    ]
    return () => offs.forEach((off) => off())
  }, [api])

  const addFiles = useCallback(
    async (picked: File[]) => {
      setBusy(`Adding ${picked.length} file${picked.length === 1 ? '' : 's'}…`)
      try {
        const r = await api.addFiles(picked, (sent, total) => setBusy(`Sending ${Math.round((100 * sent) / Math.max(1, total))} %…`))
        setFiles((cur) => mergeFiles(cur, r.added))
        setNotice(
          r.skipped.length
            ? { level: 'warning', message: `Skipped ${r.skipped.length}: ${r.skipped.map((s) => `${s.path} — ${s.reason}`).join('; ')}` }
            : { level: 'info', message: `Added ${r.added.length} file${r.added.length === 1 ? '' : 's'}.` },
        )
      } catch (e) {
        setNotice({ level: 'error', message: (e as Error).message })
      } finally {
        setBusy(null)
      }
    },
    [api],
  )

  const bindDropZone = useCallback((h: DropZoneHandle) => {
    dropZone.current = h
  }, [])

  const remove = (id: string) => {
    setFiles((cur) => cur.filter((f) => f.id !== id))
    api.invoke('files.remove', { id }).catch((e: Error) => setNotice({ level: 'error', message: e.message }))
  }

  return (
    <div className="app">
      <header className="topbar">
        <h1>RSure</h1>
        <span className="muted" data-testid="connection">
          {hello ? `v${hello.version} · ${hello.transport === 'ipc' ? 'desktop' : 'browser mode'} · data in ${hello.dataDir}` : 'connecting…'}
        </span>
      </header>
      <main>
        <DropZone onFiles={addFiles} busy={busy} bindHandle={bindDropZone} />
        {notice && (
          <p className={`notice ${notice.level}`} role="status" data-testid="notice">
            {notice.message}
          </p>
        )}
        <section className="files" aria-label="files">
          {files.map((f) => (
            <FileCard key={f.id} api={api} file={f} onRemove={() => remove(f.id)} />
          ))}
        </section>
      </main>
    </div>
  )
}
