import type { CaipNetworkId, SwapToken } from '@portico/shared-types'
import { getSwapTokensQueryKey } from '@portico/shared-types/queries'
import { useCoreQuery, type UseCoreQueryReturnType } from './useCoreQuery.ts'

/**
 * The tokens the convert API swaps on a network (10 min in the core), native first.
 *
 * @example
 * const { data: tokens = [] } = useSwapTokens({ caipNetworkId })
 */
export function useSwapTokens({ caipNetworkId }: { caipNetworkId: CaipNetworkId | undefined }): UseCoreQueryReturnType<SwapToken[]> {
  return useCoreQuery({
    queryKey: caipNetworkId ? getSwapTokensQueryKey({ caipNetworkId }) : ['swapTokens'],
    queryFn: (api, { force }) => api.getSwapTokens({ caipNetworkId: caipNetworkId!, force }),
    enabled: caipNetworkId !== undefined,
  })
}
