import type { Remote } from 'comlink'
import type { CoreState, NamespaceConnection, PorticoConfig, PorticoCoreApi } from '@portico/shared-types'
import { sharesSessionAcrossNamespaces } from '@portico/shared-types/connectors'
import { activeConnection, type ChainNamespace } from '@portico/shared-types/light'
import { preloadConnectorCode } from '../../connectors/registry.ts'
import { eip6963Source } from '../../connectors/eip6963.ts'
import type { ClientInternals } from '../createClient.ts'
import { idlePeriod, nextTask } from '../idle.ts'
import { preloadView } from '../viewPreloads.ts'
import { coreSettingsOf, parseConfig, warmConfigParse } from './config.ts'
import { siwxOptions } from '@portico/shared-types/siwx-config'
import { startConnectors } from './connectors.ts'
import { attachCore } from './core.ts'
import type { SessionFeature } from './feature.ts'
import { startHints } from './hints.ts'
import { newTabId, startPresence } from './presence.ts'
import { startRouting } from './routing.ts'
import type { SiwxFeature } from '../siwx/siwx.ts'
import { startWalletAssets } from './walletAssets.ts'

export { parseConfig }

export type Session = {
  config: PorticoConfig
  api: Remote<PorticoCoreApi>
  refresh(): Promise<void>
  connect(connectorId: string): Promise<void>
  /** Ends the active wallet, or the connected wallet `walletId` of the list (in use or not). */
  disconnect(walletId?: string): Promise<void>
  switchConnection(walletId: string): Promise<void>
  destroy(): void
}

/** The wallets announced on the page before the session starts, per client (see `prepareSession`). */
const announcedEarly = new WeakMap<ClientInternals, { stop(): void }>()

/** Clients whose session has started: what `prepareSession` has not done by then, it leaves to the session. */
const started = new WeakSet<ClientInternals>()

/**
 * What `client.prepare()` readies once the page is idle, so the first open shows the Connect view
 * and its wallets in the click's frame: the parsed configuration, the core's settings, the connectors'
 * code and the wallets announced on the page (EIP-6963: events within the page, no request, no
 * worker), each step in an idle period of its own. The session's own connectors take over when it
 * starts. Rejects with the schema's typed error for a bad configuration.
 */
export async function prepareSession(client: ClientInternals): Promise<void> {
  if (started.has(client) || announcedEarly.has(client)) return
  await idlePeriod()
  if (started.has(client)) return
  // The networks first, a task of their own: the first parse with zod's code (compiled on first use) is the longest part.
  warmConfigParse(client.input)
  await idlePeriod()
  if (started.has(client)) return
  const config = parseConfig(client.input)
  if (!client.get().config) client.set({ config })
  await idlePeriod()
  if (started.has(client)) return
  coreSettingsOf(client, config)
  void preloadConnectorCode(config)
  await idlePeriod()
  if (started.has(client) || announcedEarly.has(client)) return
  const source = eip6963Source()
  const show = () => client.set({ connectors: source.connectors() })
  const off = source.subscribe(show)
  show()
  const stop = () => {
    off()
    source.destroy()
  }
  announcedEarly.set(client, { stop })
  client.onCleanup(stop)
}

/**
 * The part of the client that wakes on intent: validates the configuration, spawns the core, and
 * starts the session's parts (this folder's modules, and sign-in's from `../siwx/`), each a module
 * with its own start and stop: the first paint's hints, routing, sign-in, the page's connectors,
 * wallet assets and the tab's presence. Each core state the tab takes goes through them in that
 * order; nothing here knows a kind of connector or a chain namespace.
 */
export async function startSession(client: ClientInternals): Promise<Session> {
  started.add(client)
  const config = parseConfig(client.input)
  client.set({ config })
  if (!config.projectId) {
    console.warn(
      'Portico: Project ID Not Configured. Set `projectId` in the PorticoProvider config to your project’s id; until then the wallet catalogue, balances, history and analytics are unavailable, and browser wallets still connect.',
    )
  }
  const tabId = newTabId()
  const core = attachCore({ client, config, tabId, onState })
  const { api } = core
  await nextTask()
  const context = { client, config, api }
  // Sign-in's code (the sign view's routing, a dapp's own SIWX answers) loads only for a dapp that asks for it.
  const siwx: SiwxFeature = siwxOptions(config) ? (await import('../siwx/siwx.ts')).startSiwx(context) : { signOut: async () => false }
  const walletAssets = startWalletAssets(context)
  const connectors = startConnectors(context, { onConnected: () => void walletAssets.handOver().catch(() => undefined) })
  const features: SessionFeature[] = [startHints(context), startRouting(context), siwx, connectors, walletAssets]
  announcedEarly.get(client)?.stop()
  connectors.publish()
  await nextTask()
  await core.start()
  features.push(startPresence(context, { tabId, onShown: () => void core.resubscribe() }))

  function onState(state: CoreState) {
    const snapshot = client.get()
    if (snapshot.core && state.revision <= snapshot.core.revision) return
    for (const feature of features) feature.before?.(state)
    let modal = snapshot.modal
    for (const feature of features) modal = feature.modal?.(state, modal, snapshot) ?? modal
    client.set({ core: state, modal })
    for (const feature of features) feature.after?.(state)
    // Account is a view of its own chunk: a connection on its way fetches it, so it shows at once.
    if (activeConnection(state).status !== 'disconnected') preloadView('Account')
  }

  return {
    config,
    api,
    async refresh() {
      // The modal opening is the visitor's first intent: the startup ping goes then, never with the page.
      if (config.startupPing) void api.ping().catch(() => undefined)
      for (const feature of features) await feature.refresh?.()
      await api.refresh()
    },
    connect: (connectorId) => connectors.connect(connectorId),
    switchConnection: (walletId) => connectors.switchConnection(walletId),
    async disconnect(walletId) {
      const snapshot = client.get()
      if (walletId !== undefined) {
        // The core's list, not this tab's copy (a push may be on its way).
        const state = await api.getState()
        const wallet = state.wallets.find((w) => w.id === walletId)
        if (!wallet) return
        const held = state.connections[wallet.namespace]
        const inUse = held?.status === 'connected' && held.connectorId === wallet.connectorId
        await connectors.disconnect(snapshot, wallet.namespace, wallet, await siwx.signOut(wallet.caipAddress, state.siwxSessions), inUse)
        return
      }
      const connection = snapshot.core ? activeConnection(snapshot.core) : null
      if (!snapshot.core?.activeNamespace || !connection) return
      const dappSignedOut = await siwx.signOut(connection.caipAddress, snapshot.core.siwxSessions)
      await connectors.disconnect(snapshot, snapshot.core.activeNamespace, connection, dappSignedOut)
      // The same wallet's other namespaces (one wallet with EVM and Solana sides, one row): the visitor
      // disconnected the wallet. A session shared across namespaces (walletConnect, auth) the core ended already.
      if (sharesSessionAcrossNamespaces(connection.connectorType)) return
      for (const [namespace, other] of Object.entries(snapshot.core.connections) as [ChainNamespace, NamespaceConnection][]) {
        if (namespace === snapshot.core.activeNamespace || other.status !== 'connected' || other.connectorId !== connection.connectorId) continue
        await connectors.disconnect(snapshot, namespace, other, await siwx.signOut(other.caipAddress, snapshot.core.siwxSessions))
      }
    },
    destroy() {
      for (const feature of features) feature.stop?.()
      core.stop()
    },
  }
}
