import { onrampOptionsResponseSchema, type OnrampOptions } from '@portico/shared-types'
import { ONRAMP_OPTIONS_CACHE_MS, sampleOnrampOptions, type GetOnrampOptionsParameters, type OnrampOptionsAnswer } from '@portico/shared-types/onramp'
import { getOnrampOptionsQueryKey, hashQueryKey } from '@portico/shared-types/queries'
import type { CoreEnv } from '../../infra/context.ts'
import type { HttpClient, HttpClientErrorType } from '../../infra/http.ts'
import type { QueryOptions } from '../../infra/queryCache.ts'

export type GetOnrampOptionsReturnType = OnrampOptions
export type GetOnrampOptionsErrorType = HttpClientErrorType

/**
 * The onramp's payment currencies with each payment method's limits, and what can be bought on which
 * network (GET /v1/onramp/options, SPEC.md §7).
 *
 * @example
 * const { paymentCurrencies, purchaseCurrencies } = await getOnrampOptions(http)
 */
export async function getOnrampOptions(http: HttpClient): Promise<GetOnrampOptionsReturnType> {
  return http.get('v1/onramp/options', { schema: onrampOptionsResponseSchema, what: 'onramp options' })
}

/**
 * The core's read of the Buy view's options: shared by every tab for 10 min, memory only. When the
 * call fails the built-in sample stands in (SPEC.md §8), marked `estimate` and not kept, so the next
 * read asks again.
 */
export function getOnrampOptionsQueryOptions(env: CoreEnv, _params: GetOnrampOptionsParameters = {}): QueryOptions<OnrampOptionsAnswer> {
  return {
    key: hashQueryKey(getOnrampOptionsQueryKey()),
    ttlMs: ONRAMP_OPTIONS_CACHE_MS,
    fetch: async () => ({ options: await getOnrampOptions(env.api), estimate: false }),
    fallback: () => ({ options: sampleOnrampOptions(), estimate: true }),
  }
}
