/**
 * The images an observation names, for the evidence viewer: a measure call names its images in its sources, as
 * `image` or (the shape perceive takes, and the rules backbone writes) `image_paths`; both must be found, or the
 * viewer says the observation names no source image (seen on a ship count over a DOTA image); and the boxes a
 * count's evidence lists as bare arrays are drawn over it.
 */
import { describe, expect, it } from 'vitest'
import { drawablesOf, sourceImages } from '../../../renderer/src/model/observation'

describe('sourceImages', () => {
  it('finds the images of a measure call in its sources, named as image or image_paths', () => {
    const args = {
      sources: [
        { id: 'image', mode: 'objects', image_paths: ['/data/uploads/u1/P1053.jpg'] },
        { id: 'corner', mode: 'extent', image: '/data/uploads/u2/other.png' },
      ],
      spec: { metric: 'count', subject: 'ship' },
    }
    expect(sourceImages({ tool: 'measure', args })).toEqual(['/data/uploads/u1/P1053.jpg', '/data/uploads/u2/other.png'])
  })

  it('still finds a perceive call`s image_paths and names each image once', () => {
    expect(sourceImages({ tool: 'perceive', args: { mode: 'objects', image_paths: ['/a/x.png', '/a/x.png'] } })).toEqual(['/a/x.png'])
  })
})

describe('drawablesOf a measure count', () => {
  it('draws the boxes its evidence lists as bare [x0, y0, x1, y1] arrays', () => {
    const result = { status: 'ok', observation: { metric: 'count', value: 2, unit: 'count' }, evidence: { intermediate: { numerator: 2, confidences: [0.9, 0.8], boxes: [[240, 336, 400, 432], [640, 600, 768, 680]] } } }
    expect(drawablesOf(result as never).boxes.map((b) => b.box)).toEqual([
      [240, 336, 400, 432],
      [640, 600, 768, 680],
    ])
  })
})
