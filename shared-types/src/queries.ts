/**
 * Query keys of the core's reads (wagmi's layering): the core's action answers a read, a tab's hook
 * follows it under its key, and the core keys the answers it shares by the same parts. Zod-free, so
 * the modal's hooks import it without a schema library. `force` is never part of a key.
 */
import type { CaipAddress } from './caip.ts'
import type { GetNamesParameters, GetNftHoldingsParameters, GetTokenPricesParameters, GetWalletsParameters } from './core-api.ts'
import type { SimulateCallsParameters } from './write.ts'

export type QueryKey = readonly [string, ...unknown[]]

/**
 * All Wallets (`getWallets`): one page when `page` is given, else the whole paged list of a search
 * (or of no search). A search has one page, so its key never holds one.
 */
export type GetWalletsQueryKey = readonly ['wallets', { page?: number; search?: string; badge?: 'none' | 'certified' }]
export function getWalletsQueryKey({ page, search, badge }: GetWalletsParameters = {}): GetWalletsQueryKey {
  const text = search?.trim()
  return ['wallets', { ...(text ? { search: text } : page !== undefined ? { page } : {}), ...(badge ? { badge } : {}) }]
}

export type GetRecommendedWalletsQueryKey = readonly ['recommendedWallets']
export const getRecommendedWalletsQueryKey = (): GetRecommendedWalletsQueryKey => ['recommendedWallets']

export type GetFeaturedWalletsQueryKey = readonly ['featuredWallets']
export const getFeaturedWalletsQueryKey = (): GetFeaturedWalletsQueryKey => ['featuredWallets']

export type GetCapabilitiesQueryKey = readonly ['capabilities']
export const getCapabilitiesQueryKey = (): GetCapabilitiesQueryKey => ['capabilities']

export type GetNftHoldingsQueryKey = readonly ['nftHoldings', { caipAddress: CaipAddress }]
export function getNftHoldingsQueryKey({ caipAddress }: Pick<GetNftHoldingsParameters, 'caipAddress'>): GetNftHoldingsQueryKey {
  return ['nftHoldings', { caipAddress }]
}

/** Profile names of an address; addresses differing in case are one key. */
export type GetNamesQueryKey = readonly ['names', { address: string }]
export function getNamesQueryKey({ address }: Pick<GetNamesParameters, 'address'>): GetNamesQueryKey {
  return ['names', { address: address.toLowerCase() }]
}

/** Prices of a set of tokens: the same set in any order is one key. */
export type GetTokenPricesQueryKey = readonly ['tokenPrices', { addresses: CaipAddress[]; currency: string | null }]
export function getTokenPricesQueryKey({ addresses, currency }: GetTokenPricesParameters): GetTokenPricesQueryKey {
  return ['tokenPrices', { addresses: [...new Set(addresses)].sort(), currency: currency ?? null }]
}

/** The Activity list of an account on its network (the state the core pushes, paged by cursor). */
export type GetTransactionsQueryKey = readonly ['transactions', { caipAddress: CaipAddress }]
export function getTransactionsQueryKey({ caipAddress }: { caipAddress: CaipAddress }): GetTransactionsQueryKey {
  return ['transactions', { caipAddress }]
}

/** Buy: the onramp's payment currencies, limits and purchasable assets (SPEC.md §7). */
export type GetOnrampOptionsQueryKey = readonly ['onrampOptions']
export const getOnrampOptionsQueryKey = (): GetOnrampOptionsQueryKey => ['onrampOptions']

/** Buy: a quote for an amount of an asset on a network; the estimate depends on the payment method. */
export type GetOnrampQuoteQueryKey = readonly ['onrampQuote', { purchaseCurrency: string; paymentCurrency: string; amount: string; network: string; paymentMethod: string }]
export function getOnrampQuoteQueryKey({
  purchaseCurrency,
  paymentCurrency,
  amount,
  network,
  paymentMethod = 'card',
}: {
  purchaseCurrency: string
  paymentCurrency: string
  amount: string
  network: string
  paymentMethod?: string | undefined
}): GetOnrampQuoteQueryKey {
  return ['onrampQuote', { purchaseCurrency: purchaseCurrency.toLowerCase(), paymentCurrency, amount: String(Number(amount)), network, paymentMethod }]
}

/** One string per key, the same for equal keys whatever the order of object fields. */

export function hashQueryKey(key: QueryKey): string {
  return JSON.stringify(key, (_, value: unknown) =>
    value !== null && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : value,
  )
}

/** The Send view's fee, network balance and Max for a token of an account (native: no address), and for a receiver where it matters (Solana's token account rent). */
export type GetSendEstimateQueryKey = readonly ['sendEstimate', { caipAddress: CaipAddress; token: string; receiver?: string }]
export function getSendEstimateQueryKey({
  caipAddress,
  tokenAddress,
  receiver,
}: {
  caipAddress: CaipAddress
  tokenAddress?: string | undefined
  receiver?: string | undefined
}): GetSendEstimateQueryKey {
  return ['sendEstimate', { caipAddress, token: tokenAddress?.toLowerCase() ?? 'native', ...(receiver ? { receiver } : {}) }]
}

/** An account name typed as a Send receiver, on the account's chain; names differing in case are one key. */
export type ResolveReceiverQueryKey = readonly ['receiver', { caipAddress: CaipAddress; name: string }]
export function resolveReceiverQueryKey({ caipAddress, name }: { caipAddress: CaipAddress; name: string }): ResolveReceiverQueryKey {
  return ['receiver', { caipAddress, name: name.toLowerCase() }]
}

/** The native balance of an account on its network, read from the chain (any connected wallet, in use or not). */
export type GetNativeBalanceQueryKey = readonly ['nativeBalance', { caipAddress: CaipAddress }]
export function getNativeBalanceQueryKey({ caipAddress }: { caipAddress: CaipAddress }): GetNativeBalanceQueryKey {
  return ['nativeBalance', { caipAddress }]
}

/** Names close to a typed one, each with whether it is taken (RegisterAccountName); one key per lower-cased name. */
export type GetNameSuggestionsQueryKey = readonly ['nameSuggestions', { name: string }]
export function getNameSuggestionsQueryKey({ name }: { name: string }): GetNameSuggestionsQueryKey {
  return ['nameSuggestions', { name: name.toLowerCase() }]
}

/** The registered account of a full name (null: the name is free); one key per lower-cased name. */
export type GetAccountNameQueryKey = readonly ['accountName', { name: string }]
export function getAccountNameQueryKey({ name }: { name: string }): GetAccountNameQueryKey {
  return ['accountName', { name: name.toLowerCase() }]
}

/** The tokens the convert API swaps on a chain. */
export type GetSwapTokensQueryKey = readonly ['swapTokens', { caipNetworkId: string }]
export const getSwapTokensQueryKey = ({ caipNetworkId }: { caipNetworkId: string }): GetSwapTokensQueryKey => ['swapTokens', { caipNetworkId }]

/** A swap quote for an amount of one token into another, for an account. */
export type GetSwapQuoteQueryKey = readonly ['swapQuote', { caipAddress: CaipAddress; from: string; to: string; amount: string }]
export function getSwapQuoteQueryKey({ caipAddress, from, to, amount }: { caipAddress: CaipAddress; from: string; to: string; amount: string }): GetSwapQuoteQueryKey {
  return ['swapQuote', { caipAddress, from: from.toLowerCase(), to: to.toLowerCase(), amount }]
}

/** What each network supports, as the data API lists it (one answer for every tab). */
export type GetSupportedChainsQueryKey = readonly ['supportedChains']
export const getSupportedChainsQueryKey = (): GetSupportedChainsQueryKey => ['supportedChains']

/** Buy: the provider's page for one order (never kept; joined only while the same request is in flight). */
export type GetOnrampUrlQueryKey = readonly ['onrampUrl', { provider: string; caipAddress: CaipAddress; network: string; purchaseCurrency: string; paymentCurrency: string; amount: string }]
export function getOnrampUrlQueryKey({
  provider = 'coinbase',
  caipAddress,
  network,
  purchaseCurrency,
  paymentCurrency,
  amount,
}: {
  provider?: string | undefined
  caipAddress: CaipAddress
  network: string
  purchaseCurrency: string
  paymentCurrency: string
  amount: string
}): GetOnrampUrlQueryKey {
  return ['onrampUrl', { provider, caipAddress, network, purchaseCurrency: purchaseCurrency.toLowerCase(), paymentCurrency, amount }]
}

/** One page of an account's Activity on its network, as the core asks the history API for it (by cursor). */
export type GetTransactionsPageQueryKey = readonly ['transactionsPage', { caipNetworkId: string; address: string; cursor: string | null; onramp: string | null }]
export function getTransactionsPageQueryKey({
  caipNetworkId,
  address,
  cursor = null,
  onramp = null,
}: {
  caipNetworkId: string
  address: string
  cursor?: string | null | undefined
  onramp?: string | null | undefined
}): GetTransactionsPageQueryKey {
  return ['transactionsPage', { caipNetworkId, address, cursor, onramp }]
}

/** One catalogue request as the core makes it (its URL: page, search, badge, include, exclude, chains). */
export type GetCataloguePageQueryKey = readonly ['cataloguePage', { url: string }]
export const getCataloguePageQueryKey = ({ url }: { url: string }): GetCataloguePageQueryKey => ['cataloguePage', { url }]

/** An image the core fetched ahead (a wallet's icon), by its URL. */
export type PrefetchImageQueryKey = readonly ['image', { url: string }]
export const prefetchImageQueryKey = ({ url }: { url: string }): PrefetchImageQueryKey => ['image', { url }]

/** A write's simulated preview: EVM calls from an account (amounts as decimal strings: a key is JSON), or a Solana transaction. */
export type GetSimulationQueryKey = readonly ['simulation', { caipAddress: CaipAddress; calls: { to?: string; value?: string; data?: string }[]; transaction?: string }]
export function getSimulationQueryKey({ caipAddress, calls, transaction }: SimulateCallsParameters): GetSimulationQueryKey {
  const shown = calls.map((c) => ({ ...(c.to ? { to: c.to } : {}), ...(c.value !== undefined ? { value: c.value.toString() } : {}), ...(c.data ? { data: c.data } : {}) }))
  return ['simulation', { caipAddress, calls: shown, ...(transaction ? { transaction } : {}) }]
}
