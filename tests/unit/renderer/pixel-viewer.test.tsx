// @vitest-environment happy-dom
/**
 * A plain photo in the pixel viewer carries the same overlays as the evidence viewer: the accepted observations of
 * the run that were made on this image (and only those).
 */
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import type { RsureApi } from '../../../preload/contract'
import { PixelViewer } from '../../../renderer/src/map/pixel-viewer'
import { acceptedCalls, buildRun } from '../../../renderer/src/model/run-model'
import { callSteps, events, picture, taskStep } from './synthetic-runs'

const api = { transport: 'websocket', invoke: () => Promise.reject(new Error('unused')), on: () => () => undefined, addFiles: () => Promise.reject(new Error('unused')) } as unknown as RsureApi

describe('pixel viewer', () => {
  it('draws the boxes of observations made on this photo, not those of another one', () => {
    const A = picture('fa0001', '/imgs/apron.jpg', 640, 480)
    const run = buildRun(events([
      taskStep('How many planes?'),
      ...callSteps(1, 1, 'perceive', { mode: 'objects', image_paths: [A.path] }, { observation: { count: 1, objects: [{ label: 'plane', score: 0.8, box: [1, 2, 30, 40] }] } }),
      ...callSteps(2, 6, 'perceive', { mode: 'objects', image_paths: ['/imgs/other.jpg'] }, { observation: { count: 1, objects: [{ label: 'car', box: [5, 5, 9, 9] }] } }),
      ...callSteps(3, 11, 'perceive', { mode: 'objects', image_paths: [A.path] }, { observation: { count: 1, objects: [{ label: 'truck', box: [100, 100, 140, 130] }] } }, 'reject'),
    ]))
    const html = renderToStaticMarkup(<PixelViewer api={api} file={A} calls={acceptedCalls(run)} />)
    const doc = new DOMParser().parseFromString(html, 'text/html')
    const boxes = [...doc.querySelectorAll('[data-testid=ov-box]')]
    expect(boxes.map((b) => b.textContent)).toEqual(['plane 0.8'])
    expect(doc.querySelector('svg.overlay')!.getAttribute('viewBox')).toBe('0 0 640 480')
    expect(doc.querySelector('[data-testid=pixel-viewer]')!.getAttribute('tabindex')).toBe('0')
  })
  it('captions a picture whose name another picture shares with the number its card shows', () => {
    const a = picture('fa0011', '/levir/A/test_2_0000_0000.png', 256, 256)
    const b = picture('fb0012', '/levir/B/test_2_0000_0000.png', 256, 256)
    const caption = (file: typeof a) => {
      const html = renderToStaticMarkup(<PixelViewer api={api} file={file} calls={[]} files={[a, b]} />)
      return new DOMParser().parseFromString(html, 'text/html').querySelector('[data-testid=pixel-viewer] figcaption')?.textContent
    }
    expect(caption(a)).toBe('test_2_0000_0000.png (1)')
    expect(caption(b)).toBe('test_2_0000_0000.png (2)')
  })
})
