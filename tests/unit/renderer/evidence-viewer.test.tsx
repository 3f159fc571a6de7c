// @vitest-environment happy-dom
/**
 * The evidence viewer for every observation kind (execute DAG + product raster, objects, regions, change,
 * measurement, document, scene), rendered to static markup from synthetic runs: what is drawn on the left (graph
 * nodes, boxes, polygons, changed regions with the T1|T2 swipe, points and the measured line, text boxes, class
 * scores, scale bar) and what is listed on the right (the three evidence groups, prior, rule checks, verdict).
 */
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import type { DerivedLayer, RsureApi } from '../../../preload/contract'
import { EvidenceViewer } from '../../../renderer/src/evidence/evidence-viewer'
import { buildRun } from '../../../renderer/src/model/run-model'
import { callSteps, events, NDVI_DAG, ndviResult, picture, taskStep, type StepLike } from './synthetic-runs'

/** Effects never run in static rendering, so the api is never called; it fails loudly if it were. */
const api = {
  transport: 'websocket',
  invoke: () => Promise.reject(new Error('not called in static rendering')),
  on: () => () => undefined,
  addFiles: () => Promise.reject(new Error('no files')),
} as unknown as RsureApi

const A = picture('fa0001', '/imgs/harbour.png', 400, 200)
const B = picture('fb0002', '/imgs/harbour-2024.png', 400, 200)
const DOC = picture('fc0003', '/imgs/sign.jpg', 300, 100)

function render(steps: StepLike[], call: number, opts: { layers?: DerivedLayer[]; files?: (typeof A)[] } = {}) {
  const run = buildRun(events([taskStep('synthetic question'), ...steps]))
  const html = renderToStaticMarkup(
    <EvidenceViewer
      api={api}
      run={run}
      call={call}
      files={opts.files ?? [A, B, DOC]}
      layers={opts.layers ?? []}
      mark={undefined}
      onMark={() => undefined}
      onClose={() => undefined}
      onOpen={() => undefined}
    />,
  )
  const doc = new DOMParser().parseFromString(html, 'text/html')
  const all = (sel: string) => [...doc.querySelectorAll(sel)]
  return { html, doc, all, text: (sel: string) => doc.querySelector(sel)?.textContent ?? '' }
}

function expectDetails(v: ReturnType<typeof render>, decision: RegExp) {
  for (const g of ['source', 'intermediate', 'validity']) expect(v.all(`[data-testid=evidence-${g}]`)).toHaveLength(1)
  expect(v.text('[data-testid=evidence-source] h4')).toMatch(/^Source/)
  expect(v.text('[data-testid=evidence-intermediate] h4')).toMatch(/^Intermediate/)
  expect(v.text('[data-testid=evidence-validity] h4')).toMatch(/^Validity/)
  expect(v.text('[data-testid=evidence-details]')).toContain('prior r̂ 0.75 · coarse · n 18')
  expect(v.text('[data-testid=evidence-rules]')).toBe('Passed: status, evidence, finite.')
  expect(v.text('[data-testid=evidence-verdict]')).toMatch(decision)
}

describe('evidence viewer', () => {
  it('execute: the DAG graph with status and valid-pixel counts, and the product raster on the map', () => {
    const sha = 'a'.repeat(64)
    const layer: DerivedLayer = {
      id: sha,
      kind: 'raster:ndvi',
      call: 1,
      node: 'ndvi',
      unit: 'dimensionless',
      format: 'geotiff',
      name: 'ndvi.tif',
      bytes: 1000,
      available: true,
      georeference: 'geographic',
    }
    const v = render(callSteps(1, 1, 'execute', NDVI_DAG, ndviResult(46100, 66045, 0.2056, sha)), 1, { layers: [layer] })
    const nodes = v.all('[data-testid=dag-node]')
    expect(nodes.map((n) => n.getAttribute('data-node'))).toEqual(['catalog', 'nir', 'red', 'ndvi', 'daily', 'overall'])
    expect(nodes.every((n) => n.getAttribute('data-status') === 'ok')).toBe(true)
    expect(v.doc.querySelector('[data-node=ndvi]')!.textContent).toContain('46,100 px valid')
    expect(v.doc.querySelector('[data-node=ndvi]')!.textContent).toContain('of 66,045 (69.8 %)')
    expect(v.doc.querySelector('[data-node=overall]')!.textContent).toContain('= 0.2056')
    expect(v.doc.querySelector('[data-node=overall]')!.getAttribute('data-output')).toBe('true')
    // Edges: nir and red feed ndvi; the ndvi node has a thumbnail slot for its saved raster.
    expect(v.all('.dag-edge')).toHaveLength(6)
    expect(v.all('[data-node=ndvi] .thumb-empty')).toHaveLength(1)
    expect(v.all('[data-node=nir] .thumb-empty')).toHaveLength(0)
    expect(v.all('[data-testid=evidence-map]')).toHaveLength(1)
    expect(v.all('[data-testid=product-toggle]')).toHaveLength(1)
    expect(v.text('[data-testid=evidence-headline]')).toBe('0.2056')
    expectDetails(v, /^accepted by rules-policy: synthetic accept of call 1/)
  })

  it('execute without a saved product and without its source in the session says both in one sentence', () => {
    const r = ndviResult(10, 20, 0.5, 'b'.repeat(64))
    const v = render(callSteps(1, 1, 'execute', NDVI_DAG, { ...r, artifacts: [] }), 1)
    expect(v.all('[data-testid=product-toggle]')).toHaveLength(0)
    expect(v.text('[data-testid=evidence-source-raster]')).toMatch(/is not in this session, and no product raster of this call was saved/)
    expect(v.html).not.toMatch(/shows the source only|shows the saved product only/)
  })

  it('objects: boxes with labels and scores over the source image, and a scale bar from the GSD', () => {
    const args = { mode: 'objects', image_paths: [A.path], objective: 'count ships', gsd: 0.5 }
    const obs = {
      count: 2,
      label: 'ship',
      objects: [
        { label: 'ship', score: 0.91, box: [10, 20, 60, 50] },
        { label: 'ship', score: 0.67, box: [200, 100, 260, 140] },
      ],
    }
    const v = render(callSteps(1, 1, 'perceive', args, { observation: obs, intermediate: { kept: 2, filtered: 3 } }), 1)
    const boxes = v.all('[data-testid=ov-box]')
    expect(boxes).toHaveLength(2)
    const rect = boxes[0].querySelector('rect')!
    expect([rect.getAttribute('x'), rect.getAttribute('y'), rect.getAttribute('width'), rect.getAttribute('height')]).toEqual(['10', '20', '50', '30'])
    expect(boxes[1].textContent).toBe('ship 0.67')
    expect(v.doc.querySelector('svg.overlay')!.getAttribute('viewBox')).toBe('0 0 400 200')
    // 400 px × 0.5 m = 200 m wide; a fifth is 40 m, so the bar is 20 m = 40 px.
    expect(v.text('[data-testid=scale-bar] text')).toBe('20 m')
    expect(v.doc.querySelector('[data-testid=scale-bar] rect')!.getAttribute('width')).toBe('40')
    expect(v.text('[data-testid=evidence-headline]')).toBe('2 ship')
    expectDetails(v, /^accepted/)
  })

  it('regions: polygons (GeoJSON features in pixel coordinates) over the image', () => {
    const args = { mode: 'regions', image_paths: [A.path], target_groups: { water: ['water'] } }
    const fc = {
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          properties: { label: 'water' },
          geometry: {
            type: 'Polygon',
            coordinates: [
              [
                [0, 0],
                [100, 0],
                [100, 80],
                [0, 0],
              ],
            ],
          },
        },
      ],
    }
    const v = render(callSteps(1, 1, 'perceive', args, { observation: { fraction: 0.12, regions: fc } }), 1)
    const polys = v.all('[data-testid=ov-polygon]')
    expect(polys).toHaveLength(1)
    expect(polys[0].getAttribute('points')).toBe('0,0 100,0 100,80 0,0')
    expect(polys[0].getAttribute('class')).toBe('ov-region')
    expectDetails(v, /^accepted/)
  })

  it('change: T1 | T2 with a swipe and the changed regions drawn as changed', () => {
    const args = { mode: 'change', image_paths: [A.path, B.path] }
    const obs = {
      changed_fraction: 0.03,
      changed: [
        {
          polygon: [
            [5, 5],
            [50, 5],
            [50, 40],
          ],
          label: 'new pier',
        },
      ],
    }
    const v = render(callSteps(1, 1, 'perceive', args, { observation: obs }), 1)
    expect(v.all('[data-testid=swipe]')).toHaveLength(1)
    expect(v.all('[data-testid=swipe-range]')).toHaveLength(1)
    expect(v.text('[data-testid=swipe] figcaption')).toContain('T1 harbour.png')
    expect(v.text('[data-testid=swipe] figcaption')).toContain('T2 harbour-2024.png')
    const polys = v.all('[data-testid=ov-polygon]')
    expect(polys).toHaveLength(1)
    expect(polys[0].getAttribute('class')).toBe('ov-changed')
    expectDetails(v, /^accepted/)
  })

  it('change of a pair of one name (LEVIR-CD A/ and B/): T1 and T2 are told apart by the number their cards show', () => {
    const a = picture('fa0011', '/levir/A/test_2_0000_0000.png', 256, 256)
    const b = picture('fb0012', '/levir/B/test_2_0000_0000.png', 256, 256)
    const args = { mode: 'change', image_paths: [a.path, b.path] }
    // A raster before the pair in the session: the cards number pictures only, so the pair is (1) and (2).
    const raster = {
      ...picture('fr0010', '/scene/B4.TIF', 100, 100),
      info: { ...A.info!, kind: 'raster' as const, crs: { epsg: 32617 } },
    } as unknown as typeof A
    const v = render(callSteps(1, 1, 'perceive', args, { observation: { changed_fraction: 0.1 } }), 1, { files: [raster, a, b] })
    const caption = [...v.doc.querySelectorAll('[data-testid=swipe] figcaption span')].map((s) => s.textContent)
    expect(caption).toEqual(['T1 test_2_0000_0000.png (1)', 'T2 test_2_0000_0000.png (2)'])
  })

  it('lists a saved layer among the artifacts by what it holds, its store file name only in the tooltip', () => {
    const sha = 'ab'.repeat(32)
    const artifacts = [
      { kind: 'layer:change:geojson-pixel', path: `/data/artifacts/${sha}.geojson`, sha256: sha, bytes: 10 },
      { kind: 'raster:ndvi', path: `/data/artifacts/${'cd'.repeat(32)}.tif`, sha256: 'cd'.repeat(32), bytes: 10 },
    ]
    const v = render(callSteps(1, 1, 'perceive', { mode: 'change', image_paths: [A.path, B.path] }, { observation: { changed_fraction: 0.1 }, artifacts }), 1)
    const items = v.all('ul.artifacts li')
    expect(items.map((li) => li.textContent)).toEqual(['changed regions, outlines in pixels', 'ndvi raster'])
    expect(items[0].getAttribute('title')).toContain(sha)
  })

  it('change without its second image says what is missing', () => {
    const v = render(callSteps(1, 1, 'perceive', { mode: 'change', image_paths: [A.path, '/elsewhere/t2.png'] }, { observation: { changed_fraction: 0 } }), 1)
    expect(v.html).toContain('needs its two images (T1 and T2)')
  })

  it('measurement: the two landmarks and the measured line', () => {
    const args = { sources: [{ kind: 'objects', image: A.path }], spec: { metric: 'distance', unit: 'm' } }
    const obs = {
      value: 42.5,
      unit: 'm',
      landmarks: [
        { label: 'pier', point: [20, 30] },
        { label: 'crane', x: 120, y: 90 },
      ],
      distance: 42.5,
    }
    const v = render(callSteps(1, 1, 'measure', args, { observation: obs, source: { gsd: 0.5 } }), 1)
    expect(v.all('[data-testid=ov-point]').map((p) => p.textContent)).toEqual(['pier', 'crane'])
    const line = v.doc.querySelector('[data-testid=ov-line]')!
    expect([line.getAttribute('x1'), line.getAttribute('y1'), line.getAttribute('x2'), line.getAttribute('y2')]).toEqual(['20', '30', '120', '90'])
    expect(v.text('[data-testid=evidence-headline]')).toBe('42.5 m')
    expect(v.all('[data-testid=scale-bar]')).toHaveLength(1)
    expectDetails(v, /^accepted/)
  })

  it('document: the recognised text lines as boxes, the text as the headline', () => {
    const args = { mode: 'document', image_paths: [DOC.path] }
    const obs = {
      text: 'NO ENTRY\nPORT AREA',
      lines: [
        { text: 'NO ENTRY', box: [10, 10, 120, 40], confidence: 0.98 },
        { text: 'PORT AREA', box: [10, 50, 140, 80], confidence: 0.95 },
      ],
    }
    const v = render(callSteps(1, 1, 'perceive', args, { observation: obs }), 1)
    expect(v.all('[data-testid=ov-text]').map((t) => t.textContent)).toEqual(['NO ENTRY', 'PORT AREA'])
    expect(v.all('[data-testid=ov-box]')).toHaveLength(0)
    expect(v.text('[data-testid=evidence-headline]')).toBe('NO ENTRY\nPORT AREA')
    expectDetails(v, /^accepted/)
  })

  it('scene: the image and its class scores as bars', () => {
    const args = { mode: 'scene', image_paths: [A.path], label_space: ['harbor', 'beach', 'forest'] }
    const obs = {
      label: 'harbor',
      score: 0.81,
      scores: [
        { label: 'harbor', score: 0.81 },
        { label: 'beach', score: 0.12 },
        { label: 'forest', score: 0.07 },
      ],
    }
    const v = render(callSteps(1, 1, 'perceive', args, { observation: obs }), 1)
    expect(v.all('[data-testid=scene-scores] li').map((li) => li.textContent)).toEqual(['harbor0.81', 'beach0.12', 'forest0.07'])
    expect(v.text('[data-testid=evidence-headline]')).toBe('harbor (0.81)')
    expect(v.all('[data-testid=overlay-image]')).toHaveLength(1)
    expectDetails(v, /^accepted/)
  })

  it("scene from a pack: the bars come from the evidence's scores when the observation holds only its predictions", () => {
    const args = { mode: 'scene', image_paths: [A.path], label_space: ['harbour', 'forest', 'farmland'] }
    const obs = { mode: 'scene', predictions: [{ image_index: 1, class_name: 'forest', confidence: 0.39 }] }
    const scores = [
      [
        { label: 'forest', score: 0.39, cosine: 0.76 },
        { label: 'farmland', score: 0.32, cosine: 0.74 },
        { label: 'harbour', score: 0.29, cosine: 0.73 },
      ],
    ]
    const v = render(callSteps(1, 1, 'perceive', args, { observation: obs, intermediate: { scores } }), 1)
    expect(v.all('[data-testid=scene-scores] li').map((li) => li.textContent)).toEqual(['forest0.39', 'farmland0.32', 'harbour0.29'])
  })

  it('a follow-up offers the comparison with the observation it was asked for', () => {
    const args = { mode: 'objects', image_paths: [A.path] }
    const steps = [
      ...callSteps(1, 1, 'perceive', args, { observation: { count: 3, objects: [] } }, 'request_evidence'),
      ...callSteps(2, 6, 'perceive', { ...args, view: 'tiles' }, { observation: { count: 4, objects: [] } }, 'accept', { followUpOf: 1 }),
    ]
    const v = render(steps, 2)
    expect(v.all('[data-testid=compare-toggle]')).toHaveLength(1)
    expect(v.html).toContain('compare with #1')
    // Both observations side by side: the request (call 1) first, then the follow-up that answers it.
    const cols = v.all('[data-testid=evidence-details]')
    expect(cols.map((c) => c.getAttribute('data-call'))).toEqual(['1', '2'])
    expect(cols[1].querySelector('h3')!.textContent).toContain('follow-up to #1')
    expect(cols[0].textContent).toContain('3 objects')
    expect(cols[1].textContent).toContain('4 objects')
    const first = render(steps, 1)
    expect(first.all('[data-testid=compare-toggle]')).toHaveLength(0)
    expect(first.html).toContain('follow-ups: #2')
    expect(first.text('[data-testid=evidence-verdict]')).toMatch(/^evidence requested/)
  })
})

describe('evidence values', () => {
  it('lists a record with nested settings as fields, and keeps a table for several flat records', async () => {
    const { ValueTree } = await import('../../../renderer/src/evidence/evidence-groups')
    const doc = new DOMParser().parseFromString(
      renderToStaticMarkup(
        <ValueTree
          value={{
            sources: [{ id: 'image', mode: 'objects', perceive: { backend: 'pack:tiny-detect', thresholds: { conf: 0.25 } } }],
            scores: [
              { label: 'forest', score: 0.39 },
              { label: 'harbour', score: 0.28 },
            ],
          }}
        />,
      ),
      'text/html',
    )
    const tables = [...doc.querySelectorAll('table.records')]
    // Only the scores are a table of records (two flat rows); the source with its perceive settings is fields.
    expect(tables.map((t) => [...t.querySelectorAll('th')].map((th) => th.textContent))).toEqual([['label', 'score']])
    const rows = [...doc.querySelectorAll('table.kv th')].map((th) => th.textContent)
    expect(rows).toEqual(expect.arrayContaining(['id', 'mode', 'perceive', 'backend', 'thresholds', 'conf']))
    expect(doc.body.textContent).not.toContain('{"backend"')
  })

  it('says "none" for an empty record or list, with nothing to fold open', async () => {
    const { ValueTree } = await import('../../../renderer/src/evidence/evidence-groups')
    const doc = new DOMParser().parseFromString(renderToStaticMarkup(<ValueTree value={{ products: {}, quality_masks: [], nodes: { a: 1 } }} />), 'text/html')
    const row = (k: string) => [...doc.querySelectorAll('table.kv tr')].find((tr) => tr.querySelector('th')?.textContent === k)!
    expect(row('products').querySelector('td')!.textContent).toBe('none')
    expect(row('quality_masks').querySelector('td')!.textContent).toBe('none')
    expect(row('products').querySelector('details')).toBeNull()
    expect(row('nodes').querySelector('details')).not.toBeNull()
  })
})
