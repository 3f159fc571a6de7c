/**
 * The desk's background pixel work waits while a question runs (renderer/src/model/background-gate.ts): nothing
 * waits when no run holds the gate; a hold makes every later turn wait until the release; an aborted wait (a tile
 * maplibre no longer wants, a card removed) rejects at once and is not served at the release.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { backgroundTurn, holdBackground, releaseBackground } from '../../../renderer/src/model/background-gate'

const settled = async (p: Promise<unknown>) => {
  let state = 'pending'
  p.then(
    () => (state = 'resolved'),
    () => (state = 'rejected'),
  )
  for (let i = 0; i < 5; i++) await Promise.resolve()
  return state
}

afterEach(() => releaseBackground())

describe('background gate', () => {
  it('lets work through at once when no question runs', async () => {
    expect(await settled(backgroundTurn())).toBe('resolved')
  })

  it('holds work from the hold until the release, then lets all of it through', async () => {
    holdBackground()
    const a = backgroundTurn()
    const b = backgroundTurn()
    expect(await settled(a)).toBe('pending')
    holdBackground() // a second hold (a second run) changes nothing
    expect(await settled(b)).toBe('pending')
    releaseBackground()
    expect(await settled(a)).toBe('resolved')
    expect(await settled(b)).toBe('resolved')
    expect(await settled(backgroundTurn())).toBe('resolved')
  })

  it('rejects a wait whose request was aborted, before or during the hold', async () => {
    holdBackground()
    const gone = new AbortController()
    gone.abort()
    expect(await settled(backgroundTurn(gone.signal))).toBe('rejected')
    const later = new AbortController()
    const waiting = backgroundTurn(later.signal)
    expect(await settled(waiting)).toBe('pending')
    later.abort()
    expect(await settled(waiting)).toBe('rejected')
  })
})
