import { useEffect, useMemo, useState } from 'react'
import { DEBOUNCE_DEFAULT_MS } from '@portico/shared-types/constants'
import { debounce } from '@portico/shared-types/debounce'

export type UseDebouncedOptions<T> = {
  /** What the hook answers until a value has settled. */
  initial: T
  /** How long a value must stay the same (SPEC.md §9's debounce by default). */
  ms?: number | undefined
  /** A value this accepts is taken at once (an empty field need not wait). */
  immediate?: ((value: T) => boolean) | undefined
}

/**
 * `value` once it has stayed the same for `ms` (a typed amount's error, a name to look up, a search):
 * `initial` until the first one settles.
 *
 * @example
 * const search = useDebounced(query.trim(), { initial: '', ms: 250 })
 */
export function useDebounced<T>(value: T, { initial, ms = DEBOUNCE_DEFAULT_MS, immediate }: UseDebouncedOptions<T>): T {
  const [settled, setSettled] = useState(initial)
  const settle = useMemo(() => debounce((next: T) => setSettled(() => next), ms), [ms])
  const now = immediate?.(value) ?? false
  useEffect(() => {
    if (now) return setSettled(() => value)
    settle(value)
    return () => settle.cancel()
  }, [settle, value, now])
  return settled
}
