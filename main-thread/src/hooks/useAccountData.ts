import { useCallback, useEffect } from 'react'
import { emptyBalances, emptyNativeBalance, type BalancesState, type NativeBalanceState, type TransactionsState } from '@portico/shared-types/light'
import type { TokenBalance, Transaction } from '@portico/shared-types'
import type { PendingTransaction } from '@portico/shared-types/write'
import { usePorticoClient, useSnapshot } from '../context.ts'
import { useAccount } from './index.ts'
import { useTransactions } from './queries/useTransactions.ts'

export type UseBalancesReturnType = {
  /** The account's tokens on the active network, the native token first (the data API's portfolio, or the wallet's own answer). */
  balances: readonly TokenBalance[]
  /** The native token's entry of `balances`. */
  native: TokenBalance | undefined
  /** The native balance read from the chain's RPC (wei as a decimal string, and formatted). */
  nativeBalance: NativeBalanceState
  status: BalancesState['status']
  /** 'Token Balance Unavailable' and the like (SPEC.md §8); the last balances stay. */
  error: BalancesState['error']
  /** When the balances were read (ms since epoch), null before; offline they are the last ones, with this age. */
  updatedAt: number | null
  /** Reads again past the core's 30 s cache. */
  refetch(): void
}

/**
 * The connected account's balances from the core's cache (30 s, shared by every tab, kept in
 * IndexedDB for offline): asked when the account or network changes. Empty while disconnected.
 *
 * @example
 * const { native } = useBalances()
 * native ? `${native.quantity.numeric} ${native.symbol}` : '…'
 */
export function useBalances({ enabled = true }: { enabled?: boolean } = {}): UseBalancesReturnType {
  const client = usePorticoClient()
  const { core } = useSnapshot()
  const { caipAddress } = useAccount()
  useEffect(() => {
    if (enabled && caipAddress) void client.withCore((api) => api.refreshBalances()).catch(() => undefined)
  }, [client, enabled, caipAddress])
  const refetch = useCallback(() => void client.withCore((api) => api.refreshBalances({ force: true })).catch(() => undefined), [client])
  // Balances of another account (the one before a switch) are not shown as this one's.
  const mine = caipAddress && core?.balances.caipAddress === caipAddress ? core.balances : emptyBalances
  const balances = mine.data ? [...mine.data.filter((b) => !b.address), ...mine.data.filter((b) => b.address)] : []
  return {
    balances,
    native: balances.find((b) => !b.address),
    nativeBalance: caipAddress && core?.nativeBalance.caipAddress === caipAddress ? core.nativeBalance : emptyNativeBalance,
    status: caipAddress ? (core?.balances.caipAddress === caipAddress ? mine.status : 'loading') : 'idle',
    error: mine.error,
    updatedAt: mine.updatedAt,
    refetch,
  }
}

export type UseActivityReturnType = {
  /** The account's transactions on the active network, newest first (spam left out). */
  transactions: readonly Transaction[]
  /** The same grouped by year and month. */
  grouped: TransactionsState['grouped']
  /** Sent through Portico and not listed by the data API yet, on the active network. */
  pending: readonly PendingTransaction[]
  status: TransactionsState['status']
  /** 'Failed to fetch transactions' (SPEC.md §8); the loaded pages stay. */
  error: TransactionsState['error']
  hasNextPage: boolean
  /** Loads the next page (a page another tab loaded already is not asked again). */
  fetchNextPage(): void
  /** Loads the first page again, past the 30 s cache. */
  refetch(): void
}

/**
 * The connected account's Activity from the core (30 s cache, pages shared by every tab), with the
 * transactions sent through Portico shown pending until mined. Empty while disconnected.
 *
 * @example
 * const { transactions, hasNextPage, fetchNextPage } = useActivity()
 */
export function useActivity({ enabled = true }: { enabled?: boolean } = {}): UseActivityReturnType {
  const { core } = useSnapshot()
  const { caipAddress } = useAccount()
  const { transactions, fetchNextPage, refetch } = useTransactions({ caipAddress, enabled })
  const mine = caipAddress && transactions.caipAddress === caipAddress
  const next = mine ? transactions.next : null
  const fetchNext = useCallback(() => void (next && fetchNextPage(next)), [next, fetchNextPage])
  return {
    transactions: mine ? transactions.data : [],
    grouped: mine ? transactions.grouped : [],
    pending: caipAddress ? (core?.pendingTransactions.filter((p) => p.caipNetworkId === core.activeCaipNetworkId) ?? []) : [],
    status: !caipAddress ? 'idle' : mine ? transactions.status : 'loading',
    error: mine ? transactions.error : null,
    hasNextPage: next !== null,
    fetchNextPage: fetchNext,
    refetch,
  }
}
