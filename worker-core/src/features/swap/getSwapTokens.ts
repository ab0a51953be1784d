import { getSwapTokensQueryKey, hashQueryKey } from '@portico/shared-types/queries'
import { SWAP_TOKENS_CACHE_MS } from '@portico/shared-types/constants'
import { MESSAGES, PorticoError, swapTokensResponseSchema, type CaipNetworkId, type SwapToken } from '@portico/shared-types'
import type { GetSwapTokensParameters } from '@portico/shared-types/write'
import { swapChainsOf } from '../balances/capabilities.ts'
import type { CoreEnv } from '../../infra/context.ts'
import type { HttpClient, HttpClientErrorType } from '../../infra/http.ts'
import type { QueryOptions } from '../../infra/queryCache.ts'

/** What the read throws: the HTTP layer's errors; its query options add 'Network not supported for Swaps' (a `PorticoError`) on another chain. */
export type GetSwapTokensErrorType = HttpClientErrorType | PorticoError

/**
 * The tokens the convert API swaps on a chain (GET /v1/convert/tokens?chainId=), native first.
 *
 * @example
 * const tokens = await getSwapTokens(http, { caipNetworkId: 'eip155:31337' })
 */
export async function getSwapTokens(http: HttpClient, { caipNetworkId }: { caipNetworkId: CaipNetworkId }): Promise<SwapToken[]> {
  const { tokens } = await http.get('v1/convert/tokens', { query: { chainId: caipNetworkId }, schema: swapTokensResponseSchema, what: 'swap tokens' })
  return tokens
}

/** The swap-supported chains only (SPEC.md §9 and the core's options); elsewhere 'Network not supported for Swaps'. */
export function assertSwapChain(env: CoreEnv, caipNetworkId: CaipNetworkId): void {
  if (!swapChainsOf(env.options).includes(caipNetworkId)) throw new PorticoError(MESSAGES.swapsUnsupported)
}

/** The core's read of a chain's swap tokens: 10 min, shared by every tab. */
export function getSwapTokensQueryOptions(env: CoreEnv, { caipNetworkId }: GetSwapTokensParameters): QueryOptions<SwapToken[]> {
  assertSwapChain(env, caipNetworkId)
  return { key: hashQueryKey(getSwapTokensQueryKey({ caipNetworkId })), ttlMs: SWAP_TOKENS_CACHE_MS, fetch: () => getSwapTokens(env.api, { caipNetworkId }) }
}
