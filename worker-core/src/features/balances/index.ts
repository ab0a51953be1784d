import { caipAddressSchema, parseWith } from '@portico/shared-types'
import type { Feature } from '../feature.ts'

/** The active account's portfolio and native balance, a wallet's own asset answer, prices and what each network supports. */
export const balancesApi: Feature<'refreshBalances' | 'setWalletAssets' | 'getNativeBalance' | 'getTokenPrices' | 'getCapabilities'> = (ctx, { balances, prices, capabilities, account }) => ({
  refreshBalances(params) {
    account.asked()
    return balances.refresh(params)
  },
  setWalletAssets: (caipAddress, answer) => balances.setWalletAssets(caipAddress, answer),
  getNativeBalance: async ({ caipAddress }) => balances.nativeBalanceOf(parseWith(caipAddressSchema, caipAddress, 'caipAddress')),
  getTokenPrices: (params) => prices.get(params),
  async getCapabilities() {
    await ctx.ready
    return capabilities.get()
  },
})
