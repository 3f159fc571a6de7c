/**
 * Settings: the default backbone with a connection test, the data folder (takes effect at the next start), the
 * optional local basemap file, and the theme.
 */
import { useEffect, useState } from 'react'
import type { BackboneChoice, ResponseOf, RsureApi } from '../../../preload/contract'
import { BackbonePicker } from './prompt-box'

type Settings = ResponseOf<'settings.get'>
export type Theme = 'system' | 'light' | 'dark'

export function SettingsPanel(props: { api: RsureApi; theme: Theme; onTheme: (t: Theme) => void; onSaved: (s: Settings) => void; onError: (m: string) => void }) {
  const { api, theme, onTheme, onSaved, onError } = props
  const [s, setS] = useState<Settings | null>(null)
  const [backbone, setBackbone] = useState<BackboneChoice>({ kind: 'rules' })
  const [dataDir, setDataDir] = useState('')
  const [basemap, setBasemap] = useState('')
  const [test, setTest] = useState<string | null>(null)
  useEffect(() => {
    api.invoke('settings.get', {}).then(
      (x) => {
        setS(x)
        setBackbone(x.backbone)
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
        <BackbonePicker value={backbone} onChange={setBackbone} idPrefix="settings" />
        <div className="row">
          <button type="button" onClick={() => save({ backbone })}>
            Use by default
          </button>
          <button
            type="button"
            onClick={() => {
              setTest('Testing…')
              api.invoke('settings.testBackbone', { backbone }).then(
                (r) => setTest(`${r.ok ? '✓' : '✗'} ${r.message}${r.models.length ? ` Models: ${r.models.slice(0, 8).join(', ')}` : ''} (${Math.round(r.ms)} ms)`),
                (e: Error) => setTest(`✗ ${e.message}`),
              )
            }}
          >
            Test connection
          </button>
        </div>
        {test && <p role="status">{test}</p>}
        {s && <p className="muted">An API key is {s.apiKeySet ? 'set' : 'not set'} (RSURE_OPENAI_API_KEY in the environment; it never reaches this page).</p>}
      </fieldset>
      <fieldset>
        <legend>Data folder</legend>
        {s && (
          <p>
            <code>{s.dataDir}</code> <span className="muted">({s.dataDirSource})</span>
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
