import { describe, expect, it } from 'vitest'
import { countNoun, nounFor } from '../../../main/domain/count-noun'
import { valueText } from '../../../main/agent/rules/answer-format'
import { valueText as windowValueText } from '../../../renderer/src/model/observation'

describe('a count says its noun in the number it has', () => {
  it('one of a thing is singular, any other number plural', () => {
    expect(nounFor(1, 'ships')).toBe('ship')
    expect(nounFor(2, 'ships')).toBe('ships')
    expect(nounFor(0, 'pixels')).toBe('pixels')
    expect(nounFor(1, 'small vehicles')).toBe('small vehicle')
    expect(nounFor(1, 'dates')).toBe('date')
    expect(nounFor(1, 'batches')).toBe('batch')
    expect(nounFor(1, 'quarries')).toBe('quarry')
    expect(nounFor(1, 'glass')).toBe('glass')
  })

  it('the command line and the window write "1 ship" and "3 ships" for a measure count', () => {
    const noun = countNoun('measure', { spec: { metric: 'count', subject: 'ship' } })
    expect(noun).toBe('ships')
    expect(valueText(1, 'count', noun)).toBe('1 ship')
    expect(valueText(3, 'count', noun)).toBe('3 ships')
    expect(windowValueText(1, 'count', noun)).toBe('1 ship')
    expect(windowValueText(3, 'count', noun)).toBe('3 ships')
  })
})
