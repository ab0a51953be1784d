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
import { replaceEqualDeep } from '@tanstack/query-core'
import { createStateSubscribers } from './subscribers.ts'

export type StateStore = {
  get(): CoreState
  /**
   * Applies a patch (or a function of the current state answering one), bumps the revision and pushes.
   * Structurally shared (TanStack Query's `replaceEqualDeep`): a slice read again with the same content
   * keeps its object, and its unchanged parts keep theirs, so no tab is sent it again and a view that
   * reads it is not rendered again; a patch that changes nothing pushes nothing.
   */
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
    wallets: [],
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
      const shared: Partial<Record<keyof CoreState, unknown>> = {}
      let changed = false
      for (const key of Object.keys(delta) as (keyof CoreState)[]) {
        if (key === 'revision') continue
        shared[key] = replaceEqualDeep(state[key], delta[key])
        if (shared[key] !== state[key]) changed = true
      }
      const storage = storageKind()
      if (!changed && storage === state.storage) return state
      state = { ...state, ...(shared as Partial<CoreState>), storage, revision: state.revision + 1 }
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
