import { BALANCE_CACHE_MS, BALANCE_RETRY_BLOCK_MS } from '@portico/shared-types/constants'
import {
  emptyBalances,
  emptyNativeBalance,
  formatUnits,
  parseCaipAddress,
  RECORDS,
  serializeError,
  TokenBalanceUnavailableError,
  type BalancesState,
  type CaipAddress,
  type CoreState,
  type NativeBalanceState,
  type RecordData,
  type TokenBalance,
} from '@portico/shared-types'
import { getBalances } from './actions/getBalances.ts'
import { getNativeBalance } from './actions/getNativeBalance.ts'
import { parseWalletAssets } from './actions/parseWalletAssets.ts'
import type { CapabilitiesFeature } from './capabilities.ts'
import type { CoreContext, CoreEnv } from './context.ts'

type Portfolio = RecordData<'portfolio'>

export type BalancesFeature = {
  /** Fetches the portfolio and the native balance of the active account where stale. */
  refresh(params?: { force?: boolean }): Promise<void>
  /** Takes a wallet's ERC-7811 answer as the account's portfolio if it passes SPEC.md §5. */
  setWalletAssets(caipAddress: CaipAddress, answer: unknown): Promise<boolean>
  /** What storage holds for an account, whatever its age (shown at once when a core starts). */
  restore(caipAddress: CaipAddress): Promise<Pick<CoreState, 'balances' | 'nativeBalance'>>
}

const unavailable = (cause?: unknown) => serializeError(new TokenBalanceUnavailableError(cause === undefined ? {} : { cause }))

function nativeState(caipAddress: CaipAddress, data: RecordData<'nativeBalance'>, updatedAt: number): NativeBalanceState {
  return {
    status: 'success',
    caipAddress,
    value: data.value,
    formatted: formatUnits(BigInt(data.value), data.decimals),
    symbol: data.symbol,
    decimals: data.decimals,
    updatedAt,
    error: null,
  }
}

function portfolioState(caipAddress: CaipAddress, data: Portfolio, updatedAt: number): BalancesState {
  return { ...emptyBalances, status: 'success', caipAddress, data: data.balances, updatedAt, source: data.source }
}

/**
 * Balances of the active account: the portfolio from the data API (or the wallet's own answer), and
 * the native balance from the chain RPC; both cached 30 s in IndexedDB, shown stale while refreshing.
 */
export function createBalances(ctx: CoreContext, capabilities: CapabilitiesFeature): BalancesFeature {
  const inFlight = new Map<string, Promise<void>>()
  const currency = () => ctx.env()?.options.currency ?? 'usd'
  const isActive = (caipAddress: CaipAddress) => ctx.activeAccount() === caipAddress

  async function refreshPortfolio(env: CoreEnv, caipAddress: CaipAddress, force: boolean): Promise<void> {
    const { caipNetworkId } = parseCaipAddress(caipAddress)
    const key = RECORDS.portfolio.key(caipAddress, currency())
    const state = ctx.store.get().balances
    const current: BalancesState = state.caipAddress === caipAddress ? state : { ...emptyBalances, caipAddress }
    // SPEC.md §4, §8: after 'Token Balance Unavailable' no retry for 30 s, forced or not.
    if (current.retryBlockedUntil !== null && current.retryBlockedUntil > ctx.now()) return

    const cached = await ctx.cache.peek(key, RECORDS.portfolio.schema)
    if (cached && !force && ctx.now() - cached.updatedAt < BALANCE_CACHE_MS) {
      if (current.updatedAt !== cached.updatedAt || current.status !== 'success') ctx.store.set({ balances: portfolioState(caipAddress, cached.data, cached.updatedAt) })
      return
    }
    const shown: BalancesState =
      current.data || !cached ? current : { ...current, data: cached.data.balances, updatedAt: cached.updatedAt, source: cached.data.source }

    if (!ctx.online.isOnline()) {
      if (shown !== state) ctx.store.set({ balances: shown })
      return
    }
    if (!(await capabilities.isBalanceSupported(caipNetworkId))) {
      if (!isActive(caipAddress)) return
      ctx.store.set({ balances: { ...shown, status: 'error', error: unavailable(), retryBlockedUntil: ctx.now() + BALANCE_RETRY_BLOCK_MS } })
      return
    }

    ctx.store.set({ balances: { ...shown, status: 'loading' } })
    try {
      const { data, updatedAt } = await ctx.cache.fetch<Portfolio>({
        key,
        ttlMs: BALANCE_CACHE_MS,
        schema: RECORDS.portfolio.schema,
        force,
        fetch: async () => ({ source: 'api', balances: await getBalances(env.api, { caipAddress, currency: currency(), force }) }),
      })
      if (isActive(caipAddress)) ctx.store.set({ balances: portfolioState(caipAddress, data, updatedAt) })
    } catch (cause) {
      if (!isActive(caipAddress)) return
      ctx.store.set((s) => ({ balances: { ...s.balances, status: 'error', error: unavailable(cause), retryBlockedUntil: ctx.now() + BALANCE_RETRY_BLOCK_MS } }))
    }
  }

  async function refreshNative(env: CoreEnv, caipAddress: CaipAddress, force: boolean): Promise<void> {
    const { caipNetworkId } = parseCaipAddress(caipAddress)
    const network = env.config.networks.find((n) => n.caipNetworkId === caipNetworkId)
    const client = env.rpc.client(caipNetworkId)
    if (!network || !client) {
      if (isActive(caipAddress)) ctx.store.set({ nativeBalance: { ...emptyNativeBalance, status: 'unsupported', caipAddress } })
      return
    }
    const key = RECORDS.nativeBalance.key(caipAddress)
    const state = ctx.store.get().nativeBalance
    const current: NativeBalanceState = state.caipAddress === caipAddress ? state : { ...emptyNativeBalance, caipAddress }
    const cached = await ctx.cache.peek(key, RECORDS.nativeBalance.schema)
    if (cached && !force && ctx.now() - cached.updatedAt < BALANCE_CACHE_MS) {
      if (current.updatedAt !== cached.updatedAt || current.status !== 'success') ctx.store.set({ nativeBalance: nativeState(caipAddress, cached.data, cached.updatedAt) })
      return
    }
    const shown = current.value || !cached ? current : nativeState(caipAddress, cached.data, cached.updatedAt)
    if (!ctx.online.isOnline()) {
      if (shown !== state) ctx.store.set({ nativeBalance: shown })
      return
    }
    ctx.store.set({ nativeBalance: { ...shown, status: 'loading' } })
    try {
      const { data, updatedAt } = await ctx.cache.fetch({
        key,
        ttlMs: BALANCE_CACHE_MS,
        schema: RECORDS.nativeBalance.schema,
        force,
        fetch: async () => ({
          value: await getNativeBalance(client, { caipAddress }),
          decimals: network.nativeCurrency.decimals,
          symbol: network.nativeCurrency.symbol,
        }),
      })
      if (isActive(caipAddress)) ctx.store.set({ nativeBalance: nativeState(caipAddress, data, updatedAt) })
    } catch (cause) {
      if (isActive(caipAddress)) ctx.store.set((s) => ({ nativeBalance: { ...s.nativeBalance, status: 'error', error: serializeError(cause) } }))
    }
  }

  return {
    async refresh({ force = false } = {}) {
      await ctx.ready
      const env = ctx.env()
      const caipAddress = ctx.activeAccount()
      if (!env || !caipAddress) return
      const key = `${caipAddress}:${force}`
      const existing = inFlight.get(key)
      if (existing) return existing
      const run = Promise.all([refreshPortfolio(env, caipAddress, force), refreshNative(env, caipAddress, force)])
        .then(() => undefined)
        .finally(() => inFlight.delete(key))
      inFlight.set(key, run)
      return run
    },

    async setWalletAssets(caipAddress, answer) {
      await ctx.ready
      let balances: TokenBalance[]
      try {
        balances = parseWalletAssets({ answer, caipNetworkId: parseCaipAddress(caipAddress).caipNetworkId })
      } catch (error) {
        ctx.warn(`Portico: ignored the wallet's wallet_getAssets answer: ${error instanceof Error ? error.message : String(error)}`)
        return false
      }
      const portfolio: Portfolio = { source: 'wallet', balances }
      const { updatedAt } = await ctx.cache.set(RECORDS.portfolio.key(caipAddress, currency()), portfolio, { persist: true })
      if (isActive(caipAddress)) ctx.store.set({ balances: portfolioState(caipAddress, portfolio, updatedAt) })
      return true
    },

    async restore(caipAddress) {
      const [portfolio, native] = await Promise.all([
        ctx.cache.peek(RECORDS.portfolio.key(caipAddress, currency()), RECORDS.portfolio.schema),
        ctx.cache.peek(RECORDS.nativeBalance.key(caipAddress), RECORDS.nativeBalance.schema),
      ])
      return {
        balances: portfolio ? portfolioState(caipAddress, portfolio.data, portfolio.updatedAt) : { ...emptyBalances, caipAddress },
        nativeBalance: native ? nativeState(caipAddress, native.data, native.updatedAt) : { ...emptyNativeBalance, caipAddress },
      }
    },
  }
}
