import { z } from 'zod'
import { registerWallet, ReadonlyWalletAccount } from '@wallet-standard/wallet'
import type { IdentifierString, Wallet, WalletAccount } from '@wallet-standard/base'
import {
  StandardConnect,
  StandardDisconnect,
  StandardEvents,
  type StandardConnectFeature,
  type StandardDisconnectFeature,
  type StandardEventsFeature,
  type StandardEventsListeners,
} from '@wallet-standard/features'
import {
  SolanaSignAndSendTransaction,
  SolanaSignIn,
  SolanaSignMessage,
  SolanaSignTransaction,
  type SolanaSignAndSendTransactionFeature,
  type SolanaSignInFeature,
  type SolanaSignMessageFeature,
  type SolanaSignTransactionFeature,
} from '@solana/wallet-standard-features'
import { createSignInMessageText } from '@solana/wallet-standard-util'
import {
  getBase58Encoder,
  getBase64Decoder,
  getCompiledTransactionMessageDecoder,
  getTransactionDecoder,
  getTransactionEncoder,
  partiallySignTransaction,
  signBytes,
  type KeyPairSigner,
} from '@solana/kit'
import { internalError, invalidParams, unauthorized, userRejected } from './errors.ts'
import { ICON_DATA_URI } from './icon.ts'
import { SANDBOX_WALLET_NAME } from './info.ts'
import type { Approve, KeyValueStorage } from './types.ts'

/** The chain the Solana side is on: the sandbox's Solana Localnet (Wallet Standard's `solana:localnet`). */
export const SANDBOX_SOLANA_CHAIN = 'solana:localnet' as const
const NETWORK_NAME = 'Solana Localnet'
const SYSTEM_PROGRAM = '11111111111111111111111111111111'
/** The System program's Transfer instruction (u32 little-endian 2, then the lamports as u64). */
const TRANSFER = 2

/** The RPC's answer to sendTransaction: the signature, or Solana's error. */
const sendAnswerSchema = z.union([z.object({ result: z.string().regex(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/) }), z.object({ error: z.object({ code: z.number(), message: z.string() }) })])

/** What the Solana side remembers of the pages it is connected to (the EVM side's record is apart). */
const recordSchema = z.object({ authorised: z.array(z.string()) })

export type SandboxSolanaWalletOptions = {
  signer: KeyPairSigner
  approve: Approve
  origin: string
  /** The sandbox's Solana RPC (default http://127.0.0.1:8899). */
  rpcUrl: string
  storage?: KeyValueStorage | undefined
  storageKey: string
}

/** What the person is shown of a transaction: its System transfers (to and lamports) and its instruction count. */
export function summariseTransaction(wire: Uint8Array): { transfers: { to: string; lamports: bigint }[]; instructions: number } {
  const { messageBytes } = getTransactionDecoder().decode(wire)
  const message = getCompiledTransactionMessageDecoder().decode(messageBytes)
  // Legacy and v0 messages list their instructions; a newer version's are not read (shown as none).
  if (!('instructions' in message)) return { transfers: [], instructions: 0 }
  const transfers = message.instructions.flatMap((instruction) => {
    const data = instruction.data
    const program = message.staticAccounts[instruction.programAddressIndex]
    if (program !== SYSTEM_PROGRAM || !data || data.length < 12) return []
    const view = new DataView(data.buffer, data.byteOffset, data.byteLength)
    const to = message.staticAccounts[instruction.accountIndices?.[1] ?? -1]
    return view.getUint32(0, true) === TRANSFER && to ? [{ to, lamports: view.getBigUint64(4, true) }] : []
  })
  return { transfers, instructions: message.instructions.length }
}

/**
 * The Sandbox Wallet's Solana side, a Wallet Standard wallet (what Phantom or Solflare register):
 * `standard:connect` / `standard:disconnect` / `standard:events`, `solana:signMessage`,
 * `solana:signTransaction`, `solana:signAndSendTransaction` (sent to the sandbox's Solana RPC) and
 * `solana:signIn` (the Sign In With Solana message, which also connects the page),
 * each asked through the same approval panel as the EVM side. Its key is the sandbox's Solana dev
 * account 0. It remembers the pages it is connected to, so a reload reconnects without a prompt.
 */
export class SandboxSolanaWallet implements Wallet {
  readonly version = '1.0.0' as const
  readonly name = SANDBOX_WALLET_NAME
  readonly icon = ICON_DATA_URI as Wallet['icon']
  readonly chains: IdentifierString[] = [SANDBOX_SOLANA_CHAIN]
  readonly #options: SandboxSolanaWalletOptions
  readonly #account: WalletAccount
  #accounts: WalletAccount[] = []
  #listeners: StandardEventsListeners['change'][] = []

  constructor(options: SandboxSolanaWalletOptions) {
    this.#options = options
    this.#account = new ReadonlyWalletAccount({
      address: options.signer.address,
      publicKey: new Uint8Array(getBase58Encoder().encode(options.signer.address)),
      chains: this.chains,
      features: [SolanaSignAndSendTransaction, SolanaSignTransaction, SolanaSignMessage, SolanaSignIn],
      label: 'Sandbox Solana account 0',
    })
    if (this.#authorised().includes(options.origin)) this.#accounts = [this.#account]
  }

  get accounts(): readonly WalletAccount[] {
    return this.#accounts
  }

  #authorised(): string[] {
    try {
      const parsed = recordSchema.safeParse(JSON.parse(this.#options.storage?.getItem(this.#options.storageKey) ?? 'null'))
      return parsed.success ? parsed.data.authorised : []
    } catch {
      return []
    }
  }
  #remember(authorised: boolean) {
    const others = this.#authorised().filter((origin) => origin !== this.#options.origin)
    this.#options.storage?.setItem(this.#options.storageKey, JSON.stringify({ authorised: authorised ? [...others, this.#options.origin] : others }))
  }
  #emit(accounts: WalletAccount[]) {
    this.#accounts = accounts
    for (const listener of [...this.#listeners]) listener({ accounts })
  }
  /** Another tab connected or disconnected the page: follow it, as an extension would. */
  sync() {
    const authorised = this.#authorised().includes(this.#options.origin)
    if (authorised !== this.#accounts.length > 0) this.#emit(authorised ? [this.#account] : [])
  }
  #connected(account: WalletAccount) {
    if (account.address !== this.#account.address || !this.#accounts.length) throw unauthorized()
  }
  async #ask(request: Parameters<Approve>[0]) {
    if (!(await this.#options.approve(request))) throw userRejected()
  }
  async #sign(transaction: Uint8Array): Promise<Uint8Array> {
    const decoded = getTransactionDecoder().decode(transaction)
    const signed = await partiallySignTransaction([this.#options.signer.keyPair], decoded)
    return new Uint8Array(getTransactionEncoder().encode(signed))
  }
  async #send(signed: Uint8Array, skipPreflight = false): Promise<Uint8Array> {
    const response = await fetch(this.#options.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'sendTransaction', params: [getBase64Decoder().decode(signed), { encoding: 'base64', skipPreflight }] }),
    })
    const answer = sendAnswerSchema.safeParse(await response.json())
    if (!answer.success) throw internalError('The Solana RPC answered something else than a signature')
    if ('error' in answer.data) throw internalError(answer.data.error.message, answer.data.error)
    return new Uint8Array(getBase58Encoder().encode(answer.data.result))
  }
  #summary(kind: 'solana_signTransaction' | 'solana_signAndSendTransaction', transaction: Uint8Array) {
    try {
      return { kind, origin: this.#options.origin, address: this.#account.address, network: NETWORK_NAME, ...summariseTransaction(transaction) }
    } catch {
      throw invalidParams('not a Solana transaction')
    }
  }

  get features(): StandardConnectFeature &
    StandardDisconnectFeature &
    StandardEventsFeature &
    SolanaSignMessageFeature &
    SolanaSignTransactionFeature &
    SolanaSignAndSendTransactionFeature &
    SolanaSignInFeature {
    return {
      [StandardConnect]: {
        version: '1.0.0',
        connect: async (input) => {
          if (this.#accounts.length || input?.silent) return { accounts: this.#accounts }
          await this.#ask({ kind: 'solana_connect', origin: this.#options.origin, address: this.#account.address, network: NETWORK_NAME })
          this.#remember(true)
          this.#emit([this.#account])
          return { accounts: this.#accounts }
        },
      },
      [StandardDisconnect]: {
        version: '1.0.0',
        disconnect: async () => {
          this.#remember(false)
          if (this.#accounts.length) this.#emit([])
        },
      },
      [StandardEvents]: {
        version: '1.0.0',
        on: (event, listener) => {
          if (event !== 'change') return () => undefined
          this.#listeners.push(listener)
          return () => {
            this.#listeners = this.#listeners.filter((l) => l !== listener)
          }
        },
      },
      [SolanaSignMessage]: {
        version: '1.1.0',
        signMessage: async (...inputs) => {
          const outputs = []
          for (const { account, message } of inputs) {
            this.#connected(account)
            await this.#ask({ kind: 'solana_signMessage', origin: this.#options.origin, address: account.address, message: new TextDecoder().decode(message) })
            const signature = new Uint8Array(await signBytes(this.#options.signer.keyPair.privateKey, message))
            outputs.push({ signedMessage: message, signature, signatureType: 'ed25519' as const })
          }
          return outputs
        },
      },
      [SolanaSignIn]: {
        version: '1.0.0',
        signIn: async (...inputs) => {
          const outputs = []
          for (const input of inputs) {
            if (input.address && input.address !== this.#account.address) throw invalidParams(`the wallet holds no account ${input.address}`)
            const text = createSignInMessageText({ ...input, domain: input.domain ?? new URL(this.#options.origin).host, address: this.#account.address })
            await this.#ask({ kind: 'solana_signIn', origin: this.#options.origin, address: this.#account.address, message: text })
            this.#remember(true)
            if (!this.#accounts.length) this.#emit([this.#account])
            const signedMessage = new TextEncoder().encode(text)
            const signature = new Uint8Array(await signBytes(this.#options.signer.keyPair.privateKey, signedMessage))
            outputs.push({ account: this.#account, signedMessage, signature, signatureType: 'ed25519' as const })
          }
          return outputs
        },
      },
      [SolanaSignTransaction]: {
        version: '1.0.0',
        supportedTransactionVersions: ['legacy', 0],
        signTransaction: async (...inputs) => {
          const outputs = []
          for (const { account, transaction } of inputs) {
            this.#connected(account)
            await this.#ask(this.#summary('solana_signTransaction', transaction))
            outputs.push({ signedTransaction: await this.#sign(transaction) })
          }
          return outputs
        },
      },
      [SolanaSignAndSendTransaction]: {
        version: '1.0.0',
        supportedTransactionVersions: ['legacy', 0],
        signAndSendTransaction: async (...inputs) => {
          const outputs = []
          for (const { account, transaction, options } of inputs) {
            this.#connected(account)
            await this.#ask(this.#summary('solana_signAndSendTransaction', transaction))
            outputs.push({ signature: await this.#send(await this.#sign(transaction), options?.skipPreflight) })
          }
          return outputs
        },
      },
    }
  }
}

/** Registers the Solana side with the page's Wallet Standard registry (`getWallets()` of any app). */
export function registerSandboxSolanaWallet(options: SandboxSolanaWalletOptions): SandboxSolanaWallet {
  const wallet = new SandboxSolanaWallet(options)
  registerWallet(wallet)
  return wallet
}
