import type { Feature } from '../feature.ts'

/** The active account's transactions, a page at a time. */
export const historyApi: Feature<'loadTransactions' | 'loadMoreTransactions'> = (_ctx, { transactions, account }) => ({
  loadTransactions(params) {
    account.asked()
    return transactions.load(params)
  },
  loadMoreTransactions: (params) => transactions.loadMore(params),
})
