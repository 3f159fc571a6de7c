import { describe, expect, it } from 'vitest'
import { compactObservation, MODEL_OBJECTS, observationSchemaFor } from '../../../main/domain/observations'

const objects = (n: number) => Array.from({ length: n }, (_, i) => ({ label: 'plane', box: [i, i, i + 10, i + 10], score: 0.5 }))

describe('observation schemas per tool and mode', () => {
  it('finds the mode schema, else the tool schema, else none', () => {
    const full = { mode: 'objects', backend: 'pack', geometry: 'exact', counts_by_group: { plane: 2 }, objects: objects(2) }
    expect(observationSchemaFor('perceive:objects')!.safeParse(full).success).toBe(true)
    expect(observationSchemaFor('perceive:objects')!.safeParse({ mode: 'objects', backend: 'pack' }).success).toBe(false)
    expect(observationSchemaFor('measure:distance')!.safeParse({ metric: 'distance', value: 12.5, unit: 'm' }).success).toBe(true)
    expect(observationSchemaFor('measure:distance')!.safeParse({ metric: 'distance', value: 'far' }).success).toBe(false)
    expect(observationSchemaFor('paint:walls')).toBeNull()
  })

  it('gives the model a compact form: app-only fields out, long lists cut with a count, the app keeps the full one', () => {
    const full = {
      mode: 'objects',
      backend: 'pack',
      geometry: 'exact',
      counts_by_group: { plane: 30 },
      objects: objects(30),
      layer_paths: { geojson: '/data/artifacts/x.geojson' },
      geometry_contract: 'Exact geometry is stored in layer_paths.',
    }
    const before = JSON.stringify(full)
    const compact = JSON.parse(compactObservation('perceive:objects', full))
    expect(compact.layer_paths).toBeUndefined()
    expect(compact.geometry_contract).toBeUndefined()
    expect(compact.counts_by_group).toEqual({ plane: 30 })
    expect(compact.objects).toHaveLength(MODEL_OBJECTS + 1)
    expect(compact.objects.at(-1)).toBe(`… ${30 - MODEL_OBJECTS} more`)
    expect(JSON.stringify(full)).toBe(before)
  })

  it('still shows an observation that does not fit its mode, and caps the text', () => {
    expect(compactObservation('execute:raster.product', 0.4213)).toBe('0.4213')
    const long = compactObservation('measure:count', { metric: 'count', value: 3, note: 'x'.repeat(5000) }, 200)
    expect(long.length).toBeLessThan(260)
    expect(long).toMatch(/cut at 200/)
  })
})
