/** One added file: its preview (made on the main side), its info, and the preview's band/stretch controls. */
import { useEffect, useState } from 'react'
import type { FileEntry, ResponseOf, RsureApi } from '../../../preload/contract'
import { InfoTable } from './info-table'
import { PreviewControls, type PreviewSettings } from './preview-controls'
import { middleEllipsis } from './short-name'
import { backgroundTurn } from '../model/background-gate'

/** The longest side of a card's preview, in pixels. */
const PREVIEW_SIZE = 320

type Preview = ResponseOf<'image.preview'>

function describeStretch(p: Preview): string {
  const s = p.stretch.kind === 'percentile' ? `${p.stretch.low}–${p.stretch.high} % stretch` : p.stretch.kind === 'minmax' ? 'min–max stretch' : 'no stretch'
  const level = p.level > 0 ? `, overview ${p.levelWidth}×${p.levelHeight}` : ''
  return `${p.bands.length === 1 ? `band ${p.bands[0]}` : `bands ${p.bands.join('-')}`}, ${s}${level}`
}

export function FileCard(props: {
  api: RsureApi
  file: FileEntry
  onRemove: () => void
  used?: boolean
  onUse?: (used: boolean) => void
  /** ' (2)' when another file of the session has the same name (the map's picture tabs say the same). */
  twin?: string
}) {
  const { api, file, onRemove, used = true, onUse, twin = '' } = props
  const [settings, setSettings] = useState<PreviewSettings>({ bands: undefined, stretch: { kind: 'auto' } })
  const [preview, setPreview] = useState<{ url: string; meta: Preview } | null>(null)
  const [error, setError] = useState<string | null>(file.error)

  useEffect(() => {
    if (!file.info) return
    let cancelled = false
    let url: string | null = null
    // A preview is background work: it waits while a question runs (model/background-gate.ts). It is drawn at most
    // 160 px high, so 320 px (for a 2x screen) is asked for, not 1024 (16x the pixels of a 2599 x 2573 raster's).
    const aborted = new AbortController()
    backgroundTurn(aborted.signal)
      .then(() => api.invoke('image.preview', { id: file.id, bands: settings.bands, stretch: settings.stretch, maxSize: PREVIEW_SIZE }))
      .then((p) => {
        if (cancelled) return
        url = URL.createObjectURL(new Blob([p.png as Uint8Array<ArrayBuffer>], { type: 'image/png' }))
        setPreview({ url, meta: p })
        setError(null)
      })
      .catch((e: Error) => !cancelled && setError(e.message))
    return () => {
      cancelled = true
      aborted.abort()
      if (url) URL.revokeObjectURL(url)
    }
  }, [api, file.id, file.info, settings])

  return (
    <article className={`card${used ? '' : ' left-out'}`} data-testid="file-card" data-name={file.name} data-used={used}>
      <header>
        <h2 title={file.name} data-testid="file-name">
          <span className="name">{middleEllipsis(file.name, 20)}</span>
          {twin && <span className="twin">{twin}</span>}
        </h2>
        {file.info && onUse && (
          <label className="use-file" title="use this file in the next question">
            <input
              type="checkbox"
              checked={used}
              onChange={(e) => onUse(e.target.checked)}
              data-testid="use-file"
              aria-label={`use ${file.name} in the question`}
            />{' '}
            ask
          </label>
        )}
        <button type="button" className="ghost" onClick={onRemove} aria-label={`remove ${file.name}`}>
          ✕
        </button>
      </header>
      <div className="card-body">
        <figure className="preview">
          {preview ? (
            <img data-testid="preview-img" src={preview.url} width={preview.meta.width} height={preview.meta.height} alt={`preview of ${file.name}`} />
          ) : (
            <div className="placeholder">{file.info ? 'Making preview…' : 'No preview'}</div>
          )}
          {preview && <figcaption>{describeStretch(preview.meta)}</figcaption>}
        </figure>
        <div className="details">
          {file.info && <InfoTable info={file.info} />}
          {file.info?.kind === 'raster' && <PreviewControls bandCount={file.info.bandCount} value={settings} onChange={setSettings} />}
          {error && (
            <p className="error" role="alert">
              {error}
            </p>
          )}
        </div>
      </div>
    </article>
  )
}
