import { TRANSACTIONS_CACHE_MS } from '@portico/shared-types/constants'
import {
  emptyTransactions,
  MESSAGES,
  parseCaipAddress,
  PorticoError,
  RECORDS,
  serializeError,
  type CaipAddress,
  type CoreState,
  type LoadMoreTransactionsParameters,
  type LoadTransactionsParameters,
  type TransactionsState,
} from '@portico/shared-types'
import { getTransactionsQueryOptions } from './getTransactions.ts'
import type { CoreContext } from '../../infra/context.ts'
import { filterTransactions } from './filterTransactions.ts'
import { groupTransactions } from './groupTransactions.ts'

export type TransactionsFeature = {
  load(params?: LoadTransactionsParameters): Promise<void>
  loadMore(params?: LoadMoreTransactionsParameters): Promise<void>
  /**
   * Fetches the first page again where a list of the active account is shown and stale (back online,
   * back in view); never loads a list no tab asked for, never throws.
   */
  refresh(params?: { force?: boolean }): Promise<void>
  /** The list last loaded for the account, whatever its age (shown at once, and offline). */
  restore(caipAddress: CaipAddress): Promise<Pick<CoreState, 'transactions'> | null>
}

/**
 * Loads a page of `caipAddress`'s list (the first with a null cursor) into the state: loading, then the
 * page added and grouped, kept for the account; an error sets empty, clears the cursor and says
 * 'Failed to fetch transactions' (what was shown stays).
 */
async function fetchTransactionsPage(ctx: CoreContext, caipAddress: CaipAddress, cursor: string | null): Promise<void> {
  const env = ctx.env()
  if (!env) return
  const { address, caipNetworkId } = parseCaipAddress(caipAddress)
  const current = ctx.store.get().transactions
  // The onramp's deliveries are loaded apart: a new first page keeps them.
  const deliveries = current.caipAddress === caipAddress ? current.coinbaseTransactions : []
  const base: TransactionsState = cursor === null || current.caipAddress !== caipAddress ? { ...emptyTransactions, caipAddress, coinbaseTransactions: deliveries } : current
  ctx.store.set({ transactions: { ...base, ...(cursor === null && current.caipAddress === caipAddress ? { data: current.data, grouped: current.grouped } : {}), status: 'loading', error: null } })
  try {
    const { data: page } = await ctx.queries.fetch(getTransactionsQueryOptions(env, { address, caipNetworkId, cursor }))
    const fresh = filterTransactions(page.data, caipNetworkId)
    const data = [...base.data, ...fresh]
    await ctx.records.write(RECORDS.transactions, { data, next: page.next || null }, caipAddress)
    if (ctx.activeAccount() !== caipAddress) return
    ctx.store.set({
      transactions: {
        status: 'success',
        caipAddress,
        data,
        grouped: groupTransactions(fresh, base.grouped),
        next: page.next || null,
        coinbaseTransactions: ctx.store.get().transactions.caipAddress === caipAddress ? ctx.store.get().transactions.coinbaseTransactions : base.coinbaseTransactions,
        empty: data.length === 0,
        updatedAt: cursor === null ? ctx.now() : base.updatedAt,
        error: null,
      },
    })
  } catch (cause) {
    if (ctx.activeAccount() !== caipAddress) return
    // SPEC.md §4: empty, no cursor, the message; what was shown (a cached list) stays for the view to keep.
    const shown = ctx.store.get().transactions
    ctx.store.set({
      transactions: {
        ...base,
        ...(shown.caipAddress === caipAddress ? { data: shown.data, grouped: shown.grouped } : {}),
        status: 'error',
        empty: true,
        next: null,
        error: serializeError(new PorticoError(MESSAGES.fetchTransactionsFailed, { cause })),
      },
    })
  }
}

/** The onramp's deliveries (SPEC.md §3); a failure leaves the last list and reports nothing. */
async function fetchCoinbaseTransactions(ctx: CoreContext, caipAddress: CaipAddress): Promise<void> {
  const env = ctx.env()
  if (!env) return
  const { address, caipNetworkId } = parseCaipAddress(caipAddress)
  const answer = await ctx.queries.fetch(getTransactionsQueryOptions(env, { address, caipNetworkId, onramp: 'coinbase' })).then(
    (r) => r.data,
    () => null,
  )
  const current = ctx.store.get().transactions
  if (!answer || ctx.activeAccount() !== caipAddress || current.caipAddress !== caipAddress) return
  ctx.store.set({ transactions: { ...current, coinbaseTransactions: filterTransactions(answer.data, caipNetworkId) } })
}

/** The list last loaded for `caipAddress`, whatever its age, as the state shows it; null when none was kept. */
async function restoreTransactions(ctx: CoreContext, caipAddress: CaipAddress): Promise<Pick<CoreState, 'transactions'> | null> {
  const saved = await ctx.records.read(RECORDS.transactions, caipAddress)
  if (!saved) return null
  const { data, next } = saved.data
  return {
    transactions: { status: 'success', caipAddress, data, grouped: groupTransactions(data), next, coinbaseTransactions: [], empty: data.length === 0, updatedAt: saved.savedAt, error: null },
  }
}

/**
 * The Activity list of the active account on the active chain (SPEC.md §3, §4): cursor paging,
 * grouped by year then month, spam NFT-only and other chains' transactions dropped. Loading, then
 * empty or a next cursor; an error sets empty, clears the cursor and says 'Failed to fetch transactions'.
 */
export function createTransactions(ctx: CoreContext): TransactionsFeature {
  /** One load of a page of an account's list at a time, however many tabs ask. */
  const once = (caipAddress: CaipAddress, page: string, run: () => Promise<void>) => ctx.queries.dedupe(`transactions ${caipAddress} ${page}`, run)

  function account(): CaipAddress {
    const caipAddress = ctx.activeAccount()
    if (!caipAddress) throw new PorticoError(MESSAGES.transactionsNeedAddress)
    return caipAddress
  }

  const fetchPage = (caipAddress: CaipAddress, cursor: string | null) => fetchTransactionsPage(ctx, caipAddress, cursor)
  const fetchCoinbase = (caipAddress: CaipAddress) => fetchCoinbaseTransactions(ctx, caipAddress)
  const restore = (caipAddress: CaipAddress) => restoreTransactions(ctx, caipAddress)

  async function load({ force = false, onramp }: LoadTransactionsParameters = {}): Promise<void> {
    await ctx.ready
    const caipAddress = account()
    const { namespace } = parseCaipAddress(caipAddress)
    if (!ctx.store.get().capabilities.historyNamespaces.includes(namespace)) {
      ctx.store.set({ transactions: { ...emptyTransactions, status: 'unsupported', caipAddress, empty: true } })
      return
    }
    if (onramp === 'coinbase') {
      if (ctx.store.get().transactions.caipAddress !== caipAddress) await load({ force })
      await once(caipAddress, 'coinbase', () => fetchCoinbase(caipAddress))
      return
    }
    if (ctx.store.get().transactions.caipAddress !== caipAddress) {
      const saved = await restore(caipAddress)
      if (saved && ctx.activeAccount() === caipAddress) ctx.store.set(saved)
    }
    const current = ctx.store.get().transactions
    const fresh = current.caipAddress === caipAddress && current.status === 'success' && current.updatedAt !== null && ctx.now() - current.updatedAt < TRANSACTIONS_CACHE_MS
    if (fresh && !force) return
    if (!ctx.online.isOnline() && current.caipAddress === caipAddress && current.data.length > 0) return
    await once(caipAddress, 'first', () => fetchPage(caipAddress, null))
  }

  return {
    restore,
    load,

    async refresh({ force = false } = {}) {
      await ctx.ready
      const caipAddress = ctx.activeAccount()
      const shown = ctx.store.get().transactions
      if (!caipAddress || shown.caipAddress !== caipAddress || (shown.status !== 'success' && shown.status !== 'error')) return
      await load({ force }).catch((error: unknown) => ctx.warn(`Portico: could not refresh the transactions: ${error instanceof Error ? error.message : String(error)}`))
    },

    async loadMore({ cursor } = {}) {
      await ctx.ready
      const caipAddress = account()
      const current = ctx.store.get().transactions
      if (current.caipAddress !== caipAddress || current.next === null) return
      if (cursor !== undefined && cursor !== current.next) return
      const next = current.next
      await once(caipAddress, `after ${next}`, () => fetchPage(caipAddress, next))
    },
  }
}
