/**
 * A later chat message that corrects an earlier one (main/domain/spans/corrections.ts): applied where it names exactly
 * one place, left in the text and listed where it does not (the readers then block), and never read into a message
 * that corrects nothing. Phrasings are this file's own.
 */
import { describe, expect, it } from 'vitest'
import { applyCorrections } from '../../../main/domain/spans/corrections'
import { ledgerOf, parseQuestion } from '../../../main/domain/spans'
import { makeTask } from '../../../main/agent/task'

const read = (q: string) => applyCorrections(q)

describe('corrections in later messages', () => {
  it('replaces what "<meant> not <written>" names', () => {
    expect(read('mean LST on 5 jun 2019\nscratch that, 21 jun not 5 jun').text).toBe('mean LST on 21 jun 2019')
    expect(read('ndvi above 0.35 on 2019-08-13, what share?\noops 0.45 not 0.35').text).toBe('ndvi above 0.45 on 2019-08-13, what share?')
    expect(read('average of band 4 over the scene\nugh, band 3 instead of band 4').text).toBe('average of band 3 over the scene')
    expect(read('max LST in july 2019\nactually not the max but the min').text).toBe('min LST in july 2019')
  })

  it('looks for a bare number written with the words of the meant value ("band 7 not 6")', () => {
    const r = read('std of band 6 TOA reflectance, cloud-free px (bits 0 and 4 = 0)\nno wait, band 7 not 6')
    expect(r.text).toBe('std of band 7 TOA reflectance, cloud-free px (bits 0 and 4 = 0)')
    expect(r.corrections).toEqual([{ text: 'no wait, band 7 not 6', replaced: { written: 'band 6', meant: 'band 7' } }])
  })

  it('puts a bare value in place of the one earlier value of its kind, a date keeping its year', () => {
    expect(read('share of px below 270 K on 2019-12-19\nsorry, 265 K').text).toBe('share of px below 265 K on 2019-12-19')
    expect(read('LST median, 29 August 2019\noops, 13 August').text).toBe('LST median, 13 August 2019')
    expect(read('Mean NDVI on 9 May 2019. Oops, 25 May.').text).toBe('Mean NDVI on 25 May 2019.')
    expect(read('the mean LST of 2019-07-12 pls\nmake that the 90th percentile').text).toBe('the 90th percentile LST of 2019-07-12 pls')
  })

  it('leaves a correction it cannot place in the text, listed, and the readers block on it', () => {
    for (const q of [
      // Two earlier temperatures: which one is corrected?
      'share of px between 290 K and 300 K on 2019-07-12\nsorry, 305 K',
      // The written words are nowhere before.
      'mean ndvi 2019-06-10\nwait, 26 jun not 16 jun',
      // A correction with no form the reader knows.
      'median lst 12 july\nwait no. the day after, over the north half',
    ]) {
      const r = read(q)
      expect(r.text, q).toBe(q)
      expect(
        r.corrections.map((c) => c.replaced),
        q,
      ).toEqual([null])
      const parsed = parseQuestion(q)
      const blocking = ledgerOf(parsed, parsed.spans).notUnderstood.filter((n) => n.blocking && /correction/.test(n.why))
      expect(blocking.length, q).toBe(1)
    }
  })

  it('reads a message that corrects nothing as it is', () => {
    for (const q of [
      'Hi Sam,\nSorry for the short notice.\nWhat is the mean NDVI on 2019-05-09?',
      'Mean LST on 2019-07-12. Sorry to ask again, it is for the memo.',
      'mean LST over July 2019\nsorry, I did not attach the NDVI files',
      'Which share of pixels has NDVI not below 0.2 on 2019-09-14?',
      'mean NDVI where LST is not above 300 K on 2019-07-12',
    ]) {
      const r = read(q)
      expect(r.text, q).toBe(q)
      expect(r.corrections, q).toEqual([])
    }
  })

  it('is what the whole app reads: the task keeps the question as typed and names the correction', () => {
    const typed = 'LST mean on 2019-07-12\nmean pls\nactually the median, not the mean'
    const task = makeTask({ question: 'LST on 2019-07-12\nmean pls\nactually the median, not the mean' })
    expect(task.question).toBe('LST on 2019-07-12\nmedian pls')
    expect(task.asked).toBe('LST on 2019-07-12\nmean pls\nactually the median, not the mean')
    expect(task.corrections).toEqual([{ written: 'mean', meant: 'median' }])
    // Two means before the correction: not placed, so the question stays as typed (and its reading blocks).
    expect(makeTask({ question: typed }).question).toBe(typed)
  })
})
