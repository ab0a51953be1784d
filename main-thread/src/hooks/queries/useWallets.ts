import type { GetWalletsParameters, WalletPage } from '@portico/shared-types'
import { getWalletsQueryKey } from '@portico/shared-types/queries'
import { useCoreQuery, type UseCoreQueryReturnType } from './useCoreQuery.ts'

export type UseWalletsParameters = GetWalletsParameters & { enabled?: boolean }

/**
 * One page of All Wallets (featured, recommended and excluded left out), or a search, from the core.
 *
 * @example
 * const { data } = useWallets({ page: 1 })
 */
export function useWallets({ enabled = true, ...params }: UseWalletsParameters = {}): UseCoreQueryReturnType<WalletPage> {
  return useCoreQuery({ queryKey: getWalletsQueryKey(params), queryFn: (api) => api.getWallets(params), enabled })
}
