import { proxy, type Remote } from 'comlink'
import { UserRejectedRequestError } from 'viem'
import type { CaipAddress, ChainNamespace, CoreConfig, CoreOptions, CoreState, NamespaceConnection, PorticoConfig, PorticoConfigInput, PorticoCoreApi } from '@portico/shared-types'
import { coreConfigSchema, parsePorticoConfig } from '@portico/shared-types/config'
import { coreOptionsSchema } from '@portico/shared-types/core-options'
import { activeConnection, splitCaipAddress } from '@portico/shared-types/light'
import { parseWith } from '@portico/shared-types/parse'
import { createApprovalHost } from './approvals.ts'
import { createConnectorRegistry, preloadConnectorCode } from '../connectors/registry.ts'
import { eip6963Source } from '../connectors/eip6963.ts'
import type { Connector } from '../connectors/types.ts'
import type { ClientInternals } from './createClient.ts'
import { getConnectedConnector, getConnector } from './getConnector.ts'
import { currentView, route } from './router.ts'
import { SIWX_DEFAULT_EXPIRES_IN_MS, siwxOptions } from '@portico/shared-types/siwx'
import { MESSAGES } from '@portico/shared-types/errors'
import { isSiwxDappConfig, siwxAccountToAsk, siwxModal, siwxSessionEndsAt, siwxSetAside } from './siwx.ts'
import { adoptDappSessions, revokeDappSessions, signedInChains, siwxDappAnswerer } from './siwxDapp.ts'
import { createSiwxSignIn } from './siwxSignIn.ts'
import { spawnCore } from './spawnCore.ts'
import { createCoreLink } from './spawnCoreLink.ts'
import { whenIdle } from './idle.ts'
import { keepAccountHint } from './keepAccountHint.ts'
import { createWalletAssetsReader } from './walletAssets.ts'

export type Session = {
  config: PorticoConfig
  api: Remote<PorticoCoreApi>
  refresh(): Promise<void>
  connect(connectorId: string): Promise<void>
  disconnect(): Promise<void>
  destroy(): void
}

type Held = { namespace: ChainNamespace; connection: NamespaceConnection }

/** The namespaces whose connection is held by a connector (connected), in the core's order. */
function heldConnections(state: CoreState | null): Held[] {
  if (!state) return []
  return (Object.entries(state.connections) as [ChainNamespace, NamespaceConnection][])
    .filter(([, connection]) => connection.status === 'connected' && connection.connectorId)
    .map(([namespace, connection]) => ({ namespace, connection }))
}

/** What the visitor reads when a connection attempt fails. */
function attemptError(cause: unknown): string {
  if (cause instanceof UserRejectedRequestError) return 'Connection declined'
  const { shortMessage, message } = (cause ?? {}) as { shortMessage?: unknown; message?: unknown }
  return typeof shortMessage === 'string' ? shortMessage : typeof message === 'string' ? message : 'Unknown wallet error'
}

/** Lets the page run what waits (a frame, an input) between the steps of the session's start, so it makes no long task. */
const yieldToPage = () => new Promise<void>((resolve) => setTimeout(resolve, 0))

const parsedConfigs = new WeakMap<PorticoConfigInput, PorticoConfig>()

/**
 * The dapp's configuration as the schema parses it (with every default), parsed once per input: the
 * client parses it ahead of the session once the page is idle (`client.prepare()`). Throws the
 * schema's typed error for a bad configuration.
 */
export function parseConfig(input: PorticoConfigInput): PorticoConfig {
  let config = parsedConfigs.get(input)
  if (!config) {
    config = parsePorticoConfig(input)
    parsedConfigs.set(input, config)
  }
  return config
}

/** The wallets announced on the page before the session starts, per client (see `prepareSession`). */
const announcedEarly = new WeakMap<ClientInternals, { stop(): void }>()
/** What the core is configured with, parsed ahead with the configuration (see `prepareSession`). */
const coreSettings = new WeakMap<ClientInternals, { core: CoreConfig; options: CoreOptions }>()

/** The core's configuration and options from the dapp's, checked against the core's schemas; once per client. */
function coreSettingsOf(client: ClientInternals, config: PorticoConfig): { core: CoreConfig; options: CoreOptions } {
  let settings = coreSettings.get(client)
  if (settings) return settings
  const options = parseWith(
    coreOptionsSchema,
    { ...config.core, featuredWalletIds: config.featuredWalletIds, includeWalletIds: config.includeWalletIds, excludeWalletIds: config.excludeWalletIds, ...client.coreOptions },
    'core options',
  )
  const siwx = siwxOptions(config)
  // One-click sign-in through WalletConnect (SPEC.md §5) uses the verifier, with the page's domain and URI.
  const siwxOneClick =
    siwx && !isSiwxDappConfig(siwx)
      ? { domain: window.location.host, uri: window.location.origin, expiresInMs: siwx.expiresInMs, ...(siwx.statement ? { statement: siwx.statement } : {}) }
      : undefined
  const core = parseWith(coreConfigSchema, { ...config, ...(siwxOneClick ? { siwxOneClick } : {}) }, 'core config')
  settings = { core, options }
  coreSettings.set(client, settings)
  return settings
}

/** Clients whose session has started: what `prepareSession` has not done by then, it leaves to the session. */
const started = new WeakSet<ClientInternals>()

/** Resolves once the page is idle again, so each step of the preparation is a task of its own. */
const idle = () => new Promise<void>((resolve) => whenIdle(resolve, 1000))

/**
 * What `client.prepare()` readies once the page is idle, so the first open shows the Connect view
 * and its wallets in the click's frame: the parsed configuration, the core's settings, the connectors'
 * code and the wallets announced on the page (EIP-6963: events within the page, no request, no
 * worker), each step in an idle period of its own. The session's own connectors take over when it
 * starts. Rejects with the schema's typed error for a bad configuration.
 */
export async function prepareSession(client: ClientInternals): Promise<void> {
  if (started.has(client) || announcedEarly.has(client)) return
  await idle()
  if (started.has(client)) return
  const config = parseConfig(client.input)
  if (!client.get().config) client.set({ config })
  await idle()
  if (started.has(client)) return
  coreSettingsOf(client, config)
  void preloadConnectorCode(config)
  await idle()
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
 * The part of the client that wakes on intent: validates the configuration, spawns the core, follows
 * its pushes, and speaks to the page's connectors (wallets cannot leave the page). Nothing here knows
 * a kind of connector or a chain namespace: it loops over the connectors of `connectors/registry.ts`.
 */
export async function startSession(client: ClientInternals): Promise<Session> {
  started.add(client)
  const config = parseConfig(client.input)
  const siwx = siwxOptions(config)
  // The older `siweConfig` opens the sign-in as ConnectingSiwe; `siwx` as SIWXSignMessage.
  const siwxView = config.siweConfig ? 'ConnectingSiwe' : 'SIWXSignMessage'
  const supportedNetworks: string[] = config.networks.map((n) => n.caipNetworkId)
  client.set({ config })
  if (!config.projectId) {
    console.warn(
      'Portico: Project ID Not Configured. Set `projectId` in the PorticoProvider config to your project’s id; until then the wallet catalogue, balances, history and analytics are unavailable, and browser wallets still connect.',
    )
  }
  const spawn = client.spawn ?? spawnCore
  /**
   * The core, through a link that asks it for a heartbeat every 5 s (SPEC.md §9) and restarts one that
   * stops answering: the new core is attached as the first was (configured, subscribed, told this tab's
   * online state and visibility), then gets the calls the old one left unanswered.
   */
  const link = createCoreLink({
    spawn: (options) => spawn(options),
    reattach: (fresh) => attach(fresh),
    onReconnecting: (reconnecting) => client.set({ reconnecting }),
    ...(client.heartbeatMs ? { heartbeatMs: client.heartbeatMs } : {}),
  })
  const api: Remote<PorticoCoreApi> = link.api
  await yieldToPage()
  let subscriptionId: number | null = null
  /** Each core attached gets its own listener; states of a core this tab has left are not taken. */
  let epoch = 0
  let lastRevision = -1
  let pageRevision = 0
  function listenerOf(attached: number) {
    return (state: CoreState) => {
      if (attached !== epoch || state.revision <= lastRevision) return
      lastRevision = state.revision
      // A new core counts its revisions from its own start: the page's keep rising.
      onCoreState({ ...state, revision: ++pageRevision })
    }
  }
  /** Connectors whose events the session follows (those holding a connection), by id. */
  const followed = new Map<string, { connector: Connector; stop: () => void }>()
  /** Connectors asked once whether they still know this page (a returning visitor's wallet may have forgotten it). */
  const verified = new Set<string>()
  const tabId = typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `tab-${Date.now()}-${performance.now()}`
  const walletAssets = createWalletAssetsReader()

  const connected = (connector: Connector, caipAddress: CaipAddress) =>
    api.setConnected({ caipAddress, connectorId: connector.id, connectorName: connector.name, connectorType: connector.type })

  /** The namespaces a connector holds now. */
  const namespacesOf = (connector: Connector) => heldConnections(client.get().core).filter((h) => h.connection.connectorId === connector.id)

  async function onConnectorEvent(connector: Connector, event: Parameters<Parameters<Connector['subscribe']>[0]>[0]) {
    if (event.type === 'change') await connected(connector, event.caipAddress)
    else if (event.type === 'disconnect') for (const { namespace } of namespacesOf(connector)) await api.setDisconnected(namespace)
  }

  /** Checks once that the connector still knows this page, for each namespace it holds. */
  function verify(connector: Connector) {
    if (verified.has(connector.id)) return
    verified.add(connector.id)
    for (const { namespace } of namespacesOf(connector)) {
      void connector
        .getCaipAddress(namespace)
        .then((caipAddress) => (caipAddress ? connected(connector, caipAddress) : api.setDisconnected(namespace)))
        .catch(() => undefined)
    }
  }

  /** Publishes the active connection's provider (for `useProvider`), or none. */
  async function publishProvider() {
    const snapshot = client.get()
    const connection = snapshot.core ? activeConnection(snapshot.core) : null
    const connector = connection?.status === 'connected' ? getConnector(snapshot, connection.connectorId) : undefined
    if (!connector || !connection?.caipAddress) {
      if (snapshot.provider) client.set({ provider: null })
      return
    }
    const { namespace } = splitCaipAddress(connection.caipAddress)
    if (snapshot.provider?.connectorId === connector.id && snapshot.provider.namespace === namespace) return
    const provider = await connector.getProvider(namespace).catch(() => null)
    if (provider) client.set({ provider: { connectorId: connector.id, namespace, provider } })
  }

  /** Follows the events of the connectors that hold a connection, and stops following the others. */
  function follow(): Promise<void> {
    const snapshot = client.get()
    const holding = new Set(heldConnections(snapshot.core).map((h) => h.connection.connectorId!))
    for (const [id, entry] of followed) {
      if (holding.has(id) && getConnector(snapshot, id) === entry.connector) continue
      entry.stop()
      followed.delete(id)
    }
    for (const id of holding) {
      const connector = getConnector(snapshot, id)
      if (!connector || followed.has(id)) continue
      followed.set(id, { connector, stop: connector.subscribe((event) => void onConnectorEvent(connector, event).catch(() => undefined)) })
      verify(connector)
    }
    return publishProvider()
  }

  function onCoreState(state: CoreState) {
    const snapshot = client.get()
    if (snapshot.core && state.revision <= snapshot.core.revision) return
    const connection = activeConnection(state)
    const isConnected = connection.status === 'connected'
    client.writeHint(isConnected)
    keepAccountHint(state)
    let router = snapshot.modal.router
    const view = currentView(router).name
    if (isConnected && (view === 'Connect' || view === 'ConnectingExternal' || view === 'ConnectingWalletConnect' || view === 'ConnectingWalletConnectBasic') && snapshot.attempt?.status !== 'failed') {
      router = route(router, { type: 'reset', view: { name: 'Account' } })
    } else if (!isConnected && connection.status !== 'connecting' && view === 'Account') {
      router = route(router, { type: 'reset', view: config.basic ? { name: 'ConnectingWalletConnectBasic' } : { name: 'Connect' } })
    }
    const toAsk = siwxAccountToAsk(siwx, supportedNetworks, state, Date.now())
    signIn.update(toAsk && !siwxSetAside(config).has(toAsk) ? toAsk : null)
    const modal = siwxModal({ ...snapshot.modal, router }, shownToAsk(toAsk), siwxSetAside(config), isConnected, siwxView)
    client.set({ core: state, modal })
    watchSiwxExpiry(state)
    tellDappSignOuts(state)
    void follow()
  }

  /**
   * A disconnect this tab did not make (the wallet's own, a phone ending its WalletConnect session, another
   * tab's) signed the account out in the core: the first tab to take it tells the dapp's own SIWX
   * configuration (`revokeSession`), so the dapp hears it once whichever tab is open.
   */
  const toldSignOuts = new Set<string>()
  function tellDappSignOuts(state: CoreState) {
    if (!dappSiwx) return
    for (const signOut of state.siwxSignOuts) {
      if (toldSignOuts.has(signOut.id)) continue
      toldSignOuts.add(signOut.id)
      void api
        .takeSiwxSignOut(signOut.id)
        .then((taken) => (taken ? revokeDappSessions(dappSiwx, signOut.caipAddress, signOut.chainIds) : undefined))
        .catch(() => undefined)
    }
  }

  /**
   * SPEC.md §4: the sign-in initialises on connect (this tab's, held for the sign view). With a dapp's
   * own SIWX configuration, its `getSessions` is asked first, and its functions answer the write's dapp steps.
   */
  const dappSiwx = isSiwxDappConfig(siwx) ? siwx : null
  /** The account the sign view is shown for: none while the dapp's `getSessions` is still asked (it may find a session). */
  const shownToAsk = (toAsk: CaipAddress | null) => {
    const pending = client.get().siwx
    return toAsk && pending?.caipAddress === toAsk && pending.status === 'checking' ? null : toAsk
  }
  const signIn = createSiwxSignIn({
    client: { withCore: (fn) => fn(api) },
    publish(siwxState) {
      const before = client.get().siwx
      client.set({ siwx: siwxState })
      // The check found no session (or failed): the sign view opens now, as it would have on connect.
      const snapshot = client.get()
      if (before?.status === 'checking' && siwxState && siwxState.status !== 'checking' && snapshot.core) {
        const toAsk = siwxAccountToAsk(siwx, supportedNetworks, snapshot.core, Date.now())
        const connected = activeConnection(snapshot.core).status === 'connected'
        if (toAsk === siwxState.caipAddress) client.set({ modal: siwxModal(snapshot.modal, shownToAsk(toAsk), siwxSetAside(config), connected, siwxView) })
      }
    },
    intent: (caipAddress) => ({
      kind: 'siwx',
      caipAddress,
      domain: window.location.host,
      uri: window.location.origin,
      ...(siwx && !isSiwxDappConfig(siwx)
        ? { expiresInMs: siwx.expiresInMs, ...(siwx.statement ? { statement: siwx.statement } : {}) }
        : { expiresInMs: SIWX_DEFAULT_EXPIRES_IN_MS, via: 'dapp' as const }),
    }),
    connector: () => getConnectedConnector(client.get()),
    ...(dappSiwx ? { dapp: siwxDappAnswerer(dappSiwx), signedInAlready: (caipAddress: CaipAddress) => adoptDappSessions(dappSiwx, api, caipAddress) } : {}),
  })

  /** Asks again the moment the account's sign-in runs out, not at the next change of the core's state. */
  let siwxExpiryTimer: ReturnType<typeof setTimeout> | undefined
  function watchSiwxExpiry(state: CoreState) {
    clearTimeout(siwxExpiryTimer)
    const connection = activeConnection(state)
    if (!siwx || connection.status !== 'connected' || !connection.caipAddress) return
    const endsAt = siwxSessionEndsAt(state.siwxSessions, connection.caipAddress, Date.now())
    // Timers hold at most ~24.8 days; a longer session is checked again then.
    if (endsAt !== null) siwxExpiryTimer = setTimeout(() => {
      const snapshot = client.get()
      if (!snapshot.core) return
      const connected = activeConnection(snapshot.core).status === 'connected'
      const toAsk = siwxAccountToAsk(siwx, supportedNetworks, snapshot.core, Date.now())
      signIn.update(toAsk && !siwxSetAside(config).has(toAsk) ? toAsk : null)
      client.set({ modal: siwxModal(client.get().modal, shownToAsk(toAsk), siwxSetAside(config), connected, siwxView) })
    }, Math.min(endsAt - Date.now() + 1, 2 ** 31 - 1))
  }

  async function subscribe() {
    const id = await api.subscribe(proxy(listenerOf(epoch)))
    if (subscriptionId !== null) void api.unsubscribe(subscriptionId)
    subscriptionId = id
  }

  /**
   * Attaches the session to a new core after a restart, on that core's own API (the link holds other
   * calls until this is done). The modal keeps what it shows until the new core pushes its state.
   */
  async function attach(fresh: Remote<PorticoCoreApi>) {
    epoch += 1
    lastRevision = -1
    subscriptionId = null
    const settings = coreSettingsOf(client, config)
    await fresh.configure(settings.core, settings.options)
    subscriptionId = await fresh.subscribe(proxy(listenerOf(epoch)))
    if (!navigator.onLine) await fresh.setOnline(false)
    await fresh.setVisibility(tabId, document.visibilityState === 'visible')
  }

  const approvals = createApprovalHost(client)
  const connectors = createConnectorRegistry({ config, api, approvals })
  announcedEarly.get(client)?.stop()
  /** Publishes the registry's connectors unless the page already lists the same ones (those listed before the session). */
  const publishConnectors = () => {
    const next = connectors.connectors()
    const shown = client.get().connectors
    if (next.length !== shown.length || next.some((c, i) => c !== shown[i])) client.set({ connectors: next })
  }
  const offConnectors = connectors.subscribe(() => {
    publishConnectors()
    void follow()
  })
  publishConnectors()
  await yieldToPage()

  /** ERC-7811: where the connected wallet offers its assets, the tab asks it and hands the answer to the core. */
  async function handOverWalletAssets() {
    const snapshot = client.get()
    const connection = snapshot.core ? activeConnection(snapshot.core) : null
    const connector = getConnector(snapshot, connection?.connectorId)
    if (connection?.status !== 'connected' || !connection.caipAddress || !connector) return
    const { caipAddress } = connection
    const provider = await connector.getProvider(splitCaipAddress(caipAddress).namespace)
    const answer = await walletAssets.read(provider, caipAddress).catch(() => null)
    if (answer !== null && answer !== undefined) await api.setWalletAssets(caipAddress, answer)
  }

  const settings = coreSettingsOf(client, config)
  await api.configure(settings.core, settings.options)
  await subscribe()
  link.startHeartbeat()

  // The worker has no window: online state and visibility come from the tabs (TanStack-style managers in the core).
  const online = () => void api.setOnline(true)
  const offline = () => void api.setOnline(false)
  const isVisible = () => document.visibilityState === 'visible'
  const visibility = () => {
    void api.setVisibility(tabId, isVisible())
    if (isVisible()) void subscribe()
  }
  const gone = () => void api.setVisibility(tabId, false)
  window.addEventListener('online', online)
  window.addEventListener('offline', offline)
  window.addEventListener('pagehide', gone)
  document.addEventListener('visibilitychange', visibility)
  if (!navigator.onLine) offline()
  void api.setVisibility(tabId, isVisible())

  return {
    config,
    api,
    async refresh() {
      // The modal opening is the visitor's first intent: the startup ping goes then, never with the page.
      if (config.startupPing) void api.ping().catch(() => undefined)
      await handOverWalletAssets().catch(() => undefined)
      await api.refresh()
    },
    async connect(connectorId) {
      const connector = getConnector(client.get(), connectorId)
      const namespace = connector?.namespaces[0]
      try {
        if (!connector || !namespace) throw new Error('This wallet is no longer available on the page')
        await api.setConnecting(namespace, connector.id, connector.type)
        const caipAddress = await connector.connect({ namespace })
        verified.add(connector.id)
        client.set({ attempt: null })
        await connected(connector, caipAddress)
        await follow()
        void handOverWalletAssets().catch(() => undefined)
      } catch (cause) {
        // Only this attempt's namespace: another wallet may have connected meanwhile (a WalletConnect pairing waits long).
        const held = namespace ? client.get().core?.connections[namespace] : undefined
        if (namespace && (!held || held.connectorId === connectorId || held.status !== 'connected')) await api.setDisconnected(namespace)
        // A called-off attempt whose place another wallet's attempt has taken says nothing.
        const current = client.get().attempt
        if (!current || current.connectorId === connectorId) client.set({ attempt: { connectorId, status: 'failed', error: attemptError(cause) } })
      }
    },
    async disconnect() {
      const snapshot = client.get()
      const connection = snapshot.core ? activeConnection(snapshot.core) : null
      if (!snapshot.core?.activeNamespace || !connection) return
      // A dapp's own sign-in forgets the account's sessions too (its `revokeSession`), best effort.
      const { caipAddress } = connection
      const dappSignedOut = dappSiwx !== null && caipAddress !== null
      if (dappSiwx && caipAddress) await revokeDappSessions(dappSiwx, caipAddress, signedInChains(caipAddress, snapshot.core.siwxSessions))
      // The wallet's side is best effort (a wallet may not know how); forgetting the connection is not.
      await getConnector(snapshot, connection.connectorId)
        ?.disconnect()
        .catch(() => undefined)
      await api.setDisconnected(snapshot.core.activeNamespace, { dappSignedOut }).catch((cause: unknown) => {
        throw new Error(MESSAGES.failedToDisconnect, { cause })
      })
    },
    destroy() {
      clearTimeout(siwxExpiryTimer)
      signIn.destroy()
      approvals.destroy()
      offConnectors()
      connectors.destroy()
      for (const { stop } of followed.values()) stop()
      followed.clear()
      window.removeEventListener('online', online)
      window.removeEventListener('offline', offline)
      window.removeEventListener('pagehide', gone)
      document.removeEventListener('visibilitychange', visibility)
      void api.setVisibility(tabId, false).catch(() => undefined)
      if (subscriptionId !== null) void api.unsubscribe(subscriptionId)
      link.close()
    },
  }
}
