import { useEffect } from 'react'
import type { CaipAddress } from '@portico/shared-types/light'
import { getSwapQuoteQueryKey } from '@portico/shared-types/queries'
import type { SwapQuote, SwapTokenRef } from '@portico/shared-types/write'
import { useDebounced } from '../useDebounced.ts'
import { useCoreQuery, type UseCoreQueryReturnType } from './useCoreQuery.ts'

const isNull = (value: unknown) => value === null

/** How often the Swap view asks for a new quote while it stays open. */
export const SWAP_QUOTE_REFRESH_MS = 15_000

/**
 * A quote for swapping `amount` of `from` into `to`, asked once the typing pauses (SPEC.md §9: 500 ms)
 * and again every 15 s while shown. `amount` is decimal text as typed; nothing is asked for an amount
 * that is not a positive number.
 *
 * @example
 * const { data: quote } = useSwapQuote({ caipAddress, from, to, amount })
 */
export function useSwapQuote({
  caipAddress,
  from,
  to,
  amount,
}: {
  caipAddress: CaipAddress | undefined
  from: SwapTokenRef | null
  to: SwapTokenRef | null
  amount: string
}): UseCoreQueryReturnType<SwapQuote> & { settledAmount: string | null } {
  const typed = amount.trim()
  const valid = /^(\d+(\.\d*)?|\.\d+)$/.test(typed) && Number(typed) > 0 ? typed : null
  const settled = useDebounced(valid, { initial: null, immediate: isNull })
  const ready = caipAddress !== undefined && from !== null && to !== null && settled !== null && settled === typed && from.address !== to.address
  const query = useCoreQuery({
    queryKey: ready ? getSwapQuoteQueryKey({ caipAddress, from: from.address, to: to.address, amount: settled }) : ['swapQuote'],
    queryFn: (api, { force }) => api.getSwapQuote({ caipAddress: caipAddress!, from: from!, to: to!, amount: settled!, force }),
    enabled: ready,
  })
  const { refetch } = query
  useEffect(() => {
    if (!ready) return
    const id = setInterval(refetch, SWAP_QUOTE_REFRESH_MS)
    return () => clearInterval(id)
  }, [ready, refetch])
  return { ...query, settledAmount: ready ? settled : null }
}
