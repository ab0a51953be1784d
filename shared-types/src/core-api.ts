import type { CaipAddress, CaipNetworkId, ChainNamespace } from './caip.ts'
import type { CoreConfig } from './config.ts'
import type { CoreState } from './state.ts'

export type StateListener = (state: CoreState) => void | Promise<void>

export type SetConnectedParameters = {
  caipAddress: CaipAddress
  connectorId: string
  connectorName: string
}

export type RefreshBalancesParameters = {
  /** Skip the 30 s cache (the data API's `forceUpdate`). */
  force?: boolean
}

/**
 * The core's API, exposed by `worker-core` through comlink and called by every tab.
 * Every method is async because it crosses a port.
 */
export interface PorticoCoreApi {
  /** Hands the core the dapp's configuration (validated again in the core); answers the current state. */
  configure(config: CoreConfig): Promise<CoreState>
  getState(): Promise<CoreState>
  /** Registers a tab's listener; the current state is pushed at once. Answers an id for `unsubscribe`. */
  subscribe(listener: StateListener): Promise<number>
  unsubscribe(id: number): Promise<void>
  /** A tab started connecting a wallet of `namespace`. */
  setConnecting(namespace: ChainNamespace, connectorId: string): Promise<void>
  /** A tab's wallet connected (or switched account or chain). */
  setConnected(params: SetConnectedParameters): Promise<void>
  /** The namespace's wallet disconnected, or a connection attempt failed. */
  setDisconnected(namespace: ChainNamespace): Promise<void>
  setActiveNetwork(caipNetworkId: CaipNetworkId): Promise<void>
  /** Fetches balances of the active account unless the cache is fresh. */
  refreshBalances(params?: RefreshBalancesParameters): Promise<void>
  /** Online state as a tab sees it (the worker has no `window`). */
  setOnline(online: boolean): Promise<void>
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
  'refreshBalances',
  'setOnline',
] as const satisfies readonly (keyof PorticoCoreApi)[]
