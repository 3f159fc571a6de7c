/** What a value in unit 'count' is said to count in the window (hand-written DAGs; the e2e test covers a real run). */
import { describe, expect, it } from 'vitest'
import { countNoun, drawablesOf, headline } from '../../../renderer/src/model/observation'

const dag = (nodes: { id: string; op: string; params?: object; inputs?: object }[], output: string) => ({
  nodes: nodes.map((n) => ({ params: {}, inputs: {}, ...n })),
  output,
})

describe('countNoun', () => {
  it('a mean over dates of per-date pixel counts counts pixels', () => {
    const args = dag(
      [
        { id: 'm', op: 'raster.algebra' },
        { id: 'per', op: 'raster.batch_reduce', params: { stat: 'count' }, inputs: { data: '@m' } },
        { id: 'all', op: 'timeseries.aggregate', params: { by: 'all', stat: 'mean' }, inputs: { data: '@per' } },
      ],
      'all',
    )
    expect(countNoun({ tool: 'execute', args })).toBe('pixels')
    expect(headline({ status: 'ok', observation: { value: 1234, unit: 'count' } } as never, { tool: 'execute', args })).toBe('1,234 pixels')
  })
  it('a count of dates meeting a condition counts dates', () => {
    const args = dag(
      [
        { id: 'per', op: 'raster.batch_reduce', params: { stat: 'mean' } },
        { id: 'n', op: 'timeseries.count', params: { op: '>', value: 280 }, inputs: { data: '@per' } },
      ],
      'n',
    )
    expect(countNoun({ tool: 'execute', args })).toBe('dates')
    expect(countNoun({ tool: 'execute', args }, 'per')).toBe(null)
  })
  it('a measure count counts its subject; without a call the count has no noun and no "count" label', () => {
    expect(countNoun({ tool: 'measure', args: { spec: { metric: 'count', subject: 'ships' } } })).toBe('ships')
    expect(headline({ status: 'ok', observation: { value: 3, unit: 'count' } } as never)).toBe('3')
  })
  it('a measure count of a singular subject says the plural ("2 ships", not "2 ship")', () => {
    const call = (subject: string) => ({ tool: 'measure', args: { spec: { metric: 'count', subject } } })
    expect(headline({ status: 'ok', observation: { value: 2, unit: 'count' } } as never, call('ship'))).toBe('2 ships')
    expect(countNoun(call('small vehicle'))).toBe('small vehicles')
    expect(countNoun(call('ships'))).toBe('ships')
    expect(countNoun(call('harbor'))).toBe('harbors')
  })
  it('a stored digital number is written DN, as the answer writes it', () => {
    expect(headline({ status: 'ok', observation: { value: 25697, unit: 'dn' } } as never)).toBe('25697 DN')
    expect(headline({ status: 'ok', observation: { value: 300.5, unit: 'degC' } } as never)).toBe('300.5 °C')
  })
})

describe('scene and OCR observations', () => {
  it('a scene observation reads as its class and confidence, not as JSON', () => {
    const observation = { mode: 'scene', backend: 'pack:tiny-clip', predictions: [{ image_index: 1, class_name: 'forest', confidence: 0.393063 }] }
    expect(headline({ status: 'ok', observation } as never)).toBe('forest (0.393)')
  })
  it("an OCR line's four-corner box is drawn as the box around it, with its text", () => {
    const result = {
      status: 'ok',
      observation: { mode: 'document', text: 'Harbour 2019', lines: ['Harbour 2019'] },
      evidence: {
        source: {},
        validity: {},
        intermediate: {
          lines: [
            {
              text: 'Harbour 2019',
              score: 0.99,
              box: [
                [21, 30],
                [455, 31],
                [455, 71],
                [22, 72],
              ],
            },
          ],
        },
      },
      artifacts: [],
    }
    expect(drawablesOf(result as never).texts).toEqual([{ box: [21, 30, 455, 72], text: 'Harbour 2019' }])
  })
})
