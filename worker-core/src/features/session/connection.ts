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
  parseWith,
  RECORDS,
  type CaipAddress,
  type ChainNamespace,
  type CoreState,
  type NamespaceConnection,
} from '@portico/shared-types'
import { sharesSessionAcrossNamespaces } from '@portico/shared-types/connectors'
import type { CoreContext, CoreEnv } from '../../infra/context.ts'
import { createHttpClient } from '../../infra/http.ts'
import { createRpcRegistry } from '../../infra/rpc.ts'
import type { Feature } from '../feature.ts'
import { connectionOf, successorOf, walletIdOf, withAccount, withConnectionsInUse, withWallet } from './wallets.ts'

type ConnectionMethods = 'configure' | 'getState' | 'subscribe' | 'unsubscribe' | 'setConnecting' | 'setConnected' | 'setDisconnected' | 'setActiveNetwork' | 'setSwitchingNamespace' | 'refresh'

export type ConnectionParameters = {
  /** Takes the configuration a tab handed over: from then on `ctx.env()` answers it. */
  setEnv(env: CoreEnv): void
  fetch: typeof fetch
  sleep?: ((ms: number) => Promise<void>) | undefined
  onRequest?: ((url: string) => void) | undefined
  /** Whether transactions or writes were in flight when the last core stopped (answered true once). */
  takeWritesToResume(): boolean
}

const accountSlices = (caipAddress: CaipAddress | null): Partial<CoreState> => ({
  balances: { ...emptyBalances, caipAddress },
  nativeBalance: { ...emptyNativeBalance, caipAddress },
  identity: { ...emptyIdentity, caipAddress },
  transactions: emptyTransactions,
})

/** Whether `connectorId` holds this namespace's connection now: a wallet's word counts only for a connection it holds. */
const heldBy = (connection: NamespaceConnection | undefined, connectorId: string) => connection?.status === 'connected' && connection.connectorId === connectorId
/** The same account of one namespace, on whichever chain (EVM addresses compared without their checksum case). */
const sameAccount = (a: CaipAddress, b: CaipAddress) => {
  const [x, y] = [parseCaipAddress(a), parseCaipAddress(b)]
  return x.namespace === y.namespace && (x.namespace === 'eip155' ? x.address.toLowerCase() === y.address.toLowerCase() : x.address === y.address)
}

/** Builds what a configuration gives the core: the data API, the catalogue and the chains' RPC. */
function envOf(ctx: CoreContext, params: ConnectionParameters, config: CoreEnv['config'], options: CoreEnv['options']): CoreEnv {
  const shared = {
    projectId: config.projectId,
    fetch: params.fetch,
    ...(params.sleep ? { sleep: params.sleep } : {}),
    ...(params.onRequest ? { onRequest: params.onRequest } : {}),
    onForbidden: () => {
      if (!ctx.store.get().originRejected) ctx.store.set({ originRejected: true })
    },
  }
  return {
    config,
    options,
    api: createHttpClient({ ...shared, baseUrl: config.apiUrl }),
    catalogue: config.catalogueUrl ? createHttpClient({ ...shared, baseUrl: config.catalogueUrl }) : null,
    rpc: createRpcRegistry({ config, options, fetchFn: params.fetch, onRequest: params.onRequest }),
  }
}

/** The configuration, the state every tab follows, and the connection of each namespace, kept in storage. */
export const connectionApi =
  (params: ConnectionParameters): Feature<ConnectionMethods> =>
  (ctx, { capabilities, siwx, account, writes }) => {
    const { store } = ctx
    let configKey = ''
    async function persistConnection() {
      const { connections, wallets, activeNamespace, activeCaipNetworkId } = store.get()
      await ctx.records.write(RECORDS.connection, { connections, wallets, activeNamespace, activeCaipNetworkId })
    }
    /** Disconnecting signs out everywhere: the sessions of the accounts that left, in every tab and at the verifier; and, unless the page has done it, one tab tells a dapp's own SIWX configuration. */
    async function signOut(caipAddress: CaipAddress, dappSignedOut: boolean) {
      const { address } = parseCaipAddress(caipAddress)
      const chainIds = siwx.chainsOf(address)
      if (chainIds.length > 0 && !dappSignedOut) {
        store.set((s) => ({ siwxSignOuts: [...s.siwxSignOuts, { id: crypto.randomUUID(), caipAddress, chainIds }].slice(-10) }))
      }
      await siwx.signOut(address)
    }
    return {
      async configure(input, optionsInput) {
        await ctx.ready
        const config = parseWith(coreConfigSchema, input, 'config')
        const options = parseWith(coreOptionsSchema, optionsInput ?? {}, 'core options')
        const key = JSON.stringify([config, options])
        if (key === configKey) return store.get()
        configKey = key
        params.setEnv(envOf(ctx, params, config, options))
        const activeCaipNetworkId = store.get().activeCaipNetworkId ?? config.defaultNetwork ?? config.networks[0]!.caipNetworkId
        store.set({ configured: true, activeCaipNetworkId })
        capabilities.reset()
        // Transactions sent before a reload or a restart are followed again; writes whose wallet request
        // was out are matched on chain, never asked again.
        if (params.takeWritesToResume()) {
          void writes()
            .then((w) => w.resume())
            .catch((error: unknown) => ctx.warn(`Portico: could not follow the writes in flight: ${error instanceof Error ? error.message : String(error)}`))
        }
        return store.get()
      },
      async getState() {
        await ctx.ready
        return store.get()
      },
      async subscribe(listener) {
        await ctx.ready
        return store.subscribe(listener)
      },
      async unsubscribe(id) {
        store.unsubscribe(id)
      },
      async setConnecting(namespace, connectorId, connectorType = null) {
        await ctx.ready
        const previous = store.get().connections[namespace] ?? disconnectedConnection
        if (previous.status === 'connected') return
        store.set((s) => ({ connections: { ...s.connections, [namespace]: { ...disconnectedConnection, status: 'connecting', connectorId, connectorType } } }))
      },
      async setConnected({ caipAddress, connectorId, connectorName: given, connectorType = null, activate, whileHeld = false, connectAnswer = false, select = false }) {
        await ctx.ready
        const { namespace, caipNetworkId } = parseCaipAddress(caipAddress)
        const state = store.get()
        // One connector serves every phone wallet: the name the session's wallet gave is the one kept (the page's connector says 'WalletConnect').
        const connectorName = (connectorType === 'WALLET_CONNECT' && state.walletConnect.session?.peer.name) || given
        const previous = state.connections[namespace]
        const id = walletIdOf(connectorId, namespace)
        const listed = state.wallets.find((w) => w.id === id)
        const multiWallet = ctx.env()?.config.multiWallet ?? true
        const held = heldBy(previous, connectorId)
        // A wallet the visitor connected but does not use now: its word changes its entry of the list, never the connection in use.
        const aside = !held && previous?.status === 'connected' && (whileHeld || (multiWallet && !connectAnswer && !select))
        // The core decides against its own state, not the asking tab's copy (which may not have heard of the disconnect yet):
        // an answer asked of a wallet counts only for a wallet the core still holds or lists.
        if (whileHeld && !held && !(aside && listed)) return
        if (aside) {
          if (listed?.caipAddress === caipAddress) return
          const entry = { id, namespace, caipAddress, connectorId, connectorName, connectorType, usedAt: listed?.usedAt ?? 0 }
          const { wallets, dropped } = listed ? { wallets: withAccount(state.wallets, id, caipAddress), dropped: [] } : withWallet(state, entry)
          store.set({ wallets })
          await persistConnection()
          for (const gone of dropped) await signOut(gone.caipAddress, false)
          return
        }
        // A check that the wallet still knows the page confirms the account it holds: its answer may be older than a
        // chain change that reached the core meanwhile (the wallet switched, then the answer arrived), so it never moves the network.
        if (whileHeld && previous?.caipAddress && sameAccount(previous.caipAddress, caipAddress)) return
        // A connect call's answer for an account the core already holds through that connector (it recorded the
        // approval itself, and the wallet may have switched chain since) confirms it without moving the network.
        if (connectAnswer && heldBy(previous, connectorId) && previous?.caipAddress && sameAccount(previous.caipAddress, caipAddress)) return
        const activeStatus = (state.activeNamespace && state.connections[state.activeNamespace]?.status) || 'disconnected'
        // SPEC.md §4, a status per namespace: another namespace's account arriving or changing (a wallet with two sides, one session of several) does not move the visitor off the network they are on.
        const activates = activate ?? (state.activeNamespace === null || state.activeNamespace === namespace || activeStatus === 'disconnected')
        const changedAccount = activates && ctx.activeAccount() !== caipAddress
        // The wallet that held the namespace stays in the list, not in use (several wallets at once), or leaves it.
        const replaced = previous?.status === 'connected' && previous.connectorId && previous.connectorId !== connectorId ? walletIdOf(previous.connectorId, namespace) : null
        const before = multiWallet || !replaced ? state : { ...state, wallets: state.wallets.filter((w) => w.id !== replaced) }
        const { wallets, dropped } = withWallet(before, { id, namespace, caipAddress, connectorId, connectorName, connectorType, usedAt: ctx.now() })
        store.set({
          connections: { ...state.connections, [namespace]: { status: 'connected', caipAddress, connectorId, connectorName, connectorType } },
          wallets,
          ...(activates ? { activeNamespace: namespace, activeCaipNetworkId: caipNetworkId, switchingNamespace: false } : {}),
          ...(changedAccount ? accountSlices(caipAddress) : {}),
        })
        await persistConnection()
        for (const gone of dropped) await signOut(gone.caipAddress, false)
        if (activates && (changedAccount || previous?.status !== 'connected')) await account.refresh()
      },
      async setDisconnected(namespace, options = {}) {
        await ctx.ready
        const state = store.get()
        const held = state.connections[namespace]
        const connectorId = options.connectorId ?? (held?.status === 'connected' ? held.connectorId : null)
        const listed = connectorId ? state.wallets.filter((w) => w.connectorId === connectorId) : []
        // A wallet's word counts for the wallets it connected: the one in use, or one of the list.
        if (options.connectorId !== undefined && !heldBy(held, options.connectorId) && !listed.some((w) => w.namespace === namespace)) return
        const connectorType = (heldBy(held, connectorId ?? '') ? held?.connectorType : listed.find((w) => w.namespace === namespace)?.connectorType) ?? null
        // A session shared across namespaces (WalletConnect, the embedded wallet) ends on all of them.
        const shared = sharesSessionAcrossNamespaces(connectorType)
        const leaves = (ns: ChainNamespace) => ns === namespace || shared
        const leaving = listed.filter((w) => leaves(w.namespace))
        const wallets = state.wallets.filter((w) => !leaving.includes(w))
        const connections = { ...state.connections }
        const gone = new Set<ChainNamespace>()
        for (const ns of Object.keys(state.connections) as ChainNamespace[]) {
          const connection = state.connections[ns]
          const endsHere = ns === namespace && options.connectorId === undefined
          const heldByLeaving = connection?.status === 'connected' && connection.connectorId === connectorId && leaves(ns)
          const sameSession = shared && !connectorId && connection?.connectorType === connectorType
          if (!endsHere && !heldByLeaving && !sameSession) continue
          // The most recently used of the namespace's other wallets takes its place (several wallets at once).
          const next = successorOf(wallets, ns)
          connections[ns] = next ? connectionOf(next) : disconnectedConnection
          if (connection?.status === 'connected') gone.add(ns)
        }
        const active = state.activeNamespace ? connections[state.activeNamespace] : undefined
        const nextAccount = active?.status === 'connected' ? active.caipAddress : null
        const accountChanged = ctx.activeAccount() !== nextAccount
        // A wallet that takes the active namespace's place takes its network too (the chain it answered last).
        const network = accountChanged && nextAccount ? { activeCaipNetworkId: parseCaipAddress(nextAccount).caipNetworkId } : {}
        store.set({ connections, wallets: withConnectionsInUse({ connections, wallets }, ctx.now()), ...network, ...(accountChanged ? accountSlices(nextAccount) : {}) })
        await persistConnection()
        const signedOut = new Set<string>()
        for (const caipAddress of [...[...gone].map((ns) => state.connections[ns]?.caipAddress), ...leaving.map((w) => w.caipAddress)]) {
          if (!caipAddress || signedOut.has(caipAddress)) continue
          signedOut.add(caipAddress)
          await signOut(caipAddress, options.dappSignedOut ?? false)
        }
        if (accountChanged && nextAccount) await account.refresh()
      },
      async setActiveNetwork(caipNetworkId) {
        await ctx.ready
        const { namespace } = parseCaipNetworkId(caipNetworkId)
        const before = ctx.activeAccount()
        store.set({ activeCaipNetworkId: caipNetworkId, activeNamespace: chainNamespaceSchema.parse(namespace), switchingNamespace: false })
        // Another namespace's account (or none) is now the one shown: what was read for the last one goes.
        const now = ctx.activeAccount()
        if (now !== before) store.set(accountSlices(now))
        await persistConnection()
        if (now !== before && now) await account.refresh()
      },
      async setSwitchingNamespace(switching) {
        await ctx.ready
        store.set({ switchingNamespace: switching === true })
      },
      refresh: (p) => account.refresh(p),
    }
  }
