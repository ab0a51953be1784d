import { useCallback, useEffect } from 'react'
import { emptyTransactions, type CaipAddress, type TransactionsState } from '@portico/shared-types/light'
import { getTransactionsQueryKey, hashQueryKey } from '@portico/shared-types/queries'
import { usePorticoClient, useSnapshot } from '../../context.ts'

export type UseTransactionsReturnType = {
  /** The Activity list the core pushes to every tab (paged, grouped, the status of the last page). */
  transactions: TransactionsState
  /** Loads the page after `cursor` (the one shown); a cursor another tab already loaded does nothing. */
  fetchNextPage(cursor: string): void
  /** Loads the first page again, past the 30 s cache. */
  refetch(): void
}

/**
 * The active account's Activity: asks the core for the first page when the account or network
 * changes (unless `enabled` is false), and pages on. The list itself comes with the core's pushes.
 */
export function useTransactions({ caipAddress, enabled = true }: { caipAddress: CaipAddress | undefined; enabled?: boolean }): UseTransactionsReturnType {
  const client = usePorticoClient()
  const { core } = useSnapshot()
  const key = caipAddress ? hashQueryKey(getTransactionsQueryKey({ caipAddress })) : null
  useEffect(() => {
    if (enabled && key) void client.withCore((api) => api.loadTransactions()).catch(() => undefined)
  }, [client, enabled, key, core?.activeCaipNetworkId])
  const fetchNextPage = useCallback((cursor: string) => void client.withCore((api) => api.loadMoreTransactions({ cursor })).catch(() => undefined), [client])
  const refetch = useCallback(() => void client.withCore((api) => api.loadTransactions({ force: true })).catch(() => undefined), [client])
  return { transactions: core?.transactions ?? emptyTransactions, fetchNextPage, refetch }
}
