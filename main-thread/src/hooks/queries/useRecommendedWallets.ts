import type { WalletPage } from '@portico/shared-types'
import { getRecommendedWalletsQueryKey } from '@portico/shared-types/queries'
import { useCoreQuery, type UseCoreQueryReturnType } from './useCoreQuery.ts'

/** The 4 recommended wallets of the catalogue (SPEC.md §9), with their images fetched. */
export function useRecommendedWallets({ enabled = true }: { enabled?: boolean } = {}): UseCoreQueryReturnType<WalletPage> {
  return useCoreQuery({ queryKey: getRecommendedWalletsQueryKey(), queryFn: (api) => api.getRecommendedWallets(), enabled })
}
