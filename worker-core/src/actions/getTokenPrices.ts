import { fungiblePriceResponseSchema, type CaipAddress, type FungiblePrice } from '@portico/shared-types'
import type { HttpClient, HttpClientErrorType } from '../http.ts'

export type GetTokenPricesParameters = { addresses: readonly CaipAddress[]; currency: string; projectId: string }
export type GetTokenPricesReturnType = FungiblePrice[]
export type GetTokenPricesErrorType = HttpClientErrorType

/**
 * Prices of fungible tokens (POST /v1/fungible/price, SPEC.md §7).
 *
 * @example
 * const [usdc] = await getTokenPrices(http, { addresses: ['eip155:1:0xa0b8…eb48'], currency: 'usd', projectId })
 */
export async function getTokenPrices(http: HttpClient, { addresses, currency, projectId }: GetTokenPricesParameters): Promise<GetTokenPricesReturnType> {
  const answer = await http.post('v1/fungible/price', {
    body: { currency, addresses: [...addresses], projectId },
    schema: fungiblePriceResponseSchema,
    what: 'fungible price',
  })
  return answer.fungibles
}
