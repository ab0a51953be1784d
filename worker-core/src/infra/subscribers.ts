import type { CoreState, CoreStateChange } from '@portico/shared-types'

export type Listener<T> = (value: T) => void | Promise<void>

export type Subscribers<T, M = T> = {
  add(listener: Listener<M>, current?: T): number
  remove(id: number): void
  /**
   * Sends `value` to every listener once the task that published it ends (values published meanwhile
   * coalesce into the latest); while a push is unanswered, later values coalesce into the latest too.
   */
  publish(value: T): void
  size(): number
  clear(): void
}

export type CreateSubscribersParameters<T, M = T> = {
  /** How long a listener may leave a push unanswered before it is dropped as gone (a closed tab). */
  timeoutMs: number
  onDrop?: (id: number) => void
  /**
   * What a listener is sent for `value`, knowing the last value it was sent (undefined the first time):
   * the value itself unless told. A listener that was busy gets the latest value shaped against the
   * last one it received, so what it skipped is never lost.
   */
  message?: (value: T, sent: T | undefined) => M
}

/**
 * Listeners in other tabs, reached through comlink proxies: each push is a round trip, so a slow tab
 * never queues a backlog (it gets the latest value when it answers) and a closed one is dropped.
 */
export function createSubscribers<T, M = T>({ timeoutMs, onDrop, message }: CreateSubscribersParameters<T, M>): Subscribers<T, M> {
  type Entry = { listener: Listener<M>; busy: boolean; pending: { value: T } | null; sent: T | undefined }
  const entries = new Map<number, Entry>()
  let nextId = 1
  let batched: { value: T } | null = null

  function push(id: number, entry: Entry, value: T) {
    if (entry.busy) {
      entry.pending = { value }
      return
    }
    entry.busy = true
    entry.pending = null
    const sent = message ? message(value, entry.sent) : (value as unknown as M)
    entry.sent = value
    let timer: ReturnType<typeof setTimeout> | undefined
    const timeout = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), timeoutMs)
    })
    Promise.race([
      Promise.resolve()
        .then(() => entry.listener(sent))
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
      const entry: Entry = { listener, busy: false, pending: null, sent: undefined }
      entries.set(id, entry)
      if (current !== undefined) push(id, entry, current)
      return id
    },
    remove: (id) => void entries.delete(id),
    publish(value) {
      // The changes of one task go out as one push: reads that land together (a refresh's loading states,
      // a receipt and its follow-ups) cost each tab one message and one render, not one each.
      const first = batched === null
      batched = { value }
      if (!first) return
      setTimeout(() => {
        const latest = batched!.value
        batched = null
        for (const [id, entry] of entries) push(id, entry, latest)
      }, 0)
    },
    size: () => entries.size,
    clear: () => entries.clear(),
  }
}

/**
 * The change a tab is sent: the slices of `state` that are not the very objects of the state it was
 * last sent (every slice the first time), with the revision. A balance read sends the balances, not
 * the history, the connections and the rest again to every tab.
 */
export function stateChange(state: CoreState, sent: CoreState | undefined): CoreStateChange {
  if (!sent) return { revision: state.revision, changed: state }
  const changed: Partial<Record<keyof CoreState, unknown>> = {}
  for (const key of Object.keys(state) as (keyof CoreState)[]) {
    if (key !== 'revision' && state[key] !== sent[key]) changed[key] = state[key]
  }
  return { revision: state.revision, changed: changed as Partial<CoreState> }
}

/** The tabs following the core's state: each is sent what changed since its last push (`stateChange`). */
export function createStateSubscribers(params: Omit<CreateSubscribersParameters<CoreState, CoreStateChange>, 'message'>): Subscribers<CoreState, CoreStateChange> {
  return createSubscribers({ ...params, message: stateChange })
}
