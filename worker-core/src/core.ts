import { sharesSessionAcrossNamespaces, WALLET_CONNECT_CONNECTOR_ID } from '@portico/shared-types/connectors'
import { HEARTBEAT_MS, STORAGE_RESTORE_TIMEOUT_MS } from '@portico/shared-types/constants'
import {
  chainNamespaceSchema,
  coreConfigSchema,
  coreOptionsSchema,
  disconnectedConnection,
  emptyBalances,
  emptyIdentity,
  emptyNativeBalance,
  emptyTransactions,
  parseCaipAddress,
  parseCaipNetworkId,
  MESSAGES,
  parseWith,
  RECORDS,
  type CaipAddress,
  type ChainNamespace,
  type CoreState,
  type PorticoCoreApi,
} from '@portico/shared-types'
import { getAccountNameQueryOptions } from './features/names/getAccountName.ts'
import { getNameSuggestionsQueryOptions } from './features/names/getNameSuggestions.ts'
import { getNftHoldingsQueryOptions } from './features/portfolio/getNftHoldings.ts'
import { createAnalytics } from './features/analytics/analytics.ts'
import { createBalances } from './features/balances/balances.ts'
import { createCapabilities } from './features/balances/capabilities.ts'
import { createCatalogue } from './features/catalogue/catalogue.ts'
import type { CoreContext, CoreEnv } from './infra/context.ts'
import { createHttpClient } from './infra/http.ts'
import { createIdentity } from './features/identity/identity.ts'
import { createFocusManager, createOnlineManager, type FocusManager, type OnlineManager } from './infra/managers.ts'
import { createPersister } from './infra/persister.ts'
import { createPreferences } from './features/preferences/preferences.ts'
import { createPrices } from './features/balances/prices.ts'
import { createQueries } from './infra/query.ts'
import { createQueryCache } from './infra/queryCache.ts'
import { createRpcRegistry } from './infra/rpc.ts'
import { createSiwx } from './features/siwx/siwx.ts'
import { sessionFromCacaos } from './features/writes/siwx.ts'
import type { CoreStorage } from './infra/storage.ts'
import { createStateStore } from './infra/store.ts'
import { createTransactions } from './features/history/transactions.ts'
import { getOnrampOptionsQueryOptions } from './features/onramp/getOnrampOptions.ts'
import { getOnrampQuoteQueryOptions } from './features/onramp/getOnrampQuote.ts'
import { getOnrampUrlQueryOptions } from './features/onramp/getOnrampUrl.ts'
import { getSwapTokensQueryOptions } from './features/swap/getSwapTokens.ts'
import { createWalletConnect, type CreateWalletConnectParameters } from './features/walletconnect/walletConnect.ts'
import type { WritesFeature } from './features/writes/writes.ts'

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

/**
 * Creates the core: the one place that reads the network and keeps data. The same object runs in a
 * SharedWorker, a dedicated worker or the page (tests); it never touches `window` or `document`.
 */
export function createCore(params: CreateCoreParameters): Core {
  const { storage, now = Date.now, listenerTimeoutMs = 2 * HEARTBEAT_MS, sleep = defaultSleep, warn = console.warn, restoreTimeoutMs = STORAGE_RESTORE_TIMEOUT_MS } = params
  const doFetch = params.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args))
  const store = createStateStore({ listenerTimeoutMs, storageKind: storage.kind })
  const online = params.onlineManager ?? createOnlineManager(true)
  const focus = params.focusManager ?? createFocusManager()
  let env: CoreEnv | null = null
  let configKey = ''

  function activeAccount(): CaipAddress | null {
    const state = store.get()
    const connection = state.activeNamespace ? state.connections[state.activeNamespace] : undefined
    return connection?.status === 'connected' && connection.caipAddress ? connection.caipAddress : null
  }

  const records = createPersister(storage, warn)
  const ctx: CoreContext = {
    store,
    records,
    queries: createQueries({
      cache: createQueryCache({ records, now }),
      store,
      online,
      now,
      env: () => env,
      activeAccount,
      ready: () => ctx.ready,
    }),
    online,
    focus,
    now,
    sleep,
    fetch: doFetch,
    warn,
    ready: Promise.resolve(),
    env: () => env,
    activeAccount,
  }
  const capabilities = createCapabilities(ctx)
  const balances = createBalances(ctx, capabilities)
  const transactions = createTransactions(ctx)
  const identity = createIdentity(ctx)
  const catalogue = createCatalogue(ctx)
  const preferences = createPreferences(ctx)
  const siwx = createSiwx(ctx)
  const prices = createPrices(ctx)
  const analytics = createAnalytics(ctx)
  let pinged = false

  /**
   * The restore of the stored records, given up after `restoreTimeoutMs` (SPEC.md §9 storage: a
   * database that does not answer, blocked by another tab's upgrade): the core then starts fresh and
   * a late answer is not applied.
   */
  let restoreGivenUp = false
  let writesToResume = false
  const restored = (async () => {
    const [connection, recent, sessions, accountTypes, embedded, pending, inFlight] = await Promise.all([
      ctx.records.read(RECORDS.connection),
      ctx.records.read(RECORDS.recentWallets),
      ctx.records.read(RECORDS.siwxSessions),
      ctx.records.read(RECORDS.accountTypes),
      ctx.records.read(RECORDS.embeddedWallet),
      ctx.records.read(RECORDS.pendingTransactions),
      ctx.records.read(RECORDS.writes),
    ])
    if (restoreGivenUp) return
    let patch: Partial<CoreState> = {
      ...(connection?.data ?? {}),
      ...(recent ? { recentWallets: recent.data } : {}),
      ...(sessions ? { siwxSessions: siwx.valid(sessions.data, now()) } : {}),
      ...(accountTypes ? { accountTypes: accountTypes.data } : {}),
      ...(embedded ? { embeddedWallet: embedded.data } : {}),
      // Sent transactions stay pending after a reload or a new worker, until mined or failed.
      ...(pending ? { pendingTransactions: pending.data } : {}),
    }
    writesToResume = (pending?.data.length ?? 0) > 0 || (inFlight?.data.length ?? 0) > 0
    store.replace(patch)
    const account = activeAccount()
    if (account) {
      patch = { ...(await balances.restore(account)), ...(await identity.restore(account)), ...(await transactions.restore(account)) }
      if (restoreGivenUp) return
      store.replace(patch)
    }
  })().catch((error: unknown) => warn(`Portico: could not restore the session: ${error instanceof Error ? error.message : String(error)}`))
  const ready = new Promise<void>((resolve) => {
    const timer = setTimeout(() => {
      restoreGivenUp = true
      warn(`Portico: the stored session was not read within ${restoreTimeoutMs} ms; starting fresh`)
      resolve()
    }, restoreTimeoutMs)
    void restored.then(() => {
      clearTimeout(timer)
      resolve()
    })
  })
  ctx.ready = ready

  /**
   * Stale data of the active account (balances, identity, and the first page of a transaction list
   * that is shown), refreshed once when the core comes back online or into view; only once a tab has
   * asked for it (connecting, opening the account), never on its own.
   */
  let asked = false
  let lastRefresh: Promise<void> = Promise.resolve()
  const refreshAccount = (params?: { force?: boolean }) => {
    asked = true
    lastRefresh = Promise.all([balances.refresh(params), identity.refresh(params), transactions.refresh(params)]).then(() => undefined)
    return lastRefresh
  }
  const offOnline = online.subscribe((isOnline) => {
    store.set({ online: isOnline })
    if (isOnline && asked) void refreshAccount()
  })
  const offFocus = focus.subscribe((focused) => {
    if (focused && asked) void refreshAccount()
  })

  // The write path (Send, Swap, names, sign-in) and the viem actions only it needs load with the
  // visitor's first write, in a chunk of their own: opening the modal does not download them.
  let writesFeature: Promise<WritesFeature> | null = null
  const writes = () =>
    (writesFeature ??= import('./features/writes/writes.ts').then(({ createWrites }) =>
      createWrites(ctx, {
        onMined: () => refreshAccount({ force: true }),
        isSmartAccount: () => false,
        prices: (addresses) => prices.get({ addresses }),
        onNameRegistered: (caipAddress, account) => identity.registered(caipAddress, account),
        onSignedIn: (session) => siwx.add(session),
      }),
    ))
  async function persistConnection() {
    const { connections, activeNamespace, activeCaipNetworkId } = store.get()
    await ctx.records.write(RECORDS.connection, { connections, activeNamespace, activeCaipNetworkId })
  }

  const walletConnect = createWalletConnect(
    ctx,
    {
      connected: (caipAddress) => core.setConnected({ caipAddress, connectorId: WALLET_CONNECT_CONNECTOR_ID, connectorName: 'WalletConnect', connectorType: 'WALLET_CONNECT' }),
      async signedIn(auths, caipAddress, messageOf) {
        const env = ctx.env()
        if (!env) return
        const session = await sessionFromCacaos(env.api, auths, caipAddress, messageOf).catch((error: unknown) => {
          // The sign-in then follows the connection, as without one-click.
          warn(`Portico: the one-click sign-in was not verified: ${error instanceof Error ? error.message : String(error)}`)
          return null
        })
        if (session) await siwx.add(session)
      },
      async disconnected() {
        const { connections } = store.get()
        const held = (Object.keys(connections) as ChainNamespace[]).find((ns) => connections[ns]?.connectorType === 'WALLET_CONNECT' && connections[ns]?.status !== 'disconnected')
        if (held) await core.setDisconnected(held)
      },
    },
    params.walletConnect,
  )

  const accountSlices = (caipAddress: CaipAddress | null): Partial<CoreState> => ({
    balances: { ...emptyBalances, caipAddress },
    nativeBalance: { ...emptyNativeBalance, caipAddress },
    identity: { ...emptyIdentity, caipAddress },
    transactions: emptyTransactions,
  })

  const core: Core = {
    ready,
    async configure(input, optionsInput) {
      await ready
      const config = parseWith(coreConfigSchema, input, 'config')
      const options = parseWith(coreOptionsSchema, optionsInput ?? {}, 'core options')
      const key = JSON.stringify([config, options])
      if (key !== configKey) {
        configKey = key
        const shared = {
          projectId: config.projectId,
          fetch: doFetch,
          ...(params.sleep ? { sleep: params.sleep } : {}),
          ...(params.onRequest ? { onRequest: params.onRequest } : {}),
          onForbidden: () => {
            if (!store.get().originRejected) store.set({ originRejected: true })
          },
        }
        env = {
          config,
          options,
          api: createHttpClient({ ...shared, baseUrl: config.apiUrl }),
          catalogue: config.catalogueUrl ? createHttpClient({ ...shared, baseUrl: config.catalogueUrl }) : null,
          rpc: createRpcRegistry({ config, options, fetchFn: doFetch, onRequest: params.onRequest }),
        }
        const activeCaipNetworkId = store.get().activeCaipNetworkId ?? config.defaultNetwork ?? config.networks[0]!.caipNetworkId
        store.set({ configured: true, activeCaipNetworkId })
        capabilities.reset()
        // Transactions sent before a reload or a restart are followed again; writes whose wallet request
        // was out are matched on chain, never asked again.
        if (writesToResume) {
          writesToResume = false
          void writes()
            .then((w) => w.resume())
            .catch((error: unknown) => warn(`Portico: could not follow the writes in flight: ${error instanceof Error ? error.message : String(error)}`))
        }
      }
      return store.get()
    },
    async getState() {
      await ready
      return store.get()
    },
    async subscribe(listener) {
      await ready
      return store.subscribe(listener)
    },
    async unsubscribe(id) {
      store.unsubscribe(id)
    },
    async setConnecting(namespace, connectorId, connectorType = null) {
      await ready
      const previous = store.get().connections[namespace] ?? disconnectedConnection
      if (previous.status === 'connected') return
      store.set((s) => ({ connections: { ...s.connections, [namespace]: { ...disconnectedConnection, status: 'connecting', connectorId, connectorType } } }))
    },
    async setConnected({ caipAddress, connectorId, connectorName, connectorType = null }) {
      await ready
      const { namespace, caipNetworkId } = parseCaipAddress(caipAddress)
      const state = store.get()
      const previous = state.connections[namespace]
      const changedAccount = activeAccount() !== caipAddress
      store.set({
        connections: { ...state.connections, [namespace]: { status: 'connected', caipAddress, connectorId, connectorName, connectorType } },
        activeNamespace: namespace,
        activeCaipNetworkId: caipNetworkId,
        ...(changedAccount ? accountSlices(caipAddress) : {}),
      })
      await persistConnection()
      if (changedAccount || previous?.status !== 'connected') await refreshAccount()
    },
    async setDisconnected(namespace, options = {}) {
      await ready
      const state = store.get()
      const connectorType = state.connections[namespace]?.connectorType
      const shared = sharesSessionAcrossNamespaces(connectorType)
      const gone = (Object.keys(state.connections) as ChainNamespace[]).filter(
        (ns) => ns === namespace || (shared && state.connections[ns]?.connectorType === connectorType),
      )
      const connections = { ...state.connections, [namespace]: disconnectedConnection }
      for (const ns of gone) connections[ns] = disconnectedConnection
      const wasActive = state.activeNamespace !== null && (gone.includes(state.activeNamespace) || state.activeNamespace === namespace)
      store.set({ connections, ...(wasActive ? accountSlices(null) : {}) })
      await persistConnection()
      // Disconnecting signs out everywhere: the sessions of the accounts that left, in every tab and at the
      // verifier; and, unless the page has done it, one tab tells a dapp's own SIWX configuration.
      for (const ns of gone) {
        const caipAddress = state.connections[ns]?.caipAddress
        if (!caipAddress) continue
        const { address } = parseCaipAddress(caipAddress)
        const chainIds = siwx.chainsOf(address)
        if (chainIds.length > 0 && !options.dappSignedOut) {
          store.set((s) => ({ siwxSignOuts: [...s.siwxSignOuts, { id: crypto.randomUUID(), caipAddress, chainIds }].slice(-10) }))
        }
        await siwx.signOut(address)
      }
    },
    async setActiveNetwork(caipNetworkId) {
      await ready
      const { namespace } = parseCaipNetworkId(caipNetworkId)
      store.set({ activeCaipNetworkId: caipNetworkId, activeNamespace: chainNamespaceSchema.parse(namespace) })
      await persistConnection()
    },
    refresh: (params) => refreshAccount(params),
    refreshBalances(params) {
      asked = true
      return balances.refresh(params)
    },
    setWalletAssets: (caipAddress, answer) => balances.setWalletAssets(caipAddress, answer),
    loadTransactions(params) {
      asked = true
      return transactions.load(params)
    },
    loadMoreTransactions: (params) => transactions.loadMore(params),
    refreshIdentity(params) {
      asked = true
      return identity.refresh(params)
    },
    getNames: (params) => identity.getNames(params),
    getNameSuggestions: async (params) => {
      try {
        return (await ctx.queries.read(getNameSuggestionsQueryOptions, params)).data
      } catch (error) {
        throw new Error(MESSAGES.errorFetchingNameSuggestions, { cause: error })
      }
    },
    getAccountName: async (params) => {
      try {
        return (await ctx.queries.read(getAccountNameQueryOptions, params)).data
      } catch (error) {
        throw new Error(MESSAGES.errorResolvingName, { cause: error })
      }
    },
    getTokenPrices: (params) => prices.get(params),
    getWallets: (params) => catalogue.getWallets(params),
    getRecommendedWallets: () => catalogue.getRecommendedWallets(),
    getFeaturedWallets: () => catalogue.getFeaturedWallets(),
    addRecentWallet: (wallet) => catalogue.addRecentWallet(wallet),
    async getCapabilities() {
      await ready
      return capabilities.get()
    },
    getNftHoldings: (params) => ctx.queries.read(getNftHoldingsQueryOptions, params),
    setPreferredAccountType: (namespace, type) => preferences.setPreferredAccountType(namespace, type),
    setEmbeddedWallet: (patch) => preferences.setEmbeddedWallet(patch),
    clearEmbeddedWallet: () => preferences.clearEmbeddedWallet(),
    addSiwxSession: (session) => siwx.add(session),
    removeSiwxSessions: (params) => siwx.remove(params),
    async takeSiwxSignOut(id) {
      await ready
      const before = store.get().siwxSignOuts
      if (!before.some((s) => s.id === id)) return false
      store.set({ siwxSignOuts: before.filter((s) => s.id !== id) })
      return true
    },
    prepareWrite: async (intent) => (await writes()).prepare(intent),
    markWriteAsked: async (writeId) => (await writes()).markAsked(writeId),
    submitWriteResult: async (writeId, answer) => (await writes()).submit(writeId, answer),
    getSwapTokens: async (params) => (await ctx.queries.read(getSwapTokensQueryOptions, params)).data,
    getSwapQuote: async (params) => {
      const { getSwapQuoteQueryOptions } = await import('./features/swap/getSwapQuote.ts')
      return (await ctx.queries.read((env, p) => getSwapQuoteQueryOptions({ env, prices: (addresses) => prices.get({ addresses }) }, p), params)).data
    },
    getOnrampOptions: async (params = {}) => (await ctx.queries.read(getOnrampOptionsQueryOptions, params)).data,
    getOnrampQuote: async (params) => (await ctx.queries.read((env, p) => getOnrampQuoteQueryOptions(env, p, store.get().balances.data), params)).data,
    getOnrampUrl: async (params) => (await ctx.queries.read(getOnrampUrlQueryOptions, params)).data,
    getSendEstimate: async (params) => {
      const { getSendEstimateQueryOptions } = await import('./features/send/getSendEstimate.ts')
      return (await ctx.queries.read((env, p) => getSendEstimateQueryOptions(env, p, store.get().balances.data), params)).data
    },
    resolveReceiver: async (params) => {
      try {
        const { resolveReceiverQueryOptions } = await import('./features/names/resolveReceiver.ts')
        return (await ctx.queries.read(resolveReceiverQueryOptions, params)).data
      } catch (error) {
        throw new Error(MESSAGES.errorResolvingName, { cause: error })
      }
    },
    prepareWalletConnect: (params) => walletConnect.prepare(params),
    connectWalletConnect: () => walletConnect.connect(),
    getWalletConnectAccount: (namespace) => walletConnect.getAccount(namespace),
    walletConnectRequest: (params) => walletConnect.request(params),
    switchWalletConnectChain: (caipNetworkId) => walletConnect.switchChain(caipNetworkId),
    disconnectWalletConnect: () => walletConnect.disconnect(),
    async setOnline(isOnline) {
      await ready
      if (online.setOnline(isOnline)) await lastRefresh
    },
    async setVisibility(tabId, visible) {
      await ready
      if (focus.setVisibility(tabId, visible)) await lastRefresh
    },
    async track(params) {
      await ready
      analytics.track(params)
    },
    async loadedScripts() {
      const own = typeof location === 'undefined' ? [] : [location.href]
      const fetched = typeof performance === 'undefined' ? [] : performance.getEntriesByType('resource').map((entry) => entry.name)
      return [...new Set([...own, ...fetched])].filter((url) => /\.m?js(?:$|\?)/.test(url))
    },
    heartbeat: async () => store.get().revision,
    async ping() {
      await ready
      const state = store.get()
      if (pinged || !env || !state.activeCaipNetworkId) return
      pinged = true
      await env.rpc
        .client(state.activeCaipNetworkId)
        ?.request({ method: 'eth_chainId' })
        .catch(() => undefined)
    },
    dispose() {
      void writesFeature?.then((w) => w.dispose())
      walletConnect.dispose()
      offOnline()
      offFocus()
      analytics.dispose()
      store.clear()
    },
  }
  return core
}
