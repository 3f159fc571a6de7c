/**
 * The desk's background pixel work (the desk map's tiles, the file cards' previews) waits while a question of this
 * window runs. On two cores it took the run's time: with the 46 task-46 layers shown, a refit of the map asked for
 * the tiles of 46 rasters of 2599 x 2573 pixels, each tile made on the server and each arrival redrawing the 46-layer
 * stack in software WebGL, so the run took 1.5x its `rsure ask` time (bench/window.bench.ts). Anything the analyst
 * does with the map meanwhile (moves it, shows or hides a layer) lets its tiles through at once: the wait is for
 * work nobody is looking at, never for what the analyst asks to see. The evidence viewer's maps and the pixel viewer
 * do not wait.
 */
import { useSyncExternalStore } from 'react'

let gate: Promise<void> | null = null
let open: (() => void) | null = null
const listeners = new Set<() => void>()

function changed(): void {
  for (const l of listeners) l()
}

/** A run of this window started: background work waits from now on. */
export function holdBackground(): void {
  if (gate) return
  gate = new Promise<void>((resolve) => {
    open = resolve
  })
  changed()
}

/** The run ended, or the analyst turned to the map: whatever waits goes ahead. */
export function releaseBackground(): void {
  if (!gate) return
  open?.()
  gate = null
  open = null
  changed()
}

/** Resolves when background work may go ahead (at once when nothing runs); rejects when `signal` aborts first. */
export function backgroundTurn(signal?: AbortSignal): Promise<void> {
  const waiting = gate
  if (!waiting) return Promise.resolve()
  return new Promise<void>((resolve, reject) => {
    const onAbort = () => reject(new Error('aborted'))
    if (signal?.aborted) return onAbort()
    signal?.addEventListener('abort', onAbort, { once: true })
    void waiting.then(() => {
      signal?.removeEventListener('abort', onAbort)
      resolve()
    })
  })
}

/** Whether background work waits now (for a note on the map). */
export function useBackgroundHeld(): boolean {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l)
      return () => listeners.delete(l)
    },
    () => gate !== null,
    () => false,
  )
}
