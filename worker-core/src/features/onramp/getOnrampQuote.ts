import { onrampQuoteResponseSchema, type OnrampQuote, type TokenBalance } from '@portico/shared-types'
import { ONRAMP_QUOTE_CACHE_MS, sampleOnrampQuote, type GetOnrampQuoteParameters, type OnrampQuoteAnswer } from '@portico/shared-types/onramp'
import { getOnrampQuoteQueryKey, hashQueryKey } from '@portico/shared-types/queries'
import type { CoreEnv } from '../../infra/context.ts'
import type { HttpClient, HttpClientErrorType } from '../../infra/http.ts'
import type { QueryOptions } from '../../infra/queryCache.ts'

export type GetOnrampQuoteReturnType = OnrampQuote
export type GetOnrampQuoteErrorType = HttpClientErrorType

/**
 * A quote for buying `purchaseCurrency` on `network` for `amount` of `paymentCurrency`: fees, totals,
 * the purchase amount and the quote id (POST /v1/onramp/quote, SPEC.md §3, §7).
 *
 * @example
 * const quote = await getOnrampQuote(http, { purchaseCurrency: 'ETH', paymentCurrency: 'USD', amount: '50', network: 'base' })
 */
export async function getOnrampQuote(http: HttpClient, { purchaseCurrency, paymentCurrency, amount, network }: GetOnrampQuoteParameters): Promise<GetOnrampQuoteReturnType> {
  return http.post('v1/onramp/quote', {
    body: { purchaseCurrency, paymentCurrency, amount, network },
    schema: onrampQuoteResponseSchema,
    what: 'onramp quote',
  })
}

/**
 * The core's read of a Buy quote: 30 s, memory only, one request for every tab asking. When the call
 * fails the built-in estimate stands in (SPEC.md §8), marked `estimate`: the fee at the top of the
 * providers' range, the purchase amount at the price the account's portfolio holds for the asset.
 */
export function getOnrampQuoteQueryOptions(env: CoreEnv, params: GetOnrampQuoteParameters, balances: readonly TokenBalance[] | null): QueryOptions<OnrampQuoteAnswer> {
  const symbol = params.purchaseCurrency.toLowerCase()
  const price = balances?.find((b) => b.symbol.toLowerCase() === symbol && b.price > 0)?.price ?? null
  return {
    key: hashQueryKey(getOnrampQuoteQueryKey(params)),
    ttlMs: ONRAMP_QUOTE_CACHE_MS,
    fetch: async () => ({ quote: await getOnrampQuote(env.api, params), estimate: false }),
    fallback: () => ({ quote: sampleOnrampQuote(params, price), estimate: true }),
  }
}
