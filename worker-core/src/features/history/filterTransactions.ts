import type { CaipNetworkId, Transaction } from '@portico/shared-types'

/** True when every transfer of the transaction is an NFT flagged as spam (SPEC.md §5). */
export function isSpamNftOnly(transaction: Transaction): boolean {
  const { transfers } = transaction
  return transfers.length > 0 && transfers.every((t) => t.nft_info?.flags.is_spam === true)
}

/** Drops spam NFT-only transactions and those of other chains (SPEC.md §5). */
export function filterTransactions(transactions: readonly Transaction[], caipNetworkId: CaipNetworkId): Transaction[] {
  return transactions.filter((t) => !isSpamNftOnly(t) && t.metadata.chain === caipNetworkId)
}
