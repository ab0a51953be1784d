import { PRICE_CACHE_MS } from '@portico/shared-types/constants'
import { getTokenPricesQueryKey, hashQueryKey } from '@portico/shared-types/queries'
import { fungiblePriceResponseSchema, type FungiblePrice, type GetTokenPricesParameters } from '@portico/shared-types'
import type { CoreEnv } from '../../infra/context.ts'
import type { HttpClient, HttpClientErrorType } from '../../infra/http.ts'
import type { QueryOptions } from '../../infra/queryCache.ts'

/** POST /v1/fungible/price as the core sends it: the page's `GetTokenPricesParameters` (the API's, one type) with the currency resolved and the project. */
export type GetTokenPricesRequest = Required<GetTokenPricesParameters> & { projectId: string }
export type GetTokenPricesReturnType = FungiblePrice[]
export type GetTokenPricesErrorType = HttpClientErrorType

/**
 * Prices of fungible tokens (POST /v1/fungible/price, SPEC.md §7).
 *
 * @example
 * const [usdc] = await getTokenPrices(http, { addresses: ['eip155:1:0xa0b8…eb48'], currency: 'usd', projectId })
 */
export async function getTokenPrices(http: HttpClient, { addresses, currency, projectId }: GetTokenPricesRequest): Promise<GetTokenPricesReturnType> {
  const answer = await http.post('v1/fungible/price', {
    body: { currency, addresses: [...addresses], projectId },
    schema: fungiblePriceResponseSchema,
    what: 'fungible price',
  })
  return answer.fungibles
}

/** Prices of a set of tokens (in any order) in a currency (default the configured one), shared by every tab for 30 s. */
export function getTokenPricesQueryOptions(env: CoreEnv, params: GetTokenPricesParameters): QueryOptions<GetTokenPricesReturnType> {
  const currency = params.currency ?? env.options.currency
  const key = getTokenPricesQueryKey({ addresses: params.addresses, currency })
  const [, { addresses }] = key
  return { key: hashQueryKey(key), ttlMs: PRICE_CACHE_MS, fetch: () => getTokenPrices(env.api, { addresses, currency, projectId: env.config.projectId }) }
}
