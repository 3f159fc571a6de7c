/**
 * The left half of the evidence viewer: the source image(s) or the map with the observation drawn on them.
 * - execute: the DAG as a graph, and the map with the source scene and the product raster (or a chosen node's
 *   raster) over it;
 * - objects, regions, measurement, document, evidence: the first source image with boxes, polygons, points, text
 *   boxes and a scale bar;
 * - change: T1 | T2 with a swipe and the changed regions;
 * - scene: the image with the class scores as bars.
 */
import { useMemo, useState } from 'react'
import type { DerivedLayer, FileEntry, RsureApi, TileStyle } from '../../../preload/contract'
import { MapView, type MapLayerSpec } from '../map/map-view'
import { isMaskLayer, MASK_COLOUR } from '../map/tile-protocol'
import { useVectorLayers } from '../map/vector-layers'
import { baseName, num, windowText } from '../model/format'
import { artifactForNode, type DagNodeView } from '../model/dag-layout'
import { drawablesOf, drawablesOfGeoJson, gsdOf, observationKind, sourceImages } from '../model/observation'
import { dagNodes } from '../model/readable-args'
import type { CallView } from '../model/run-model'
import { DagGraph } from './dag-graph'
import { fileLabel, pictureFiles } from '../components/short-name'
import { OverlayImage } from './image-overlay'
import { isChangeCall, pixelLayersOfCall, usePixelGeoJsons } from './pixel-layers'
import { Swipe } from './swipe'
import { fileForPath, useFilePicture } from './use-image'

const obj = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' && !Array.isArray(v) ? { ...v } : {})

function SourcePicture(props: { api: RsureApi; files: FileEntry[]; path: string; call: CallView }) {
  const { api, files, path, call } = props
  const file = fileForPath(files, path)
  const pic = useFilePicture(api, file)
  const d = useMemo(() => drawablesOf(call.result), [call.result])
  const gsd = gsdOf(call, call.result)
  const info = file?.info
  const w = pic && !(pic instanceof Error) ? pic.width : (info?.width ?? 1000)
  const h = pic && !(pic instanceof Error) ? pic.height : (info?.height ?? 1000)
  if (!file) return <p className="muted">The source image {baseName(path)} is not in this session; add it to see the observation drawn on it.</p>
  if (pic instanceof Error) return <p className="error">{pic.message}</p>
  return <OverlayImage src={pic?.url ?? null} width={w} height={h} drawables={d} gsd={gsd} label={fileLabel(pictureFiles(files), file)} />
}

const isScore = (v: unknown): v is { label: string; score: number } => {
  const s = obj(v)
  return typeof s.label === 'string' && typeof s.score === 'number'
}

/**
 * The class scores as bars: the observation's own list, else the first image's scores the evidence records (a
 * scene pack's observation holds only its predictions).
 */
function SceneScores({ observation, intermediate }: { observation: unknown; intermediate: unknown }) {
  const o = obj(observation)
  const perImage = obj(intermediate).scores
  const first = Array.isArray(perImage) && Array.isArray(perImage[0]) ? perImage[0] : []
  const raw: unknown[] = Array.isArray(o.scores) ? o.scores : Array.isArray(o.top) ? o.top : first
  const scores = raw.filter(isScore)
  if (!scores.length) return null
  return (
    <ul className="scores" data-testid="scene-scores" aria-label="class scores">
      {scores.slice(0, 8).map((s) => (
        <li key={s.label}>
          <span>{s.label}</span>
          <span className="bar" style={{ width: `${Math.round(100 * Math.max(0, Math.min(1, s.score)))}%` }} />
          <span>{num(s.score, 3)}</span>
        </li>
      ))}
    </ul>
  )
}

function ChangeView(props: { api: RsureApi; files: FileEntry[]; paths: string[]; call: CallView; layers: DerivedLayer[] }) {
  const { api, files, paths, call, layers } = props
  // By exact path first: a pair's two files often share one name (LEVIR-CD A/ and B/).
  const byPath = (p: string) => files.find((f) => f.path === p) ?? fileForPath(files, p)
  const f1 = paths[0] ? byPath(paths[0]) : null
  const f2 = paths[1] ? byPath(paths[1]) : null
  const p1 = useFilePicture(api, f1)
  const p2 = useFilePicture(api, f2)
  // The changed regions the call saved in pixel coordinates, over both pictures.
  const geojsons = usePixelGeoJsons(
    api,
    useMemo(() => pixelLayersOfCall(layers, call.call), [layers, call.call]),
  )
  const d = useMemo(() => {
    const out = drawablesOf(call.result)
    for (const fc of geojsons.values()) out.polygons.push(...drawablesOfGeoJson(fc, true).polygons)
    return out
  }, [call.result, geojsons])
  const ok = (p: ReturnType<typeof useFilePicture>) => (p && !(p instanceof Error) ? p : null)
  const w = ok(p1)?.width ?? f1?.info?.width ?? 1000
  const h = ok(p1)?.height ?? f1?.info?.height ?? 1000
  if (!f1 || !f2) return <p className="muted">A change observation needs its two images (T1 and T2) in this session to be shown.</p>
  return (
    <Swipe
      before={ok(p1)?.url ?? null}
      after={ok(p2)?.url ?? null}
      width={w}
      height={h}
      drawables={d}
      gsd={gsdOf(call, call.result)}
      labels={[fileLabel(pictureFiles(files), f1), fileLabel(pictureFiles(files), f2)]}
    />
  )
}

const RASTER_PATH = /\.(tif|tiff|png|jpe?g)$/i

/**
 * Every image path a call names: its arguments (image_paths, image, each measure source's image or image_paths)
 * and the file paths its evidence records (an execute call's catalog lists the rasters it read).
 */
export function callSourcePaths(call: CallView): string[] {
  const paths = [...sourceImages(call)]
  const a = obj(call.args)
  if (Array.isArray(a.sources)) for (const src of a.sources) for (const p of [obj(src).image_paths].flat()) if (typeof p === 'string') paths.push(p)
  const found: string[] = []
  const walk = (v: unknown, depth: number): void => {
    if (depth > 8) return
    if (typeof v === 'string') {
      if (RASTER_PATH.test(v)) found.push(v)
    } else if (Array.isArray(v)) v.forEach((x) => walk(x, depth + 1))
    else if (v && typeof v === 'object') {
      // An execute call's operators echo their parameters (a catalog's whole file list): not what was read.
      for (const [k, x] of Object.entries(v)) if (k !== 'operators' && k !== 'params') walk(x, depth + 1)
    }
  }
  // The band mapping names the files a call actually read; anything else only when it names none.
  walk(obj(call.result?.evidence?.source).band_mapping, 0)
  if (!found.length) {
    walk(call.result?.evidence?.source, 0)
    walk(call.result?.evidence?.intermediate, 0)
  }
  return [...new Set([...found, ...paths])]
}

/** The session files a call was computed from: by exact path, inside a folder it names, or by file name. */
export function callSourceFiles(files: FileEntry[], call: CallView): FileEntry[] {
  const paths = callSourcePaths(call)
  const named = paths.filter((p) => RASTER_PATH.test(p))
  // Files the call names one by one win; a folder (a catalog's dir, a measure source's folder) only stands in for
  // them when the call names no file.
  const out: FileEntry[] = []
  if (named.length) {
    for (const p of named) {
      const f = fileForPath(files, p)
      if (f) out.push(f)
    }
    return [...new Set(out)]
  }
  for (const p of paths) {
    const dir = p.replace(/[\\/]+$/, '')
    out.push(...files.filter((f) => f.path.startsWith(`${dir}/`) || f.path.startsWith(`${dir}\\`)))
  }
  return [...new Set(out)]
}

const placed = (f: FileEntry) => f.info?.kind === 'raster' && !!f.info.crs

/** The map of a measure or perception observation on a georeferenced image: the source under its masks and vectors. */
function LayersMap(props: { api: RsureApi; sources: FileEntry[]; layers: DerivedLayer[]; missing: string[] }) {
  const { api, sources, layers, missing } = props
  const [opacity, setOpacity] = useState(0.7)
  const masks = layers.filter((l) => l.format === 'geotiff' && l.georeference === 'geographic' && l.available)
  const vectors = useVectorLayers(api, layers)
  // A call that read a folder (a scene's bands) names no one file: the analyst picks which of them lies under the mask.
  const placedSources = sources.filter(placed)
  const [chosen, setChosen] = useState<string | null>(null)
  const source = placedSources.find((f) => f.id === chosen) ?? placedSources[0] ?? null
  const specs: MapLayerSpec[] = useMemo(
    () => [
      ...(source ? [{ key: `src-${source.id}`, ref: { fileId: source.id }, name: source.name, visible: true, opacity: 1, style: {} }] : []),
      ...masks.map((m) => ({
        key: `mask-${m.id}`,
        ref: { artifact: m.id },
        name: m.name,
        visible: true,
        opacity,
        style: {},
        ...(isMaskLayer(m) ? { mask: MASK_COLOUR } : {}),
      })),
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [source?.id, masks.map((m) => m.id).join(), opacity],
  )
  return (
    <div className="execute-map">
      <MapView api={api} layers={specs} vectors={vectors} fitKey={specs.map((x) => x.key).join()} label="map of the observation" testId="evidence-map" />
      <div className="controls">
        <span data-testid="evidence-source-raster">
          {source
            ? `Source: ${source.name}${placedSources.length > 1 ? ` (1 of the ${placedSources.length} files the call read)` : ''}`
            : `The source image${missing.length ? ` (${missing.map(baseName).join(', ')})` : ''} is not in this session; the map shows the saved layers only.`}
        </span>
        {placedSources.length > 1 && source && (
          <select aria-label="file shown under the layers" value={source.id} onChange={(e) => setChosen(e.target.value)} data-testid="evidence-source-choice">
            {placedSources.map((f) => (
              <option key={f.id} value={f.id}>
                {f.name}
              </option>
            ))}
          </select>
        )}
        {masks.map((m) => (
          <span key={m.id} className="muted" data-testid="evidence-mask">
            {m.name}
          </span>
        ))}
        {vectors.length > 0 && (
          <span className="muted">
            {vectors.length} outline layer{vectors.length === 1 ? '' : 's'}
          </span>
        )}
        <OpacityRange value={opacity} onChange={setOpacity} label="mask opacity" />
      </div>
    </div>
  )
}

/** The opacity slider of a layer drawn over its source (0..1 shown as 0..100). */
function OpacityRange(props: { value: number; onChange: (v: number) => void; label: string }) {
  return (
    <label>
      opacity{' '}
      <input
        type="range"
        min={0}
        max={100}
        value={Math.round(props.value * 100)}
        onChange={(e) => props.onChange(Number(e.target.value) / 100)}
        aria-label={props.label}
      />
    </label>
  )
}

/**
 * How a product raster is coloured over its scene, so it never reads as one more grey band: a vegetation index
 * (NDVI, EVI, SAVI, a normalized difference) on the brown-to-green ramp over its fixed -1..1 range, any other product
 * (LST, TVDI, a water index...) on viridis with the default stretch.
 */
export function productStyle(layer: Pick<DerivedLayer, 'kind' | 'node' | 'unit'>): TileStyle {
  const name = `${layer.kind} ${layer.node ?? ''}`
  if (/ndvi|evi|savi|normalized_difference/i.test(name) && !/ndwi|mndwi/i.test(name)) return { ramp: 'ndvi', stretch: { kind: 'range', min: -1, max: 1 } }
  return { ramp: 'viridis' }
}

/** The map of an execute observation: the session's georeferenced source rasters under the product layer. */
function ExecuteMap(props: { api: RsureApi; files: FileEntry[]; layers: DerivedLayer[]; artifact: string | null; sceneFiles: FileEntry[]; missing: string[] }) {
  const { api, layers, artifact, sceneFiles, missing } = props
  const [opacity, setOpacity] = useState(0.85)
  const [showProduct, setShowProduct] = useState(true)
  const product = layers.find((l) => l.id === artifact) ?? null
  const vectors = useVectorLayers(api, layers)
  const specs: MapLayerSpec[] = useMemo(
    () => [
      ...sceneFiles.slice(0, 1).map((f) => ({ key: `src-${f.id}`, ref: { fileId: f.id }, name: f.name, visible: true, opacity: 1, style: {} })),
      ...(product
        ? [{ key: `prod-${product.id}`, ref: { artifact: product.id }, name: product.name, visible: showProduct, opacity, style: productStyle(product) }]
        : []),
    ],
    [sceneFiles, product, showProduct, opacity],
  )
  return (
    <div className="execute-map">
      <MapView api={api} layers={specs} vectors={vectors} fitKey={artifact ?? 'none'} label="map of the observation" testId="evidence-map" />
      <div className="controls">
        <span data-testid="evidence-source-raster">
          {sceneFiles[0]
            ? `Source: ${sceneFiles[0].name}`
            : `The raster this was computed from${missing.length ? ` (${missing.map(baseName).join(', ')})` : ''} is not in this session${
                product
                  ? '; the map shows the saved product only.'
                  : ', and no product raster of this call was saved: add that file to see the observation on the map.'
              }`}
        </span>
        {product ? (
          <>
            <label>
              <input type="checkbox" checked={showProduct} onChange={(e) => setShowProduct(e.target.checked)} data-testid="product-toggle" /> {product.name}
            </label>
            <OpacityRange value={opacity} onChange={setOpacity} label="product opacity" />
          </>
        ) : sceneFiles[0] ? (
          <span className="muted">No product raster of this call was saved, so the map shows the source only.</span>
        ) : null}
      </div>
    </div>
  )
}

export function EvidenceVisual(props: { api: RsureApi; call: CallView; files: FileEntry[]; layers: DerivedLayer[] }) {
  const { api, call, files, layers } = props
  const kind = observationKind(call.tool, call.args)
  const paths = sourceImages(call)
  const callLayers = layers.filter((l) => l.call === call.call && l.georeference === 'geographic' && l.available)
  const [node, setNode] = useState<string | null>(null)
  // A call refused before it computed anything (a folder of 24 scenes given to a perception, a band the files lack)
  // has nothing to draw: say why instead of an empty map or picture, and keep an execute's DAG (its failed node).
  const refusal = call.thrown ?? (call.result && call.result.status !== 'ok' ? (call.result.reason ?? '') : null)
  if (refusal !== null && callLayers.length === 0 && !(call.result?.artifacts.length ?? 0)) {
    return (
      <div className="visual" data-testid="evidence-refused">
        <p className="refused">
          This call {call.thrown ? 'failed' : 'was refused'}, so it has nothing to draw{refusal ? `: ${windowText(refusal)}` : '.'}
        </p>
        {kind === 'execute' && (
          <div className="dag-wrap">
            <DagGraph api={api} args={call.args} result={call.result} selected={node} onSelect={(n: DagNodeView) => setNode(n.id)} />
          </div>
        )}
      </div>
    )
  }
  if (kind === 'execute') {
    const nodeArtifact = node ? (artifactForNode(node, call.result?.artifacts ?? [])?.sha256 ?? null) : null
    // The product node's raster by default (the first raster.product of the DAG, or a raster.algebra naming the
    // index it computes, as the spec compiler writes NDVI), else the last raster saved.
    const productNode = dagNodes(call.args).find((d) => d.op === 'raster.product' || (d.op === 'raster.algebra' && typeof d.params.index === 'string'))?.id
    const artifact = nodeArtifact ?? callLayers.find((l) => l.node === productNode)?.id ?? callLayers[callLayers.length - 1]?.id ?? null
    // The rasters this call read (its catalog's files), never another file of the session.
    const sceneFiles = callSourceFiles(files, call).filter(placed)
    const missing = callSourcePaths(call).filter((p) => RASTER_PATH.test(p) && !fileForPath(files, p))
    return (
      <div className="visual">
        <ExecuteMap api={api} files={files} layers={layers.filter((l) => l.call === call.call)} artifact={artifact} sceneFiles={sceneFiles} missing={missing} />
        <div className="dag-wrap">
          <DagGraph api={api} args={call.args} result={call.result} selected={node} onSelect={(n: DagNodeView) => setNode(n.id)} />
        </div>
      </div>
    )
  }
  if (kind === 'change' || isChangeCall(call)) {
    const pair = callSourcePaths(call).filter((p) => /\.(png|jpe?g|tif|tiff)$/i.test(p))
    return <ChangeView api={api} files={files} paths={pair} call={call} layers={layers} />
  }
  // A measure or perception on a georeferenced image: its masks (GeoTIFF) and outlines (GeoJSON) over the source.
  if (callLayers.length > 0) {
    const sources = callSourceFiles(files, call)
    return (
      <div className="visual">
        <LayersMap
          api={api}
          sources={sources}
          layers={layers.filter((l) => l.call === call.call)}
          missing={callSourcePaths(call).filter((p) => !fileForPath(files, p))}
        />
      </div>
    )
  }
  if (!paths.length) return <p className="muted">This observation names no source image.</p>
  return (
    <div className="visual">
      <SourcePicture api={api} files={files} path={paths[0]} call={call} />
      {kind === 'scene' && <SceneScores observation={call.result?.observation} intermediate={call.result?.evidence?.intermediate} />}
      {paths.length > 1 && <p className="muted">Also used: {paths.slice(1).map(baseName).join(', ')}</p>}
    </div>
  )
}
