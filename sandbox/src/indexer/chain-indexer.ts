import type { Address, Hex, PublicClient } from 'viem'
import type { AssetBook } from './assets.ts'
import { decodeBlock, participants, type BlockWithTransactions } from './decode.ts'
import { blockReceipts, type RawReceipt } from './receipts.ts'
import type { IndexedTx } from './types.ts'

const FETCH_CONCURRENCY = 16

type FetchedBlock = { block: BlockWithTransactions; receipts: RawReceipt[] }

export type ChainIndexerOptions = {
  chainId: number
  client: PublicClient
  assets: AssetBook
  /** Addresses of PorticoAmm contracts on this chain (their Swap events pay native coin out). */
  amms: readonly Address[]
}

/**
 * Follows one chain from block 0: every block's transactions and their Transfer / Swap logs, kept in
 * memory per address. `sync()` catches up with the node (the history route calls it before it
 * answers, so a transaction mined a moment ago is in the next answer); `start()` also polls. A node
 * that went back (anvil evm_revert, a reorg) is followed back to the common block.
 */
export class ChainIndexer {
  readonly chainId: number
  readonly #client: PublicClient
  readonly #assets: AssetBook
  readonly #amms: ReadonlySet<string>
  readonly #hashes = new Map<bigint, Hex>()
  readonly #byAccount = new Map<string, IndexedTx[]>()
  #height = -1n
  #count = 0
  #running: Promise<void> | undefined
  #queued: Promise<void> | undefined
  #timer: NodeJS.Timeout | undefined
  #lastError: unknown

  constructor(options: ChainIndexerOptions) {
    this.chainId = options.chainId
    this.#client = options.client
    this.#assets = options.assets
    this.#amms = new Set(options.amms.map((a) => a.toLowerCase()))
  }

  /** Highest block indexed (-1 before the first sync). */
  get height(): bigint {
    return this.#height
  }

  get transactionCount(): number {
    return this.#count
  }

  /** The last error a background poll met, if the latest poll failed. */
  get lastError(): unknown {
    return this.#lastError
  }

  /** Transactions concerning `address`, oldest first. */
  transactionsOf(address: string): readonly IndexedTx[] {
    return this.#byAccount.get(address.toLowerCase()) ?? []
  }

  /** Catches up with the node. Calls while one runs share a single follow-up run. */
  sync(): Promise<void> {
    if (this.#running) {
      this.#queued ??= this.#running
        .catch(() => undefined)
        .then(() => {
          this.#queued = undefined
          return this.sync()
        })
      return this.#queued
    }
    this.#running = this.#syncOnce().finally(() => {
      this.#running = undefined
    })
    return this.#running
  }

  start(intervalMs: number): void {
    if (this.#timer) return
    this.#timer = setInterval(() => {
      this.sync().then(
        () => (this.#lastError = undefined),
        (err: unknown) => (this.#lastError = err),
      )
    }, intervalMs)
    this.#timer.unref()
  }

  stop(): void {
    clearInterval(this.#timer)
    this.#timer = undefined
  }

  async #syncOnce(): Promise<void> {
    const latest = await this.#client.getBlock({ blockTag: 'latest' })
    const latestNumber = latest.number ?? 0n
    if (latestNumber === this.#height && latest.hash === this.#hashes.get(this.#height)) return
    await this.#rewindIfNeeded(latestNumber)
    for (let from = this.#height + 1n; from <= latestNumber; from += BigInt(FETCH_CONCURRENCY)) {
      const numbers: bigint[] = []
      for (let n = from; n <= latestNumber && n < from + BigInt(FETCH_CONCURRENCY); n++) numbers.push(n)
      const blocks = await Promise.all(numbers.map((n) => this.#fetch(n)))
      for (const fetched of blocks) {
        const parent = this.#hashes.get((fetched.block.number ?? 0n) - 1n)
        if (parent !== undefined && parent !== fetched.block.parentHash) return // moved under us: the next sync rewinds
        await this.#add(fetched)
      }
    }
  }

  async #fetch(number: bigint): Promise<FetchedBlock> {
    const block = await this.#client.getBlock({ blockNumber: number, includeTransactions: true })
    const receipts = await blockReceipts(
      this.#client,
      number,
      block.transactions.map((t) => t.hash),
    )
    return { block, receipts }
  }

  async #add({ block, receipts }: FetchedBlock): Promise<void> {
    const txs = decodeBlock(this.chainId, block, receipts, this.#amms)
    for (const tx of txs) {
      for (const m of tx.movements) {
        if (m.kind === 'erc20' && !this.#assets.fungible(this.chainId, m.token)) await this.#assets.learnFungible(this.#client, this.chainId, m.token)
        if (m.kind === 'erc721' && !this.#assets.nft(this.chainId, m.token)) await this.#assets.learnNft(this.#client, this.chainId, m.token)
      }
      for (const who of participants(tx)) {
        let list = this.#byAccount.get(who)
        if (!list) this.#byAccount.set(who, (list = []))
        list.push(tx)
      }
    }
    const number = block.number ?? 0n
    if (block.hash) this.#hashes.set(number, block.hash)
    this.#height = number
    this.#count += txs.length
  }

  /** Drops indexed blocks the node no longer has (it went back, or forked). */
  async #rewindIfNeeded(latestNumber: bigint): Promise<void> {
    let keep = this.#height < latestNumber ? this.#height : latestNumber
    while (keep >= 0n) {
      const ours = this.#hashes.get(keep)
      const theirs = await this.#client.getBlock({ blockNumber: keep }).then((b) => b.hash)
      if (ours === theirs) break
      keep -= 1n
    }
    if (keep === this.#height) return
    for (const [n] of this.#hashes) if (n > keep) this.#hashes.delete(n)
    for (const [who, list] of this.#byAccount) {
      const kept = list.filter((tx) => tx.blockNumber <= keep)
      this.#count -= list.filter((tx) => tx.blockNumber > keep && tx.from.toLowerCase() === who).length
      if (kept.length === 0) this.#byAccount.delete(who)
      else this.#byAccount.set(who, kept)
    }
    this.#height = keep
  }
}
