/**
 * The map style: no remote source at all (no tiles, glyphs or sprites from the network), just a neutral background
 * in the theme's colour. Imagery, the optional local basemap and overlays are added as layers on top.
 */
import type { StyleSpecification } from 'maplibre-gl'

export function offlineStyle(background: string): StyleSpecification {
  return {
    version: 8,
    name: 'rsure-offline',
    sources: {},
    layers: [{ id: 'background', type: 'background', paint: { 'background-color': background } }],
  }
}
