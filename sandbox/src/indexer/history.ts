import type { ChainIndexer } from './chain-indexer.ts'
import { encodeCursor } from './cursor.ts'
import { compareNewestFirst, historyKey, type HistoryKey, type IndexedTx } from './types.ts'

export type HistoryPageQuery = {
  address: string
  /** Only this chain; every indexed chain when absent. */
  chainId?: number | undefined
  /** Only transactions after (older than) this position. */
  after?: HistoryKey | undefined
  limit: number
  filter?: ((tx: IndexedTx) => boolean) | undefined
}

export type HistoryPage = { items: IndexedTx[]; next: string | null }

/** The history of an address across the indexed chains, newest first, in cursor pages. */
export class HistoryIndex {
  constructor(readonly indexers: readonly ChainIndexer[]) {}

  indexer(chainId: number): ChainIndexer | undefined {
    return this.indexers.find((i) => i.chainId === chainId)
  }

  /** Catches up the chains a query reads; a chain that does not answer keeps what it had. */
  async sync(chainId?: number): Promise<void> {
    const targets = this.indexers.filter((i) => chainId === undefined || i.chainId === chainId)
    await Promise.all(targets.map((i) => i.sync().catch(() => undefined)))
  }

  page(query: HistoryPageQuery): HistoryPage {
    const lists = this.indexers.filter((i) => query.chainId === undefined || i.chainId === query.chainId).map((i) => i.transactionsOf(query.address))
    const sorted = lists
      .flat()
      .filter((tx) => (query.filter ? query.filter(tx) : true))
      .sort((a, b) => compareNewestFirst(historyKey(a), historyKey(b)))
    const after = query.after
    const rest = after ? sorted.filter((tx) => compareNewestFirst(historyKey(tx), after) > 0) : sorted
    const items = rest.slice(0, query.limit)
    const last = items.at(-1)
    return { items, next: rest.length > items.length && last ? encodeCursor(historyKey(last)) : null }
  }
}
