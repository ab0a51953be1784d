export type Debounced<A extends unknown[]> = ((...args: A) => void) & {
  /** Drops the call that waits, if any. */
  cancel(): void
  /** Makes the call that waits now, if any. */
  flush(): void
  /** Whether a call waits. */
  pending(): boolean
}

/**
 * `fn` called once the calls have paused for `ms`, with the last call's arguments (SPEC.md §9's
 * debounce, a search field's pause).
 *
 * @example
 * const search = debounce((query: string) => setSearch(query), 250)
 * search('met'); search('meta') // setSearch('meta') 250 ms after the last call
 */
export function debounce<A extends unknown[]>(fn: (...args: A) => void, ms: number): Debounced<A> {
  let timer: ReturnType<typeof setTimeout> | undefined
  let waiting: A | undefined
  const run = () => {
    const args = waiting
    timer = undefined
    waiting = undefined
    if (args) fn(...args)
  }
  const debounced = (...args: A) => {
    clearTimeout(timer)
    waiting = args
    timer = setTimeout(run, ms)
  }
  debounced.cancel = () => {
    clearTimeout(timer)
    timer = undefined
    waiting = undefined
  }
  debounced.flush = () => {
    if (timer === undefined) return
    clearTimeout(timer)
    run()
  }
  debounced.pending = () => timer !== undefined
  return debounced
}
