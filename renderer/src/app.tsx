/**
 * The analyst's desk: files on the left (drop zone, previews, info), the map or pixel viewer in the centre with its
 * layers, the chat-style thread with live timelines and answers on the right; the evidence viewer opens over them.
 * Tabs reach the run history (with the named sessions), the prior matrix and the settings. All data comes through
 * `RsureApi` (transport/), so this code runs unchanged in Electron and in a browser.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import type { BackboneChoice, DerivedLayer, FileEntry, ResponseOf, RsureApi } from '../../preload/contract'
import type { DropZoneHandle } from './components/drop-zone'
import { DeskMap } from './desk/desk-map'
import { ChatColumn, FilesColumn } from './desk/files-column'
import { NamedSessions } from './desk/named-sessions'
import { PriorMatrix } from './desk/prior-matrix'
import { RunHistory } from './desk/run-history'
import { saveFile } from './desk/save-file'
import { SettingsPanel, type Theme } from './desk/settings-panel'
import { NoticeBar, TABS, TopBar, type Tab } from './desk/top-bar'
import { mergeFiles, useDeskFiles, type Notice } from './desk/use-desk-files'
import { useRuns, type RunEntry } from './desk/use-runs'
import { EvidenceViewer } from './evidence/evidence-viewer'
import { holdBackground, releaseBackground } from './model/background-gate'
import { acceptedCalls } from './model/run-model'

function useTheme(): [Theme, (t: Theme) => void] {
  const [theme, setTheme] = useState<Theme>(() => (localStorage.getItem('rsure.theme') as Theme | null) ?? 'system')
  useEffect(() => {
    if (theme === 'system') document.documentElement.removeAttribute('data-theme')
    else document.documentElement.setAttribute('data-theme', theme)
    localStorage.setItem('rsure.theme', theme)
  }, [theme])
  return [theme, setTheme]
}

/** The tab shown; Alt+1..4 switch the tabs. */
function useTabs(): [Tab, (t: Tab) => void] {
  const [tab, setTab] = useState<Tab>('desk')
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
  return [tab, setTab]
}

/** The drop zone's handle (open the file or folder picker from the app menu), and the callback that binds it. */
function useDropZoneHandle(): [{ current: DropZoneHandle | null }, (h: DropZoneHandle) => void] {
  const dropZone = useRef<DropZoneHandle | null>(null)
  const bind = useCallback((h: DropZoneHandle) => {
    dropZone.current = h
  }, [])
  return [dropZone, bind]
}

/** The notice for a named session's files that could not be added back. */
function notRestored(skipped: { path: string; reason: string }[]): Notice {
  return { level: 'warning', message: `Not restored: ${skipped.map((s) => `${s.path} — ${s.reason}`).join('; ')}` }
}

/**
 * What the window learns from the main side at start and as it happens: who answers, the session's files, the
 * settings (backbone, basemap), notices, menu commands, finished runs.
 */
function useMainSide(
  api: RsureApi,
  on: {
    setFiles: (change: (cur: FileEntry[]) => FileEntry[]) => void
    setNotice: (n: Notice) => void
    setSettings: (s: ResponseOf<'settings.get'>) => void
    command: (c: 'open-files' | 'open-folder' | 'clear-files') => void
    finished: () => void
  },
): ResponseOf<'app.hello'> | null {
  const [hello, setHello] = useState<ResponseOf<'app.hello'> | null>(null)
  const handlers = useRef(on)
  handlers.current = on
  useEffect(() => {
    const h = () => handlers.current
    const fail = (e: Error) => h().setNotice({ level: 'error', message: e.message })
    api.invoke('app.hello', {}).then((r) => {
      setHello(r)
      if (!r.session.persisted && r.session.note) h().setNotice({ level: 'warning', message: r.session.note })
    }, fail)
    api.invoke('files.list', {}).then((r) => h().setFiles((cur) => mergeFiles(r.files, cur)), fail)
    api.invoke('settings.get', {}).then(
      (s) => h().setSettings(s),
      () => undefined,
    )
    const offs = [
      api.on('files.added', ({ files: more }) => h().setFiles((cur) => mergeFiles(cur, more))),
      api.on('files.removed', ({ id }) => h().setFiles((cur) => cur.filter((f) => f.id !== id))),
      api.on('app.notice', (n) => h().setNotice(n)),
      api.on('app.command', ({ command }) => h().command(command)),
      api.on('run.finished', () => h().finished()),
    ]
    return () => offs.forEach((off) => off())
  }, [api])
  return hello
}

/** The evidence viewer's place: which run and call it shows, and where focus goes back when it closes. */
function useViewer() {
  const [viewer, setViewer] = useState<{ runId: string; call: number } | null>(null)
  const focusBack = useRef<HTMLElement | null>(null)
  const open = useCallback((runId: string, call: number) => {
    if (document.activeElement instanceof HTMLElement && !document.activeElement.closest('.evidence-viewer')) focusBack.current = document.activeElement
    setViewer({ runId, call })
  }, [])
  const close = useCallback(() => {
    setViewer(null)
    const back = focusBack.current
    focusBack.current = null
    // After React removes the dialog: the opener if it is still there, else the question box.
    requestAnimationFrame(() => (back && back.isConnected ? back : document.getElementById('question'))?.focus())
  }, [])
  return { viewer, setViewer, open, close }
}

/** Report export and layer export, each saved as a download with a notice. */
function useExports(api: RsureApi, setNotice: (n: Notice) => void, onError: (m: string) => void) {
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
    [api, setNotice, onError],
  )
  const exportLayer = useCallback(
    (l: DerivedLayer) => {
      api.invoke('layers.export', { artifact: l.id, format: l.format === 'geojson' ? 'geojson' : 'geotiff' }).then(saveFile, (e: Error) => onError(e.message))
    },
    [api, onError],
  )
  return { exportReport, exportLayer }
}

/** The backbone that answers and whether a basemap is set: from the stored settings, changed in Settings or the prompt. */
function useDeskSettings() {
  const [backbone, setBackbone] = useState<BackboneChoice>({ kind: 'rules' })
  const [basemap, setBasemap] = useState(false)
  const applySettings = useCallback((s: ResponseOf<'settings.get'>) => {
    setBackbone(s.backbone)
    setBasemap(!!s.basemapPath)
  }, [])
  return { backbone, setBackbone, basemap, applySettings }
}

/** The desk's current run (the last in the thread), its calls, and the background gate while a question runs. */
function useActiveRun(thread: string[], runs: Map<string, RunEntry>) {
  const entries = thread.map((id) => runs.get(id)).filter((e): e is RunEntry => !!e)
  const active = entries[entries.length - 1]
  const running = entries.some((e) => e.view.status === 'running')
  // From Enter until the run ends, the desk map's tiles and the cards' previews wait (model/background-gate.ts).
  const [asking, setAsking] = useState(false)
  useEffect(() => (running || asking ? holdBackground() : releaseBackground()), [running, asking])
  const activeCalls = useMemo(() => (active ? acceptedCalls(active.view) : []), [active])
  // Every call of the current run, accepted or not: its saved layers are listed (with its verdict) in the pixel viewer.
  const allCalls = useMemo(() => (active ? [...active.view.byCall.values()].sort((a, b) => a.call - b.call) : []), [active])
  return { entries, active, activeCalls, allCalls, setAsking }
}

/** History: the named sessions (save the desk, open one) above the stored runs. */
function HistoryTab(props: {
  api: RsureApi
  files: FileEntry[]
  thread: string[]
  refreshKey: number
  onError: (m: string) => void
  onOpenSession: (opened: ResponseOf<'sessions.open'>) => void
  onOpenRun: (runId: string) => void
}) {
  const { api, files, thread, refreshKey, onError, onOpenSession, onOpenRun } = props
  return (
    <>
      <NamedSessions api={api} files={files} thread={thread} refreshKey={refreshKey} onError={onError} onOpened={onOpenSession} />
      <RunHistory api={api} refreshKey={refreshKey} onError={onError} onOpen={onOpenRun} />
    </>
  )
}

/** The evidence viewer over the desk, on one call of one run of the thread. */
function ViewerOver(props: {
  api: RsureApi
  files: FileEntry[]
  at: { runId: string; call: number }
  runs: Map<string, RunEntry>
  onMark: (runId: string, correct: boolean, stepSeq?: number) => void
  onClose: () => void
  onOpen: (at: { runId: string; call: number }) => void
  onExportLayer: (l: DerivedLayer) => void
}) {
  const { api, files, at, onMark, onClose, onOpen, onExportLayer } = props
  const entry = props.runs.get(at.runId)
  const call = at.call
  if (!entry) return null
  return (
    <EvidenceViewer
      api={api}
      run={entry.view}
      call={call}
      files={files}
      layers={entry.layers}
      mark={entry.marks.get(call)}
      onMark={(ok, seq) => onMark(entry.id, ok, seq)}
      onClose={onClose}
      onOpen={(c) => onOpen({ runId: entry.id, call: c })}
      onExportLayer={onExportLayer}
    />
  )
}

export function App({ api }: { api: RsureApi }) {
  const [notice, setNotice] = useState<Notice | null>(null)
  const [tab, setTab] = useTabs()
  const [theme, setTheme] = useTheme()
  const { backbone, setBackbone, basemap, applySettings } = useDeskSettings()
  const [refresh, setRefresh] = useState(0)
  const [dropZone, bindDropZone] = useDropZoneHandle()
  const desk = useDeskFiles(api, setNotice)
  const { viewer, setViewer, open: openViewer, close: closeViewer } = useViewer()
  const onError = useCallback((message: string) => setNotice({ level: 'error', message }), [])
  const { runs, thread, start, cancel, open, mark, close, replace } = useRuns(api, onError)
  const { exportReport, exportLayer } = useExports(api, setNotice, onError)
  const hello = useMainSide(api, {
    setFiles: desk.setFiles,
    setNotice,
    setSettings: applySettings,
    command: (c) => (c === 'open-files' ? dropZone.current?.openFiles() : c === 'open-folder' ? dropZone.current?.openFolder() : desk.clearAll()),
    finished: () => setRefresh((n) => n + 1),
  })

  const { entries, active, activeCalls, allCalls, setAsking } = useActiveRun(thread, runs)
  /** Ask over the files in use: from the prompt, or a refused question asked again with its filled parts. */
  const askNow = (question: string, options: string) => {
    setAsking(true)
    void start({ question, options, fileIds: desk.asked.map((f) => f.id), backbone }).finally(() => setAsking(false))
  }
  /** A named session opened from History: its files and its runs are the desk's now. */
  const openSession = (opened: ResponseOf<'sessions.open'>) => {
    desk.replace(opened.files)
    void replace(opened.runIds)
    setTab('desk')
    if (opened.skipped.length) setNotice(notRestored(opened.skipped))
  }

  return (
    <div className="app">
      <TopBar tab={tab} onTab={setTab} hello={hello} theme={theme} onTheme={setTheme} />
      <NoticeBar notice={notice} onDismiss={() => setNotice(null)} />
      <main className={`tab-${tab}`}>
        <div className="desk" hidden={tab !== 'desk'}>
          <FilesColumn api={api} desk={desk} bindDropZone={bindDropZone} />
          <DeskMap api={api} files={desk.files} layers={active?.layers ?? []} calls={activeCalls} allCalls={allCalls} basemap={basemap} />
          <ChatColumn
            entries={entries}
            files={desk.asked}
            all={desk.files}
            total={desk.files.filter((f) => f.info).length}
            backbone={backbone}
            onBackbone={setBackbone}
            onEvidence={openViewer}
            onMark={(runId, ok, seq) => mark(runId, ok, seq).then(() => setRefresh((n) => n + 1))}
            onExport={exportReport}
            onClose={close}
            onAsk={askNow}
            onCancel={cancel}
          />
        </div>
        {tab === 'history' && (
          <HistoryTab
            api={api}
            files={desk.files}
            thread={thread}
            refreshKey={refresh}
            onError={onError}
            onOpenSession={openSession}
            onOpenRun={(id) => (void open(id), setTab('desk'))}
          />
        )}
        {tab === 'prior' && <PriorMatrix api={api} refreshKey={refresh} onError={onError} />}
        {tab === 'settings' && <SettingsPanel api={api} theme={theme} onTheme={setTheme} onSaved={applySettings} onError={onError} />}
      </main>
      {viewer && (
        <ViewerOver api={api} files={desk.files} at={viewer} runs={runs} onMark={mark} onClose={closeViewer} onOpen={setViewer} onExportLayer={exportLayer} />
      )}
    </div>
  )
}
