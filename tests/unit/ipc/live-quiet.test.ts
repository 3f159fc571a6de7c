/**
 * LiveRuns.quiet: the window's background pixel work (previews, map tiles) waits while a run executes, and is let
 * through when the run ends or after its bound, whichever comes first. The run here is a promise the test settles.
 */
import { describe, expect, it } from 'vitest'
import type { EventHub } from '../../../main/ipc/events'
import { LiveRuns } from '../../../main/ipc/live-runs'
import type { Services } from '../../../main/services'

function liveWithRun(): { live: LiveRuns; end: () => void } {
  let end = () => {}
  const services = {
    ask: (_t: unknown, _s: unknown, _sig: AbortSignal, on: (e: { type: string; runId: string }) => void) =>
      new Promise<void>((resolve) => {
        on({ type: 'started', runId: 'run-1' })
        end = resolve
      }),
    runs: { getRun: () => ({ status: 'done', answer: 'x', error: null, metrics: null }) },
  } as unknown as Services
  const hub = { emit: () => {} } as unknown as EventHub
  const live = new LiveRuns(() => services, hub)
  void live.start({ question: 'q' } as never, {} as never, null)
  return { live, end: () => end() }
}

describe('LiveRuns.quiet', () => {
  it('resolves at once with no run', async () => {
    const live = new LiveRuns(() => ({}) as Services, { emit: () => {} } as unknown as EventHub)
    const t0 = Date.now()
    await live.quiet(5_000)
    expect(Date.now() - t0).toBeLessThan(50)
  })

  it('waits for the run to end', async () => {
    const { live, end } = liveWithRun()
    let passed = false
    const q = live.quiet(5_000).then(() => (passed = true))
    await new Promise((r) => setTimeout(r, 150))
    expect(passed).toBe(false)
    const t0 = Date.now()
    end()
    await q
    expect(Date.now() - t0).toBeLessThan(100)
  })

  it('lets work through after its bound while a run still executes', async () => {
    const { live, end } = liveWithRun()
    const t0 = Date.now()
    await live.quiet(200)
    const waited = Date.now() - t0
    expect(waited).toBeGreaterThanOrEqual(190)
    expect(waited).toBeLessThan(1_000)
    end()
  })
})
