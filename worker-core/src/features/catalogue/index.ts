import type { Feature } from '../feature.ts'

/** The wallet catalogue: pages, search, recommended, featured and recent wallets. */
export const catalogueApi: Feature<'getWallets' | 'getRecommendedWallets' | 'getFeaturedWallets' | 'addRecentWallet'> = (_ctx, { catalogue }) => ({
  getWallets: (params) => catalogue.getWallets(params),
  getRecommendedWallets: () => catalogue.getRecommendedWallets(),
  getFeaturedWallets: () => catalogue.getFeaturedWallets(),
  addRecentWallet: (wallet) => catalogue.addRecentWallet(wallet),
})
