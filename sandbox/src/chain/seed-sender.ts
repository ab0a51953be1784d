import { createPublicClient, http, type Address, type Hex, type PublicClient } from 'viem'
import { SANDBOX_RPC_TIMEOUT_MS } from './rpc-timeout.ts'
import { privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts'
import type { DevAccount } from '../dev-accounts.ts'
import { rpc } from './rpc.ts'
import type { SandboxChain } from './sandbox-chain.ts'

export type SeedTx = { to?: Address; data?: Hex; value?: bigint; gas?: bigint }

const DEFAULT_GAS = 500_000n
const MAX_FEE_PER_GAS = 10_000_000_000n
const MAX_PRIORITY_FEE_PER_GAS = 1_000_000_000n

/**
 * Sends the seed's transactions fast and with chosen block times. On a node with `evm_setAutomine`
 * and `evm_mine(timestamp)` (anvil, hardhat) it queues signed transactions and mines each block at
 * the time the seed plan says; on another node it sends them as they come and waits for receipts
 * (the history is then dated now). Nonces are counted here, so nothing waits between transactions.
 */
export class SeedSender {
  readonly client: PublicClient
  readonly chain: SandboxChain
  readonly timeTravel: boolean
  readonly #nonces = new Map<Address, number>()
  readonly #accounts = new Map<Address, PrivateKeyAccount>()
  readonly #sent: Hex[] = []
  #pending: Hex[] = []
  #lastTimestamp: number

  private constructor(chain: SandboxChain, client: PublicClient, timeTravel: boolean, lastTimestamp: number) {
    this.chain = chain
    this.client = client
    this.timeTravel = timeTravel
    this.#lastTimestamp = lastTimestamp
  }

  static async open(chain: SandboxChain): Promise<SeedSender> {
    const client = createPublicClient({ chain: chain.viemChain, transport: http(chain.rpcUrl, { retryCount: 0, timeout: SANDBOX_RPC_TIMEOUT_MS, batch: { wait: 0 } }) })
    const latest = await client.getBlock({ blockTag: 'latest' })
    const timeTravel = await rpc(client, 'evm_setAutomine', [false]).then(
      () => true,
      () => false,
    )
    return new SeedSender(chain, client, timeTravel, Number(latest.timestamp))
  }

  async #nonce(address: Address): Promise<number> {
    let nonce = this.#nonces.get(address)
    if (nonce === undefined) nonce = await this.client.getTransactionCount({ address, blockTag: 'pending' })
    this.#nonces.set(address, nonce + 1)
    return nonce
  }

  /** Signs and submits `tx` from `from`; returns its hash (mined at the next `mine`). */
  async send(from: DevAccount, tx: SeedTx): Promise<Hex> {
    let account = this.#accounts.get(from.address)
    if (!account) {
      account = privateKeyToAccount(from.privateKey)
      this.#accounts.set(from.address, account)
    }
    const serialized = await account.signTransaction({
      chainId: this.chain.chainId,
      type: 'eip1559',
      nonce: await this.#nonce(from.address),
      gas: tx.gas ?? DEFAULT_GAS,
      maxFeePerGas: MAX_FEE_PER_GAS,
      maxPriorityFeePerGas: MAX_PRIORITY_FEE_PER_GAS,
      ...(tx.to ? { to: tx.to } : {}),
      ...(tx.data ? { data: tx.data } : {}),
      ...(tx.value ? { value: tx.value } : {}),
    })
    const hash = await this.client.sendRawTransaction({ serializedTransaction: serialized })
    this.#pending.push(hash)
    this.#sent.push(hash)
    return hash
  }

  /** The next nonce `address` will use (for predicting contract addresses). */
  async peekNonce(address: Address): Promise<number> {
    const nonce = await this.#nonce(address)
    this.#nonces.set(address, nonce)
    return nonce
  }

  /** Mines what was sent since the last call into one block dated `timestamp` (unix seconds). */
  async mine(timestamp: number): Promise<void> {
    const pending = this.#pending
    this.#pending = []
    if (!this.timeTravel) {
      await Promise.all(pending.map((hash) => this.client.waitForTransactionReceipt({ hash, pollingInterval: 50 })))
      return
    }
    // Only forward in time: a step dated before the node's latest block is mined at the node's clock.
    const at = Math.floor(timestamp)
    if (at > this.#lastTimestamp) {
      await rpc(this.client, 'evm_mine', [at])
      this.#lastTimestamp = at
    } else {
      await rpc(this.client, 'evm_mine', [])
      this.#lastTimestamp = Math.max(this.#lastTimestamp, Math.floor(Date.now() / 1000))
    }
  }

  /**
   * Mines a last block at the wall-clock time (so later blocks follow the clock again), turns
   * automining back on and checks that every seed transaction succeeded.
   */
  async finish(): Promise<{ transactions: number; blocks: number }> {
    await this.mine(Date.now() / 1000)
    if (this.timeTravel) await rpc(this.client, 'evm_setAutomine', [true])
    const receipts = await Promise.all(this.#sent.map((hash) => this.client.getTransactionReceipt({ hash })))
    const failed = receipts.find((r) => r.status !== 'success')
    if (failed) throw new Error(`Seeding chain ${this.chain.chainId}: transaction ${failed.transactionHash} reverted`)
    const blocks = new Set(receipts.map((r) => r.blockNumber)).size
    return { transactions: receipts.length, blocks }
  }
}
