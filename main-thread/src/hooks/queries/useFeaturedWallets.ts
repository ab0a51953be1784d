import type { WalletPage } from '@portico/shared-types'
import { getFeaturedWalletsQueryKey } from '@portico/shared-types/queries'
import { useCoreQuery, type UseCoreQueryReturnType } from './useCoreQuery.ts'

/** The featured wallets: the configured ones in their order, or the catalogue's first 4 certified. */
export function useFeaturedWallets({ enabled = true }: { enabled?: boolean } = {}): UseCoreQueryReturnType<WalletPage> {
  return useCoreQuery({ queryKey: getFeaturedWalletsQueryKey(), queryFn: (api) => api.getFeaturedWallets(), enabled })
}
