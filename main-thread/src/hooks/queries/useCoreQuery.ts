import { useCallback, useEffect, useRef, useState } from 'react'
import type { Remote } from 'comlink'
import type { PorticoCoreApi } from '@portico/shared-types'
import { asError } from '@portico/shared-types/errors'
import { hashQueryKey, type QueryKey } from '@portico/shared-types/queries'
import type { PorticoClient } from '../../client/createClient.ts'
import { usePorticoClient, useSnapshot } from '../../context.ts'

export type CoreQueryFunction<T> = (api: Remote<PorticoCoreApi>, context: { force: boolean }) => Promise<T>

export type UseCoreQueryParameters<T> = {
  /** The read's key from `@portico/shared-types/queries`: a new key asks again. */
  queryKey: QueryKey
  /** The core action that answers it. */
  queryFn: CoreQueryFunction<T>
  /** False: nothing is asked (status 'idle'). */
  enabled?: boolean
}

export type UseCoreQueryReturnType<T> = {
  /** 'loading' only while there is nothing to show; 'error' keeps the last data. */
  status: 'idle' | 'loading' | 'success' | 'error'
  data: T | undefined
  error: Error | null
  /** The core is being asked (also while the last answer is shown). */
  isFetching: boolean
  /** Asks again, past the core's cache. */
  refetch(): void
}

/** The last answer per key and client, so a view that mounts again renders at once while it asks. */
const answers = new WeakMap<PorticoClient, Map<string, { data: unknown }>>()
function answersOf(client: PorticoClient) {
  let map = answers.get(client)
  if (!map) answers.set(client, (map = new Map()))
  return map
}

type Entry<T> = { hash: string; data: T | undefined; hasData: boolean; error: Error | null; fetching: boolean }

/**
 * The one hook under every read of the modal (TanStack Query's `useQuery`, cut down): asks the core
 * when the key changes and when the page comes back online, drops answers to keys no longer shown.
 * The core caches, shares and persists; this only follows one request. Thin hooks wire it to one action.
 */
export function useCoreQuery<T>({ queryKey, queryFn, enabled = true }: UseCoreQueryParameters<T>): UseCoreQueryReturnType<T> {
  const client = usePorticoClient()
  const online = useSnapshot().core?.online ?? true
  const hash = hashQueryKey(queryKey)
  const fn = useRef(queryFn)
  fn.current = queryFn
  const fromCache = (key: string): Entry<T> => {
    const cached = answersOf(client).get(key) as { data: T } | undefined
    return { hash: key, data: cached?.data, hasData: cached !== undefined, error: null, fetching: enabled }
  }
  const [stored, setEntry] = useState<Entry<T>>(() => fromCache(hash))
  let entry = stored
  if (stored.hash !== hash) {
    entry = fromCache(hash)
    setEntry(entry)
  }
  const latest = useRef(0)

  const ask = useCallback(
    (force: boolean) => {
      if (!enabled) return
      const id = ++latest.current
      setEntry((e) => (e.hash === hash ? { ...e, error: null, fetching: true } : e))
      client
        .withCore((api) => fn.current(api, { force }))
        .then(
          (data) => {
            answersOf(client).set(hash, { data })
            if (id === latest.current) setEntry({ hash, data, hasData: true, error: null, fetching: false })
          },
          (error: unknown) => {
            if (id === latest.current) setEntry((e) => (e.hash === hash ? { ...e, error: asError(error), fetching: false } : e))
          },
        )
    },
    [client, hash, enabled],
  )

  useEffect(() => {
    ask(false)
    return () => {
      latest.current++
    }
  }, [ask])

  const wasOnline = useRef(online)
  useEffect(() => {
    if (online && !wasOnline.current) ask(false)
    wasOnline.current = online
  }, [online, ask])

  const refetch = useCallback(() => ask(true), [ask])
  const status = !enabled ? 'idle' : entry.error ? 'error' : entry.hasData ? 'success' : 'loading'
  return { status, data: entry.data, error: entry.error, isFetching: enabled && entry.fetching, refetch }
}
