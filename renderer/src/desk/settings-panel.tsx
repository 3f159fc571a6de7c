/**
 * Settings: the default backbone with a connection test and a capability check (does the served model call tools,
 * see images, keep to a JSON schema: settings.testBackbone with capabilities, the probe `rsure models probe` runs),
 * the model packs (models.list, a full check of hashes and graphs, add a pack folder, remove an added one), the data folder (takes effect at
 * the next start), the optional local basemap file, and the theme.
 */
import { useEffect, useRef, useState } from 'react'
import type { BackboneChoice, ResponseOf, RsureApi } from '../../../preload/contract'
import { shownPath } from '../evidence/evidence-groups'
import { BackbonePicker } from './prompt-box'

/** Where the data folder was chosen, in words (its full path is internal: it is not shown). */
const DATA_DIR_SOURCE: Record<Settings['dataDirSource'], string> = {
  environment: 'the data folder set by the RSURE_DATA_DIR environment variable',
  setting: 'the data folder chosen here',
  default: 'the default data folder',
}

type Settings = ResponseOf<'settings.get'>
type Probe = ResponseOf<'settings.testBackbone'>
type Pack = ResponseOf<'models.list'>['packs'][number]

const CAPABILITIES: { key: 'tools' | 'images' | 'jsonSchema'; label: string }[] = [
  { key: 'tools', label: 'calls tools' },
  { key: 'images', label: 'sees images' },
  { key: 'jsonSchema', label: 'keeps to a JSON schema' },
]

function CapabilityTable({ probe }: { probe: Probe }) {
  if (!probe.capabilities) return <p className="muted">{probe.ok ? 'This backbone has no served model to ask.' : probe.message}</p>
  const caps = probe.capabilities
  return (
    <table className="capabilities" data-testid="capabilities">
      <tbody>
        {CAPABILITIES.map(({ key, label }) => (
          <tr key={key} data-testid="capability" data-capability={key} data-verdict={caps[key].verdict}>
            <th scope="row">{label}</th>
            <td className={caps[key].verdict === 'yes' ? 'good' : caps[key].verdict === 'no' ? 'bad' : 'warn'}>{caps[key].verdict}</td>
            <td>{caps[key].detail}</td>
            <td className="muted">{Math.round(caps[key].ms)} ms</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

function ModelPacks({ api }: { api: RsureApi }) {
  const [packs, setPacks] = useState<Pack[] | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const [checking, setChecking] = useState(false)
  const [folder, setFolder] = useState('')
  const [done, setDone] = useState<string | null>(null)
  /** Add or remove a pack (the same checks as `rsure models add` / `remove`), then list the packs again. */
  const act = (work: () => Promise<unknown>, said: string) => {
    setDone(null)
    work().then(
      () => {
        setDone(said)
        load(false)
      },
      (e: Error) => setProblem(e.message),
    )
  }
  const load = (check: boolean) => {
    setChecking(check)
    api.invoke('models.list', { check }).then(
      (r) => {
        setPacks(r.packs)
        setProblem(null)
        setChecking(false)
      },
      (e: Error) => {
        setProblem(e.message)
        setChecking(false)
      },
    )
  }
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(() => load(false), [api])
  return (
    <fieldset data-testid="model-packs">
      <legend>Model packs</legend>
      <p className="muted">Local detection, segmentation, scene and OCR models used by perceive and measure; nothing is downloaded.</p>
      {problem && <p className="bad">{problem}</p>}
      {packs && packs.length === 0 && <p className="muted">No model pack is installed.</p>}
      {packs && packs.length > 0 && (
        <table className="packs">
          <thead>
            <tr>
              <th>pack</th>
              <th>task</th>
              <th>classes</th>
              <th>from</th>
              <th>status</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {packs.map((p) => (
              <tr key={p.id} data-testid="model-pack" data-id={p.id} data-status={p.status}>
                <td>
                  {p.id} <span className="muted">{p.version}</span>
                </td>
                <td>
                  {[p.family, p.task].filter(Boolean).join(' · ') || '—'}
                  {p.inputSize ? <span className="muted"> ({p.inputSize.join('×')})</span> : null}
                </td>
                <td>
                  {p.classNames.length
                    ? p.classNames.length > 6
                      ? `${p.classNames.slice(0, 6).join(', ')} and ${p.classNames.length - 6} more`
                      : p.classNames.join(', ')
                    : '—'}
                </td>
                <td>{p.origin}</td>
                <td className={p.status === 'ok' ? 'good' : 'bad'} title={p.problem}>
                  {p.status === 'ok' ? 'ok' : `invalid: ${p.problem ?? 'unknown problem'}`}
                </td>
                <td>
                  {p.origin === 'user' && (
                    <button
                      type="button"
                      className="ghost"
                      onClick={() => act(() => api.invoke('models.remove', { id: p.id }), `Removed ${p.id}.`)}
                      data-testid="remove-pack"
                    >
                      remove
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <button type="button" onClick={() => load(true)} disabled={checking} data-testid="check-packs">
        {checking ? 'Checking…' : 'Check every pack (hashes and graphs)'}
      </button>
      <div className="row">
        <label htmlFor="pack-folder">Add a pack from a folder on this computer (or an Ultralytics .onnx file)</label>
        <input id="pack-folder" value={folder} onChange={(e) => setFolder(e.target.value)} placeholder="/path/to/pack" size={36} data-testid="pack-folder" />
        <button
          type="button"
          disabled={!folder.trim()}
          onClick={() => act(() => api.invoke('models.add', { dir: folder.trim() }), 'Added and checked.')}
          data-testid="add-pack"
        >
          Add and check
        </button>
      </div>
      {done && <p role="status">{done}</p>}
    </fieldset>
  )
}
export type Theme = 'system' | 'light' | 'dark'

export function SettingsPanel(props: {
  api: RsureApi
  theme: Theme
  onTheme: (t: Theme) => void
  onSaved: (s: Settings) => void
  onError: (m: string) => void
}) {
  const { api, theme, onTheme, onSaved, onError } = props
  const [s, setS] = useState<Settings | null>(null)
  const [backbone, setBackbone] = useState<BackboneChoice>({ kind: 'rules' })
  const edited = useRef(false)
  const [dataDir, setDataDir] = useState('')
  const [basemap, setBasemap] = useState('')
  const [test, setTest] = useState<string | null>(null)
  const [probe, setProbe] = useState<Probe | 'running' | Error | null>(null)
  useEffect(() => {
    api.invoke('settings.get', {}).then(
      (x) => {
        setS(x)
        // Stored settings that arrive after the analyst began editing do not overwrite the edit.
        if (!edited.current) setBackbone(x.backbone)
        setBasemap(x.basemapPath ?? '')
      },
      (e: Error) => onError(e.message),
    )
  }, [api, onError])
  const save = async (update: Parameters<typeof api.invoke<'settings.set'>>[1]) => {
    try {
      const x = await api.invoke('settings.set', update)
      setS(x)
      onSaved(x)
    } catch (e) {
      onError((e as Error).message)
    }
  }
  return (
    <section className="settings" aria-label="settings" data-testid="settings">
      <fieldset>
        <legend>Backbone</legend>
        <BackbonePicker
          value={backbone}
          onChange={(b) => {
            edited.current = true
            setBackbone(b)
          }}
          idPrefix="settings"
        />
        <div className="row">
          <button type="button" onClick={() => save({ backbone })}>
            Use by default
          </button>
          <button
            type="button"
            onClick={() => {
              setTest('Testing…')
              api.invoke('settings.testBackbone', { backbone }).then(
                (r) =>
                  setTest(`${r.ok ? '✓' : '✗'} ${r.message}${r.models.length ? ` Models: ${r.models.slice(0, 8).join(', ')}` : ''} (${Math.round(r.ms)} ms)`),
                (e: Error) => setTest(`✗ ${e.message}`),
              )
            }}
          >
            Test connection
          </button>
          <button
            type="button"
            disabled={backbone.kind !== 'openai' || probe === 'running'}
            title={
              backbone.kind === 'openai'
                ? 'ask the served model three short questions (up to 90 s)'
                : 'only a served model (an OpenAI-compatible endpoint) can be asked'
            }
            data-testid="probe-capabilities"
            onClick={() => {
              setProbe('running')
              api.invoke('settings.testBackbone', { backbone, capabilities: true }).then(setProbe, (e: Error) => setProbe(e))
            }}
          >
            Check what the model can do
          </button>
        </div>
        {test && <p role="status">{test}</p>}
        {probe === 'running' && <p role="status">Asking the model (up to 90 s)…</p>}
        {probe instanceof Error && <p className="bad">{probe.message}</p>}
        {probe && probe !== 'running' && !(probe instanceof Error) && <CapabilityTable probe={probe} />}
        {s && <p className="muted">An API key is {s.apiKeySet ? 'set' : 'not set'} (RSURE_OPENAI_API_KEY in the environment; it never reaches this page).</p>}
      </fieldset>
      <ModelPacks api={api} />
      <fieldset>
        <legend>Data folder</legend>
        {s && (
          <p>
            Runs, uploads and the prior are kept in {DATA_DIR_SOURCE[s.dataDirSource]}, named <code>{shownPath(s.dataDir)}</code>.
            {s.pendingDataDir && <span className="muted"> · from the next start: {s.pendingDataDir}</span>}
          </p>
        )}
        <input aria-label="new data folder" placeholder="/absolute/path" value={dataDir} onChange={(e) => setDataDir(e.target.value)} size={40} />
        <button type="button" disabled={!dataDir} onClick={() => save({ dataDir })}>
          Use from the next start
        </button>
      </fieldset>
      <fieldset>
        <legend>Basemap</legend>
        <p className="muted">A local georeferenced raster drawn under everything on the map; nothing is fetched from the network.</p>
        <input aria-label="basemap file" placeholder="/absolute/path/basemap.tif" value={basemap} onChange={(e) => setBasemap(e.target.value)} size={40} />
        <button type="button" onClick={() => save({ basemapPath: basemap || null })}>
          {basemap ? 'Use this basemap' : 'No basemap'}
        </button>
      </fieldset>
      <fieldset>
        <legend>Theme</legend>
        {(['system', 'light', 'dark'] as Theme[]).map((t) => (
          <label key={t}>
            <input type="radio" name="theme" checked={theme === t} onChange={() => onTheme(t)} /> {t}
          </label>
        ))}
      </fieldset>
    </section>
  )
}
