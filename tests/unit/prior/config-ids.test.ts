import { describe, expect, it } from 'vitest'
import {
  ConfigTripleSchema,
  coarseOf,
  configFromId,
  executeConfig,
  measureConfig,
  parseConfigId,
  perceiveConfig,
} from '../../../main/prior/config-ids'
import { ToolConfig } from '../../../main/tools/protocol'

describe('configuration ids', () => {
  it('parses coarse and fine ids into tool, key and qualifiers', () => {
    expect(parseConfigId('measure:count|auto|objects')).toEqual({
      tool: 'measure',
      key: 'count',
      qualifiers: ['auto', 'objects'],
      coarse: 'measure:count',
      id: 'measure:count|auto|objects',
      level: 'fine',
    })
    expect(parseConfigId(' Execute:Raster.Product ')).toMatchObject({ tool: 'execute', key: 'raster.product', level: 'coarse' })
    expect(coarseOf('perceive:objects|yolo-obb|tiles')).toBe('perceive:objects')
  })

  it('rejects malformed ids with one sentence', () => {
    expect(() => parseConfigId('count|auto')).toThrow(/must start with a tool and a colon/)
    expect(() => parseConfigId('2d detect:objects')).toThrow(/must start with a tool name in letters/)
    expect(() => parseConfigId('measure:count||objects')).toThrow(/empty or malformed part ''/)
    expect(() => parseConfigId('measure:count|auto objects')).toThrow(/malformed part 'auto objects'/)
  })

  it('builds ids the way the tools write them, valid under the protocol schema', () => {
    const cases = [
      [perceiveConfig('objects', null, 'tiles'), 'perceive:objects', 'perceive:objects|auto|tiles'],
      [perceiveConfig('scene', 'CLIP RS'), 'perceive:scene', 'perceive:scene|clip-rs|full'],
      [measureConfig('area', null, 'regions'), 'measure:area', 'measure:area|auto|regions'],
      [measureConfig('distance', 'nearest', 'objects'), 'measure:distance', 'measure:distance|nearest|objects'],
      [executeConfig('raster.product', 'tvdi'), 'execute:raster.product', 'execute:raster.product|tvdi'],
      [executeConfig('asset.catalog'), 'execute:asset.catalog', 'execute:asset.catalog'],
    ] as const
    for (const [config, coarse, fine] of cases) {
      expect(config.coarse).toBe(coarse)
      expect(config.fine).toBe(fine)
      expect(ToolConfig.safeParse(config).success).toBe(true)
      expect(ConfigTripleSchema.safeParse(config).success).toBe(true)
    }
    expect(configFromId('measure:count|auto|objects')).toEqual({ tool: 'measure', coarse: 'measure:count', fine: 'measure:count|auto|objects' })
  })

  it('refuses a triple whose parts disagree', () => {
    const bad = ConfigTripleSchema.safeParse({ tool: 'perceive', coarse: 'measure:count', fine: 'measure:count|auto|objects' })
    expect(bad.success).toBe(false)
    expect(bad.error?.issues[0].message).toBe("coarse id 'measure:count' does not belong to tool 'perceive'")
    const fineAsCoarse = ConfigTripleSchema.safeParse({ tool: 'measure', coarse: 'measure:count|auto', fine: 'measure:count|auto' })
    expect(fineAsCoarse.error?.issues[0].message).toBe("'measure:count|auto' is a fine id, not a coarse one")
  })
})

describe('agreement with the observation protocol', () => {
  it('accepts every id the protocol accepts, including execute details', () => {
    for (const fine of ['execute:raster.summarize|mean+max', 'execute:spatial.query|polygon-mean', 'execute:math.pick|a.b:c', 'execute:threshold_fraction|gt']) {
      const config = { tool: 'execute' as const, coarse: fine.split('|')[0], fine }
      expect(ToolConfig.safeParse(config).success).toBe(true)
      expect(ConfigTripleSchema.safeParse(config).success, fine).toBe(true)
    }
  })
})
