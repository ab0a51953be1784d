import type { Address, Hex } from 'viem'

/** A chain the Sandbox Wallet can be on. */
export type SandboxChain = {
  id: number
  name: string
  rpcUrl: string
  nativeCurrency?: { name: string; symbol: string; decimals: number } | undefined
  blockExplorerUrl?: string | undefined
}

/** What the wallet asks the person before it acts; the prompt renders it, tests answer it. */
export type ApprovalRequest =
  | { kind: 'connect'; origin: string; address: Address }
  | { kind: 'personal_sign'; origin: string; address: Address; message: string }
  | { kind: 'eth_signTypedData_v4'; origin: string; address: Address; primaryType: string; domainName: string | undefined; json: string }
  | { kind: 'eth_sendTransaction'; origin: string; from: Address; to: Address | undefined; value: bigint; data: Hex | undefined; chain: SandboxChain }
  | { kind: 'wallet_addEthereumChain'; origin: string; chain: SandboxChain }
  /** EIP-5792: a batch, atomic (one EIP-7702 transaction, delegating the account first when `delegates` is set) or one by one. */
  | {
      kind: 'wallet_sendCalls'
      origin: string
      from: Address
      chain: SandboxChain
      calls: readonly { to: Address; value: bigint; data: Hex | undefined }[]
      atomic: boolean
      delegates: Address | undefined
    }

  /** The Solana side (Wallet Standard): connect, sign a message, sign (and send) a transaction. */
  | { kind: 'solana_connect'; origin: string; address: string; network: string }
  | { kind: 'solana_signMessage' | 'solana_signIn'; origin: string; address: string; message: string }
  | { kind: 'solana_signTransaction' | 'solana_signAndSendTransaction'; origin: string; address: string; network: string; transfers: readonly { to: string; lamports: bigint }[]; instructions: number }

/** Asks the person; resolves true on approve and false on reject. */
export type Approve = (request: ApprovalRequest) => Promise<boolean>

/** The part of `Storage` the wallet uses, so tests can pass a Map-backed one. */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>
