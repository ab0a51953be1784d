import { getOnrampUrlQueryKey, hashQueryKey } from '@portico/shared-types/queries'
import { onrampUrlResponseSchema, parseCaipAddress } from '@portico/shared-types'
import type { GetOnrampUrlParameters } from '@portico/shared-types/onramp'
import type { CoreEnv } from '../../infra/context.ts'
import type { HttpClient, HttpClientErrorType } from '../../infra/http.ts'
import type { QueryOptions } from '../../infra/queryCache.ts'

export type GetOnrampUrlReturnType = string
export type GetOnrampUrlErrorType = HttpClientErrorType

/**
 * The provider's page for a purchase (POST /v1/generators/onrampurl, SPEC.md §7): the account as the
 * destination wallet on `network` for `purchaseCurrency`, the network as default, the address as the
 * partner user id, the buy experience, and the fiat amount preset (`paymentCurrency` says its
 * currency). The crypto amount is left to the provider's page, which prices it.
 *
 * @example
 * const url = await getOnrampUrl(http, { caipAddress, network: 'base', purchaseCurrency: 'ETH', paymentCurrency: 'USD', amount: '50' })
 */
export async function getOnrampUrl(http: HttpClient, { caipAddress, network, purchaseCurrency, paymentCurrency, amount }: GetOnrampUrlParameters): Promise<GetOnrampUrlReturnType> {
  const { address } = parseCaipAddress(caipAddress)
  const { url } = await http.post('v1/generators/onrampurl', {
    body: {
      destinationWallets: [{ address, blockchains: [network], assets: [purchaseCurrency] }],
      defaultNetwork: network,
      partnerUserId: address,
      defaultExperience: 'buy',
      presetFiatAmount: Number(amount),
      paymentCurrency,
    },
    schema: onrampUrlResponseSchema,
    what: 'onramp URL',
  })
  return url
}

/** Every Continue is a new order: never kept, only joined while the same request is in flight. */
export function getOnrampUrlQueryOptions(env: CoreEnv, params: GetOnrampUrlParameters): QueryOptions<GetOnrampUrlReturnType> {
  const { caipAddress, network, purchaseCurrency, paymentCurrency, amount, provider = 'coinbase' } = params
  return {
    key: hashQueryKey(getOnrampUrlQueryKey({ provider, caipAddress, network, purchaseCurrency, paymentCurrency, amount })),
    ttlMs: 0,
    fetch: () => getOnrampUrl(env.api, params),
  }
}
