import type { CaipAddress, CaipNetworkId, ChainNamespace } from './caip.ts'
import type { CoreConfig } from './config.ts'
import type { CoreOptionsInput } from './core-options.ts'
import type { FungiblePriceResponse, NftHolding, ProfileAccount, SwapToken } from './api/data-api.ts'
import type { TrackedEvent, WalletListing } from './api/catalogue.ts'
import type { AccountType, Capabilities, CoreState, EmbeddedWalletState, NativeBalanceState, SiwxSession } from './state.ts'
import type { ConnectorType } from './connectors.ts'
import type { GetOnrampOptionsParameters, GetOnrampQuoteParameters, GetOnrampUrlParameters, OnrampOptionsAnswer, OnrampQuoteAnswer } from './onramp.ts'
import type { WalletConnectRequestParameters } from './walletConnect.ts'
import type {
  GetSwapQuoteParameters,
  GetSwapTokensParameters,
  SwapQuote,
  GetSendEstimateParameters,
  ResolveReceiverParameters,
  ResolvedReceiver,
  SendEstimate,
  WriteIntent,
  WalletAnswer,
  WriteResult,
  WriteCheck,
  Simulation,
  SimulateCallsParameters,
} from './write.ts'

/**
 * What the core pushes to a tab: the new revision and the slices of its state that changed since the
 * last push that tab answered (compared by reference; every slice in a subscription's first push).
 * The tab keeps the state it follows by spreading `changed` over it.
 */
export type CoreStateChange = { revision: number; changed: Partial<CoreState> }

export type StateListener = (change: CoreStateChange) => void | Promise<void>

/**
 * A listener for `subscribe` that follows the whole state: each change's slices are spread over the
 * state the subscription added up so far (its first change holds them all), and `onState` gets the result.
 *
 * @example
 * await core.subscribe(followStateChanges((state) => render(state.balances)))
 */
export function followStateChanges(onState: (state: CoreState) => void | Promise<void>): StateListener {
  let followed: CoreState | null = null
  return ({ revision, changed }) => {
    followed = { ...(followed ?? (changed as CoreState)), ...changed, revision }
    return onState(followed)
  }
}

export type SetConnectedParameters = {
  caipAddress: CaipAddress
  connectorId: string
  connectorName: string
  /** The page connector's type; it decides what disconnecting this namespace ends (SPEC.md §4). Null when unknown. */
  connectorType?: ConnectorType | null
  /**
   * Whether the namespace becomes the active one. By default it does when it is already, or when the
   * active namespace holds no connection and none is on its way: a wallet's other namespace changing
   * account in the background leaves the visitor on the network they are on.
   */
  activate?: boolean
  /**
   * An answer to a question asked while the connector held the namespace (a reloaded tab's check that
   * the wallet still knows the page): it applies only while the namespace is still connected through
   * that connector, so an answer that crosses a disconnect (this tab's or another's) does not bring
   * the account back. A wallet's account-change events do not set it: they reach the core in the
   * wallet's order, and an account after a disconnect is the wallet connected again.
   */
  whileHeld?: boolean
  /**
   * The account a connect call answered. A connection the core records itself (WalletConnect's
   * session approval reaches the core before the page hears the answer) may have moved on by then
   * (the wallet switched chain): when the core already holds this account through this connector,
   * on whichever chain, the answer does not move the network.
   */
  connectAnswer?: boolean
  /**
   * The visitor chose this wallet (a switch in the Wallets view): it becomes the namespace's
   * connection, and the one in use before stays in the list. Without it (and without `connectAnswer`)
   * a wallet's word about a namespace another wallet holds only changes its entry of the list.
   */
  select?: boolean
}

export type RefreshBalancesParameters = {
  /** Skip the 30 s cache (the data API's `forceUpdate`). */
  force?: boolean
}

export type RefreshParameters = {
  /** Skip the caches (balances 30 s, identity 5 min). */
  force?: boolean
}

export type LoadTransactionsParameters = {
  /** Fetch the first page again even if the list of the active account and chain is fresh (30 s). */
  force?: boolean
  /**
   * 'coinbase': load the onramp's deliveries to the account (history with onramp=coinbase) into
   * `transactions.coinbaseTransactions`, leaving the Activity list as it is.
   */
  onramp?: 'coinbase'
}

export type LoadMoreTransactionsParameters = {
  /** The cursor the tab shows; a call for a cursor already loaded (by another tab) does nothing. */
  cursor?: string
}

export type GetNamesParameters = { address: string; force?: boolean }

/** A full name ('alice.reown.id') or a label; `force` skips the 5 min cache. */
export type GetAccountNameParameters = { name: string; force?: boolean | undefined }
export type NameSuggestion = { name: string; registered: boolean }

export type GetTokenPricesParameters = { addresses: readonly CaipAddress[]; currency?: string }
export type FungiblePrice = FungiblePriceResponse['fungibles'][number]

export type GetWalletsParameters = {
  /** 1-based page of 40 (SPEC.md §9). Ignored while searching. */
  page?: number
  /** Search text: 100 entries, answered no sooner than 300 ms after the call (SPEC.md §9). */
  search?: string
  badge?: 'none' | 'certified'
}

/** A catalogue wallet with the URL of its image (null without an image). */
export type CatalogueWallet = WalletListing & { imageUrl: string | null }

export type WalletPage = {
  /** Total matching wallets the catalogue reports. */
  count: number
  page: number
  data: CatalogueWallet[]
  /** Image URLs already fetched (the first 20 of a page), so the browser serves them from its caches. */
  prefetched: string[]
}

export type GetNftHoldingsParameters = {
  /** The account and network (eip155 only; another namespace answers 'Unsupported chain'). */
  caipAddress: CaipAddress
  /** Skip the 30 s cache. */
  force?: boolean
}

/** The NFTs an account holds now on one network (spam left out), and when that was read. */
export type NftHoldingsResult = { data: NftHolding[]; updatedAt: number }

export type RemoveSiwxSessionsParameters = { caipNetworkId?: CaipNetworkId; address?: string }
/**
 * `dappSignedOut`: the page has told the dapp's own SIWX configuration already, so no sign-out is left for a tab to tell.
 * `connectorId`: a wallet's own word (its event, its answer to a check) rather than the visitor's: the
 * namespace ends only while that connector holds it. The core decides against its own state, so a tab
 * whose copy of the state is behind still passes the wallet's word on.
 */
export type SetDisconnectedOptions = { dappSignedOut?: boolean; connectorId?: string }

/** One analytics event (SPEC.md §7, §8 tracked events) as a tab saw it. */
export type TrackParameters = {
  event: TrackedEvent
  properties?: Record<string, string | number | boolean | null>
  /** The connected address (the one just disconnected, for DISCONNECT_SUCCESS). */
  address?: string | null
  /** The page's URL and host. */
  url: string
  domain: string
  timestamp: number
  /** The tab's Global Privacy Control signal (`navigator.globalPrivacyControl`): when on, nothing is sent. */
  gpc: boolean
}

/**
 * The core's API, exposed by `worker-core` through comlink and called by every tab.
 * Every method is async because it crosses a port. Reads are cached, retried and de-duplicated in the
 * core: any number of tabs asking cause one upstream request per cache window.
 */
export interface PorticoCoreApi {
  /** Hands the core the dapp's configuration (validated again in the core); answers the current state. Fetches nothing. */
  configure(config: CoreConfig, options?: CoreOptionsInput): Promise<CoreState>
  getState(): Promise<CoreState>
  /** Registers a tab's listener; the current state is pushed at once (every slice), then each change (the slices that changed). Answers an id for `unsubscribe`. */
  subscribe(listener: StateListener): Promise<number>
  unsubscribe(id: number): Promise<void>
  /** A tab started connecting a wallet of `namespace` through the connector `connectorId` of type `connectorType`. */
  setConnecting(namespace: ChainNamespace, connectorId: string, connectorType?: ConnectorType | null): Promise<void>
  /** A tab's wallet connected (or switched account or chain). */
  setConnected(params: SetConnectedParameters): Promise<void>
  /**
   * The namespace's wallet disconnected, or a connection attempt failed. Other namespaces held by a
   * connector of the same type go too when that type shares one session across namespaces (SPEC.md §4:
   * walletConnect, auth; see `sharesSessionAcrossNamespaces`).
   */
  setDisconnected(namespace: ChainNamespace, options?: SetDisconnectedOptions): Promise<void>
  setActiveNetwork(caipNetworkId: CaipNetworkId): Promise<void>
  /**
   * SPEC.md §4: a switch to another namespace starts (true) or is given up (false). Storing the active
   * network (`setActiveNetwork`, or `setConnected` of the new namespace) ends it too.
   */
  setSwitchingNamespace(switching: boolean): Promise<void>
  /** Refreshes what the account view shows (portfolio, native balance, identity) where stale. */
  refresh(params?: RefreshParameters): Promise<void>
  /** Fetches the portfolio and native balance of the active account unless the cache is fresh. */
  refreshBalances(params?: RefreshBalancesParameters): Promise<void>
  /**
   * Hands the core a wallet's ERC-7811 `wallet_getAssets` answer for `caipAddress`. Accepted only under
   * the SPEC.md §5 rule; then it is the account's portfolio for 30 s. Answers whether it was accepted.
   */
  setWalletAssets(caipAddress: CaipAddress, answer: unknown): Promise<boolean>
  /** The native balance of any account on a configured network (a connected wallet not in use): cached 30 s like the active one's; a failure is the state's `error`. */
  getNativeBalance(params: { caipAddress: CaipAddress }): Promise<NativeBalanceState>
  /** Loads the first page of the active account's transactions on the active chain into `state.transactions`. */
  loadTransactions(params?: LoadTransactionsParameters): Promise<void>
  /** Loads the next page (`state.transactions.next`). */
  loadMoreTransactions(params?: LoadMoreTransactionsParameters): Promise<void>
  /** Fetches the active account's name and avatar into `state.identity` unless cached (5 min). */
  refreshIdentity(params?: RefreshParameters): Promise<void>
  /** Registered profile names of an address (5 min cache). */
  getNames(params: GetNamesParameters): Promise<ProfileAccount[]>
  /**
   * Names close to `name`, each with whether it is taken (5 min cache). Throws 'Error fetching name
   * suggestions' when the profile API cannot answer.
   */
  getNameSuggestions(params: GetAccountNameParameters): Promise<NameSuggestion[]>
  /**
   * The account registered under a full name, null when the name is free (5 min cache; a name the
   * core registers is known at once). Throws 'Error resolving name' when the profile API cannot answer.
   */
  getAccountName(params: GetAccountNameParameters): Promise<ProfileAccount | null>
  /** Fungible prices (30 s cache). */
  getTokenPrices(params: GetTokenPricesParameters): Promise<FungiblePrice[]>
  /** A page of All Wallets (featured, recommended and excluded left out), or a search. */
  getWallets(params?: GetWalletsParameters): Promise<WalletPage>
  /** The 4 recommended wallets (SPEC.md §9). */
  getRecommendedWallets(): Promise<WalletPage>
  /** The configured featured wallets, in the configured order. */
  getFeaturedWallets(): Promise<WalletPage>
  /** Remembers a wallet the visitor connected; 2 are kept (SPEC.md §9). */
  addRecentWallet(wallet: WalletListing): Promise<void>
  /** What each configured network supports; reads the data API's supported chains once per hour. */
  getCapabilities(): Promise<Capabilities>
  /** The NFTs an account holds now (30 s cache; offline, the last answer kept, whatever its age). */
  getNftHoldings(params: GetNftHoldingsParameters): Promise<NftHoldingsResult>
  setPreferredAccountType(namespace: ChainNamespace, type: AccountType): Promise<void>
  setEmbeddedWallet(patch: Partial<EmbeddedWalletState>): Promise<void>
  /** Sign-out or a failed connection check clears the cached login data (SPEC.md §4). */
  clearEmbeddedWallet(): Promise<void>
  addSiwxSession(session: SiwxSession): Promise<void>
  /** Removes the sessions of a network and/or address (all when neither is given). */
  removeSiwxSessions(params?: RemoveSiwxSessionsParameters): Promise<void>
  /** Takes a sign-out of `state.siwxSignOuts` to tell the dapp of: true for the first caller only, which tells it. */
  takeSiwxSignOut(id: string): Promise<boolean>
  /**
   * The one write path, first half: validates `intent` (SPEC.md §5) and builds the first request for
   * the connected wallet. Answers a step for the page's connector, or an error with its code.
   */
  prepareWrite(intent: WriteIntent): Promise<WriteResult>
  /**
   * A write's review, first half: validates `intent` as `prepareWrite` does and builds the calls it
   * would make, without a write (nothing is recorded or asked). Answers the calls, or the form's error.
   */
  validateWrite(intent: WriteIntent): Promise<WriteCheck>
  /**
   * A write's review, second half: what `calls` would do to the connected account (`eth_simulateV1` on
   * the network's own node): assets sent and received with their USD values, allowances granted, or the
   * revert and its reason. 'unavailable' when the node cannot tell within 8 s.
   */
  simulateCalls(params: SimulateCallsParameters): Promise<Simulation>
  /**
   * Called by the page right before it hands a step to the wallet: the core records the write in
   * IndexedDB as asked (what it sends, the row it becomes), so a core that restarts meanwhile never asks
   * again and finds it on chain instead. False when the core does not know the write (a new core that
   * never recorded it): the page then does not ask the wallet.
   */
  markWriteAsked(writeId: string): Promise<boolean>
  /**
   * The one write path, second half: the wallet's answer to a step. Answers the next step, the
   * outcome (a sent transaction is then shown as pending and followed until mined), or an error.
   */
  submitWriteResult(writeId: string, answer: WalletAnswer): Promise<WriteResult>
  /** The tokens the convert API swaps on a chain (10 min); 'Network not supported for Swaps' elsewhere. */
  getSwapTokens(params: GetSwapTokensParameters): Promise<SwapToken[]>
  /** A swap quote with rate, price impact, network fee in USD and minimum received (10 s). */
  getSwapQuote(params: GetSwapQuoteParameters): Promise<SwapQuote>
  /** Buy: the onramp's options (10 min); the built-in sample when the call fails, marked `estimate` (SPEC.md §8). */
  getOnrampOptions(params?: GetOnrampOptionsParameters): Promise<OnrampOptionsAnswer>
  /** Buy: a quote with fees, totals, purchase amount and quote id (30 s); the built-in estimate when the call fails. */
  getOnrampQuote(params: GetOnrampQuoteParameters): Promise<OnrampQuoteAnswer>
  /** Buy: the provider's page for a purchase to the account (POST /v1/generators/onrampurl), never cached. */
  getOnrampUrl(params: GetOnrampUrlParameters): Promise<string>
  /** The Send view's fee, network balance and Max for a token of the connected account (read from the chain). */
  getSendEstimate(params: GetSendEstimateParameters): Promise<SendEstimate>
  /**
   * Resolves an account name (`name.reown.id`) to its address and avatar on the account's chain; null
   * when no account has the name. Throws 'Error resolving name' when the profile API cannot answer.
   */
  resolveReceiver(params: ResolveReceiverParameters): Promise<ResolvedReceiver | null>
  /**
   * WalletConnect (SPEC.md §4), first step, called on the visitor's intent: loads the client and makes
   * a pairing URI ready in `state.walletConnect` unless one with more than 10 s left exists (`refresh`
   * makes a new one). With a session already approved it does nothing.
   */
  prepareWalletConnect(params?: { refresh?: boolean }): Promise<void>
  /**
   * Waits until a wallet approves the pending pairing (making one if none) and answers the account;
   * the core records the connection itself, so every tab is connected. A rejected or failed pairing
   * answers the wallet's error (and `state.walletConnect.status` becomes 'failed').
   */
  connectWalletConnect(): Promise<WalletAnswer>
  /** The session's account in `namespace` on its default chain, null without a session (restores the client when a stored session exists). */
  getWalletConnectAccount(namespace: ChainNamespace): Promise<CaipAddress | null>
  /** An EIP-1193 request through the session (signatures and transactions go to the wallet, reads to the `rpcMap`); errors come back as the wallet's code and message. */
  walletConnectRequest(params: WalletConnectRequestParameters): Promise<WalletAnswer>
  /** SPEC.md §4 chain switching: an approved chain becomes the default; otherwise `wallet_switchEthereumChain` if the session allows it; otherwise the §8 error. */
  switchWalletConnectChain(caipNetworkId: CaipNetworkId): Promise<WalletAnswer>
  /**
   * Ends the session with reason USER_DISCONNECTED (best effort) and cleans up; the page then calls
   * `setDisconnected`. Without a session it calls off the pending pairing (no more refreshes; a waiting
   * `connectWalletConnect` answers 4001).
   */
  disconnectWalletConnect(): Promise<void>
  /** Online state as a tab sees it (the worker has no `window`). Back online refreshes stale data once. */
  setOnline(online: boolean): Promise<void>
  /** A tab became visible or hidden. When one becomes visible after none was, stale data refreshes once. */
  setVisibility(tabId: string, visible: boolean): Promise<void>
  /**
   * Queues an analytics event for the catalogue's sink (`POST /e`). Nothing goes before the first call
   * (the visitor's first action); the first one asks `/getAnalyticsConfig` once per session. Events go
   * together once no other came for a second, at once when every tab is hidden, and after the network
   * returns (at most 100 wait). A 403 sets `state.analyticsBlocked` and ends sending for the session.
   */
  track(params: TrackParameters): Promise<void>
  /**
   * SPEC.md §9 heartbeat: each tab asks every 5 s and restarts a core that stops answering. Answers the
   * state's revision at once (never waits for the restore or the network).
   */
  heartbeat(): Promise<number>
  /** SPEC.md §7 startup ping: one JSON-RPC test call to the active network's RPC; once per core, and only when a tab asks (the visitor's first intent). */
  ping(): Promise<void>
  /**
   * The script files the core's worker has loaded (its own and the chunks it imported), so a page can
   * hand them to the service worker that arrived after they were fetched.
   */
  loadedScripts(): Promise<string[]>
}

/** Keys of the API, pinned by a snapshot test. */
export const CORE_API_METHODS = [
  'configure',
  'getState',
  'subscribe',
  'unsubscribe',
  'setConnecting',
  'setConnected',
  'setDisconnected',
  'setActiveNetwork',
  'setSwitchingNamespace',
  'refresh',
  'refreshBalances',
  'setWalletAssets',
  'getNativeBalance',
  'loadTransactions',
  'loadMoreTransactions',
  'refreshIdentity',
  'getNames',
  'getNameSuggestions',
  'getAccountName',
  'getTokenPrices',
  'getWallets',
  'getRecommendedWallets',
  'getFeaturedWallets',
  'addRecentWallet',
  'getCapabilities',
  'getNftHoldings',
  'setPreferredAccountType',
  'setEmbeddedWallet',
  'clearEmbeddedWallet',
  'addSiwxSession',
  'removeSiwxSessions',
  'takeSiwxSignOut',
  'prepareWrite',
  'validateWrite',
  'simulateCalls',
  'markWriteAsked',
  'submitWriteResult',
  'getSwapTokens',
  'getSwapQuote',
  'getOnrampOptions',
  'getOnrampQuote',
  'getOnrampUrl',
  'getSendEstimate',
  'resolveReceiver',
  'prepareWalletConnect',
  'connectWalletConnect',
  'getWalletConnectAccount',
  'walletConnectRequest',
  'switchWalletConnectChain',
  'disconnectWalletConnect',
  'setOnline',
  'setVisibility',
  'track',
  'ping',
  'heartbeat',
  'loadedScripts',
] as const satisfies readonly (keyof PorticoCoreApi)[]

/** Every method of the API is listed: fails to compile when one is added to the interface only. */
type Missing = Exclude<keyof PorticoCoreApi, (typeof CORE_API_METHODS)[number]>
const CORE_API_COMPLETE: Missing extends never ? true : Missing = true
void CORE_API_COMPLETE
