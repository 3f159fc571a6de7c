/**
 * The desk's files as the window holds them: the session's list (kept in step with `files.*` events), the files
 * left out of the next question, adding (an upload with its progress), removing one, clearing all, and replacing
 * the list with a named session's files.
 */
import { useCallback, useRef, useState } from 'react'
import type { FileEntry, RsureApi } from '../../../preload/contract'
import { isSceneMetadata, uploadOrder } from '../transport/collect-files'

export type Notice = { level: 'info' | 'warning' | 'error'; message: string }

export function mergeFiles(list: FileEntry[], more: FileEntry[]): FileEntry[] {
  const seen = new Set(list.map((f) => f.id))
  return [...list, ...more.filter((f) => !seen.has(f.id))]
}

/** What the notice says after an add: the files added, the scene metadata taken along, or what was skipped. */
function addedNotice(added: number, skipped: { path: string; reason: string }[], metadata: number): Notice {
  if (skipped.length) return { level: 'warning', message: `Skipped ${skipped.length}: ${skipped.map((s) => `${s.path} — ${s.reason}`).join('; ')}` }
  const mtl = metadata ? ` and ${metadata === 1 ? "the scene's" : `${metadata} scenes'`} MTL (its bands are calibrated from it)` : ''
  return { level: 'info', message: `Added ${added} file${added === 1 ? '' : 's'}${mtl}.` }
}

export function useDeskFiles(api: RsureApi, setNotice: (n: Notice) => void) {
  const [files, setFiles] = useState<FileEntry[]>([])
  /** Files the analyst left out of the next question (all are used by default). */
  const [leftOut, setLeftOut] = useState<ReadonlySet<string>>(new Set())
  const [busy, setBusy] = useState<string | null>(null)
  const filesRef = useRef<FileEntry[]>(files)
  filesRef.current = files

  const add = useCallback(
    async (picked: File[]) => {
      setBusy(`Adding ${picked.length} file${picked.length === 1 ? '' : 's'}…`)
      // A Landsat scene's MTL goes last, into its bands' folder; it is calibration, not a file card.
      const metadata = picked.filter((f) => isSceneMetadata(f.name)).length
      try {
        const r = await api.addFiles(uploadOrder(picked), (sent, total) => setBusy(`Sending ${Math.round((100 * sent) / Math.max(1, total))} %…`))
        setFiles((cur) => mergeFiles(cur, r.added))
        setNotice(addedNotice(r.added.length, r.skipped, metadata))
      } catch (e) {
        setNotice({ level: 'error', message: (e as Error).message })
      } finally {
        setBusy(null)
      }
    },
    [api, setNotice],
  )

  /** Clear all: every file leaves the session (the runs stay in History). */
  const clearAll = useCallback(() => {
    const ids = filesRef.current.map((f) => f.id)
    setFiles([])
    setLeftOut(new Set())
    for (const id of ids) api.invoke('files.remove', { id }).catch(() => undefined)
  }, [api])

  const remove = useCallback(
    (id: string) => {
      setFiles((cur) => cur.filter((f) => f.id !== id))
      api.invoke('files.remove', { id }).catch((e: Error) => setNotice({ level: 'error', message: e.message }))
    },
    [api, setNotice],
  )

  const use = useCallback(
    (id: string, used: boolean) =>
      setLeftOut((cur) => {
        const next = new Set(cur)
        if (used) next.delete(id)
        else next.add(id)
        return next
      }),
    [],
  )

  /** The desk's files are exactly these now (a named session opened); every one is used. */
  const replace = useCallback((list: FileEntry[]) => {
    setFiles(list)
    setLeftOut(new Set())
  }, [])

  const asked = files.filter((f) => f.info && !leftOut.has(f.id))
  return { files, setFiles, leftOut, asked, busy, add, clearAll, remove, use, useAll: () => setLeftOut(new Set()), replace }
}
