/**
 * Pushed events (preload/contract.ts, `events`): handlers emit, transports (Electron windows, WebSocket clients)
 * subscribe. Every payload is validated before it is delivered, so a listener only ever sees contract-shaped data.
 */
import { events, type EventName, type EventOf } from '../../preload/contract'

export type EventListener = (event: EventName, payload: unknown) => void

export class EventHub {
  private readonly listeners = new Set<EventListener>()

  subscribe(listener: EventListener): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  /** Validate and deliver; throws when the payload breaks the contract (a bug in the emitter). */
  emit<E extends EventName>(event: E, payload: EventOf<E>): void {
    const parsed = events[event].safeParse(payload)
    if (!parsed.success) throw new Error(`Event '${event}' does not match the contract: ${parsed.error.issues[0]?.message}.`)
    for (const l of this.listeners) {
      try {
        l(event, parsed.data)
      } catch {
        // one broken transport must not stop the others
      }
    }
  }
}
