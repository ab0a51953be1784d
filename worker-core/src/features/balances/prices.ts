import type { FungiblePrice, GetTokenPricesParameters } from '@portico/shared-types'
import { getTokenPricesQueryOptions } from './getTokenPrices.ts'
import type { CoreContext } from '../../infra/context.ts'

export type PricesFeature = { get(params: GetTokenPricesParameters): Promise<FungiblePrice[]> }

/** Fungible prices, shared by every tab for 30 s per set of tokens; none asked before configure or for no token. */
export function createPrices(ctx: CoreContext): PricesFeature {
  return {
    async get(params) {
      await ctx.ready
      const env = ctx.env()
      if (!env || params.addresses.length === 0) return []
      return (await ctx.queries.fetch(getTokenPricesQueryOptions(env, params))).data
    },
  }
}
