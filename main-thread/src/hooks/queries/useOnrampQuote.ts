import { useEffect, useMemo, useRef, useState } from 'react'
import { DEBOUNCE_DEFAULT_MS } from '@portico/shared-types/constants'
import { debounce } from '@portico/shared-types/debounce'
import { ONRAMP_QUOTE_CACHE_MS, type GetOnrampQuoteParameters, type OnrampQuoteAnswer } from '@portico/shared-types/onramp'
import { getOnrampQuoteQueryKey, hashQueryKey } from '@portico/shared-types/queries'
import { useCoreQuery, type UseCoreQueryReturnType } from './useCoreQuery.ts'

export type UseOnrampQuoteParameters = Omit<GetOnrampQuoteParameters, 'force'> | null

/**
 * A Buy quote for what the visitor chose, asked once the typing pauses (SPEC.md §9 debounce) and again
 * while shown; `params` null asks nothing. `settled` is false while the typed request waits its turn.
 *
 * @example
 * const { data, settled } = useOnrampQuote({ purchaseCurrency: 'ETH', paymentCurrency: 'USD', amount, network })
 */
export function useOnrampQuote(params: UseOnrampQuoteParameters): UseCoreQueryReturnType<OnrampQuoteAnswer> & { settled: boolean } {
  const hash = params ? hashQueryKey(getOnrampQuoteQueryKey(params)) : null
  const [asked, setAsked] = useState<{ hash: string; params: NonNullable<UseOnrampQuoteParameters> } | null>(null)
  // The request as typed; `hash` says when it changed (a new object each render is not a change).
  const latest = useRef(params)
  latest.current = params
  const ask = useMemo(() => debounce(setAsked, DEBOUNCE_DEFAULT_MS), [])
  useEffect(() => {
    const typed = latest.current
    if (!typed || !hash) return setAsked(null)
    ask({ hash, params: typed })
    return () => ask.cancel()
  }, [hash, ask])
  const current = asked !== null && asked.hash === hash ? asked.params : null
  const query = useCoreQuery({
    queryKey: current ? getOnrampQuoteQueryKey(current) : ['onrampQuote'],
    queryFn: (api, { force }) => api.getOnrampQuote({ ...current!, force }),
    enabled: current !== null,
  })
  const { refetch } = query
  useEffect(() => {
    if (!current) return
    const id = setInterval(refetch, ONRAMP_QUOTE_CACHE_MS)
    return () => clearInterval(id)
  }, [refetch, current])
  return { ...query, settled: current !== null }
}
