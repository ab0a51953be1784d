import type { CaipAddress, NftHoldingsResult } from '@portico/shared-types'
import { getNftHoldingsQueryKey } from '@portico/shared-types/queries'
import { useCoreQuery, type UseCoreQueryReturnType } from './useCoreQuery.ts'

/**
 * The NFTs an account holds now on its network, read by the core (30 s, the last answer offline).
 * Nothing is asked without an account.
 *
 * @example
 * const { data } = useNftHoldings({ caipAddress })
 */
export function useNftHoldings({ caipAddress }: { caipAddress: CaipAddress | undefined }): UseCoreQueryReturnType<NftHoldingsResult> {
  return useCoreQuery({
    queryKey: caipAddress ? getNftHoldingsQueryKey({ caipAddress }) : ['nftHoldings'],
    queryFn: (api, { force }) => api.getNftHoldings({ caipAddress: caipAddress!, force }),
    enabled: caipAddress !== undefined,
  })
}
