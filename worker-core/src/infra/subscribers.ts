export type Listener<T> = (value: T) => void | Promise<void>

export type Subscribers<T> = {
  add(listener: Listener<T>, current?: T): number
  remove(id: number): void
  /** Sends `value` to every listener; while a push is unanswered, later values coalesce into the latest. */
  publish(value: T): void
  size(): number
  clear(): void
}

export type CreateSubscribersParameters = {
  /** How long a listener may leave a push unanswered before it is dropped as gone (a closed tab). */
  timeoutMs: number
  onDrop?: (id: number) => void
}

/**
 * Listeners in other tabs, reached through comlink proxies: each push is a round trip, so a slow tab
 * never queues a backlog (it gets the latest value when it answers) and a closed one is dropped.
 */
export function createSubscribers<T>({ timeoutMs, onDrop }: CreateSubscribersParameters): Subscribers<T> {
  type Entry = { listener: Listener<T>; busy: boolean; pending: { value: T } | null }
  const entries = new Map<number, Entry>()
  let nextId = 1

  function push(id: number, entry: Entry, value: T) {
    if (entry.busy) {
      entry.pending = { value }
      return
    }
    entry.busy = true
    entry.pending = null
    let timer: ReturnType<typeof setTimeout> | undefined
    const timeout = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), timeoutMs)
    })
    Promise.race([
      Promise.resolve()
        .then(() => entry.listener(value))
        .then(() => 'ok' as const),
      timeout,
    ])
      .catch(() => 'timeout' as const)
      .then((outcome) => {
        clearTimeout(timer)
        if (outcome === 'timeout') {
          if (entries.delete(id)) onDrop?.(id)
          return
        }
        entry.busy = false
        const next = entry.pending
        if (next && entries.has(id)) push(id, entry, next.value)
      })
  }

  return {
    add(listener, current) {
      const id = nextId++
      const entry: Entry = { listener, busy: false, pending: null }
      entries.set(id, entry)
      if (current !== undefined) push(id, entry, current)
      return id
    },
    remove: (id) => void entries.delete(id),
    publish(value) {
      for (const [id, entry] of entries) push(id, entry, value)
    },
    size: () => entries.size,
    clear: () => entries.clear(),
  }
}
