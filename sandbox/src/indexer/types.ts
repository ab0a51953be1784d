import type { Address, Hex } from 'viem'

/** Value that moved in a transaction, as the chain recorded it (not yet seen from one account). */
export type Movement =
  | { kind: 'native'; from: Address; to: Address; amount: bigint }
  | { kind: 'erc20'; token: Address; from: Address; to: Address; amount: bigint }
  | { kind: 'erc721'; token: Address; from: Address; to: Address; tokenId: bigint }

/** A mined transaction as the indexer keeps it. */
export type IndexedTx = {
  chainId: number
  hash: Hex
  blockNumber: bigint
  /** Position in the block. */
  index: number
  /** Block time, unix seconds. */
  timestamp: number
  from: Address
  to: Address | null
  contractAddress: Address | null
  nonce: number
  status: 'confirmed' | 'failed'
  value: bigint
  /** First 4 bytes of the input, if any. */
  selector: Hex | undefined
  movements: Movement[]
}

/** Sort key of a transaction in a history answer: newest first. */
export type HistoryKey = readonly [timestamp: number, chainId: number, blockNumber: bigint, index: number]

export function historyKey(tx: IndexedTx): HistoryKey {
  return [tx.timestamp, tx.chainId, tx.blockNumber, tx.index]
}

/** Negative when `a` comes before `b` in a history answer (a is newer). */
export function compareNewestFirst(a: HistoryKey, b: HistoryKey): number {
  for (let i = 0; i < 4; i++) {
    const x = a[i] as number | bigint
    const y = b[i] as number | bigint
    if (x !== y) return x > y ? -1 : 1
  }
  return 0
}
