import type { Feature } from '../feature.ts'
import { getNftHoldingsQueryOptions } from './getNftHoldings.ts'

/** The NFTs an account holds. */
export const portfolioApi: Feature<'getNftHoldings'> = (ctx) => ({
  getNftHoldings: (params) => ctx.queries.read(getNftHoldingsQueryOptions, params),
})
