import { useCallback, useEffect, useRef, useState } from 'react'
import type { Remote } from 'comlink'
import type { PorticoCoreApi } from '@portico/shared-types'
import { asError } from '@portico/shared-types/errors'
import { hashQueryKey, type QueryKey } from '@portico/shared-types/queries'
import { usePorticoClient } from '../../context.ts'

export type UseCoreInfiniteQueryParameters<TPage, TParam> = {
  /** The key of the whole list: a new key starts again from the first page. */
  queryKey: QueryKey
  queryFn: (api: Remote<PorticoCoreApi>, pageParam: TParam) => Promise<TPage>
  initialPageParam: TParam
  /** The parameter of the page after `lastPage`; undefined when there is none. */
  getNextPageParam(lastPage: TPage, pages: readonly TPage[]): TParam | undefined
  enabled?: boolean
}

export type UseCoreInfiniteQueryReturnType<TPage> = {
  /** The pages of the key shown; the previous key's stay until the first page of a new one arrives. */
  pages: readonly TPage[]
  status: 'idle' | 'loading' | 'success' | 'error'
  error: Error | null
  isFetching: boolean
  hasNextPage: boolean
  /** Loads the next page (also after a failed one); nothing while a page is loading. */
  fetchNextPage(): void
  /** After an error: the page that failed again (the first when none is shown). */
  retry(): void
}

type State<TPage> = { hash: string; pages: TPage[]; error: Error | null; fetching: boolean }

/** `useCoreQuery` for a list the core answers page by page (TanStack Query's `useInfiniteQuery`, cut down). */
export function useCoreInfiniteQuery<TPage, TParam>({
  queryKey,
  queryFn,
  initialPageParam,
  getNextPageParam,
  enabled = true,
}: UseCoreInfiniteQueryParameters<TPage, TParam>): UseCoreInfiniteQueryReturnType<TPage> {
  const client = usePorticoClient()
  const hash = hashQueryKey(queryKey)
  const options = useRef({ queryFn, initialPageParam, getNextPageParam })
  options.current = { queryFn, initialPageParam, getNextPageParam }
  const [state, setState] = useState<State<TPage>>({ hash, pages: [], error: null, fetching: enabled })
  const latest = useRef(0)

  const load = useCallback(
    (pageParam: TParam, append: boolean) => {
      const id = ++latest.current
      setState((s) => ({ ...s, error: null, fetching: true }))
      client
        .withCore((api) => options.current.queryFn(api, pageParam))
        .then(
          (page) => {
            if (id === latest.current) setState((s) => ({ hash, pages: append && s.hash === hash ? [...s.pages, page] : [page], error: null, fetching: false }))
          },
          (error: unknown) => {
            if (id === latest.current) setState((s) => ({ ...s, error: asError(error), fetching: false }))
          },
        )
    },
    [client, hash],
  )

  useEffect(() => {
    if (enabled) load(options.current.initialPageParam, false)
    return () => {
      latest.current++
    }
  }, [load, enabled])

  const current = state.hash === hash ? state.pages : []
  const last = current[current.length - 1]
  const next = last === undefined ? undefined : options.current.getNextPageParam(last, current)
  const fetchNextPage = useCallback(() => {
    if (state.fetching || next === undefined) return
    load(next, true)
  }, [state.fetching, next, load])
  const retry = useCallback(() => {
    if (state.fetching) return
    if (current.length === 0) load(options.current.initialPageParam, false)
    else if (next !== undefined) load(next, true)
  }, [state.fetching, current.length, next, load])

  const status = !enabled ? 'idle' : state.error ? 'error' : state.fetching && current.length === 0 ? 'loading' : 'success'
  return { pages: state.pages, status, error: state.error, isFetching: enabled && state.fetching, hasNextPage: next !== undefined, fetchNextPage, retry }
}
