import type { Feature } from '../feature.ts'
import { isSmartAccount } from '../preferences/accountType.ts'

/** The Send view's fee, network balance and Max (its code loads with the first estimate). */
export const sendApi: Feature<'getSendEstimate'> = (ctx) => ({
  getSendEstimate: async (params) => {
    const { getSendEstimateQueryOptions } = await import('./getSendEstimate.ts')
    return (await ctx.queries.read((env, p) => getSendEstimateQueryOptions(env, p, ctx.store.get().balances.data, isSmartAccount(ctx.store.get(), p.caipAddress)), params)).data
  },
})
