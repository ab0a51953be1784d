import type { Feature } from '../feature.ts'
import { getSwapTokensQueryOptions } from './getSwapTokens.ts'

/** Swap's tokens and quotes (the quote's code loads with the first quote). */
export const swapApi: Feature<'getSwapTokens' | 'getSwapQuote'> = (ctx, { prices }) => ({
  getSwapTokens: async (params) => (await ctx.queries.read(getSwapTokensQueryOptions, params)).data,
  getSwapQuote: async (params) => {
    const { getSwapQuoteQueryOptions } = await import('./getSwapQuote.ts')
    return (await ctx.queries.read((env, p) => getSwapQuoteQueryOptions({ env, prices: (addresses) => prices.get({ addresses }) }, p), params)).data
  },
})
