import type { CaipAddress, ChainNamespace, CoreState, NamespaceConnection } from '@portico/shared-types'
import { DisconnectError, WalletUnavailableError } from '@portico/shared-types/errors'
import { activeConnection, splitCaipAddress } from '@portico/shared-types/light'
import { createConnectorRegistry } from '../../connectors/registry.ts'
import type { FollowingProvider } from '../../connectors/following.ts'
import type { Connector } from '../../connectors/types.ts'
import { isUserRejection } from '../../connectors/walletErrors.ts'
import { createApprovalHost } from '../approvals.ts'
import type { ClientSnapshot } from '../createClient.ts'
import { getConnector } from '../getConnector.ts'
import type { SessionContext, SessionFeature } from './feature.ts'
import { accountAfterConnect } from './routing.ts'

type Held = { namespace: ChainNamespace; connectorId: string }

/**
 * What the page's connectors hold: every connected wallet, in use or not (several wallets at once),
 * and the namespaces' connections (a core older than the list names only those).
 */
function heldConnections(state: CoreState | null): Held[] {
  if (!state) return []
  const held = (Object.entries(state.connections) as [ChainNamespace, NamespaceConnection][]).flatMap(([namespace, connection]) =>
    connection.status === 'connected' && connection.connectorId ? [{ namespace, connectorId: connection.connectorId }] : [],
  )
  for (const wallet of state.wallets ?? []) {
    if (!held.some((h) => h.namespace === wallet.namespace && h.connectorId === wallet.connectorId)) held.push({ namespace: wallet.namespace, connectorId: wallet.connectorId })
  }
  return held
}

/** What the visitor reads when a connection attempt fails. */
function attemptError(cause: unknown): string {
  if (isUserRejection(cause)) return 'Connection declined'
  const { shortMessage, message } = (cause ?? {}) as { shortMessage?: unknown; message?: unknown }
  return typeof shortMessage === 'string' ? shortMessage : typeof message === 'string' ? message : 'Unknown wallet error'
}

export type ConnectorsFeature = SessionFeature & {
  /** Publishes the registry's connectors (those of the page's first announcements give way to them). */
  publish(): void
  /** Connects through the page's connector `connectorId`; a failure becomes the snapshot's failed `attempt`. */
  connect(connectorId: string): Promise<void>
  /** Asks the connector holding `connection` to forget the page (best effort), then ends the connection in the core. */
  disconnect(snapshot: ClientSnapshot, namespace: ChainNamespace, connection: Pick<NamespaceConnection, 'connectorId'>, dappSignedOut: boolean, inUse?: boolean): Promise<void>
  /**
   * Makes a connected wallet of the list the one its namespace uses, in every tab: its connector is
   * asked for its account first (a wallet that forgot the page leaves the list, `WalletUnavailableError`).
   */
  switchConnection(walletId: string): Promise<void>
}

/**
 * The page's connectors in the session (wallets cannot leave the page): the registry's connectors
 * published for the views, the events of those holding a connection followed into the core, each
 * asked once whether it still knows the page, and the active connection's provider published for
 * `useProvider`. Nothing here knows a kind of connector: it loops over `connectors/registry.ts`.
 */
export function startConnectors({ client, config, api }: SessionContext, { onConnected }: { onConnected(): void }): ConnectorsFeature {
  /** Connectors whose events the session follows (those holding a connection), by id. */
  const followed = new Map<string, { connector: Connector; stop: () => void }>()
  /** Connectors asked once whether they still know this page (a returning visitor's wallet may have forgotten it). */
  const verified = new Set<string>()
  const approvals = createApprovalHost(client)
  /** The dapp's one EVM provider, made with the first one published (its code loads then, with EIP-5792's). */
  let following: FollowingProvider | null = null
  let followingCode: Promise<FollowingProvider> | null = null
  const registry = createConnectorRegistry({ config, api, approvals })

  const connected = (connector: Connector, caipAddress: CaipAddress, how: { whileHeld?: boolean; connectAnswer?: boolean } = {}) =>
    api.setConnected({ caipAddress, connectorId: connector.id, connectorName: connector.name, connectorType: connector.type, ...how })

  /** The namespaces a connector holds now. */
  const namespacesOf = (connector: Connector) => heldConnections(client.get().core).filter((h) => h.connectorId === connector.id)

  async function onConnectorEvent(connector: Connector, event: Parameters<Parameters<Connector['subscribe']>[0]>[0]) {
    // A wallet's events reach the core in the wallet's order, and the core (not this tab's copy of its state, which may
    // be behind another tab's connect or disconnect) decides what a disconnect ends: the last word is the wallet's.
    if (event.type === 'change') await connected(connector, event.caipAddress)
    else if (event.type === 'disconnect') for (const namespace of event.namespace ? [event.namespace] : connector.namespaces) await api.setDisconnected(namespace, { connectorId: connector.id })
  }

  /** Checks once that the connector still knows this page, for each namespace it holds. */
  function verify(connector: Connector) {
    if (verified.has(connector.id)) return
    verified.add(connector.id)
    for (const { namespace } of namespacesOf(connector)) {
      // The answer may arrive after the visitor disconnected (in any tab): it confirms the connection only if the core still holds it.
      void connector
        .getCaipAddress(namespace)
        .then((caipAddress) => (caipAddress ? connected(connector, caipAddress, { whileHeld: true }) : api.setDisconnected(namespace, { connectorId: connector.id })))
        .catch(() => undefined)
    }
  }

  /** Publishes the active connection's provider (for `useProvider`), or none. */
  async function publishProvider() {
    const snapshot = client.get()
    const connection = snapshot.core ? activeConnection(snapshot.core) : null
    const connector = connection?.status === 'connected' ? getConnector(snapshot, connection.connectorId) : undefined
    if (!connector || !connection?.caipAddress) {
      following?.destroy()
      if (snapshot.provider) client.set({ provider: null })
      return
    }
    const { namespace } = splitCaipAddress(connection.caipAddress)
    if (snapshot.provider?.connectorId === connector.id && snapshot.provider.namespace === namespace) return
    const provider = await connector.getProvider(namespace).catch(() => null)
    if (!provider) return
    // EIP-5792's three methods through the one seam (checked requests, parsed answers, SPEC.md §8 errors); its code loads with the first provider.
    const published =
      namespace === 'eip155'
        ? await import('../../connectors/calls.ts').then(async ({ callsOf, withWalletCalls }) => withWalletCalls(provider, await callsOf(connector))).catch(() => provider)
        : provider
    // The dapp keeps one EVM provider while the visitor switches between wallets: it follows the wallet in use.
    if (namespace === 'eip155') {
      followingCode ??= import('../../connectors/following.ts').then((m) => m.createFollowingProvider())
      following = await followingCode
      following.follow(published, connection.caipAddress)
    }
    client.set({ provider: { connectorId: connector.id, namespace, provider: namespace === 'eip155' && following ? following : published } })
  }

  /** Follows the events of the connectors that hold a connection, and stops following the others. */
  function follow(): Promise<void> {
    const snapshot = client.get()
    const holding = new Set(heldConnections(snapshot.core).map((h) => h.connectorId))
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

  /** Publishes the registry's connectors unless the page already lists the same ones (those listed before the session). */
  function publish() {
    const next = registry.connectors()
    const shown = client.get().connectors
    if (next.length !== shown.length || next.some((c, i) => c !== shown[i])) client.set({ connectors: next })
  }
  const offRegistry = registry.subscribe(() => {
    publish()
    void follow()
  })

  return {
    publish,
    after: () => void follow(),
    async connect(connectorId) {
      let snapshot = client.get()
      let connector = getConnector(snapshot, connectorId)
      // The namespace of the network the dapp is on where the wallet serves it (a wallet with EVM and Solana sides), else the wallet's first.
      const active = snapshot.core?.activeCaipNetworkId
      const onNetwork = active?.split(':')[0] as ChainNamespace | undefined
      if (onNetwork && connector && !connector.namespaces.includes(onNetwork)) {
        // A click before the kind that serves this network loaded (Wallet Standard on Solana): the wallet's
        // other side only is known yet. Its side for this network, once every kind has loaded.
        // (each kind that attached published its connectors: the registry's change feed, below)
        await registry.settled()
        snapshot = client.get()
        connector = getConnector(snapshot, connectorId) ?? connector
      }
      const namespace = onNetwork && connector?.namespaces.includes(onNetwork) ? onNetwork : connector?.namespaces[0]
      try {
        if (!connector || !namespace) throw new WalletUnavailableError()
        await api.setConnecting(namespace, connector.id, connector.type)
        const network = config.networks.find((n) => n.caipNetworkId === active && n.chainNamespace === namespace)
        const caipAddress = await connector.connect({ namespace, network })
        verified.add(connector.id)
        client.set({ attempt: null })
        const routerAtAnswer = client.get().modal.router
        await connected(connector, caipAddress, { connectAnswer: true })
        await follow()
        // The wallet already in use, connected again from "Add wallet", changes nothing the core pushes: Account shows.
        // Only where nothing moved the modal meanwhile: the push of a new connection showed Account already, and the
        // visitor may have gone on from there (Add wallet again) while the provider's code loaded.
        if (client.get().modal.router === routerAtAnswer) client.set({ modal: accountAfterConnect(client.get().modal) })
        onConnected()
      } catch (cause) {
        // Only this attempt's namespace: another wallet may have connected meanwhile (a WalletConnect pairing waits long).
        const held = namespace ? client.get().core?.connections[namespace] : undefined
        if (namespace && (!held || held.connectorId === connectorId || held.status !== 'connected')) await api.setDisconnected(namespace)
        // A called-off attempt whose place another wallet's attempt has taken says nothing.
        const current = client.get().attempt
        if (!current || current.connectorId === connectorId) client.set({ attempt: { connectorId, status: 'failed', error: attemptError(cause) } })
      }
    },
    async disconnect(snapshot, namespace, connection, dappSignedOut, inUse = true) {
      // The wallet's side is best effort (a wallet may not know how); forgetting the connection is not.
      await getConnector(snapshot, connection.connectorId)
        ?.disconnect(namespace)
        .catch(() => undefined)
      // A wallet not in use is named: the core then ends that wallet's entry, not the namespace's connection.
      const which = inUse ? {} : { connectorId: connection.connectorId ?? '' }
      await api.setDisconnected(namespace, { dappSignedOut, ...which }).catch((cause: unknown) => {
        throw new DisconnectError({ cause })
      })
    },
    async switchConnection(walletId) {
      // The core's list, not this tab's copy (a push may be on its way).
      const wallet = (await api.getState()).wallets.find((w) => w.id === walletId)
      if (!wallet) throw new WalletUnavailableError()
      const connector = getConnector(client.get(), wallet.connectorId) ?? (await registry.settled(), getConnector(client.get(), wallet.connectorId))
      if (!connector) throw new WalletUnavailableError()
      const caipAddress = await connector.getCaipAddress(wallet.namespace).catch(() => null)
      if (!caipAddress) {
        // The wallet forgot the page meanwhile (its extension removed, its session ended): it leaves the list.
        await api.setDisconnected(wallet.namespace, { connectorId: wallet.connectorId })
        throw new WalletUnavailableError()
      }
      await api.setConnected({ caipAddress, connectorId: connector.id, connectorName: connector.name, connectorType: connector.type, select: true, activate: true })
      await follow()
    },
    stop() {
      approvals.destroy()
      following?.destroy()
      offRegistry()
      registry.destroy()
      for (const { stop } of followed.values()) stop()
      followed.clear()
    },
  }
}
