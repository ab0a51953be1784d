import type { WalletPage } from '@portico/shared-types'
import { getWalletsQueryKey } from '@portico/shared-types/queries'
import { useCoreInfiniteQuery, type UseCoreInfiniteQueryReturnType } from './useCoreInfiniteQuery.ts'

/**
 * All Wallets page after page for the All Wallets grid, or the one page of a search; a new search
 * starts over. Pages are the core's `getWallets` answers.
 *
 * @example
 * const { pages, hasNextPage, fetchNextPage } = useInfiniteWallets({ search })
 */
export function useInfiniteWallets({ search, enabled = true }: { search?: string; enabled?: boolean } = {}): UseCoreInfiniteQueryReturnType<WalletPage> {
  const text = search?.trim() ?? ''
  return useCoreInfiniteQuery({
    queryKey: getWalletsQueryKey({ search: text }),
    queryFn: (api, page: number) => api.getWallets(text ? { search: text } : { page }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (text || pages.reduce((n, p) => n + p.data.length, 0) >= last.count ? undefined : last.page + 1),
    enabled,
  })
}
