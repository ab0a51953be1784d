import { getSupportedChainsQueryKey, hashQueryKey } from '@portico/shared-types/queries'
import { BALANCE_RETRY_BLOCK_MS, SUPPORTED_CHAINS_CACHE_MS } from '@portico/shared-types/constants'
import { supportedChainsResponseSchema, type SupportedChainsResponse } from '@portico/shared-types'
import type { CoreEnv } from '../../infra/context.ts'
import type { HttpClient, HttpClientErrorType } from '../../infra/http.ts'
import type { QueryOptions } from '../../infra/queryCache.ts'

export type GetSupportedChainsReturnType = SupportedChainsResponse
export type GetSupportedChainsErrorType = HttpClientErrorType

/**
 * Networks the data API serves (GET v1/supported-chains, SPEC.md §7).
 *
 * @example
 * const { http: chains } = await getSupportedChains(http)
 */
export async function getSupportedChains(http: HttpClient): Promise<GetSupportedChainsReturnType> {
  return http.get('v1/supported-chains', { schema: supportedChainsResponseSchema, what: 'supported chains' })
}

/** Read once an hour for every tab; a failure is answered again for 30 s without asking. */
export function getSupportedChainsQueryOptions(env: CoreEnv): QueryOptions<GetSupportedChainsReturnType> {
  return { key: hashQueryKey(getSupportedChainsQueryKey()), ttlMs: SUPPORTED_CHAINS_CACHE_MS, errorTtlMs: BALANCE_RETRY_BLOCK_MS, fetch: () => getSupportedChains(env.api) }
}
