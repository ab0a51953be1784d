import { ReadonlyWalletAccount } from '@wallet-standard/wallet'
import type { Wallet, WalletAccount } from '@wallet-standard/base'
import { StandardConnect, StandardDisconnect, StandardEvents, type StandardEventsListeners } from '@wallet-standard/features'
import { SolanaSignAndSendTransaction, SolanaSignMessage } from '@solana/wallet-standard-features'
import { createKeyPairSignerFromPrivateKeyBytes, getBase58Encoder, getTransactionDecoder, signBytes, type KeyPairSigner } from '@solana/kit'

export const ICON = 'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciLz4=' as const

/**
 * A Solana wallet as wallets write it with the published Wallet Standard library
 * (`@wallet-standard/wallet`: ReadonlyWalletAccount, registerWallet), signing with a real ed25519 key.
 */
export class TestWallet implements Wallet {
  readonly version = '1.0.0' as const
  readonly icon = ICON
  #accounts: WalletAccount[] = []
  #listeners: { change?: StandardEventsListeners['change'][] } = {}
  refuse = false
  sent: Uint8Array[] = []
  constructor(
    readonly name: string,
    readonly signer: KeyPairSigner,
    public chains: `${string}:${string}`[] = ['solana:mainnet', 'solana:devnet', 'solana:localnet'],
  ) {}
  get accounts() {
    return this.#accounts
  }
  #account() {
    return new ReadonlyWalletAccount({
      address: this.signer.address,
      publicKey: new Uint8Array(getBase58Encoder().encode(this.signer.address)),
      chains: this.chains,
      features: [SolanaSignAndSendTransaction, SolanaSignMessage],
    })
  }
  emit(properties: Parameters<StandardEventsListeners['change']>[0]) {
    for (const listener of this.#listeners.change ?? []) listener(properties)
  }
  setChains(chains: `${string}:${string}`[]) {
    this.chains = chains
    this.#accounts = this.#accounts.length ? [this.#account()] : []
    this.emit({ accounts: this.#accounts, chains })
  }
  lock() {
    this.#accounts = []
    this.emit({ accounts: [] })
  }
  get features() {
    return {
      [StandardConnect]: {
        version: '1.0.0' as const,
        connect: async ({ silent }: { silent?: boolean } = {}) => {
          if (this.refuse && !silent) throw Object.assign(new Error('User rejected the request.'), { code: 4001 })
          if (!silent) this.#accounts = [this.#account()]
          return { accounts: this.#accounts }
        },
      },
      [StandardDisconnect]: {
        version: '1.0.0' as const,
        disconnect: async () => {
          this.#accounts = []
        },
      },
      [StandardEvents]: {
        version: '1.0.0' as const,
        on: (event: 'change', listener: StandardEventsListeners['change']) => {
          ;(this.#listeners[event] ??= []).push(listener)
          return () => {
            this.#listeners[event] = this.#listeners[event]?.filter((l) => l !== listener)
          }
        },
      },
      [SolanaSignAndSendTransaction]: {
        version: '1.0.0' as const,
        supportedTransactionVersions: [0] as const,
        signAndSendTransaction: async (...inputs: { transaction: Uint8Array; account: WalletAccount; chain: string }[]) =>
          Promise.all(
            inputs.map(async ({ transaction }) => {
              const { messageBytes } = getTransactionDecoder().decode(transaction)
              this.sent.push(transaction)
              return { signature: new Uint8Array(await signBytes(this.signer.keyPair.privateKey, messageBytes)) }
            }),
          ),
      },
      [SolanaSignMessage]: {
        version: '1.0.0' as const,
        signMessage: async (...inputs: { message: Uint8Array }[]) =>
          Promise.all(inputs.map(async ({ message }) => ({ signedMessage: message, signature: new Uint8Array(await signBytes(this.signer.keyPair.privateKey, message)) }))),
      },
    }
  }
}

export const signerOf = (byte: number) => createKeyPairSignerFromPrivateKeyBytes(new Uint8Array(32).fill(byte))
