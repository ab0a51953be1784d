import {
  emptyBalances,
  emptyCapabilities,
  emptyEmbeddedWallet,
  emptyIdentity,
  emptyNativeBalance,
  emptyTransactions,
  emptyWalletConnect,
  type CoreState,
  type StateListener,
} from '@portico/shared-types'
import { createStateSubscribers } from './subscribers.ts'

export type StateStore = {
  get(): CoreState
  /** Applies a patch (or a function of the current state answering one), bumps the revision and pushes. */
  set(patch: Partial<CoreState> | ((state: CoreState) => Partial<CoreState>)): CoreState
  /** Replaces state without pushing (restoring from storage before anyone subscribed). */
  replace(patch: Partial<CoreState>): void
  subscribe(listener: StateListener): number
  unsubscribe(id: number): void
  clear(): void
}

export type CreateStateStoreParameters = {
  listenerTimeoutMs: number
  storageKind: () => CoreState['storage']
}

export function initialCoreState(revision = 0, storage: CoreState['storage'] = 'indexeddb'): CoreState {
  return {
    revision,
    configured: false,
    connections: {},
    activeNamespace: null,
    activeCaipNetworkId: null,
    switchingNamespace: false,
    balances: emptyBalances,
    nativeBalance: emptyNativeBalance,
    transactions: emptyTransactions,
    identity: emptyIdentity,
    recentWallets: [],
    capabilities: emptyCapabilities,
    accountTypes: {},
    embeddedWallet: emptyEmbeddedWallet,
    siwxSessions: [],
    siwxSignOuts: [],
    pendingTransactions: [],
    walletConnect: emptyWalletConnect,
    online: true,
    storage,
    analyticsBlocked: false,
    originRejected: false,
  }
}

/** The core's state and the tabs that follow it: one source of truth; each tab is sent the slices that changed (`stateChange`). */
export function createStateStore({ listenerTimeoutMs, storageKind }: CreateStateStoreParameters): StateStore {
  let state = initialCoreState(0, storageKind())
  const subscribers = createStateSubscribers({ timeoutMs: listenerTimeoutMs })
  return {
    get: () => state,
    set(patch) {
      const delta = typeof patch === 'function' ? patch(state) : patch
      state = { ...state, ...delta, storage: storageKind(), revision: state.revision + 1 }
      subscribers.publish(state)
      return state
    },
    replace(patch) {
      state = { ...state, ...patch, storage: storageKind() }
    },
    subscribe: (listener) => subscribers.add(listener, state),
    unsubscribe: (id) => subscribers.remove(id),
    clear: () => subscribers.clear(),
  }
}
