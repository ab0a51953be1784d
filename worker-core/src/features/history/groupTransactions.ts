import type { Transaction, TransactionYear } from '@portico/shared-types'

/**
 * Groups transactions by year then month of `minedAt` in the visitor's time zone, newest first; order
 * within a month is kept (the data API answers newest first). Adds to `existing` without mutating it.
 */
export function groupTransactions(transactions: readonly Transaction[], existing: readonly TransactionYear[] = []): TransactionYear[] {
  const years = new Map<number, Map<number, Transaction[]>>()
  for (const y of existing) years.set(y.year, new Map(y.months.map((m) => [m.month, [...m.transactions]])))
  for (const transaction of transactions) {
    const mined = new Date(transaction.metadata.minedAt)
    if (Number.isNaN(mined.getTime())) continue
    const year = mined.getFullYear()
    const month = mined.getMonth()
    let months = years.get(year)
    if (!months) years.set(year, (months = new Map()))
    const list = months.get(month)
    if (list) list.push(transaction)
    else months.set(month, [transaction])
  }
  return [...years.entries()]
    .sort(([a], [b]) => b - a)
    .map(([year, months]) => ({
      year,
      months: [...months.entries()].sort(([a], [b]) => b - a).map(([month, list]) => ({ month, transactions: list })),
    }))
}
