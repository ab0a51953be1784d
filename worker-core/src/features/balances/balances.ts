import { BALANCE_CACHE_MS, BALANCE_RETRY_BLOCK_MS } from '@portico/shared-types/constants'
import { formatUnits } from 'viem'
import {
  emptyBalances,
  emptyNativeBalance,
  parseCaipAddress,
  PorticoError,
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
import { getBalances } from './getBalances.ts'
import { getNativeBalance } from './getNativeBalance.ts'
import { parseWalletAssets } from './parseWalletAssets.ts'
import type { CapabilitiesFeature } from './capabilities.ts'
import type { CoreContext, CoreEnv } from '../../infra/context.ts'
import { NOT_CONFIGURED, type AccountQuery } from '../../infra/query.ts'
import { persisted } from '../../infra/queryCache.ts'

type Portfolio = RecordData<'portfolio'>
type NativeBalance = RecordData<'nativeBalance'>

export type BalancesFeature = {
  /** Fetches the portfolio and the native balance of the active account where stale. */
  refresh(params?: { force?: boolean }): Promise<void>
  /** Takes a wallet's ERC-7811 answer as the account's portfolio if it passes SPEC.md §5. */
  setWalletAssets(caipAddress: CaipAddress, answer: unknown): Promise<boolean>
  /** What storage holds for an account, whatever its age (shown at once when a core starts). */
  restore(caipAddress: CaipAddress): Promise<Pick<CoreState, 'balances' | 'nativeBalance'>>
  /** The native balance of any account (a connected wallet not in use): the same read and cache as the active account's. */
  nativeBalanceOf(caipAddress: CaipAddress): Promise<NativeBalanceState>
}

function nativeState(caipAddress: CaipAddress, data: NativeBalance, updatedAt: number): NativeBalanceState {
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

const currencyOf = (env: CoreEnv | null) => env?.options.currency ?? 'usd'

/**
 * The portfolio of an account from the data API (or the wallet's own answer), cached 30 s; after
 * 'Token Balance Unavailable' no retry for 30 s (SPEC.md §4, §8), also when the data API does not serve the network.
 */
export function portfolioQuery(capabilities: CapabilitiesFeature): AccountQuery<'balances', Portfolio> {
  return {
    slice: 'balances',
    ttlMs: BALANCE_CACHE_MS,
    retryBlockMs: BALANCE_RETRY_BLOCK_MS,
    location: (caipAddress, env) => persisted(RECORDS.portfolio, caipAddress, currencyOf(env)),
    fetch: async (env, caipAddress, { force }) => ({ source: 'api', balances: await getBalances(env.api, { caipAddress, currency: currencyOf(env), force }) }),
    available: (_, caipAddress) => capabilities.isBalanceSupported(parseCaipAddress(caipAddress).caipNetworkId),
    empty: (caipAddress) => ({ ...emptyBalances, caipAddress }),
    success: portfolioState,
    error: (cause) => serializeError(new TokenBalanceUnavailableError(cause === undefined ? {} : { cause })),
  }
}

/** The native balance of an account from its network's RPC (ETH through viem, SOL through the same transport), cached 30 s; 'unsupported' off the configured eip155 and solana networks. */
export const nativeBalanceQuery: AccountQuery<'nativeBalance', NativeBalance> = {
  slice: 'nativeBalance',
  ttlMs: BALANCE_CACHE_MS,
  location: (caipAddress) => persisted(RECORDS.nativeBalance, caipAddress),
  enabled(env, caipAddress) {
    const { caipNetworkId } = parseCaipAddress(caipAddress)
    return env.config.networks.some((n) => n.caipNetworkId === caipNetworkId) && (env.rpc.client(caipNetworkId) !== null || env.rpc.solana(caipNetworkId) !== null)
  },
  async fetch(env, caipAddress) {
    const { caipNetworkId, address } = parseCaipAddress(caipAddress)
    const network = env.config.networks.find((n) => n.caipNetworkId === caipNetworkId)!
    const evm = env.rpc.client(caipNetworkId)
    // eip155 through viem; solana's getBalance through the same transport (lamports).
    const value = evm ? await getNativeBalance(evm, { caipAddress }) : (await env.rpc.solana(caipNetworkId)!.getBalance(address)).toString()
    return { value, decimals: network.nativeCurrency.decimals, symbol: network.nativeCurrency.symbol }
  },
  empty: (caipAddress) => ({ ...emptyNativeBalance, caipAddress }),
  success: nativeState,
  error: (cause) => serializeError(cause),
}

/**
 * Balances of the active account: the portfolio and the native balance, both cached 30 s in
 * IndexedDB and shown stale while refreshing.
 */
export function createBalances(ctx: CoreContext, capabilities: CapabilitiesFeature): BalancesFeature {
  const portfolio = portfolioQuery(capabilities)

  return {
    async refresh({ force = false } = {}) {
      await ctx.ready
      const caipAddress = ctx.activeAccount()
      if (!ctx.env() || !caipAddress) return
      await Promise.all([ctx.queries.sync(portfolio, caipAddress, { force }), ctx.queries.sync(nativeBalanceQuery, caipAddress, { force })])
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
      await ctx.queries.setData(portfolio, caipAddress, { source: 'wallet', balances })
      return true
    },

    async nativeBalanceOf(caipAddress) {
      await ctx.ready
      const env = ctx.env()
      if (!env) throw new PorticoError(NOT_CONFIGURED, { details: 'A tab calls configure first' })
      if (!nativeBalanceQuery.enabled!(env, caipAddress)) return { ...emptyNativeBalance, caipAddress, status: 'unsupported' }
      try {
        const { data, updatedAt } = await ctx.queries.fetch({
          ...nativeBalanceQuery.location(caipAddress, env),
          ttlMs: nativeBalanceQuery.ttlMs,
          fetch: () => nativeBalanceQuery.fetch(env, caipAddress, { force: false }),
        })
        return nativeState(caipAddress, data, updatedAt)
      } catch (cause) {
        return { ...emptyNativeBalance, caipAddress, status: 'error', error: nativeBalanceQuery.error(cause) }
      }
    },

    async restore(caipAddress) {
      const [balances, nativeBalance] = await Promise.all([ctx.queries.restore(portfolio, caipAddress), ctx.queries.restore(nativeBalanceQuery, caipAddress)])
      return { balances, nativeBalance }
    },
  }
}
