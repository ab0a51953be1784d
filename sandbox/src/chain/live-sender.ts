import { createWalletClient, http, type Address, type Hex, type PublicClient, type TransactionReceipt, type WalletClient } from 'viem'
import { privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts'
import type { DevAccount } from '../dev-accounts.ts'
import type { SandboxChain } from './sandbox-chain.ts'

/**
 * Sends transactions from one dev account while the sandbox runs (the registrar, the onramp
 * treasury), one at a time, so two requests never race for a nonce. Resolves with the receipt.
 */
export class LiveSender {
  readonly address: Address
  readonly #account: PrivateKeyAccount
  readonly #wallet: WalletClient
  readonly #client: PublicClient
  readonly #chain: SandboxChain
  #tail: Promise<unknown> = Promise.resolve()

  constructor(chain: SandboxChain, client: PublicClient, from: DevAccount) {
    this.#chain = chain
    this.#client = client
    this.#account = privateKeyToAccount(from.privateKey)
    this.address = this.#account.address
    this.#wallet = createWalletClient({ account: this.#account, chain: chain.viemChain, transport: http(chain.rpcUrl, { retryCount: 0 }) })
  }

  send(tx: { to: Address; data?: Hex; value?: bigint }): Promise<TransactionReceipt> {
    const run = this.#tail.then(async () => {
      const hash = await this.#wallet.sendTransaction({ account: this.#account, chain: this.#chain.viemChain, ...tx })
      return this.#client.waitForTransactionReceipt({ hash, pollingInterval: 50, timeout: 30_000 })
    })
    this.#tail = run.catch(() => undefined)
    return run
  }
}
