import type { ConnectorType } from '@portico/shared-types/connectors'
import type { Eip1193Provider } from '@portico/shared-types/eip1193'
import type { CaipAddress, ChainNamespace } from '@portico/shared-types/light'
import type { Network } from '@portico/shared-types'
import type { WalletCalls } from './calls.ts'

/** What a connector tells the session after it connected (account or chain changed, session ended, pairing URI). */
export type ConnectorEvent =
  | { type: 'change'; caipAddress: CaipAddress }
  /** The session ended; with `namespace`, only that namespace's (a wallet serving two namespaces through two protocols). */
  | { type: 'disconnect'; namespace?: ChainNamespace | undefined }
  | { type: 'display_uri'; uri: string }

export type ConnectParameters = {
  /** The namespace to connect; the connector's first when absent. */
  namespace?: ChainNamespace | undefined
  /** The network the dapp would like the wallet on. */
  network?: Network | undefined
}

/**
 * A way to reach a wallet from the page (wagmi-style): one shape for EIP-6963 extensions,
 * WalletConnect, the embedded-wallet frame and Wallet Standard (Solana). The session loops over
 * connectors; nothing outside a connector's own file knows which kind it is. A kind of connector is a
 * `ConnectorSource` registered in `registry.ts`; callers find one with `getConnector(snapshot, id)`.
 * Errors a wallet answers are viem's (`UserRejectedRequestError` when the visitor declines, else a
 * `ProviderRpcError` with the wallet's code).
 */
export interface Connector {
  /** Stable across reloads (persisted with the connection): an EIP-6963 wallet's rdns, 'walletConnect', 'auth'. */
  readonly id: string
  readonly type: ConnectorType
  readonly name: string
  /** A data URI or URL. */
  readonly icon?: string | undefined
  readonly rdns?: string | undefined
  /** The catalogue id of the wallet behind the connector, when known. */
  readonly explorerId?: string | undefined
  readonly namespaces: readonly ChainNamespace[]
  /**
   * 'wallet': the wallet shows its own prompt, the modal says "approve in {wallet}" meanwhile.
   * 'modal': the wallet's secure frame shows the request laid over the modal and signs only after the visitor's click in it (embedded wallet).
   */
  readonly approval: 'wallet' | 'modal'
  /** Asks the wallet (it may prompt); answers the connected account. */
  connect(params?: ConnectParameters): Promise<CaipAddress>
  /** Ends the session on the wallet's side, best effort (only `namespace`'s where the connector serves several through separate protocols). */
  disconnect(namespace?: ChainNamespace): Promise<void>
  /** The account already authorised for this page, without a prompt; null when none. */
  getCaipAddress(namespace?: ChainNamespace): Promise<CaipAddress | null>
  /** Moves the wallet to `network` (adding it where the protocol allows). Throws `SwitchChainError` (Portico's, SPEC.md §8 text) or viem's `UserRejectedRequestError`. */
  switchChain(network: Network): Promise<void>
  /** The provider requests go through: EIP-1193 for eip155 (a namespace-appropriate one elsewhere). */
  getProvider(namespace?: ChainNamespace): Promise<Eip1193Provider>
  /**
   * EIP-5792 run by the connector itself (the embedded wallet: a batch as one user operation). Absent:
   * the three methods go to the wallet through `getProvider()` (`callsOf` in `calls.ts`).
   */
  calls?(): Promise<WalletCalls>
  /** Follows the wallet's events; answers the unsubscribe function. */
  subscribe(listener: (event: ConnectorEvent) => void): () => void
}

/** A source of connectors of one kind (EIP-6963 discovery announces many; WalletConnect is one). */
export type ConnectorSource = {
  connectors(): readonly Connector[]
  /** Called whenever the list changes. */
  subscribe(onChange: () => void): () => void
  destroy(): void
}
