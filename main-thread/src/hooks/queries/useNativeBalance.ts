import type { CaipAddress, NativeBalanceState } from '@portico/shared-types'
import { getNativeBalanceQueryKey } from '@portico/shared-types/queries'
import { useCoreQuery, type UseCoreQueryReturnType } from './useCoreQuery.ts'

/**
 * The native balance of any account on its network (a connected wallet not in use as well as the one
 * in use), read by the core from the chain: 30 s cache, shared with every tab. A balance the chain
 * could not give is the answer's `status: 'error'`; a network Portico does not read, `'unsupported'`.
 * Nothing is asked without an account.
 *
 * @example
 * const { data } = useNativeBalance({ caipAddress })
 * data?.status === 'success' ? `${data.formatted} ${data.symbol}` : null
 */
export function useNativeBalance({ caipAddress }: { caipAddress: CaipAddress | undefined }): UseCoreQueryReturnType<NativeBalanceState> {
  return useCoreQuery({
    queryKey: caipAddress ? getNativeBalanceQueryKey({ caipAddress }) : ['nativeBalance'],
    queryFn: (api) => api.getNativeBalance({ caipAddress: caipAddress! }),
    enabled: caipAddress !== undefined,
  })
}
