import { describe, expect, it } from 'vitest'
import { checkPerception, duplicateDetections } from '../../../main/verify/policy/perception-quality'
import { featurelessBoxes } from '../../../main/verify/policy/box-content'

const sev = (fs: { check: string; severity: string }[], check: string) => fs.filter((f) => f.check === check).map((f) => f.severity)

describe('perception quality policy', () => {
  it('rejects degenerate boxes and metre measures from approximate geometry or without a GSD', () => {
    const boxes = checkPerception(
      'perceive:objects',
      {
        boxes: [
          { box: [0, 0, 10, 10], confidence: 0.9 },
          { box: [5, 5, 5, 9], confidence: 0.9 },
        ],
        confidences: [0.9, 0.9],
      },
      { layer_status: 'ok', tile_coverage: 1 },
      'normal',
    )
    expect(sev(boxes, 'geometry')).toEqual(['reject'])
    const approx = checkPerception('measure:area', { numerator: 1, denominator: null }, { layer_status: 'ok', geometry: { img: 'approximate' } }, 'normal', {
      unit: 'm2',
      gsd_source: 'argument',
      gsd_m: 0.5,
    })
    expect(sev(approx, 'geometry')).toEqual(['reject'])
    expect(sev(approx, 'gsd_source')).toEqual(['caveat'])
    const none = checkPerception('measure:distance', { numerator: 3, denominator: null }, { layer_status: 'ok', geometry: { a: 'exact' } }, 'normal', {
      unit: 'km',
      gsd_source: 'none',
    })
    expect(sev(none, 'gsd_source')).toEqual(['reject'])
    const px = checkPerception('measure:distance', { numerator: 3, denominator: null }, { layer_status: 'ok', geometry: { a: 'approximate' } }, 'normal', {
      unit: 'px',
      gsd_source: 'none',
    })
    expect(px.some((f) => f.severity === 'reject')).toBe(false)
  })

  it('asks for missing tiles, rejects impossible shares, and states the limits of the method', () => {
    expect(sev(checkPerception('perceive:regions', {}, { layer_status: 'ok', tile_coverage: 0.9 }, 'normal'), 'tile_coverage')).toEqual(['request'])
    expect(sev(checkPerception('perceive:regions', {}, { layer_status: 'ok', tile_coverage: 0.99 }, 'strict'), 'tile_coverage')).toEqual(['request'])
    expect(sev(checkPerception('perceive:regions', {}, { layer_status: 'ok', tile_coverage: 1 }, 'strict'), 'tile_coverage')).toEqual(['pass'])
    expect(
      sev(
        checkPerception(
          'measure:fraction',
          { numerator: 11, denominator: 10 },
          { layer_status: 'ok' },
          'normal',
          { unit: 'fraction' },
          { value: 1.1, unit: 'fraction' },
        ),
        'fraction',
      ),
    ).toEqual(['reject', 'reject'])
    expect(
      sev(
        checkPerception('measure:percentage', { numerator: 5, denominator: 10 }, { layer_status: 'ok' }, 'normal', { unit: '%' }, { value: 50, unit: '%' }),
        'fraction',
      ),
    ).toEqual([])
    const cva = checkPerception(
      'measure:percentage',
      { numerator: 5, denominator: 10 },
      { layer_status: 'ok' },
      'normal',
      { unit: '%', sources: [{ backend: 'classical:cva' }] },
      { value: 50, unit: '%' },
    )
    expect(sev(cva, 'method')).toEqual(['caveat'])
    const weak = checkPerception('perceive:regions', {}, { layer_status: 'ok' }, 'normal', {
      thresholds: { water: { threshold_method: 'otsu', otsu_separability: 0.31 }, vegetation: { threshold_method: 'declared' } },
    })
    expect(weak.find((f) => f.check === 'threshold')?.message).toMatch(/weakly bimodal \(separability 0.31/)
    const strong = checkPerception(
      'measure:percentage',
      { numerator: 1, denominator: 2 },
      { layer_status: 'ok' },
      'normal',
      { unit: '%', sources: [{ backend: 'classical:spectral-index', perceive: { thresholds: { water: { otsu_separability: 0.76 } } } }] },
      { value: 50, unit: '%' },
    )
    expect(sev(strong, 'threshold')).toEqual([])
    expect(sev(checkPerception('perceive:regions', { valid_pixels: 40, total_pixels: 100 }, { layer_status: 'incomplete' }, 'normal'), 'layer_status')).toEqual(
      ['reject'],
    )
  })

  it('counts of objects need confidences; counts of mask components do not', () => {
    expect(
      sev(
        checkPerception('measure:count', { numerator: 3, instances: 'objects', confidences: [0.2, 0.25, 0.3] }, { layer_status: 'ok' }, 'normal'),
        'confidence',
      ),
    ).toEqual(['request'])
    expect(sev(checkPerception('measure:count', { numerator: 3, instances: 'objects' }, { layer_status: 'ok' }, 'normal'), 'confidence')).toEqual(['request'])
    expect(
      sev(checkPerception('measure:count', { numerator: 3, instances: '8-connected components' }, { layer_status: 'ok' }, 'normal'), 'confidence'),
    ).toEqual([])
  })

  it('a box at least 80 % inside another of its class is a duplicate; other classes and neighbours are not', () => {
    const box = (b: number[], label = 'ship') => ({ box: b, label, confidence: 0.9 })
    // [12,12,18,18] lies wholly in [10,10,20,20]; [15,10,25,20] covers half of it (50 %), a plane inside is another class.
    expect(duplicateDetections({ boxes: [box([10, 10, 20, 20]), box([12, 12, 18, 18])] })).toBe(1)
    expect(duplicateDetections({ boxes: [box([10, 10, 20, 20]), box([15, 10, 25, 20])] })).toBe(0)
    expect(duplicateDetections({ boxes: [box([10, 10, 20, 20]), box([12, 12, 18, 18], 'plane')] })).toBe(0)
    // measure's bare boxes (one subject): the same rule without labels.
    const f = checkPerception(
      'measure:count',
      {
        numerator: 2,
        instances: 'objects',
        confidences: [0.9, 0.8],
        boxes: [
          [0, 0, 10, 10],
          [1, 1, 9, 9],
        ],
      },
      { layer_status: 'ok' },
      'normal',
    )
    expect(sev(f, 'duplicates')).toEqual(['reject'])
  })

  it('a box over flat pixels matching its surroundings is featureless; one over a dark square on a light ground is not', () => {
    // 20 x 20 grey image at 200 with a dark 4 x 4 square at (2..6, 2..6).
    const data = new Uint8Array(400).fill(200)
    for (let y = 2; y < 6; y++) for (let x = 2; x < 6; x++) data[y * 20 + x] = 40
    const g = { data, width: 20, height: 20 }
    expect(
      featurelessBoxes(g, [
        [2, 2, 6, 6],
        [12, 12, 16, 16],
        [3, 3, 5, 5],
      ]),
    ).toEqual([1])
  })
})
