/**
 * A derived layer is named to the analyst in words, not by its artifact kind: perceive saves 'layer:change:geojson-pixel'
 * and the like (main/tools/perceive/layers.ts), which the evidence viewer's export buttons and the layer list showed
 * as 'change:geojson-pixel (call 1)'. An execute node keeps its node id ('ndvi (call 1)').
 */
import { describe, expect, it } from 'vitest'
import { layerName } from '../../../main/ipc/run-layers'

describe('layerName', () => {
  it('says what a perceive layer holds and in which coordinates', () => {
    expect(layerName('layer:change:geojson-pixel', 'change:geojson-pixel', 1)).toBe('changed regions, outlines in pixels (call 1)')
    expect(layerName('layer:regions:geojson-map', 'regions:geojson-map', 2)).toBe('regions, outlines in lon/lat (call 2)')
    expect(layerName('layer:regions:mask', 'regions:mask', 3)).toBe('regions, class mask (call 3)')
  })
  it('keeps an execute node by its id, and a call not known as such', () => {
    expect(layerName('raster:ndvi', 'ndvi', 1)).toBe('ndvi (call 1)')
    expect(layerName('layer:objects:mask', 'objects:mask', null)).toBe('objects, class mask (call ?)')
  })
})
