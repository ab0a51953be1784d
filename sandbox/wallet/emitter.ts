/** A tiny typed event emitter; one failing listener does not stop the others. */
export class Emitter<Events extends Record<string, readonly unknown[]>> {
  readonly #listeners = new Map<keyof Events, Set<unknown>>()

  on<E extends keyof Events>(event: E, listener: (...args: Events[E]) => void): void {
    const set = this.#listeners.get(event) ?? new Set()
    set.add(listener)
    this.#listeners.set(event, set)
  }

  removeListener<E extends keyof Events>(event: E, listener: (...args: Events[E]) => void): void {
    this.#listeners.get(event)?.delete(listener)
  }

  removeAllListeners(): void {
    this.#listeners.clear()
  }

  emit<E extends keyof Events>(event: E, ...args: Events[E]): void {
    for (const listener of [...(this.#listeners.get(event) ?? [])]) {
      try {
        ;(listener as (...a: Events[E]) => void)(...args)
      } catch (error) {
        // Report like an uncaught error would, without breaking the wallet or other listeners.
        queueMicrotask(() => {
          throw error
        })
      }
    }
  }
}
