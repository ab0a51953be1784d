import { PRICE_CACHE_MS } from '@portico/shared-types/constants'
import type { FungiblePrice, GetTokenPricesParameters } from '@portico/shared-types'
import { getTokenPrices } from './actions/getTokenPrices.ts'
import type { CoreContext } from './context.ts'

export type PricesFeature = { get(params: GetTokenPricesParameters): Promise<FungiblePrice[]> }

/** Fungible prices, shared by every tab for 30 s per set of tokens. */
export function createPrices(ctx: CoreContext): PricesFeature {
  return {
    async get({ addresses, currency }) {
      await ctx.ready
      const env = ctx.env()
      if (!env || addresses.length === 0) return []
      const unit = currency ?? env.options.currency
      const sorted = [...new Set(addresses)].sort()
      const { data } = await ctx.cache.fetch({
        key: `prices:${unit}:${sorted.join(',')}`,
        ttlMs: PRICE_CACHE_MS,
        fetch: () => getTokenPrices(env.api, { addresses: sorted, currency: unit, projectId: env.config.projectId }),
      })
      return data
    },
  }
}
