import { describe, expect, it } from 'vitest'
import { canonicalCall } from '../../../main/verify/canonical-args'

describe('canonicalCall', () => {
  it('ignores key order, whitespace in strings and float noise', () => {
    const a = canonicalCall('measure', { spec: { metric: 'count', threshold: 0.1 + 0.2 }, sources: [{ kind: ' objects ' }] })
    const b = canonicalCall('measure', { sources: [{ kind: 'objects' }], spec: { threshold: 0.3, metric: 'count' } })
    expect(a).toBe(b)
  })

  it('keeps array order, which is meaningful', () => {
    expect(canonicalCall('perceive', { image_paths: ['/a.png', '/b.png'] })).not.toBe(canonicalCall('perceive', { image_paths: ['/b.png', '/a.png'] }))
  })

  it('resolves relative paths so ./x.tif and x.tif are one file', () => {
    expect(canonicalCall('execute', { nodes: [{ id: 'r', op: 'raster.read', params: { path: './x.tif' }, inputs: {} }], output: 'r' })).toBe(
      canonicalCall('execute', { nodes: [{ id: 'r', op: 'raster.read', params: { path: 'x.tif' }, inputs: {} }], output: 'r' }),
    )
  })

  it('treats DAGs that differ only in node labels as the same call', () => {
    const dag = (c: string, r: string) => ({
      nodes: [
        { id: c, op: 'asset.catalog', params: { dir: '/d' }, inputs: {} },
        { id: r, op: 'raster.read', params: { role: 'LST' }, inputs: { data: `@${c}` } },
      ],
      output: r,
    })
    expect(canonicalCall('execute', dag('cat', 'lst'))).toBe(canonicalCall('execute', dag('catalog', 'read1')))
    const other = dag('cat', 'lst')
    other.nodes[1].params.role = 'NDVI'
    expect(canonicalCall('execute', other)).not.toBe(canonicalCall('execute', dag('cat', 'lst')))
  })

  it('distinguishes tools', () => {
    expect(canonicalCall('measure', { a: 1 })).not.toBe(canonicalCall('perceive', { a: 1 }))
  })
})
