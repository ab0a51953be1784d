import { HEARTBEAT_MS, STORAGE_RESTORE_TIMEOUT_MS } from '@portico/shared-types/constants'
import type { PorticoCoreApi } from '@portico/shared-types'
import { analyticsApi } from './features/analytics/index.ts'
import { createAnalytics } from './features/analytics/analytics.ts'
import { balancesApi } from './features/balances/index.ts'
import { createBalances } from './features/balances/balances.ts'
import { createCapabilities } from './features/balances/capabilities.ts'
import { createPrices } from './features/balances/prices.ts'
import { catalogueApi } from './features/catalogue/index.ts'
import { createCatalogue } from './features/catalogue/catalogue.ts'
import type { CoreServices } from './features/feature.ts'
import { historyApi } from './features/history/index.ts'
import { createTransactions } from './features/history/transactions.ts'
import { identityApi } from './features/identity/index.ts'
import { createIdentity } from './features/identity/identity.ts'
import { namesApi } from './features/names/index.ts'
import { onrampApi } from './features/onramp/index.ts'
import { portfolioApi } from './features/portfolio/index.ts'
import { preferencesApi } from './features/preferences/index.ts'
import { isSmartAccount } from './features/preferences/accountType.ts'
import { createPreferences } from './features/preferences/preferences.ts'
import { createAccountRefresh } from './features/session/account.ts'
import { connectionApi } from './features/session/connection.ts'
import { presenceApi } from './features/session/presence.ts'
import { restoreSession } from './features/session/restore.ts'
import { sendApi } from './features/send/index.ts'
import { siwxApi } from './features/siwx/index.ts'
import { createSiwx } from './features/siwx/siwx.ts'
import { swapApi } from './features/swap/index.ts'
import { walletConnectApi } from './features/walletconnect/index.ts'
import type { CreateWalletConnectParameters } from './features/walletconnect/walletConnect.ts'
import { writesApi } from './features/writes/index.ts'
import type { WritesFeature } from './features/writes/writes.ts'
import type { CoreContext, CoreEnv } from './infra/context.ts'
import { createFocusManager, createOnlineManager, type FocusManager, type OnlineManager } from './infra/managers.ts'
import { createPersister } from './infra/persister.ts'
import { createQueries } from './infra/query.ts'
import { createQueryCache } from './infra/queryCache.ts'
import type { CoreStorage } from './infra/storage.ts'
import { createStateStore } from './infra/store.ts'

export type CreateCoreParameters = {
  storage: CoreStorage
  fetch?: typeof fetch
  now?: () => number
  /** How long a tab may leave a push unanswered before it is dropped as gone. */
  listenerTimeoutMs?: number
  /** Passed to the HTTP client (tests use short delays) and used for the search's minimum wait. */
  sleep?: (ms: number) => Promise<void>
  /** Called for every request that goes upstream (data API, catalogue, chain RPC). */
  onRequest?: (url: string) => void
  warn?: (message: string) => void
  onlineManager?: OnlineManager
  focusManager?: FocusManager
  /** The WalletConnect client's start and storage (tests keep it in memory). */
  walletConnect?: CreateWalletConnectParameters
  /** The restore of the stored records gives up after this long (SPEC.md §9: 1 s) and the core starts fresh. */
  restoreTimeoutMs?: number
}

export type Core = PorticoCoreApi & {
  /** Resolves when state restored from storage is in place. */
  ready: Promise<void>
  dispose(): void
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/** The infrastructure every feature shares: the state store, the schema-checked records, the one query layer. */
function createContext(params: CreateCoreParameters): { ctx: CoreContext; setEnv(env: CoreEnv): void } {
  const { storage, now = Date.now, listenerTimeoutMs = 2 * HEARTBEAT_MS, sleep = defaultSleep, warn = console.warn } = params
  const store = createStateStore({ listenerTimeoutMs, storageKind: storage.kind })
  const online = params.onlineManager ?? createOnlineManager(true)
  let env: CoreEnv | null = null
  const activeAccount = () => {
    const state = store.get()
    const connection = state.activeNamespace ? state.connections[state.activeNamespace] : undefined
    return connection?.status === 'connected' && connection.caipAddress ? connection.caipAddress : null
  }
  const records = createPersister(storage, warn)
  const ctx: CoreContext = {
    store,
    records,
    queries: createQueries({ cache: createQueryCache({ records, now }), store, online, now, env: () => env, activeAccount, ready: () => ctx.ready }),
    online,
    focus: params.focusManager ?? createFocusManager(),
    now,
    sleep,
    fetch: params.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args)),
    warn,
    ready: Promise.resolve(),
    env: () => env,
    activeAccount,
  }
  return { ctx, setEnv: (next) => void (env = next) }
}

/**
 * Creates the core: the one place that reads the network and keeps data. The same object runs in a
 * SharedWorker, a dedicated worker or the page (tests); it never touches `window` or `document`.
 * Each feature (`features/<feature>/index.ts`) gives its slice of the API; a new one is a folder and
 * one line below.
 */
export function createCore(params: CreateCoreParameters): Core {
  const { ctx, setEnv } = createContext(params)
  const disposers: (() => void)[] = []
  const capabilities = createCapabilities(ctx)
  const balances = createBalances(ctx, capabilities)
  const transactions = createTransactions(ctx)
  const identity = createIdentity(ctx)
  const prices = createPrices(ctx)
  const siwx = createSiwx(ctx)
  const analytics = createAnalytics(ctx)
  const account = createAccountRefresh(ctx, { balances, identity, transactions })
  // The write path and the viem actions only it needs load with the visitor's first write, in a
  // chunk of their own: opening the modal does not download them.
  let writesFeature: Promise<WritesFeature> | null = null
  const services: CoreServices = {
    capabilities,
    prices,
    balances,
    transactions,
    identity,
    catalogue: createCatalogue(ctx),
    preferences: createPreferences(ctx),
    siwx,
    analytics,
    account,
    writes: () =>
      (writesFeature ??= import('./features/writes/writes.ts').then(({ createWrites }) =>
        createWrites(ctx, {
          onMined: () => account.afterMined(),
          isSmartAccount: (intent) => isSmartAccount(ctx.store.get(), intent.caipAddress),
          prices: (addresses) => prices.get({ addresses }),
          onNameRegistered: (caipAddress, registered) => identity.registered(caipAddress, registered),
          onSignedIn: (session) => siwx.add(session),
          onSmartAccountDeployed: async (caipAddress) => {
            if (isSmartAccount(ctx.store.get(), caipAddress) && !ctx.store.get().embeddedWallet.smartAccountDeployed) await services.preferences.setEmbeddedWallet({ smartAccountDeployed: true })
          },
        }),
      )),
    connection: { setConnected: (p) => core.setConnected(p), setDisconnected: (ns, o) => core.setDisconnected(ns, o), setActiveNetwork: (id) => core.setActiveNetwork(id) },
    onDispose: (fn) => void disposers.push(fn),
  }
  const restore = restoreSession(ctx, services, { timeoutMs: params.restoreTimeoutMs ?? STORAGE_RESTORE_TIMEOUT_MS })
  ctx.ready = restore.ready

  const core: Core = {
    ready: restore.ready,
    ...connectionApi({ setEnv, fetch: ctx.fetch, sleep: params.sleep, onRequest: params.onRequest, takeWritesToResume: restore.takeWritesToResume })(ctx, services),
    ...presenceApi(ctx, services),
    ...balancesApi(ctx, services),
    ...portfolioApi(ctx, services),
    ...historyApi(ctx, services),
    ...identityApi(ctx, services),
    ...namesApi(ctx, services),
    ...catalogueApi(ctx, services),
    ...preferencesApi(ctx, services),
    ...siwxApi(ctx, services),
    ...writesApi(ctx, services),
    ...swapApi(ctx, services),
    ...onrampApi(ctx, services),
    ...sendApi(ctx, services),
    ...walletConnectApi(params.walletConnect)(ctx, services),
    ...analyticsApi(ctx, services),
    dispose() {
      void writesFeature?.then((w) => w.dispose())
      for (const dispose of disposers) dispose()
      account.dispose()
      analytics.dispose()
      ctx.store.clear()
    },
  }
  return core
}
