/**
 * The analyst's desk: files on the left (drop zone, previews, info), the map or pixel viewer in the centre with its
 * layers, the chat-style thread with live timelines and answers on the right; the evidence viewer opens over them.
 * Tabs reach the run history, the prior matrix and the settings. All data comes through `RsureApi` (transport/),
 * so this code runs unchanged in Electron and in a browser.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import type { BackboneChoice, DerivedLayer, FileEntry, ResponseOf, RsureApi } from '../../preload/contract'
import { DropZone, type DropZoneHandle } from './components/drop-zone'
import { FileCard } from './components/file-card'
import { twinSuffix } from './components/short-name'
import { DeskMap, pictureFiles } from './desk/desk-map'
import { PriorMatrix } from './desk/prior-matrix'
import { PromptBox } from './desk/prompt-box'
import { RunHistory } from './desk/run-history'
import { saveFile } from './desk/save-file'
import { SettingsPanel, type Theme } from './desk/settings-panel'
import { Thread } from './desk/thread'
import { useRuns } from './desk/use-runs'
import { EvidenceViewer } from './evidence/evidence-viewer'
import { holdBackground, releaseBackground } from './model/background-gate'
import { acceptedCalls } from './model/run-model'
import { isSceneMetadata, uploadOrder } from './transport/collect-files'

function mergeFiles(list: FileEntry[], more: FileEntry[]): FileEntry[] {
  const seen = new Set(list.map((f) => f.id))
  return [...list, ...more.filter((f) => !seen.has(f.id))]
}

type Tab = 'desk' | 'history' | 'prior' | 'settings'
const TABS: { id: Tab; label: string }[] = [
  { id: 'desk', label: 'Desk' },
  { id: 'history', label: 'History' },
  { id: 'prior', label: 'Prior' },
  { id: 'settings', label: 'Settings' },
]

function useTheme(): [Theme, (t: Theme) => void] {
  const [theme, setTheme] = useState<Theme>(() => (localStorage.getItem('rsure.theme') as Theme | null) ?? 'system')
  useEffect(() => {
    if (theme === 'system') document.documentElement.removeAttribute('data-theme')
    else document.documentElement.setAttribute('data-theme', theme)
    localStorage.setItem('rsure.theme', theme)
  }, [theme])
  return [theme, setTheme]
}

export function App({ api }: { api: RsureApi }) {
  const [hello, setHello] = useState<ResponseOf<'app.hello'> | null>(null)
  const [files, setFiles] = useState<FileEntry[]>([])
  /** Files the analyst left out of the next question (all are used by default). */
  const [leftOut, setLeftOut] = useState<ReadonlySet<string>>(new Set())
  const asked = files.filter((f) => f.info && !leftOut.has(f.id))
  const [busy, setBusy] = useState<string | null>(null)
  const [notice, setNotice] = useState<{ level: 'info' | 'warning' | 'error'; message: string } | null>(null)
  const [tab, setTab] = useState<Tab>('desk')
  const [theme, setTheme] = useTheme()
  const [backbone, setBackbone] = useState<BackboneChoice>({ kind: 'rules' })
  const [basemap, setBasemap] = useState(false)
  const [viewer, setViewer] = useState<{ runId: string; call: number } | null>(null)
  const [refresh, setRefresh] = useState(0)
  const dropZone = useRef<DropZoneHandle | null>(null)
  // Where focus was when the evidence viewer opened, so closing it (Esc or ✕) puts the analyst back there.
  const focusBack = useRef<HTMLElement | null>(null)
  const openViewer = useCallback((runId: string, call: number) => {
    if (document.activeElement instanceof HTMLElement && !document.activeElement.closest('.evidence-viewer')) focusBack.current = document.activeElement
    setViewer({ runId, call })
  }, [])
  const closeViewer = useCallback(() => {
    setViewer(null)
    const back = focusBack.current
    focusBack.current = null
    // After React removes the dialog: the opener if it is still there, else the question box.
    requestAnimationFrame(() => (back && back.isConnected ? back : document.getElementById('question'))?.focus())
  }, [])
  const filesRef = useRef<FileEntry[]>(files)
  filesRef.current = files
  const onError = useCallback((message: string) => setNotice({ level: 'error', message }), [])
  const { runs, thread, start, cancel, open, mark, close } = useRuns(api, onError)

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
    api.invoke('settings.get', {}).then(
      (s) => {
        setBackbone(s.backbone)
        setBasemap(!!s.basemapPath)
      },
      () => undefined,
    )
    const offs = [
      api.on('files.added', ({ files: more }) => setFiles((cur) => mergeFiles(cur, more))),
      api.on('files.removed', ({ id }) => setFiles((cur) => cur.filter((f) => f.id !== id))),
      api.on('app.notice', setNotice),
      api.on('app.command', ({ command }) => {
        if (command === 'open-files') dropZone.current?.openFiles()
        else if (command === 'open-folder') dropZone.current?.openFolder()
        else {
          clearRef.current()
        }
      }),
      api.on('run.finished', () => setRefresh((n) => n + 1)),
    ]
    return () => offs.forEach((off) => off())
  }, [api])

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.altKey && /^[1-4]$/.test(e.key)) {
        setTab(TABS[Number(e.key) - 1].id)
        e.preventDefault()
      }
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [])

  const addFiles = useCallback(
    async (picked: File[]) => {
      setBusy(`Adding ${picked.length} file${picked.length === 1 ? '' : 's'}…`)
      // A Landsat scene's MTL goes last, into its bands' folder; it is calibration, not a file card.
      const metadata = picked.filter((f) => isSceneMetadata(f.name)).length
      try {
        const r = await api.addFiles(uploadOrder(picked), (sent, total) => setBusy(`Sending ${Math.round((100 * sent) / Math.max(1, total))} %…`))
        setFiles((cur) => mergeFiles(cur, r.added))
        const mtl = metadata ? ` and ${metadata === 1 ? "the scene's" : `${metadata} scenes'`} MTL (its bands are calibrated from it)` : ''
        setNotice(
          r.skipped.length
            ? { level: 'warning', message: `Skipped ${r.skipped.length}: ${r.skipped.map((s) => `${s.path} — ${s.reason}`).join('; ')}` }
            : { level: 'info', message: `Added ${r.added.length} file${r.added.length === 1 ? '' : 's'}${mtl}.` },
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

  /** Clear all: every file leaves the session (the runs stay in History). */
  const clearAll = () => {
    const ids = filesRef.current.map((f) => f.id)
    setFiles([])
    setLeftOut(new Set())
    for (const id of ids) api.invoke('files.remove', { id }).catch(() => undefined)
  }
  const clearRef = useRef(clearAll)
  clearRef.current = clearAll

  const remove = (id: string) => {
    setFiles((cur) => cur.filter((f) => f.id !== id))
    api.invoke('files.remove', { id }).catch((e: Error) => setNotice({ level: 'error', message: e.message }))
  }

  const exportReport = useCallback(
    (runId: string, format: 'html' | 'pdf') => {
      setNotice({ level: 'info', message: `Making the ${format.toUpperCase()} report…` })
      api.invoke('runs.exportReport', { runId, format }).then(
        (f) => {
          saveFile(f)
          setNotice({ level: 'info', message: `Saved ${f.fileName}.` })
        },
        (e: Error) => onError(e.message),
      )
    },
    [api, onError],
  )
  const exportLayer = useCallback(
    (l: DerivedLayer) => {
      api.invoke('layers.export', { artifact: l.id, format: l.format === 'geojson' ? 'geojson' : 'geotiff' }).then(saveFile, (e: Error) => onError(e.message))
    },
    [api, onError],
  )

  const entries = thread.map((id) => runs.get(id)).filter((e): e is NonNullable<typeof e> => !!e)
  const active = entries[entries.length - 1]
  const running = entries.some((e) => e.view.status === 'running')
  // From Enter until the run ends, the desk map's tiles and the cards' previews wait (model/background-gate.ts).
  const [asking, setAsking] = useState(false)
  useEffect(() => (running || asking ? holdBackground() : releaseBackground()), [running, asking])
  const activeCalls = useMemo(() => (active ? acceptedCalls(active.view) : []), [active])
  // Every call of the current run, accepted or not: its saved layers are listed (with its verdict) in the pixel viewer.
  const allCalls = useMemo(() => (active ? [...active.view.byCall.values()].sort((a, b) => a.call - b.call) : []), [active])
  const viewerEntry = viewer ? runs.get(viewer.runId) : undefined
  /** Ask over the files in use: from the prompt, or a refused question asked again with its filled parts. */
  const askNow = (question: string, options: string) => {
    setAsking(true)
    void start({ question, options, fileIds: asked.map((f) => f.id), backbone }).finally(() => setAsking(false))
  }

  return (
    <div className="app">
      <a
        className="skip-link"
        href="#question"
        data-testid="skip-to-question"
        onClick={(e) => {
          e.preventDefault()
          setTab('desk')
          requestAnimationFrame(() => document.getElementById('question')?.focus())
        }}
      >
        Skip to the question
      </a>
      <header className="topbar">
        <h1>RSure</h1>
        <nav className="tabs" aria-label="sections">
          {TABS.map((t, i) => (
            <button
              key={t.id}
              type="button"
              className={tab === t.id ? 'on' : ''}
              aria-current={tab === t.id ? 'page' : undefined}
              onClick={() => setTab(t.id)}
              title={`Alt+${i + 1}`}
              data-testid={`tab-${t.id}`}
            >
              {t.label}
            </button>
          ))}
        </nav>
        <span className="muted connection" data-testid="connection">
          {hello ? `v${hello.version} · ${hello.transport === 'ipc' ? 'desktop' : 'browser mode'}` : 'connecting…'}
        </span>
        <button
          type="button"
          className="ghost"
          onClick={() => setTheme(theme === 'dark' ? 'light' : 'dark')}
          aria-label="switch light or dark theme"
          data-testid="theme"
        >
          {theme === 'dark' ? '☀' : '☾'}
        </button>
      </header>
      {notice && (
        <p className={`notice ${notice.level}`} role="status" data-testid="notice" data-level={notice.level} title={notice.message}>
          <span>{notice.message}</span>
          <button type="button" className="ghost" onClick={() => setNotice(null)} aria-label="dismiss">
            ✕
          </button>
        </p>
      )}
      <main className={`tab-${tab}`}>
        <div className="desk" hidden={tab !== 'desk'}>
          <aside className="files-col" aria-label="files">
            <DropZone onFiles={addFiles} busy={busy} bindHandle={bindDropZone} />
            <section className="files" aria-label="files">
              {files.length > 1 && (
                <p className="files-tools">
                  <span className="muted">
                    {files.length} files, {asked.length} used in questions
                  </span>
                  <button type="button" className="ghost" onClick={() => setLeftOut(new Set())} disabled={!leftOut.size} data-testid="use-all">
                    use all
                  </button>
                  <button type="button" className="ghost" onClick={clearAll} data-testid="clear-all">
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
                  onRemove={() => remove(f.id)}
                  used={!leftOut.has(f.id)}
                  onUse={(use) =>
                    setLeftOut((cur) => {
                      const next = new Set(cur)
                      if (use) next.delete(f.id)
                      else next.add(f.id)
                      return next
                    })
                  }
                />
              ))}
            </section>
          </aside>
          <DeskMap api={api} files={files} layers={active?.layers ?? []} calls={activeCalls} allCalls={allCalls} basemap={basemap} />
          <section className="chat" aria-label="questions and answers">
            <Thread
              entries={entries}
              onEvidence={openViewer}
              onMark={(runId, ok, seq) => mark(runId, ok, seq).then(() => setRefresh((n) => n + 1))}
              onExport={exportReport}
              onClose={close}
              onAskAgain={askNow}
            />
            <PromptBox
              files={asked}
              total={files.filter((f) => f.info).length}
              backbone={backbone}
              onBackbone={setBackbone}
              running={running}
              onAsk={askNow}
              onCancel={() => entries.filter((e) => e.view.status === 'running').forEach((e) => cancel(e.id))}
            />
          </section>
        </div>
        {tab === 'history' && (
          <RunHistory
            api={api}
            refreshKey={refresh}
            onError={onError}
            onOpen={(id) => {
              void open(id)
              setTab('desk')
            }}
          />
        )}
        {tab === 'prior' && <PriorMatrix api={api} refreshKey={refresh} onError={onError} />}
        {tab === 'settings' && (
          <SettingsPanel api={api} theme={theme} onTheme={setTheme} onSaved={(s) => (setBackbone(s.backbone), setBasemap(!!s.basemapPath))} onError={onError} />
        )}
      </main>
      {viewer && viewerEntry && (
        <EvidenceViewer
          api={api}
          run={viewerEntry.view}
          call={viewer.call}
          files={files}
          layers={viewerEntry.layers}
          mark={viewerEntry.marks.get(viewer.call)}
          onMark={(ok, seq) => mark(viewer.runId, ok, seq)}
          onClose={closeViewer}
          onOpen={(call) => setViewer({ runId: viewer.runId, call })}
          onExportLayer={exportLayer}
        />
      )}
    </div>
  )
}
