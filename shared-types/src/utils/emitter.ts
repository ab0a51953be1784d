/** A listener of an emitter's values. */
export type Listener<T> = (value: T) => void

export type Emitter<T = void> = {
  /** Adds `listener`; answers the function that removes it. */
  on(listener: Listener<T>): () => void
  /** Calls every listener with `value`, in the order they were added (one added meanwhile is called too). */
  emit(value: T): void
  /** Removes every listener. */
  clear(): void
  /** How many listeners there are. */
  readonly size: number
}

/**
 * The one listener set of the packages: a store's subscribers, a source's change listeners.
 *
 * @example
 * const changes = createEmitter()
 * const off = changes.on(() => render())
 * changes.emit()
 */
export function createEmitter<T = void>(): Emitter<T> {
  const listeners = new Set<Listener<T>>()
  return {
    on(listener) {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    },
    emit(value) {
      for (const listener of listeners) listener(value)
    },
    clear() {
      listeners.clear()
    },
    get size() {
      return listeners.size
    },
  }
}
