import type { Config, Connection, Connector } from '@wagmi/core'
import type { PorticoClient } from '@portico/react'
import { PORTICO_TYPE, primaries, synced } from './internal.ts'
import { evmWallets, walletConnector, type EvmWallet } from './walletConnector.ts'

export type SyncConnectionsParameters = {
  /** The dapp's Portico client, the one given to `porticoConnector` and `<PorticoProvider client={…}>`. */
  client: PorticoClient
  /** How long a request or a chain switch through a wallet's connector waits for Portico to follow (default 10 s). */
  timeoutMs?: number
}

/** Stops keeping wagmi's connections (wagmi keeps those it has). */
export type SyncConnectionsReturnType = () => void

/** Whether two lists of wagmi connections say the same, in the same order. */
function same(a: ReadonlyMap<string, Connection>, b: ReadonlyMap<string, Connection>): boolean {
  if (a.size !== b.size) return false
  const others = [...b]
  return [...a].every(([uid, x], i) => {
    const [otherUid, y] = others[i]!
    return uid === otherUid && x.connector === y.connector && x.chainId === y.chainId && x.accounts.length === y.accounts.length && x.accounts.every((account, j) => account === y.accounts[j])
  })
}

/**
 * Makes every EVM wallet connected in Portico a wagmi connection (several wallets at once): wagmi's
 * `getConnections` / `useConnections` list one per wallet, each with its own connector (id
 * `portico:` and Portico's id of the wallet, the wallet's name and icon), and wagmi's `current` is the
 * wallet Portico uses. wagmi's `switchConnection` makes Portico use that wallet in every tab, and a
 * switch made in Portico's modal or another tab moves wagmi's `current`; `disconnect({ connector })`
 * ends that wallet alone, and a wallet leaving Portico's list leaves wagmi's connections. Connections
 * of wagmi's other connectors stay as they are. Call it once per wagmi config, beside `porticoConnector`
 * (still the one to `connect` with: it opens Portico's modal); it answers the function that stops it.
 *
 * @example
 * const portico = createClient({ config })
 * const wagmiConfig = createConfig({ chains: [mainnet], connectors: [porticoConnector({ client: portico })], transports: { [mainnet.id]: http() } })
 * syncConnections(wagmiConfig, { client: portico })
 */
export function syncConnections(config: Config, { client, timeoutMs = 10_000 }: SyncConnectionsParameters): SyncConnectionsReturnType {
  /** Each Portico wallet's wagmi connector, by Portico's id of the wallet. */
  const connectors = new Map<string, Connector>()
  /** The wallet Portico used at the last look: a change is a switch made in Portico, which wagmi's `current` follows. */
  let lastInUse: string | null = null
  /** The wallet wagmi switched to, until Portico has made it the one in use (or refused). */
  let pending: string | null = null
  /** Set while this writes wagmi's state (what it hears of its own write is not news). */
  let writing = false
  let stopped = false
  let seen: { core: unknown; connectors: unknown } = { core: undefined, connectors: undefined }

  const inUseNow = () => evmWallets(client.getSnapshot()).find((w) => w.inUse)?.id ?? null
  const walletIdOf = (uid: string | null) => [...connectors].find(([, connector]) => connector.uid === uid)?.[0]

  /** The connector of `wallet`, made anew when the wallet's name or icon changed (its page connector loaded). */
  function connectorFor(wallet: EvmWallet): Connector {
    const known = connectors.get(wallet.id)
    if (known && known.name === wallet.name && known.icon === wallet.icon) return known
    const connector = config._internal.connectors.setup(walletConnector(client, wallet, timeoutMs))
    connectors.set(wallet.id, connector)
    return connector
  }

  /** Writes Portico's EVM wallets into wagmi's state, when it says otherwise. */
  function reconcile() {
    if (writing || stopped) return
    // The Portico connector of this config answers wagmi's `connect` and tells it nothing else: its connection is the wallet's.
    for (const connector of config.connectors) if (primaries.get(connector.emitter) === client) synced.add(connector.emitter)
    const wallets = evmWallets(client.getSnapshot())
    for (const id of connectors.keys()) if (!wallets.some((w) => w.id === id)) connectors.delete(id)
    const state = config.state
    const next = new Map<string, Connection>()
    for (const wallet of wallets) {
      const connector = connectorFor(wallet)
      next.set(connector.uid, { accounts: wallet.accounts, chainId: wallet.chainId, connector })
    }
    // Others' connections stay; Portico's (the Portico connector's after `connect`, a wallet gone, one kept in storage) are the list's.
    let removed = false
    for (const [uid, connection] of state.connections) {
      if (connection.connector.type !== PORTICO_TYPE) next.set(uid, connection)
      else if (!next.has(uid)) removed = true
    }
    const inUse = wallets.find((w) => w.inUse)?.id ?? null
    const held = state.current === null ? undefined : next.get(state.current)
    // wagmi uses another connector's connection: it keeps it until Portico switches wallets.
    const foreign = held !== undefined && held.connector.type !== PORTICO_TYPE
    let current: string | null
    if (pending && connectors.has(pending)) current = connectors.get(pending)!.uid
    else if (foreign && inUse === lastInUse) current = state.current
    else if (inUse) current = connectors.get(inUse)!.uid
    else current = foreign ? state.current : (next.keys().next().value ?? null)
    lastInUse = inUse
    // A connect or reconnect under way keeps its status (it sets its own when it ends).
    let status = state.status
    if (wallets.length > 0 && status === 'disconnected') status = 'connected'
    else if (next.size === 0 && removed && status === 'connected') status = 'disconnected'
    if (current === state.current && status === state.status && same(state.connections, next)) return
    writing = true
    try {
      config.setState((x) => ({ ...x, connections: next, current, status }))
    } finally {
      writing = false
    }
  }

  /** Makes Portico use the wallet wagmi switched to; a refusal (the wallet forgot the page) is the connector's `error` event. */
  function switchTo(walletId: string) {
    const connector = connectors.get(walletId)
    pending = walletId
    client
      .switchConnection(walletId)
      .catch((error: unknown) => connector?.emitter.emit('error', { error: error instanceof Error ? error : new Error(String(error)) }))
      .finally(() => {
        if (pending === walletId) pending = null
        reconcile()
      })
  }

  const offWagmi = config.subscribe(
    (state) => state,
    (state, previous) => {
      if (writing) return
      // wagmi's `switchConnection` moves `current` alone (every other change of it comes with new connections).
      if (state.current !== previous.current && state.connections === previous.connections) {
        const walletId = walletIdOf(state.current)
        if (walletId && (pending || walletId !== inUseNow())) switchTo(walletId)
      }
      reconcile()
    },
  )
  const offPortico = client.subscribe(() => {
    const { core, connectors: pageConnectors } = client.getSnapshot()
    if (core === seen.core && pageConnectors === seen.connectors) return
    seen = { core, connectors: pageConnectors }
    reconcile()
  })
  reconcile()

  return () => {
    stopped = true
    offPortico()
    offWagmi()
    for (const connector of config.connectors) if (primaries.get(connector.emitter) === client) synced.delete(connector.emitter)
  }
}
