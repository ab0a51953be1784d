import { useEffect } from 'react'
import type { CaipAddress } from '@portico/shared-types/light'
import { getSendEstimateQueryKey } from '@portico/shared-types/queries'
import type { SendEstimate, SendToken } from '@portico/shared-types/write'
import { useCoreQuery, type UseCoreQueryReturnType } from './useCoreQuery.ts'

/** How often the Send view reads the fee again while it stays open. */
export const SEND_ESTIMATE_REFRESH_MS = 15_000

/**
 * The Send view's fee (gas price from the chain, in the native token and USD), network balance and
 * Max for `token`, read by the core; read again every 15 s while shown. With `receiver` (a Solana SPL
 * token's), the rent of the token account the send would create for it.
 *
 * @example
 * const { data: estimate } = useSendEstimate({ caipAddress, token })
 */
export function useSendEstimate({
  caipAddress,
  token,
  receiver,
}: {
  caipAddress: CaipAddress | undefined
  token: SendToken | null
  receiver?: string | undefined
}): UseCoreQueryReturnType<SendEstimate> {
  const query = useCoreQuery({
    queryKey: caipAddress ? getSendEstimateQueryKey({ caipAddress, tokenAddress: token?.address, receiver }) : ['sendEstimate'],
    queryFn: (api, { force }) => api.getSendEstimate({ caipAddress: caipAddress!, token, force, ...(receiver ? { receiver } : {}) }),
    enabled: caipAddress !== undefined && token !== null,
  })
  const { refetch } = query
  useEffect(() => {
    const id = setInterval(refetch, SEND_ESTIMATE_REFRESH_MS)
    return () => clearInterval(id)
  }, [refetch])
  return query
}
